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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
data:
  checkout: v1
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
data:
  checkout: v1
MERGEPLAY_EOF
echo '$ helm install shop ./chart -n default'
if ( "${HELM3:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v3.21.4/helm}" install shop ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
NAME: shop
NAMESPACE: default
STATUS: deployed
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 1: what the cluster holds, compared with the playground'
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.currency: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
kubectl get configmap shop-legacy -n default -o yaml --show-managed-fields || true
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.checkout = "}{.data.checkout}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-legacy
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.checkout = v1
MERGEPLAY_EOF
cat > owners-2.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:checkout"}}{{".data.checkout: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-2.txt <<'MERGEPLAY_EOF'
.data.checkout: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-legacy -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt || true
{ kubectl get configmap shop-legacy -n default -o go-template-file=owners-2.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-2.txt
if diff -u want-2.txt got-2.txt && diff -u want-owners-2.txt got-owners-2.txt; then
	echo 'mergeplay: configmap/shop-legacy: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 2 of 6: Helm 3: helm install / upgrade'
mkdir "$work/step-2" && cd "$work/step-2"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
MERGEPLAY_EOF
echo '$ helm upgrade shop ./chart -n default'
if ( "${HELM3:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v3.21.4/helm}" upgrade shop ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "shop" has been upgraded. Happy Helming!
NAME: shop
NAMESPACE: default
STATUS: deployed
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 2: what the cluster holds, compared with the playground'
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.currency: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
if kubectl get configmap shop-legacy -n default >/dev/null 2>&1; then
	echo 'mergeplay: configmap/shop-legacy is still there; the playground deletes it.' >&2
	failed=1
fi
cd "$work"
echo '== step 3 of 6: Helm 3: helm install / upgrade'
mkdir "$work/step-3" && cd "$work/step-3"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
  annotations:
    helm.sh/resource-policy: keep
data:
  checkout: v1
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
  annotations:
    helm.sh/resource-policy: keep
data:
  checkout: v1
MERGEPLAY_EOF
echo '$ helm upgrade shop ./chart -n default'
if ( "${HELM3:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v3.21.4/helm}" upgrade shop ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "shop" has been upgraded. Happy Helming!
NAME: shop
NAMESPACE: default
STATUS: deployed
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 3: what the cluster holds, compared with the playground'
kubectl get configmap shop-legacy -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.helm.sh/resource-policy = "}{.metadata.annotations.helm\.sh/resource-policy}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".data.checkout = "}{.data.checkout}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-legacy
.metadata.namespace = default
.metadata.annotations.helm.sh/resource-policy = keep
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.data.checkout = v1
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:checkout"}}{{".data.checkout: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:helm.sh/resource-policy"}}{{".metadata.annotations.helm.sh/resource-policy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.checkout: helm Update - time
.metadata.annotations.helm.sh/resource-policy: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-legacy -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-legacy -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-legacy: every field and owner compared agrees'
else
	failed=1
fi
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-2.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-2.txt <<'MERGEPLAY_EOF'
.data.currency: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-2.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-2.txt
if diff -u want-2.txt got-2.txt && diff -u want-owners-2.txt got-owners-2.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 4 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-4" && cd "$work/step-4"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
MERGEPLAY_EOF
echo '$ helm upgrade shop ./chart -n default'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade shop ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "shop" has been upgraded. Happy Helming!
NAME: shop
NAMESPACE: default
STATUS: deployed
DESCRIPTION: Upgrade complete
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 4: what the cluster holds, compared with the playground'
kubectl get configmap shop-legacy -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.helm.sh/resource-policy = "}{.metadata.annotations.helm\.sh/resource-policy}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".data.checkout = "}{.data.checkout}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-legacy
.metadata.namespace = default
.metadata.annotations.helm.sh/resource-policy = keep
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.data.checkout = v1
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:checkout"}}{{".data.checkout: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:name"}}{{".metadata.name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{range $k, $v := .}}{{if eq $k "f:namespace"}}{{".metadata.namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:helm.sh/resource-policy"}}{{".metadata.annotations.helm.sh/resource-policy: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-name"}}{{".metadata.annotations.meta.helm.sh/release-name: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:annotations"}}{{range $k, $v := .}}{{if eq $k "f:meta.helm.sh/release-namespace"}}{{".metadata.annotations.meta.helm.sh/release-namespace: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:metadata"}}{{with index . "f:labels"}}{{range $k, $v := .}}{{if eq $k "f:app.kubernetes.io/managed-by"}}{{".metadata.labels.app.kubernetes.io/managed-by: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}{{end}}
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.checkout: helm Update - time
.metadata.annotations.helm.sh/resource-policy: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-legacy -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-legacy -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-legacy: every field and owner compared agrees'
else
	failed=1
fi
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-2.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-2.txt <<'MERGEPLAY_EOF'
.data.currency: helm Update - time
.metadata.annotations.meta.helm.sh/release-name: helm Update - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Update - time
.metadata.labels.app.kubernetes.io/managed-by: helm Update - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-2.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-2.txt
if diff -u want-2.txt got-2.txt && diff -u want-owners-2.txt got-owners-2.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 5 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-5" && cd "$work/step-5"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
data:
  checkout: v1
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-legacy
  namespace: default
data:
  checkout: v1
MERGEPLAY_EOF
echo '$ helm upgrade shop ./chart -n default --server-side=true'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade shop ./chart -n default --server-side=true >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "shop" has been upgraded. Happy Helming!
NAME: shop
NAMESPACE: default
STATUS: deployed
DESCRIPTION: Upgrade complete
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 5: what the cluster holds, compared with the playground'
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.currency: helm Apply - time
.metadata.annotations.meta.helm.sh/release-name: helm Apply - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Apply - time
.metadata.labels.app.kubernetes.io/managed-by: helm Apply - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
kubectl get configmap shop-legacy -n default -o yaml --show-managed-fields || true
cat > fields-2.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".data.checkout = "}{.data.checkout}
{".metadata.annotations.helm.sh/resource-policy = "}{.metadata.annotations.helm\.sh/resource-policy}
MERGEPLAY_EOF
cat > want-2.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-legacy
.metadata.namespace = default
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.data.checkout = v1
.metadata.annotations.helm.sh/resource-policy = 
MERGEPLAY_EOF
cat > owners-2.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:checkout"}}{{".data.checkout: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-2.txt <<'MERGEPLAY_EOF'
.data.checkout: helm Apply - time
.metadata.annotations.meta.helm.sh/release-name: helm Apply - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Apply - time
.metadata.labels.app.kubernetes.io/managed-by: helm Apply - time
MERGEPLAY_EOF
kubectl get configmap shop-legacy -n default -o jsonpath-file=fields-2.jsonpath >got-2.txt || true
{ kubectl get configmap shop-legacy -n default -o go-template-file=owners-2.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-2.txt
if diff -u want-2.txt got-2.txt && diff -u want-owners-2.txt got-owners-2.txt; then
	echo 'mergeplay: configmap/shop-legacy: every field and owner compared agrees'
else
	failed=1
fi
cd "$work"
echo '== step 6 of 6: Helm 4: helm install / upgrade'
mkdir "$work/step-6" && cd "$work/step-6"
cat > config.yaml <<'MERGEPLAY_EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
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
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: default
data:
  currency: EUR
MERGEPLAY_EOF
echo '$ helm upgrade shop ./chart -n default'
if ( "${HELM4:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/helm-v4.3.2/helm}" upgrade shop ./chart -n default >helm-out.txt 2>helm-err.txt; status=$?; grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status ) >printed-1.txt 2>error-1.txt; then
	cat printed-1.txt
else
	cat error-1.txt >&2
	echo 'mergeplay: the command failed; the playground says it succeeds.' >&2
	failed=1
fi
cat > want-printed-1.txt <<'MERGEPLAY_EOF'
Release "shop" has been upgraded. Happy Helming!
NAME: shop
NAMESPACE: default
STATUS: deployed
DESCRIPTION: Upgrade complete
MERGEPLAY_EOF
diff -u want-printed-1.txt printed-1.txt || failed=1
echo '-- after step 6: what the cluster holds, compared with the playground'
kubectl get configmap shop-config -n default -o yaml --show-managed-fields || true
cat > fields-1.jsonpath <<'MERGEPLAY_EOF'
{".apiVersion = "}{.apiVersion}
{".kind = "}{.kind}
{".metadata.name = "}{.metadata.name}
{".metadata.namespace = "}{.metadata.namespace}
{".metadata.labels.app.kubernetes.io/managed-by = "}{.metadata.labels.app\.kubernetes\.io/managed-by}
{".metadata.annotations.meta.helm.sh/release-name = "}{.metadata.annotations.meta\.helm\.sh/release-name}
{".metadata.annotations.meta.helm.sh/release-namespace = "}{.metadata.annotations.meta\.helm\.sh/release-namespace}
{".data.currency = "}{.data.currency}
MERGEPLAY_EOF
cat > want-1.txt <<'MERGEPLAY_EOF'
.apiVersion = v1
.kind = ConfigMap
.metadata.name = shop-config
.metadata.namespace = default
.metadata.labels.app.kubernetes.io/managed-by = Helm
.metadata.annotations.meta.helm.sh/release-name = shop
.metadata.annotations.meta.helm.sh/release-namespace = default
.data.currency = EUR
MERGEPLAY_EOF
cat > owners-1.tmpl <<'MERGEPLAY_EOF'
{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:apiVersion"}}{{".apiVersion: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{range $k, $v := .}}{{if eq $k "f:kind"}}{{".kind: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}
{{with .fieldsV1}}{{with index . "f:data"}}{{range $k, $v := .}}{{if eq $k "f:currency"}}{{".data.currency: "}}{{$id}} {{$t}}
{{end}}{{end}}{{end}}{{end}}
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
{{end}}
MERGEPLAY_EOF
cat > want-owners-1.txt <<'MERGEPLAY_EOF'
.data.currency: helm Apply - time
.metadata.annotations.meta.helm.sh/release-name: helm Apply - time
.metadata.annotations.meta.helm.sh/release-namespace: helm Apply - time
.metadata.labels.app.kubernetes.io/managed-by: helm Apply - time
MERGEPLAY_EOF
kubectl get configmap shop-config -n default -o jsonpath-file=fields-1.jsonpath >got-1.txt || true
{ kubectl get configmap shop-config -n default -o go-template-file=owners-1.tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-1.txt
if diff -u want-1.txt got-1.txt && diff -u want-owners-1.txt got-owners-1.txt; then
	echo 'mergeplay: configmap/shop-config: every field and owner compared agrees'
else
	failed=1
fi
if kubectl get configmap shop-legacy -n default >/dev/null 2>&1; then
	echo 'mergeplay: configmap/shop-legacy is still there; the playground deletes it.' >&2
	failed=1
fi
cd "$work"
if [ "$failed" = 0 ]; then
	echo 'mergeplay: after every step, the cluster agrees with the playground.'
else
	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2
fi
exit "$failed"
