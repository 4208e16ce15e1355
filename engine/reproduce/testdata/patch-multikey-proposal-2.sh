#!/bin/sh
# mergeplay reproduce script (patch mode): replays the playground's merge on an empty test
# cluster and compares what the cluster holds with the playground's result, field by field.
# It runs on kubectl's current context when that is a test cluster (kind-*, minikube, k3d-*);
# MERGEPLAY_ANY_CONTEXT=1 lets it run on another. It creates the live objects, so the
# cluster must not hold them yet. Exit status: 0 all matches, 1 something differs, 2 refused.
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
echo 'mergeplay: options.schema holds a schema a cluster cannot take (only CustomResourceDefinitions are created); the cluster merges with its own.'
echo '== 1. live, as the playground read it'
cat > live-1.json <<'MERGEPLAY_EOF'
{"list":[{"bar":"x","foo":"a","other":1},{"bar":"y","foo":"a","other":2},{"bar":"x","foo":"b","other":3}]}
MERGEPLAY_EOF
kubectl create -f live-1.json
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
list:
- $patch: delete
  foo: a
  bar: x
MERGEPLAY_EOF
echo '$ kubectl patch '\'''\'' '\'''\'' --type strategic -p '\''{"list":[{"$patch":"delete","bar":"x","foo":"a"}]}'\'''
if kubectl patch '' '' --type strategic -p '{"list":[{"$patch":"delete","bar":"x","foo":"a"}]}' >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
/ patched
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get '' '' -o yaml
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".list[0].foo = "}{.list[0].foo}
{".list[0].bar = "}{.list[0].bar}
{".list[0].other = "}{.list[0].other}
{".list[1].foo = "}{.list[1].foo}
{".list[1].bar = "}{.list[1].bar}
{".list[1].other = "}{.list[1].other}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.list[0].foo = a
.list[0].bar = y
.list[0].other = 2
.list[1].foo = b
.list[1].bar = x
.list[1].other = 3
MERGEPLAY_EOF
kubectl get '' '' -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: /: every field compared agrees'
else
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
