#!/bin/sh
# mergeplay reproduce script (history mode): replays the playground's merge on an empty test
# cluster and compares what the cluster holds with the playground's result, field by field.
# It runs on kubectl's current context when that is a test cluster (kind-*, minikube, k3d-*);
# MERGEPLAY_ANY_CONTEXT=1 lets it run on another. It creates the live objects, so the
# cluster must not hold them yet. Exit status: 0 all matches, 1 something differs, 2 refused,
# 3 the cluster refuses the objects as given (the playground does not validate them).
set -eu
context=$(kubectl config current-context)
case "$context" in
kind-*|minikube|k3d-*) ;;
*)
	if [ "${MERGEPLAY_ANY_CONTEXT:-}" != 1 ]; then
		echo "mergeplay: kubectl's context is $context, not a test cluster (kind-*, minikube, k3d-*): nothing done. MERGEPLAY_ANY_CONTEXT=1 runs it there anyway." >&2
		exit 2
	fi
	;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0
# A history of 6 steps: after each step the object is compared with the playground's
# answer for that step (its values, the fields the step removed, who owns each field), and
# the script goes on to the next step whatever it found.
echo '== the initial live, as the playground read it'
echo '== step 1 of 6: Helm 3: helm install / upgrade'
mkdir "$work/step-1" && cd "$work/step-1"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
MERGEPLAY_EOF
# helm runs as HELM3 says (default: the helm-v3.21.4 that mergeplay's scripts/reproduce/build-helm.sh builds);
# the chart is one template, the new render verbatim; Helm's lines the playground does not
# print (LAST DEPLOYED, REVISION, TEST SUITE, level=..., WARNING: ...) are left out.
mkdir -p chart
cat > chart/Chart.yaml <<'MERGEPLAY_EOF'
apiVersion: v2
name: mergeplay
version: 0.1.0
MERGEPLAY_EOF
mkdir -p chart/templates
cat > chart/templates/render.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
MERGEPLAY_EOF
echo '$ helm install web ./chart -n default'
if ( "${HELM3:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v3.21.4/helm}" install web ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
NAME: web
NAMESPACE: default
STATUS: deployed
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 1: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 2
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.27
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
.spec.progressDeadlineSeconds: helm Update - time
.spec.replicas: helm Update - time
.spec.revisionHistoryLimit: helm Update - time
.spec.selector: helm Update - time
.spec.strategy.rollingUpdate.maxSurge: helm Update - time
.spec.strategy.rollingUpdate.maxUnavailable: helm Update - time
.spec.strategy.type: helm Update - time
.spec.template.metadata.labels.app: helm Update - time
.spec.template.spec.containers[name="web"].image: helm Update - time
.spec.template.spec.containers[name="web"].imagePullPolicy: helm Update - time
.spec.template.spec.containers[name="web"].name: helm Update - time
.spec.template.spec.containers[name="web"].resources: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePath: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: helm Update - time
.spec.template.spec.dnsPolicy: helm Update - time
.spec.template.spec.restartPolicy: helm Update - time
.spec.template.spec.schedulerName: helm Update - time
.spec.template.spec.securityContext: helm Update - time
.spec.template.spec.terminationGracePeriodSeconds: helm Update - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 2 of 6: kubectl scale'
mkdir "$work/step-2" && cd "$work/step-2"
cat > config.yaml <<'MERGEPLAY_EOF'

MERGEPLAY_EOF
echo '$ kubectl scale deployment.apps/web -n default --replicas=5'
if kubectl scale deployment.apps/web -n default --replicas=5 >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web scaled
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 2: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 5
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.27
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
.spec.progressDeadlineSeconds: helm Update - time
.spec.replicas: kubectl Update scale no-time
.spec.revisionHistoryLimit: helm Update - time
.spec.selector: helm Update - time
.spec.strategy.rollingUpdate.maxSurge: helm Update - time
.spec.strategy.rollingUpdate.maxUnavailable: helm Update - time
.spec.strategy.type: helm Update - time
.spec.template.metadata.labels.app: helm Update - time
.spec.template.spec.containers[name="web"].image: helm Update - time
.spec.template.spec.containers[name="web"].imagePullPolicy: helm Update - time
.spec.template.spec.containers[name="web"].name: helm Update - time
.spec.template.spec.containers[name="web"].resources: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePath: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: helm Update - time
.spec.template.spec.dnsPolicy: helm Update - time
.spec.template.spec.restartPolicy: helm Update - time
.spec.template.spec.schedulerName: helm Update - time
.spec.template.spec.securityContext: helm Update - time
.spec.template.spec.terminationGracePeriodSeconds: helm Update - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 3 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-3" && cd "$work/step-3"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
# helm runs as HELM4 says (default: the helm-v4.3.2 that mergeplay's scripts/reproduce/build-helm.sh builds);
# the chart is one template, the new render verbatim; Helm's lines the playground does not
# print (LAST DEPLOYED, REVISION, TEST SUITE, level=..., WARNING: ...) are left out.
mkdir -p chart
cat > chart/Chart.yaml <<'MERGEPLAY_EOF'
apiVersion: v2
name: mergeplay
version: 0.1.0
MERGEPLAY_EOF
mkdir -p chart/templates
cat > chart/templates/render.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
echo '$ helm upgrade web ./chart -n default'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade web ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "web" has been upgraded. Happy Helming!
NAME: web
NAMESPACE: default
STATUS: deployed
DESCRIPTION: Upgrade complete
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 3: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 2
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.28
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
.spec.progressDeadlineSeconds: helm Update - time
.spec.replicas: helm Update - time
.spec.revisionHistoryLimit: helm Update - time
.spec.selector: helm Update - time
.spec.strategy.rollingUpdate.maxSurge: helm Update - time
.spec.strategy.rollingUpdate.maxUnavailable: helm Update - time
.spec.strategy.type: helm Update - time
.spec.template.metadata.labels.app: helm Update - time
.spec.template.spec.containers[name="web"].image: helm Update - time
.spec.template.spec.containers[name="web"].imagePullPolicy: helm Update - time
.spec.template.spec.containers[name="web"].name: helm Update - time
.spec.template.spec.containers[name="web"].resources: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePath: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: helm Update - time
.spec.template.spec.dnsPolicy: helm Update - time
.spec.template.spec.restartPolicy: helm Update - time
.spec.template.spec.schedulerName: helm Update - time
.spec.template.spec.securityContext: helm Update - time
.spec.template.spec.terminationGracePeriodSeconds: helm Update - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 4 of 6: kubectl scale'
mkdir "$work/step-4" && cd "$work/step-4"
cat > config.yaml <<'MERGEPLAY_EOF'

MERGEPLAY_EOF
echo '$ kubectl scale deployment.apps/web -n default --replicas=5'
if kubectl scale deployment.apps/web -n default --replicas=5 >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web scaled
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 4: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 5
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.28
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
.spec.progressDeadlineSeconds: helm Update - time
.spec.replicas: kubectl Update scale no-time
.spec.revisionHistoryLimit: helm Update - time
.spec.selector: helm Update - time
.spec.strategy.rollingUpdate.maxSurge: helm Update - time
.spec.strategy.rollingUpdate.maxUnavailable: helm Update - time
.spec.strategy.type: helm Update - time
.spec.template.metadata.labels.app: helm Update - time
.spec.template.spec.containers[name="web"].image: helm Update - time
.spec.template.spec.containers[name="web"].imagePullPolicy: helm Update - time
.spec.template.spec.containers[name="web"].name: helm Update - time
.spec.template.spec.containers[name="web"].resources: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePath: helm Update - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: helm Update - time
.spec.template.spec.dnsPolicy: helm Update - time
.spec.template.spec.restartPolicy: helm Update - time
.spec.template.spec.schedulerName: helm Update - time
.spec.template.spec.securityContext: helm Update - time
.spec.template.spec.terminationGracePeriodSeconds: helm Update - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 5 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-5" && cd "$work/step-5"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
# helm runs as HELM4 says (default: the helm-v4.3.2 that mergeplay's scripts/reproduce/build-helm.sh builds);
# the chart is one template, the new render verbatim; Helm's lines the playground does not
# print (LAST DEPLOYED, REVISION, TEST SUITE, level=..., WARNING: ...) are left out.
mkdir -p chart
cat > chart/Chart.yaml <<'MERGEPLAY_EOF'
apiVersion: v2
name: mergeplay
version: 0.1.0
MERGEPLAY_EOF
mkdir -p chart/templates
cat > chart/templates/render.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
echo '$ helm upgrade web ./chart -n default --server-side=true'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade web ./chart -n default --server-side=true >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
	echo 'mergeplay: the command succeeded; the playground says it is refused (conflicts).'
	failed=1
else
	cat error-1.txt >&2
fi
cat > want-error-1.txt <<'MERGEPLAY_EOF'
Error: UPGRADE FAILED: conflict occurred while applying object default/web apps/v1, Kind=Deployment: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas
MERGEPLAY_EOF
diff -u want-error-1.txt error-1.txt || failed=1
echo '-- after step 5: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 5
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.28
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Apply - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Apply - time
.metadata.labels.app.kubernetes.io/managed-by: helm Apply - time
.spec.progressDeadlineSeconds: helm Apply - time
.spec.replicas: kubectl Update scale no-time
.spec.revisionHistoryLimit: helm Apply - time
.spec.selector: helm Apply - time
.spec.strategy.rollingUpdate.maxSurge: helm Apply - time
.spec.strategy.rollingUpdate.maxUnavailable: helm Apply - time
.spec.strategy.type: helm Apply - time
.spec.template.metadata.labels.app: helm Apply - time
.spec.template.spec.containers[name="web"].image: helm Apply - time
.spec.template.spec.containers[name="web"].imagePullPolicy: helm Apply - time
.spec.template.spec.containers[name="web"].name: helm Apply - time
.spec.template.spec.containers[name="web"].resources: helm Apply - time
.spec.template.spec.containers[name="web"].terminationMessagePath: helm Apply - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: helm Apply - time
.spec.template.spec.dnsPolicy: helm Apply - time
.spec.template.spec.restartPolicy: helm Apply - time
.spec.template.spec.schedulerName: helm Apply - time
.spec.template.spec.securityContext: helm Apply - time
.spec.template.spec.terminationGracePeriodSeconds: helm Apply - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 6 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-6" && cd "$work/step-6"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
# helm runs as HELM4 says (default: the helm-v4.3.2 that mergeplay's scripts/reproduce/build-helm.sh builds);
# the chart is one template, the new render verbatim; Helm's lines the playground does not
# print (LAST DEPLOYED, REVISION, TEST SUITE, level=..., WARNING: ...) are left out.
mkdir -p chart
cat > chart/Chart.yaml <<'MERGEPLAY_EOF'
apiVersion: v2
name: mergeplay
version: 0.1.0
MERGEPLAY_EOF
mkdir -p chart/templates
cat > chart/templates/render.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
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
        image: nginx:1.28
MERGEPLAY_EOF
echo '$ helm upgrade web ./chart -n default --server-side=true --force-conflicts'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade web ./chart -n default --server-side=true --force-conflicts >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "web" has been upgraded. Happy Helming!
NAME: web
NAMESPACE: default
STATUS: deployed
DESCRIPTION: Upgrade complete
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 6: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".spec.replicas = "}{.spec.replicas}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = web
.metadata.annotations.meta.helm.sh/release-namespace = default
.spec.replicas = 2
.spec.selector.matchLabels.app = web
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.28
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:progressDeadlineSeconds"}}{{".spec.progressDeadlineSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:revisionHistoryLimit"}}{{".spec.revisionHistoryLimit: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:selector"}}{{".spec.selector: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{range $k, $v := .}}{{if eq $k "f:type"}}{{".spec.strategy.type: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxSurge"}}{{".spec.strategy.rollingUpdate.maxSurge: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:strategy"}}{{with index . "f:rollingUpdate"}}{{range $k, $v := .}}{{if eq $k "f:maxUnavailable"}}{{".spec.strategy.rollingUpdate.maxUnavailable: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app"}}{{".spec.template.metadata.labels.app: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:dnsPolicy"}}{{".spec.template.spec.dnsPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:restartPolicy"}}{{".spec.template.spec.restartPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:schedulerName"}}{{".spec.template.spec.schedulerName: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:securityContext"}}{{".spec.template.spec.securityContext: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:terminationGracePeriodSeconds"}}{{".spec.template.spec.terminationGracePeriodSeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:image"}}{{".spec.template.spec.containers[name=\"web\"].image: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:imagePullPolicy"}}{{".spec.template.spec.containers[name=\"web\"].imagePullPolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".spec.template.spec.containers[name=\"web\"].name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:resources"}}{{".spec.template.spec.containers[name=\"web\"].resources: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePath"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePath: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{with index . "f:template"}}{{with index . "f:spec"}}{{with index . "f:containers"}}{{with index . "k:{\"name\":\"web\"}"}}{{range $k, $v := .}}{{if eq $k "f:terminationMessagePolicy"}}{{".spec.template.spec.containers[name=\"web\"].terminationMessagePolicy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.metadata.annotations.meta.helm.sh/release-name: helm Apply - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Apply - time
.metadata.labels.app.kubernetes.io/managed-by: helm Apply - time
.spec.replicas: helm Apply - time
.spec.selector: helm Apply - time
.spec.template.metadata.labels.app: helm Apply - time
.spec.template.spec.containers[name="web"].image: helm Apply - time
.spec.template.spec.containers[name="web"].name: helm Apply - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
if [ "$failed" = 0 ]; then
	echo 'mergeplay: after every step, the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
