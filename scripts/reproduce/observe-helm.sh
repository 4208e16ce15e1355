#!/usr/bin/env bash
# observe-helm.sh: runs Helm 3 and Helm 4 (helm install, helm upgrade, with kubectl edit and
# kubectl scale between them) on a real API server and prints, after each command, what it
# printed and the object's metadata.managedFields, labels and annotations (`kubectl get -o yaml
# --show-managed-fields`), so that the engine's helm3 and helm4 modes (engine/modes/helm) can be
# checked against it. Its output is kept as engine/modes/helm/testdata/observed.txt, with the
# versions and the date it was taken.
#
# Run it with KUBECONFIG pointing at the API server of `KEEP=1 scripts/reproduce/run-apiserver.sh
# EXAMPLE`, KUBECTL the kubectl of the same release, and HELM3 and HELM4 the two helm binaries
# (built once from the Go module proxy by scripts/reproduce/build-helm.sh), and jq. It uses the
# namespace "helm", whose releases and Deployments it deletes first. Each chart's one template
# is the config YAML verbatim (no values), as the engine reads a render.
#
# Each command waits a second before it runs, so that a managedFields entry's time tells the
# command that wrote it: the times read NOW when the last command wrote them, BEFORE when an
# earlier one did. watched runs a command under `kubectl get -w --output-watch-events` of one
# object and prints every write the command made to it; objects lists which of the named
# ConfigMaps exist (an upgrade deletes the objects its new render drops).
set -uo pipefail
k=${KUBECTL:-kubectl}
h3=${HELM3:?HELM3: the Helm 3 binary}
h4=${HELM4:?HELM4: the Helm 4 binary}
ns=helm
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export HELM_CACHE_HOME=$work/cache HELM_CONFIG_HOME=$work/config HELM_DATA_HOME=$work/data

run() { # run CMD...: prints the command (either helm as "helm"), what it printed and its status
  sleep 1
  started=$(date -u +%s)
  local line="$*"
  line=${line/#$k/kubectl}
  line=${line/#$h3/helm}
  line=${line/#$h4/helm}
  echo "\$ $line"
  "$@" >out.txt 2>err.txt
  local rc=$?
  sed -E 's/^(LAST DEPLOYED:).*/\1 NOW/; s/^/  stdout: /' out.txt
  sed 's/^/  stderr: /' err.txt
  echo "  exit: $rc"
}

when() { # reads YAML on stdin and writes each managedFields time as NOW (the last command's) or BEFORE
  local line at
  while IFS= read -r line; do
    if [[ $line =~ ^(.*time:\ )\"?([0-9T:Z-]+)\"?$ ]]; then
      at=$(date -u -d "${BASH_REMATCH[2]}" +%s)
      if [ "$at" -ge "$started" ]; then line="${BASH_REMATCH[1]}NOW"; else line="${BASH_REMATCH[1]}BEFORE"; fi
    fi
    printf '%s\n' "$line"
  done
}

show() { # show KIND/NAME: the object's managedFields, times as when() writes them
  echo "--- $1 managedFields"
  "$k" -n $ns get "$1" -o yaml --show-managed-fields |
    awk '/^  managedFields:/{on=1; print; next} on && /^  [a-z]/{on=0} on' | when
  echo "--- $1 metadata (generation, annotations, labels)"
  "$k" -n $ns get "$1" -o jsonpath='{"generation: "}{.metadata.generation}{"\nannotations: "}{.metadata.annotations}{"\nlabels: "}{.metadata.labels}{"\nreplicas: "}{.spec.replicas}{"\nimage: "}{.spec.template.spec.containers[0].image}{"\n"}'
}

watched() { # watched KIND/NAME CMD...: run CMD..., then print each write it made to KIND/NAME: the
  # event, the generation, whether resourceVersion changed, and each managedFields entry (manager,
  # operation, subresource, time as when() writes it)
  local object=$1 rv gen
  shift
  rv=$("$k" -n $ns get "$object" -o jsonpath='{.metadata.resourceVersion}')
  gen=$("$k" -n $ns get "$object" -o jsonpath='{.metadata.generation}')
  "$k" -n $ns get "$object" -w --output-watch-events --show-managed-fields -o json >watch.json &
  local watcher=$!
  sleep 2
  run "$@"
  sleep 2
  kill "$watcher"
  wait "$watcher" 2>/dev/null
  echo "--- $object writes (before: generation=$gen resourceVersion=$rv)"
  jq -r --arg rv "$rv" '"\(.type) generation=\(.object.metadata.generation) resourceVersion=\(if .object.metadata.resourceVersion == $rv then "unchanged" else "changed" end)",
    (.object.metadata.managedFields[] | "    entry: \(.manager) \(.operation)\(if .subresource then " subresource " + .subresource else "" end)\(if .time then " time: " + .time else "" end)")' watch.json |
    awk 'NR > 1 && /^[A-Z]/ {on = 1} on' | when | sed 's/^/  /'
}

objects() { # objects NAME...: which of the ConfigMaps NAME... exist
  local name found=()
  for name; do "$k" -n $ns get configmap "$name" >/dev/null 2>&1 && found+=("$name"); done
  echo "--- objects: ${found[*]}"
}

chart() { # chart DIR FILE: a chart whose one template is FILE verbatim
  mkdir -p "$1/templates"
  printf 'apiVersion: v2\nname: %s\nversion: 0.1.0\n' "$(basename "$1")" >"$1/Chart.yaml"
  cp "$2" "$1/templates/object.yaml"
}

deployment() { # deployment NAME IMAGE [REPLICAS]: a Deployment's YAML (no replicas when empty)
  printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: %s\n  namespace: helm\nspec:\n' "$1"
  [ -z "${3:-}" ] || printf '  replicas: %s\n' "$3"
  printf '  selector:\n    matchLabels:\n      app: %s\n  template:\n    metadata:\n      labels:\n        app: %s\n' "$1" "$1"
  printf '    spec:\n      containers:\n      - name: %s\n        image: %s\n' "$1" "$2"
}

# No controller runs on that API server, so a namespace is never deleted: the objects are.
"$k" create namespace $ns >/dev/null 2>&1
for r in web taken mig h4 csa two story drop drop4; do
  "$h4" uninstall "$r" -n $ns >/dev/null 2>&1
  "$k" -n $ns delete deployment "$r" --ignore-not-found >/dev/null
done
"$k" -n $ns delete secret -l owner=helm --ignore-not-found >/dev/null
"$k" -n $ns delete configmap a b da db ea eb --ignore-not-found >/dev/null

echo "=== H. Helm 3: install, kubectl edit and scale, upgrade with the same chart, then a new one"
"$h3" version --short | sed 's/^/# helm 3: /'
deployment web nginx:1.27 2 >web.yaml; chart web-1 web.yaml
deployment web nginx:1.28 2 >web-128.yaml; chart web-2 web-128.yaml
deployment web nginx:1.28 >web-noreplicas.yaml; chart web-3 web-noreplicas.yaml
run "$h3" install web ./web-1 -n $ns; show deployment/web
EDITOR='sed -i -E "s/^( *)- image: nginx:1.27/\1- image: nginx:1.29/"' run "$k" edit deployment/web -n $ns; show deployment/web
run "$k" label deployment/web -n $ns tier=front; show deployment/web
run "$k" scale deployment/web -n $ns --replicas=5; show deployment/web
run "$h3" upgrade web ./web-1 -n $ns; show deployment/web
run "$h3" upgrade web ./web-1 -n $ns; show deployment/web
EDITOR='sed -i -E "s/^( *)- image: nginx:1.27/\1- image: nginx:1.29/"' run "$k" edit deployment/web -n $ns; show deployment/web
run "$h3" upgrade web ./web-2 -n $ns; show deployment/web
run "$h3" upgrade web ./web-3 -n $ns; show deployment/web

echo "=== I. Helm 3 and Helm 4 meeting an object their release does not own"
deployment taken nginx:1.27 2 >taken.yaml; chart taken taken.yaml
run "$k" create -f taken.yaml; show deployment/taken
run "$h3" install taken ./taken -n $ns; show deployment/taken
run "$h4" install taken ./taken -n $ns; show deployment/taken
run "$k" label deployment/taken -n $ns app.kubernetes.io/managed-by=Helm
run "$k" annotate deployment/taken -n $ns meta.helm.sh/release-name=other meta.helm.sh/release-namespace=helm
run "$h3" install taken ./taken -n $ns
run "$k" annotate deployment/taken -n $ns meta.helm.sh/release-name=taken --overwrite; show deployment/taken
run "$h3" install taken ./taken -n $ns; show deployment/taken

echo "=== J. Helm 4: install (server-side), kubectl scale, upgrades, conflicts, --force-conflicts"
"$h4" version --short | sed 's/^/# helm 4: /'
deployment h4 nginx:1.27 2 >h4.yaml; chart h4-1 h4.yaml
deployment h4 nginx:1.28 3 >h4-3.yaml; chart h4-2 h4-3.yaml
deployment h4 nginx:1.28 >h4-noreplicas.yaml; chart h4-3 h4-noreplicas.yaml
run "$h4" install h4 ./h4-1 -n $ns; show deployment/h4
EDITOR='sed -i -E "s/^( *)- image: nginx:1.27/\1- image: nginx:1.29/"' run "$k" edit deployment/h4 -n $ns; show deployment/h4
run "$k" scale deployment/h4 -n $ns --replicas=5; show deployment/h4
run "$h4" upgrade h4 ./h4-1 -n $ns; show deployment/h4
run "$h4" upgrade h4 ./h4-2 -n $ns; show deployment/h4
run "$h4" upgrade h4 ./h4-2 -n $ns --force-conflicts; show deployment/h4
run "$h4" upgrade h4 ./h4-3 -n $ns; show deployment/h4

echo "=== K. Helm 4 upgrading a release Helm 3 installed: --server-side auto, then true"
deployment mig nginx:1.27 2 >mig.yaml; chart mig-1 mig.yaml
deployment mig nginx:1.28 2 >mig-128.yaml; chart mig-2 mig-128.yaml
deployment mig nginx:1.28 3 >mig-3.yaml; chart mig-3 mig-3.yaml
run "$h3" install mig ./mig-1 -n $ns; show deployment/mig
EDITOR='sed -i -E "s/^( *)- image: nginx:1.27/\1- image: nginx:1.29/"' run "$k" edit deployment/mig -n $ns; show deployment/mig
run "$h4" upgrade mig ./mig-2 -n $ns; show deployment/mig
run "$h4" upgrade mig ./mig-3 -n $ns --server-side=true; show deployment/mig
run "$h4" upgrade mig ./mig-2 -n $ns --server-side=auto; show deployment/mig

echo "=== L. Helm 4 install --server-side=false (client-side), then upgrade (auto)"
deployment csa nginx:1.27 2 >csa.yaml; chart csa-1 csa.yaml
deployment csa nginx:1.28 2 >csa-128.yaml; chart csa-2 csa-128.yaml
run "$h4" install csa ./csa-1 -n $ns --server-side=false; show deployment/csa
run "$h4" upgrade csa ./csa-2 -n $ns; show deployment/csa

echo "=== M. an upgrade whose new render adds an object the cluster holds, not owned by the release"
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: helm\ndata:\n  k: v\n' >a.yaml
sed 's/name: a/name: b/' a.yaml >b.yaml
chart two-1 a.yaml
chart two-2 a.yaml; cp b.yaml two-2/templates/b.yaml
run "$h3" install two ./two-1 -n $ns
run "$k" create -f b.yaml
run "$h3" upgrade two ./two-2 -n $ns
run "$h4" upgrade two ./two-2 -n $ns
run "$h4" upgrade two ./two-2 -n $ns --server-side=true

echo "=== N. Helm 4's first server-side upgrade of a release Helm 3 installed, meeting kubectl scale"
deployment story nginx:1.27 2 >story.yaml; chart story-1 story.yaml
deployment story nginx:1.28 2 >story-128.yaml; chart story-2 story-128.yaml
run "$h3" install story ./story-1 -n $ns; show deployment/story
run "$k" scale deployment/story -n $ns --replicas=5; show deployment/story
run "$h4" upgrade story ./story-2 -n $ns; show deployment/story
run "$k" scale deployment/story -n $ns --replicas=5; show deployment/story
watched deployment/story "$h4" upgrade story ./story-2 -n $ns --server-side=true; show deployment/story
run "$h4" upgrade story ./story-2 -n $ns --server-side=true --force-conflicts; show deployment/story

echo "=== O. Helm 3 upgrading a custom resource: a kubectl patch of a field both renders hold"
cat >crd.yaml <<'Y'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foos.example.com
spec:
  group: example.com
  names: {kind: Foo, plural: foos, singular: foo, listKind: FooList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
Y
"$k" delete foo.example.com cr -n $ns --ignore-not-found >/dev/null 2>&1
"$h3" uninstall cr -n $ns >/dev/null 2>&1
"$k" apply -f crd.yaml >/dev/null && "$k" wait --for condition=established crd/foos.example.com >/dev/null
printf 'apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: cr\n  namespace: helm\nspec:\n  a: 1\n  b: 1\n' >cr.yaml
printf 'apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: cr\n  namespace: helm\nspec:\n  b: 1\n  c: 1\n' >cr-2.yaml
chart cr-1 cr.yaml; chart cr-2 cr-2.yaml
run "$h3" install cr ./cr-1 -n $ns; show foo.example.com/cr
run "$k" patch foo.example.com/cr -n $ns --type merge -p '{"spec":{"b":2,"z":1}}'; show foo.example.com/cr
run "$h3" upgrade cr ./cr-2 -n $ns; show foo.example.com/cr
"$k" -n $ns get foo.example.com/cr -o jsonpath='{"spec: "}{.spec}{"\n"}'

echo "=== P. an upgrade whose new render drops an object: deleted, unless it carries helm.sh/resource-policy: keep"
cm() { # cm NAME [keep]: a ConfigMap's YAML, with the keep policy when asked
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\n  namespace: helm\n' "$1"
  [ -z "${2:-}" ] || printf '  annotations:\n    helm.sh/resource-policy: keep\n'
  printf 'data:\n  k: v\n'
}
charts() { # charts DIR FILE...: a chart whose templates are the FILEs verbatim
  mkdir -p "$1/templates"
  printf 'apiVersion: v2\nname: %s\nversion: 0.1.0\n' "$(basename "$1")" >"$1/Chart.yaml"
  local dir=$1 i=0 f
  shift
  for f; do cp "$f" "$dir/templates/object-$i.yaml"; i=$((i + 1)); done
}
cm da >da.yaml; cm db >db.yaml; cm ea >ea.yaml; cm eb >eb.yaml; cm eb keep >eb-keep.yaml
charts drop-ab da.yaml db.yaml; charts drop-a da.yaml
charts drop4-ab ea.yaml eb.yaml; charts drop4-a ea.yaml; charts drop4-abkeep ea.yaml eb-keep.yaml
run "$h3" install drop ./drop-ab -n $ns; objects da db
run "$h3" upgrade drop ./drop-a -n $ns; objects da db
run "$h3" upgrade drop ./drop-ab -n $ns; objects da db; show configmap/db
run "$k" annotate configmap/db -n $ns helm.sh/resource-policy=keep; show configmap/db
run "$h3" upgrade drop ./drop-a -n $ns; objects da db; show configmap/db
run "$h4" install drop4 ./drop4-ab -n $ns; objects ea eb
run "$h4" upgrade drop4 ./drop4-a -n $ns; objects ea eb
run "$h4" upgrade drop4 ./drop4-abkeep -n $ns; objects ea eb; show configmap/eb
run "$h4" upgrade drop4 ./drop4-a -n $ns; objects ea eb; show configmap/eb
run "$h4" upgrade drop4 ./drop4-ab -n $ns; objects ea eb; show configmap/eb
run "$h4" upgrade drop4 ./drop4-a -n $ns; objects ea eb
