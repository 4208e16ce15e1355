#!/bin/sh
# mergeplay reproduce script (apply mode): replays the playground's merge on an empty test
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
echo '== 1. live, as the playground read it'
cat > live-1.json <<'MERGEPLAY_EOF'
{"apiVersion":"v1","data":{"greeting":"hello"},"kind":"ConfigMap","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"data\":{\"greeting\":\"hello\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"web-config\",\"namespace\":\"default\"}}\n"},"name":"web-config","namespace":"default"}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-1.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"data\":{\"greeting\":\"hello\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"web-config\",\"namespace\":\"default\"}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch configmap web-config -n default --type merge --patch-file last-applied-1.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > live-2.json <<'MERGEPLAY_EOF'
{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.27\",\"name\":\"web\"}]}}}}\n"},"name":"web","namespace":"default"},"spec":{"progressDeadlineSeconds":600,"replicas":2,"revisionHistoryLimit":10,"selector":{"matchLabels":{"app":"web"}},"strategy":{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","imagePullPolicy":"IfNotPresent","name":"web","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}
MERGEPLAY_EOF
if ! kubectl create -f live-2.json; then
	echo 'mergeplay: the cluster refuses the live object of live-2.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-2.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.27\",\"name\":\"web\"}]}}}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch deployment.v1.apps web -n default --type merge --patch-file last-applied-2.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-2.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > live-3.json <<'MERGEPLAY_EOF'
{"apiVersion":"v1","kind":"Service","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"ports\":[{\"name\":\"http\",\"port\":80,\"targetPort\":8080}],\"selector\":{\"app\":\"web\"}}}\n"},"name":"web","namespace":"default"},"spec":{"internalTrafficPolicy":"Cluster","ports":[{"name":"http","port":80,"protocol":"TCP","targetPort":8080}],"selector":{"app":"web"},"sessionAffinity":"None","type":"ClusterIP"}}
MERGEPLAY_EOF
if ! kubectl create -f live-3.json; then
	echo 'mergeplay: the cluster refuses the live object of live-3.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-3.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"ports\":[{\"name\":\"http\",\"port\":80,\"targetPort\":8080}],\"selector\":{\"app\":\"web\"}}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch service web -n default --type merge --patch-file last-applied-3.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-3.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
  namespace: default
data:
  greeting: hello, frontend
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
    spec:
      containers:
      - name: web
        image: nginx:1.28
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: default
spec:
  selector:
    app: frontend
  ports:
  - name: http
    port: 80
    targetPort: 8080
MERGEPLAY_EOF
echo '$ kubectl apply -f config.yaml'
if kubectl apply -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
	echo 'mergeplay: the command succeeded; the playground says it is refused (the API server refuses the object).'
	failed=1
else
	cat error-1.txt >&2
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
configmap/web-config configured
service/web configured
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
cat > want-error-1.txt <<'MERGEPLAY_EOF'
The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"frontend"}}: field is immutable
MERGEPLAY_EOF
diff -u want-error-1.txt error-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get configmap web-config -n default -o yaml
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".data.greeting = "}{.data.greeting}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"v1","data":{"greeting":"hello, frontend"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"web-config","namespace":"default"}}

.metadata.name = web-config
.metadata.namespace = default
.data.greeting = hello, frontend
MERGEPLAY_EOF
kubectl get configmap web-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: configmap/web-config: every field compared agrees'
else
	failed=1
fi
kubectl get service web -n default -o yaml
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".spec.selector.app = "}{.spec.selector.app}
{".spec.ports[0].name = "}{.spec.ports[0].name}
{".spec.ports[0].port = "}{.spec.ports[0].port}
{".spec.ports[0].targetPort = "}{.spec.ports[0].targetPort}
{".spec.ports[0].protocol = "}{.spec.ports[0].protocol}
{".spec.internalTrafficPolicy = "}{.spec.internalTrafficPolicy}
{".spec.sessionAffinity = "}{.spec.sessionAffinity}
{".spec.type = "}{.spec.type}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = Service
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"ports":[{"name":"http","port":80,"targetPort":8080}],"selector":{"app":"frontend"}}}

.metadata.name = web
.metadata.namespace = default
.spec.selector.app = frontend
.spec.ports[0].name = http
.spec.ports[0].port = 80
.spec.ports[0].targetPort = 8080
.spec.ports[0].protocol = TCP
.spec.internalTrafficPolicy = Cluster
.spec.sessionAffinity = None
.spec.type = ClusterIP
MERGEPLAY_EOF
kubectl get service web -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt
if diff -u want-2.txt got-2.txt; then
	echo 'mergeplay: service/web: every field compared agrees'
else
	failed=1
fi
kubectl get deployment.v1.apps web -n default -o yaml
cat > fields-3.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
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
cat > want-3.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","name":"web"}]}}}}

.metadata.name = web
.metadata.namespace = default
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
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-3.jsonpath >got-3.txt
if diff -u want-3.txt got-3.txt; then
	echo 'mergeplay: deployment.v1.apps/web: every field compared agrees'
else
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
