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
# A history of 3 steps: after each step the object is compared with the playground's
# answer for that step (its values, the fields the step removed, who owns each field), and
# the script goes on to the next step whatever it found.
echo '== the initial live, as the playground read it'
echo '== step 1 of 3: kubectl apply'
mkdir "$work/step-1" && cd "$work/step-1"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  minReadySeconds: 10
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
echo '$ kubectl apply -f config.yaml'
if kubectl apply -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web created
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 1: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".spec.replicas = "}{.spec.replicas}
{".spec.minReadySeconds = "}{.spec.minReadySeconds}
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"minReadySeconds":10,"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","name":"web"}]}}}}

.spec.replicas = 2
.spec.minReadySeconds = 10
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
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:kubectl.kubernetes.io/last-applied-configuration"}}{{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:minReadySeconds"}}{{".spec.minReadySeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: kubectl-client-side-apply Update - time
.spec.minReadySeconds: kubectl-client-side-apply Update - time
.spec.progressDeadlineSeconds: kubectl-client-side-apply Update - time
.spec.replicas: kubectl-client-side-apply Update - time
.spec.revisionHistoryLimit: kubectl-client-side-apply Update - time
.spec.selector: kubectl-client-side-apply Update - time
.spec.strategy.rollingUpdate.maxSurge: kubectl-client-side-apply Update - time
.spec.strategy.rollingUpdate.maxUnavailable: kubectl-client-side-apply Update - time
.spec.strategy.type: kubectl-client-side-apply Update - time
.spec.template.metadata.labels.app: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].image: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].imagePullPolicy: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].name: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].resources: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].terminationMessagePath: kubectl-client-side-apply Update - time
.spec.template.spec.containers[name="web"].terminationMessagePolicy: kubectl-client-side-apply Update - time
.spec.template.spec.dnsPolicy: kubectl-client-side-apply Update - time
.spec.template.spec.restartPolicy: kubectl-client-side-apply Update - time
.spec.template.spec.schedulerName: kubectl-client-side-apply Update - time
.spec.template.spec.securityContext: kubectl-client-side-apply Update - time
.spec.template.spec.terminationGracePeriodSeconds: kubectl-client-side-apply Update - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 2 of 3: server-side apply'
mkdir "$work/step-2" && cd "$work/step-2"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  minReadySeconds: 10
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
echo '$ kubectl apply --server-side --field-manager=kubectl -f config.yaml'
if kubectl apply --server-side --field-manager=kubectl -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web serverside-applied
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 2: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".spec.replicas = "}{.spec.replicas}
{".spec.minReadySeconds = "}{.spec.minReadySeconds}
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},"spec":{"minReadySeconds":10,"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","name":"web"}]}}}}

.spec.replicas = 2
.spec.minReadySeconds = 10
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
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:kubectl.kubernetes.io/last-applied-configuration"}}{{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:minReadySeconds"}}{{".spec.minReadySeconds: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: kubectl-last-applied Apply - no-time
.spec.minReadySeconds: kubectl Apply - time
.spec.replicas: kubectl Apply - time
.spec.selector: kubectl Apply - time
.spec.template.metadata.labels.app: kubectl Apply - time
.spec.template.spec.containers[name="web"].image: kubectl Apply - time
.spec.template.spec.containers[name="web"].name: kubectl Apply - time
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get deployment.v1.apps web -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 3 of 3: server-side apply'
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
        image: nginx:1.27
MERGEPLAY_EOF
echo '$ kubectl apply --server-side --field-manager=kubectl -f config.yaml'
if kubectl apply --server-side --field-manager=kubectl -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web serverside-applied
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 3: what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
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
{".spec.minReadySeconds = "}{.spec.minReadySeconds}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","name":"web"}]}}}}

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
.spec.minReadySeconds = 
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
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:kubectl.kubernetes.io/last-applied-configuration"}}{{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: "}}{{$id}} {{$t}}
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration: kubectl-last-applied Apply - no-time
.spec.replicas: kubectl Apply - time
.spec.selector: kubectl Apply - time
.spec.template.metadata.labels.app: kubectl Apply - time
.spec.template.spec.containers[name="web"].image: kubectl Apply - time
.spec.template.spec.containers[name="web"].name: kubectl Apply - time
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
