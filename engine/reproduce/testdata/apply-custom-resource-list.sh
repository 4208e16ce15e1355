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
echo '== custom resource definitions for the custom kinds no schema describes (any field kept, lists atomic)'
cat > custom-crd.yaml <<'MERGEPLAY_EOF'
{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","names":{"kind":"Widget","listKind":"WidgetList","plural":"widgets","singular":"widget"},"scope":"Namespaced","versions":[{"name":"v1","schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},"served":true,"storage":true}]}}
MERGEPLAY_EOF
if ! kubectl apply -f custom-crd.yaml; then
	echo 'mergeplay: the cluster refuses the custom resource definitions as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
kubectl wait --for condition=established --timeout=60s -f custom-crd.yaml
echo '== 1. live, as the playground read it'
cat > live-1.json <<'MERGEPLAY_EOF'
{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"annotations":{"example.com/last-reconciled":"2026-01-01T00:00:00Z","kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"annotations\":{},\"name\":\"gizmo\",\"namespace\":\"default\"},\"spec\":{\"parts\":[{\"count\":4,\"name\":\"bolt\"},{\"count\":4,\"name\":\"nut\"}],\"size\":3}}\n"},"name":"gizmo","namespace":"default"},"spec":{"parts":[{"count":4,"name":"bolt"},{"count":4,"name":"nut"},{"count":8,"name":"washer"}],"size":3}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-1.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"annotations\":{},\"name\":\"gizmo\",\"namespace\":\"default\"},\"spec\":{\"parts\":[{\"count\":4,\"name\":\"bolt\"},{\"count\":4,\"name\":\"nut\"}],\"size\":3}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch widget.v1.example.com gizmo -n default --type merge --patch-file last-applied-1.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: example.com/v1
kind: Widget
metadata:
  name: gizmo
spec:
  size: 3
  parts:
  - {name: bolt, count: 6}
  - {name: nut, count: 4}
MERGEPLAY_EOF
echo '$ kubectl apply -f config.yaml'
if kubectl apply -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
widget.example.com/gizmo configured
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get widget.v1.example.com gizmo -n default -o yaml
# not compared (set by the API server, or a key jsonpath cannot name): .status
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = "}{.metadata.annotations.kubectl\.kubernetes\.io/last-applied-configuration}
{".metadata.annotations.example.com/last-reconciled = "}{.metadata.annotations.example\.com/last-reconciled}
{".spec.size = "}{.spec.size}
{".spec.parts[0].name = "}{.spec.parts[0].name}
{".spec.parts[0].count = "}{.spec.parts[0].count}
{".spec.parts[1].name = "}{.spec.parts[1].name}
{".spec.parts[1].count = "}{.spec.parts[1].count}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = example.com/v1
.kind = Widget
.metadata.name = gizmo
.metadata.namespace = default
.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration = {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"annotations":{},"name":"gizmo","namespace":"default"},"spec":{"parts":[{"count":6,"name":"bolt"},{"count":4,"name":"nut"}],"size":3}}

.metadata.annotations.example.com/last-reconciled = 2026-01-01T00:00:00Z
.spec.size = 3
.spec.parts[0].name = bolt
.spec.parts[0].count = 6
.spec.parts[1].name = nut
.spec.parts[1].count = 4
MERGEPLAY_EOF
kubectl get widget.v1.example.com gizmo -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: widget.v1.example.com/gizmo: every field compared agrees'
else
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
