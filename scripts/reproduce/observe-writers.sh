#!/usr/bin/env bash
# observe-writers.sh: runs kubectl's writers one after another on a real API server and prints,
# after each, what it printed and the object's metadata.managedFields (`kubectl get -o yaml
# --show-managed-fields`), so that the engine's writers (engine/modes/writers) can be checked
# against it. Run it with KUBECONFIG pointing at the API server of
# `KEEP=1 scripts/reproduce/run-apiserver.sh EXAMPLE` (it uses the namespace "writers", whose
# Deployments web, api, saved and gone it deletes first) and KUBECTL the kubectl of the same release; its output is kept as
# engine/modes/writers/testdata/observed.txt, with the versions and the date it was taken.
set -uo pipefail
k=${KUBECTL:-kubectl}
ns=writers
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

run() { # run CMD...: prints the command, then what it printed (stdout and stderr) and its status
  echo "\$ ${*/#$k/kubectl}"
  "$@" >out.txt 2>err.txt
  local rc=$?
  sed 's/^/  stdout: /' out.txt
  sed 's/^/  stderr: /' err.txt
  echo "  exit: $rc"
}

show() { # show KIND/NAME: the object's managedFields, times replaced by NOW (they are the clock's)
  echo "--- $1 managedFields"
  "$k" -n $ns get "$1" -o yaml --show-managed-fields |
    awk '/^  managedFields:/{on=1; print; next} on && /^  [a-z]/{on=0} on' |
    sed -E 's/time: "?[0-9T:Z-]+"?/time: NOW/'
  echo "--- $1 metadata (generation, annotations, labels)"
  "$k" -n $ns get "$1" -o jsonpath='{"generation: "}{.metadata.generation}{"\nannotations: "}{.metadata.annotations}{"\nlabels: "}{.metadata.labels}{"\nreplicas: "}{.spec.replicas}{"\n"}'
}

# No controller runs on that API server, so a namespace is never deleted: the objects are.
"$k" create namespace $ns >/dev/null 2>&1
"$k" -n $ns delete deployment web api saved gone --ignore-not-found >/dev/null
"$k" -n $ns delete configmap c1 --ignore-not-found >/dev/null
"$k" -n $ns delete deployment mig --ignore-not-found >/dev/null

cat > web.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: writers
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
Y
sed 's/nginx:1.27/nginx:1.28/' web.yaml > web-128.yaml
sed 's/replicas: 2/replicas: 3/' web.yaml > web-3.yaml

echo "=== A. kubectl create, then the writers one after another"
run "$k" create -f web.yaml; show deployment/web
run "$k" create -f web.yaml
run "$k" apply -f web-128.yaml; show deployment/web
run "$k" apply -f web-3.yaml; show deployment/web
run "$k" scale deployment/web -n $ns --replicas=7; show deployment/web
run "$k" label deployment/web -n $ns tier=front; show deployment/web
run "$k" label deployment/web -n $ns tier=back
run "$k" label deployment/web -n $ns tier=back --overwrite; show deployment/web
run "$k" annotate deployment/web -n $ns note=hello; show deployment/web
run "$k" annotate deployment/web -n $ns note=bye
run "$k" label deployment/web -n $ns tier-; show deployment/web
run "$k" label deployment/web -n $ns absent-
run "$k" patch deployment/web -n $ns -p '{"spec":{"minReadySeconds":3}}'; show deployment/web
run "$k" patch deployment/web -n $ns --type merge -p '{"spec":{"minReadySeconds":4}}'; show deployment/web
run "$k" patch deployment/web -n $ns --type json -p '[{"op":"replace","path":"/spec/minReadySeconds","value":5}]'; show deployment/web
# The editor changes the container's image line only, not the last-applied annotation's text
# (which names the image too): what kubectl edit itself does to the annotation shows.
EDITOR='sed -i -E "s/^( *)- image: nginx:1.27/\1- image: nginx:1.29/"' run "$k" edit deployment/web -n $ns; show deployment/web
run "$k" replace -f web.yaml; show deployment/web
run "$k" patch deployment/web -n $ns --subresource=scale --field-manager=kube-controller-manager --type merge -p '{"spec":{"replicas":4}}'; show deployment/web
run "$k" apply --server-side -f web.yaml; show deployment/web
run "$k" apply --server-side -f web-3.yaml; show deployment/web
run "$k" scale deployment/web -n $ns --replicas=9; show deployment/web
run "$k" apply --server-side -f web-3.yaml

echo "=== B. kubectl apply creates, kubectl replace of a missing object, scale of a missing one"
sed 's/name: web/name: api/' web.yaml > api.yaml
run "$k" apply -f api.yaml; show deployment/api
sed 's/name: web/name: gone/' web.yaml > gone.yaml
run "$k" replace -f gone.yaml
run "$k" scale deployment/gone -n $ns --replicas=3
run "$k" label deployment/gone -n $ns a=b
run "$k" scale deployment/api -n $ns --replicas=2; show deployment/api
run "$k" label deployment/api -n $ns app=api a=b; show deployment/api
run "$k" annotate deployment/api -n $ns a=1 b=2 --overwrite; show deployment/api

echo "=== C. kubectl create --save-config, and field managers given on the command line"
sed 's/name: web/name: saved/' web.yaml > saved.yaml
run "$k" create -f saved.yaml --save-config; show deployment/saved
run "$k" replace -f saved.yaml --field-manager=me; show deployment/saved
run "$k" scale deployment/saved -n $ns --replicas=5; show deployment/saved
run "$k" patch deployment/saved -n $ns --subresource=status --field-manager=status-writer --type merge -p '{"status":{"observedGeneration":1}}'; show deployment/saved

echo "=== D. kubectl label and annotate: values already set, keys absent, words kubectl refuses"
run "$k" label deployment/api -n $ns a=b
run "$k" label deployment/api -n $ns a=b --overwrite
run "$k" annotate deployment/api -n $ns a=1
run "$k" annotate deployment/api -n $ns zz-
run "$k" label deployment/api -n $ns a=c x=y
run "$k" label deployment/api -n $ns bad
run "$k" annotate deployment/api -n $ns a- b-; show deployment/api
run "$k" scale deployment/api -n $ns --replicas=-1
"$k" -n $ns create configmap c1 >/dev/null 2>&1
run "$k" scale configmap/c1 -n $ns --replicas=2
"$k" -n $ns delete configmap c1 >/dev/null 2>&1

echo "=== E. the manager the API server names from a request's User-Agent when it gives no fieldManager"
# A strategic merge patch sent with curl, once per User-Agent: client-go's default (the binary's
# name, as Helm 2's Tiller sends it), Go's net/http default (Helm 3 before v3.7), and Helm 3's
# own since v3.7 (the binary's name, helm/helm#9870).
server=$("$k" config view --raw --minify -o jsonpath='{.clusters[0].cluster.server}')
token=$("$k" config view --raw --minify -o jsonpath='{.users[0].user.token}')
"$k" -n $ns delete configmap ua --ignore-not-found >/dev/null
"$k" -n $ns create configmap ua --from-literal=a=b >/dev/null
n=0
for ua in "tiller/v2.17.0 (linux/amd64) kubernetes/a690bad" "Go-http-client/1.1" "helm/v3.14.0 (linux/amd64) kubernetes/abc"; do
  n=$((n + 1))
  echo "\$ curl -X PATCH -H 'User-Agent: $ua' .../configmaps/ua -d '{\"data\":{\"k$n\":\"v\"}}'"
  curl -sk -X PATCH -H "Authorization: Bearer $token" -H "User-Agent: $ua" \
    -H "Content-Type: application/strategic-merge-patch+json" --data "{\"data\":{\"k$n\":\"v\"}}" \
    "$server/api/v1/namespaces/$ns/configmaps/ua" -o /dev/null -w '  http: %{http_code}\n'
done
show configmap/ua
"$k" -n $ns delete configmap ua >/dev/null

echo "=== F. client-side apply, then server-side apply of the same config, then without replicas"
sed 's/name: web/name: mig/' web.yaml > mig.yaml
grep -v 'replicas:' mig.yaml > mig-noreplicas.yaml
run "$k" apply -f mig.yaml; show deployment/mig
run "$k" apply --server-side -f mig.yaml; show deployment/mig
run "$k" apply --server-side -f mig-noreplicas.yaml; show deployment/mig

echo "=== G. an object without managedFields (reset) holding an annotation kubectl annotate set, then kubectl apply --server-side"
"$k" -n $ns delete deployment untracked --ignore-not-found >/dev/null
sed 's/name: web/name: untracked/' web.yaml > untracked.yaml
run "$k" apply -f untracked.yaml
run "$k" annotate deployment/untracked -n $ns tier=front
run "$k" patch deployment/untracked -n $ns --type merge -p '{"metadata":{"managedFields":[{}]}}'; show deployment/untracked
run "$k" apply --server-side -f untracked.yaml; show deployment/untracked

echo "=== H. kubectl patch --type json and --type merge: refusals, then patches carried out"
"$k" -n $ns delete deployment jp --ignore-not-found >/dev/null
sed 's/name: web/name: jp/' web.yaml > jp.yaml
run "$k" create -f jp.yaml
run "$k" patch deployment/jp -n $ns --type json -p '[{"op":"test","path":"/spec/replicas","value":3}]'
run "$k" patch deployment/jp -n $ns --type json -p '[{"op":"remove","path":"/spec/paused"}]'
run "$k" patch deployment/jp -n $ns --type json -p '[{"op":"bogus","path":"/spec/replicas"}]'
run "$k" patch deployment/jp -n $ns --type json -p '{"op":"add"}'
run "$k" patch deployment/jp -n $ns --type json -p '[{"op":"test","path":"/spec/template/spec/containers","value":[null]}]'
run "$k" patch deployment/jp -n $ns --type json -p '[{"op":"test","path":"/spec/replicas","value":2},{"op":"add","path":"/metadata/labels","value":{"tier":"front"}}]'; show deployment/jp
run "$k" patch deployment/jp -n $ns --type merge -p '{"metadata":{"labels":{"tier":null}},"spec":{"minReadySeconds":2}}'; show deployment/jp
run "$k" patch deployment/jp -n $ns --type merge -p '{"metadata":{"name":"other"}}'
run "$k" patch deployment/jp -n $ns --type merge -p '{"spec":{"minReadySeconds":2}}'; show deployment/jp
run "$k" patch deployment/jp -n $ns --type json -p 'null'

echo "=== I. a merge patch on a custom resource (a strategic one is refused)"
cat > crd.yaml <<'Y'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
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
"$k" apply -f crd.yaml >/dev/null && "$k" wait --for condition=established crd/widgets.example.com >/dev/null
"$k" -n $ns delete widget w --ignore-not-found >/dev/null
printf 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: writers}\nspec: {size: 1, tags: [a, b], keep: x}\n' > w.yaml
run "$k" create -f w.yaml
run "$k" patch widget/w -n $ns --type merge -p '{"spec":{"size":2,"tags":["c"],"keep":null,"new":{"a":null,"b":1}}}'; show widget/w
"$k" -n $ns get widget/w -o jsonpath='{"spec: "}{.spec}{"\n"}'
run "$k" patch widget/w -n $ns -p '{"spec":{"size":3}}'
