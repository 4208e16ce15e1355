#!/bin/sh
# mergeplay reproduce script (patch mode): replays the playground's merge on an empty test
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
{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"finalizers":["example.com/protect","example.com/audit"],"name":"web","namespace":"default"},"spec":{"progressDeadlineSeconds":600,"replicas":3,"revisionHistoryLimit":10,"selector":{"matchLabels":{"app":"web"}},"strategy":{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"env":[{"name":"MODE","value":"production"}],"image":"nginx:1.27","imagePullPolicy":"IfNotPresent","name":"web","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"},{"image":"envoy:1.30","imagePullPolicy":"IfNotPresent","name":"sidecar","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"},{"image":"exporter:0.9","imagePullPolicy":"IfNotPresent","name":"metrics","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
spec:
  template:
    spec:
      containers:
      - name: sidecar
        $patch: delete
MERGEPLAY_EOF
echo '$ kubectl patch deployment.v1.apps web -n default --type strategic -p '\''{"spec":{"template":{"spec":{"containers":[{"$patch":"delete","name":"sidecar"}]}}}}'\'''
if kubectl patch deployment.v1.apps web -n default --type strategic -p '{"spec":{"template":{"spec":{"containers":[{"$patch":"delete","name":"sidecar"}]}}}}' >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	if grep -q -e '^The request is invalid: patch: Invalid value: ' -e '^Error from server: strconv.Parse' error-1.txt && ! grep -q 'strict decoding error' error-1.txt; then
		echo 'mergeplay: the cluster cannot decode the patched object (the message above): the patch is refused as given. Nothing compared.' >&2
		exit 3
	fi
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
deployment.apps/web patched
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get deployment.v1.apps web -n default -o yaml
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.finalizers[0] = "}{.metadata.finalizers[0]}
{".metadata.finalizers[1] = "}{.metadata.finalizers[1]}
{".spec.selector.matchLabels.app = "}{.spec.selector.matchLabels.app}
{".spec.replicas = "}{.spec.replicas}
{".spec.strategy.type = "}{.spec.strategy.type}
{".spec.strategy.rollingUpdate.maxSurge = "}{.spec.strategy.rollingUpdate.maxSurge}
{".spec.strategy.rollingUpdate.maxUnavailable = "}{.spec.strategy.rollingUpdate.maxUnavailable}
{".spec.template.metadata.labels.app = "}{.spec.template.metadata.labels.app}
{".spec.template.spec.containers[0].name = "}{.spec.template.spec.containers[0].name}
{".spec.template.spec.containers[0].image = "}{.spec.template.spec.containers[0].image}
{".spec.template.spec.containers[0].env[0].name = "}{.spec.template.spec.containers[0].env[0].name}
{".spec.template.spec.containers[0].env[0].value = "}{.spec.template.spec.containers[0].env[0].value}
{".spec.template.spec.containers[0].imagePullPolicy = "}{.spec.template.spec.containers[0].imagePullPolicy}
{".spec.template.spec.containers[0].resources = "}{.spec.template.spec.containers[0].resources}
{".spec.template.spec.containers[0].terminationMessagePath = "}{.spec.template.spec.containers[0].terminationMessagePath}
{".spec.template.spec.containers[0].terminationMessagePolicy = "}{.spec.template.spec.containers[0].terminationMessagePolicy}
{".spec.template.spec.containers[1].name = "}{.spec.template.spec.containers[1].name}
{".spec.template.spec.containers[1].image = "}{.spec.template.spec.containers[1].image}
{".spec.template.spec.containers[1].imagePullPolicy = "}{.spec.template.spec.containers[1].imagePullPolicy}
{".spec.template.spec.containers[1].resources = "}{.spec.template.spec.containers[1].resources}
{".spec.template.spec.containers[1].terminationMessagePath = "}{.spec.template.spec.containers[1].terminationMessagePath}
{".spec.template.spec.containers[1].terminationMessagePolicy = "}{.spec.template.spec.containers[1].terminationMessagePolicy}
{".spec.template.spec.dnsPolicy = "}{.spec.template.spec.dnsPolicy}
{".spec.template.spec.restartPolicy = "}{.spec.template.spec.restartPolicy}
{".spec.template.spec.schedulerName = "}{.spec.template.spec.schedulerName}
{".spec.template.spec.securityContext = "}{.spec.template.spec.securityContext}
{".spec.template.spec.terminationGracePeriodSeconds = "}{.spec.template.spec.terminationGracePeriodSeconds}
{".spec.progressDeadlineSeconds = "}{.spec.progressDeadlineSeconds}
{".spec.revisionHistoryLimit = "}{.spec.revisionHistoryLimit}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = apps/v1
.kind = Deployment
.metadata.name = web
.metadata.namespace = default
.metadata.finalizers[0] = example.com/protect
.metadata.finalizers[1] = example.com/audit
.spec.selector.matchLabels.app = web
.spec.replicas = 3
.spec.strategy.type = RollingUpdate
.spec.strategy.rollingUpdate.maxSurge = 25%
.spec.strategy.rollingUpdate.maxUnavailable = 25%
.spec.template.metadata.labels.app = web
.spec.template.spec.containers[0].name = web
.spec.template.spec.containers[0].image = nginx:1.27
.spec.template.spec.containers[0].env[0].name = MODE
.spec.template.spec.containers[0].env[0].value = production
.spec.template.spec.containers[0].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[0].resources = {}
.spec.template.spec.containers[0].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[0].terminationMessagePolicy = File
.spec.template.spec.containers[1].name = metrics
.spec.template.spec.containers[1].image = exporter:0.9
.spec.template.spec.containers[1].imagePullPolicy = IfNotPresent
.spec.template.spec.containers[1].resources = {}
.spec.template.spec.containers[1].terminationMessagePath = /dev/termination-log
.spec.template.spec.containers[1].terminationMessagePolicy = File
.spec.template.spec.dnsPolicy = ClusterFirst
.spec.template.spec.restartPolicy = Always
.spec.template.spec.schedulerName = default-scheduler
.spec.template.spec.securityContext = {}
.spec.template.spec.terminationGracePeriodSeconds = 30
.spec.progressDeadlineSeconds = 600
.spec.revisionHistoryLimit = 10
MERGEPLAY_EOF
kubectl get deployment.v1.apps web -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
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
