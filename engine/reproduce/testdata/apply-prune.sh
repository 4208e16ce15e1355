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
{"apiVersion":"v1","data":{"greeting":"hi"},"kind":"ConfigMap","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"data\":{\"greeting\":\"hi\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"web-config-old\",\"namespace\":\"default\"}}\n"},"name":"web-config-old","namespace":"default"}}
MERGEPLAY_EOF
if ! kubectl create -f live-2.json; then
	echo 'mergeplay: the cluster refuses the live object of live-2.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-2.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"data\":{\"greeting\":\"hi\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"web-config-old\",\"namespace\":\"default\"}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch configmap web-config-old -n default --type merge --patch-file last-applied-2.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-2.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > live-3.json <<'MERGEPLAY_EOF'
{"apiVersion":"v1","data":{"tls.crt":"LS0tLS1CRUdJTi..."},"kind":"Secret","metadata":{"name":"web-tls","namespace":"default"},"type":"Opaque"}
MERGEPLAY_EOF
if ! kubectl create -f live-3.json; then
	echo 'mergeplay: the cluster refuses the live object of live-3.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-3.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":null}}}
MERGEPLAY_EOF
if ! kubectl patch secret web-tls -n default --type merge --patch-file last-applied-3.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-3.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
data:
  greeting: hello
MERGEPLAY_EOF
echo '$ kubectl apply -f config.yaml --prune --all --prune-allowlist=core/v1/ConfigMap --prune-allowlist=core/v1/Secret'
if kubectl apply -f config.yaml --prune --all --prune-allowlist=core/v1/ConfigMap --prune-allowlist=core/v1/Secret >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
configmap/web-config unchanged
configmap/web-config-old pruned
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
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
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"v1","data":{"greeting":"hello"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"web-config","namespace":"default"}}

.metadata.name = web-config
.metadata.namespace = default
.data.greeting = hello
MERGEPLAY_EOF
kubectl get configmap web-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: configmap/web-config: every field compared agrees'
else
	failed=1
fi
kubectl get secret web-tls -n default -o yaml
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".data.tls.crt = "}{.data.tls\.crt}
{".type = "}{.type}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = Secret
.metadata.name = web-tls
.metadata.namespace = default
.data.tls.crt = LS0tLS1CRUdJTi...
.type = Opaque
MERGEPLAY_EOF
kubectl get secret web-tls -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt
if diff -u want-2.txt got-2.txt; then
	echo 'mergeplay: secret/web-tls: every field compared agrees'
else
	failed=1
fi
if kubectl get configmap web-config-old -n default >/dev/null 2>&1; then
	echo 'mergeplay: configmap/web-config-old is still there; the playground deletes it.' >&2
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
