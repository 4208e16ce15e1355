#!/bin/sh
# mergeplay reproduce script (ssa mode): replays the playground's merge on an empty test
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
kubectl get namespace shop >/dev/null 2>&1 || kubectl create namespace shop
cat > live-1.json <<'MERGEPLAY_EOF'
{"apiVersion":"v1","kind":"Service","metadata":{"labels":{"app":"web","team":"payments","tier":"frontend"},"name":"web","namespace":"shop"},"spec":{"internalTrafficPolicy":"Cluster","ports":[{"port":80,"protocol":"TCP","targetPort":8080}],"selector":{"app":"web"},"sessionAffinity":"None","type":"ClusterIP"}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > managed-1.json <<'MERGEPLAY_EOF'
[{"op":"replace","path":"/metadata/managedFields","value":[{"apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:team":{}}}},"manager":"helm","operation":"Apply"},{"apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:app":{},"f:team":{},"f:tier":{}}},"f:spec":{"f:ports":{"k:{\"port\":80,\"protocol\":\"TCP\"}":{".":{},"f:port":{},"f:targetPort":{}}},"f:selector":{}}},"manager":"kubectl","operation":"Apply","time":"2025-04-01T10:00:00Z"}]}]
MERGEPLAY_EOF
if ! kubectl patch service web -n shop --type json --patch-file managed-1.json; then
	echo 'mergeplay: the cluster refuses the managedFields of managed-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
  labels:
    app: web
spec:
  selector:
    app: web
  ports:
  - port: 80
    targetPort: 8080
MERGEPLAY_EOF
echo '$ kubectl apply --server-side --field-manager=kubectl -f config.yaml'
if kubectl apply --server-side --field-manager=kubectl -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
service/web serverside-applied
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get service web -n shop -o yaml
# not compared (set by the API server, or a key jsonpath cannot name): .metadata.managedFields[1].time
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app = "}{.metadata.labels.app}
{".metadata.labels.team = "}{.metadata.labels.team}
{".metadata.managedFields[0].manager = "}{.metadata.managedFields[0].manager}
{".metadata.managedFields[0].operation = "}{.metadata.managedFields[0].operation}
{".metadata.managedFields[0].apiVersion = "}{.metadata.managedFields[0].apiVersion}
{".metadata.managedFields[0].fieldsType = "}{.metadata.managedFields[0].fieldsType}
{".metadata.managedFields[0].fieldsV1 = "}{.metadata.managedFields[0].fieldsV1}
{".metadata.managedFields[1].manager = "}{.metadata.managedFields[1].manager}
{".metadata.managedFields[1].operation = "}{.metadata.managedFields[1].operation}
{".metadata.managedFields[1].apiVersion = "}{.metadata.managedFields[1].apiVersion}
{".metadata.managedFields[1].fieldsType = "}{.metadata.managedFields[1].fieldsType}
{".metadata.managedFields[1].fieldsV1 = "}{.metadata.managedFields[1].fieldsV1}
{".spec.selector.app = "}{.spec.selector.app}
{".spec.ports[0].port = "}{.spec.ports[0].port}
{".spec.ports[0].targetPort = "}{.spec.ports[0].targetPort}
{".spec.ports[0].protocol = "}{.spec.ports[0].protocol}
{".spec.internalTrafficPolicy = "}{.spec.internalTrafficPolicy}
{".spec.sessionAffinity = "}{.spec.sessionAffinity}
{".spec.type = "}{.spec.type}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = Service
.metadata.name = web
.metadata.namespace = shop
.metadata.labels.app = web
.metadata.labels.team = payments
.metadata.managedFields[0].manager = helm
.metadata.managedFields[0].operation = Apply
.metadata.managedFields[0].apiVersion = v1
.metadata.managedFields[0].fieldsType = FieldsV1
.metadata.managedFields[0].fieldsV1 = {"f:metadata":{"f:labels":{"f:team":{}}}}
.metadata.managedFields[1].manager = kubectl
.metadata.managedFields[1].operation = Apply
.metadata.managedFields[1].apiVersion = v1
.metadata.managedFields[1].fieldsType = FieldsV1
.metadata.managedFields[1].fieldsV1 = {"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:ports":{"k:{\"port\":80,\"protocol\":\"TCP\"}":{".":{},"f:port":{},"f:targetPort":{}}},"f:selector":{}}}
.spec.selector.app = web
.spec.ports[0].port = 80
.spec.ports[0].targetPort = 8080
.spec.ports[0].protocol = TCP
.spec.internalTrafficPolicy = Cluster
.spec.sessionAffinity = None
.spec.type = ClusterIP
MERGEPLAY_EOF
kubectl get service web -n shop -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: service/web: every field compared agrees'
else
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
