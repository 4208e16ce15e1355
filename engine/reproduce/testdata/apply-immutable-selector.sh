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
{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"default"},"spec":{"progressDeadlineSeconds":600,"replicas":2,"revisionHistoryLimit":10,"selector":{"matchLabels":{"app":"web"}},"strategy":{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.27","imagePullPolicy":"IfNotPresent","name":"web","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > last-applied-1.json <<'MERGEPLAY_EOF'
{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.27\",\"name\":\"web\"}]}}}}\n"}}}
MERGEPLAY_EOF
if ! kubectl patch deployment.v1.apps web -n default --type merge --patch-file last-applied-1.json; then
	echo 'mergeplay: the cluster refuses the last-applied annotation of last-applied-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
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
      app: frontend
  template:
    metadata:
      labels:
        app: frontend
    spec:
      containers:
      - name: web
        image: nginx:1.28
MERGEPLAY_EOF
echo '$ kubectl apply -f config.yaml'
if kubectl apply -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
	echo 'mergeplay: the command succeeded; the playground says it is refused (the API server refuses the object).'
	failed=1
else
	cat error-1.txt >&2
fi
cat > want-error-1.txt <<'MERGEPLAY_EOF'
The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"frontend"}}: field is immutable
MERGEPLAY_EOF
diff -u want-error-1.txt error-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
