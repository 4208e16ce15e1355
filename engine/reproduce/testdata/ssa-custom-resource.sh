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
echo '== the custom resource definitions of options.schema'
cat > crd.yaml <<'MERGEPLAY_EOF'
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: teams.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: teams, singular: team, kind: Team}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              members:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    role: {type: string}
              tags:
                type: array
                x-kubernetes-list-type: set
                items: {type: string}
MERGEPLAY_EOF
if ! kubectl apply -f crd.yaml; then
	echo 'mergeplay: the cluster refuses the custom resource definitions of options.schema as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
kubectl wait --for condition=established --timeout=60s -f crd.yaml
echo '== 1. live, as the playground read it'
cat > live-1.json <<'MERGEPLAY_EOF'
{"apiVersion":"stable.example.com/v1","kind":"Team","metadata":{"name":"payments"},"spec":{"members":[{"name":"alice","role":"lead"},{"name":"bob","role":"dev"}],"tags":["backend"]}}
MERGEPLAY_EOF
if ! kubectl create -f live-1.json; then
	echo 'mergeplay: the cluster refuses the live object of live-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
cat > managed-1.json <<'MERGEPLAY_EOF'
[{"op":"replace","path":"/metadata/managedFields","value":[{"apiVersion":"stable.example.com/v1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:members":{"k:{\"name\":\"alice\"}":{".":{},"f:name":{},"f:role":{}},"k:{\"name\":\"bob\"}":{".":{},"f:name":{},"f:role":{}}},"f:tags":{"v:\"backend\"":{}}}},"manager":"team-admin","operation":"Apply","time":"2025-07-01T00:00:00Z"}]}]
MERGEPLAY_EOF
if ! kubectl patch team.v1.stable.example.com payments -n default --type json --patch-file managed-1.json; then
	echo 'mergeplay: the cluster refuses the managedFields of managed-1.json as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.' >&2
	exit 3
fi
echo '== 2. the operation'
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: stable.example.com/v1
kind: Team
metadata:
  name: payments
spec:
  members:
  - name: carol
    role: oncall
  - name: bob
    role: dev
  tags: [on-call]
MERGEPLAY_EOF
echo '$ kubectl apply --server-side --field-manager=pager-sync -f config.yaml'
if kubectl apply --server-side --field-manager=pager-sync -f config.yaml >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	exit 1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
team.stable.example.com/payments serverside-applied
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '== 3. what the cluster holds, compared with the playground'
kubectl get team.v1.stable.example.com payments -n default -o yaml
# not compared (set by the API server, or a key jsonpath cannot name): .metadata.managedFields[0].time, .metadata.managedFields[1].time
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
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
{".spec.members[0].name = "}{.spec.members[0].name}
{".spec.members[0].role = "}{.spec.members[0].role}
{".spec.members[1].name = "}{.spec.members[1].name}
{".spec.members[1].role = "}{.spec.members[1].role}
{".spec.members[2].name = "}{.spec.members[2].name}
{".spec.members[2].role = "}{.spec.members[2].role}
{".spec.tags[0] = "}{.spec.tags[0]}
{".spec.tags[1] = "}{.spec.tags[1]}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = stable.example.com/v1
.kind = Team
.metadata.name = payments
.metadata.managedFields[0].manager = team-admin
.metadata.managedFields[0].operation = Apply
.metadata.managedFields[0].apiVersion = stable.example.com/v1
.metadata.managedFields[0].fieldsType = FieldsV1
.metadata.managedFields[0].fieldsV1 = {"f:spec":{"f:members":{"k:{\"name\":\"alice\"}":{".":{},"f:name":{},"f:role":{}},"k:{\"name\":\"bob\"}":{".":{},"f:name":{},"f:role":{}}},"f:tags":{"v:\"backend\"":{}}}}
.metadata.managedFields[1].manager = pager-sync
.metadata.managedFields[1].operation = Apply
.metadata.managedFields[1].apiVersion = stable.example.com/v1
.metadata.managedFields[1].fieldsType = FieldsV1
.metadata.managedFields[1].fieldsV1 = {"f:spec":{"f:members":{"k:{\"name\":\"bob\"}":{".":{},"f:name":{},"f:role":{}},"k:{\"name\":\"carol\"}":{".":{},"f:name":{},"f:role":{}}},"f:tags":{"v:\"on-call\"":{}}}}
.spec.members[0].name = alice
.spec.members[0].role = lead
.spec.members[1].name = carol
.spec.members[1].role = oncall
.spec.members[2].name = bob
.spec.members[2].role = dev
.spec.tags[0] = backend
.spec.tags[1] = on-call
MERGEPLAY_EOF
kubectl get team.v1.stable.example.com payments -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt
if diff -u want-1.txt got-1.txt; then
	echo 'mergeplay: team.v1.stable.example.com/payments: every field compared agrees'
else
	failed=1
fi
if [ "$failed" = 0 ]; then
	echo 'mergeplay: the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
