#!/usr/bin/env bash
# observe-quantities.sh < QUANTITIES: sends each quantity (one a line) to a real API server twice,
# as a resource list's value (a PodTemplate's container's requests.cpu) and as a field of its own
# (the sizeLimit of an emptyDir volume), with kubectl create --dry-run=server, and prints what
# the server answers for each: a line "QUANTITY<TAB>LIST<TAB>FIELD", each the text the server
# answers (kubectl create's output, as kubectl get shows it), or "refused" when the server
# cannot decode the quantity ("cannot be handled as a PodTemplate: quantities must match the
# regular expression", "unable to parse numeric part of quantity"), or "invalid: TEXT" when it
# decodes it and then refuses it in validation by a message that quotes TEXT (a negative cpu
# request: "Invalid value: "-1m": must be greater than or equal to 0"), or "invalid" by one that
# does not (a negative sizeLimit: "must be a valid resource quantity"). Its output is kept as
# engine/quantity/testdata/observed.tsv, after a header with the versions and the date it was
# taken, and engine/quantity's TestAsObserved replays it.
#
# Run it with KUBECONFIG pointing at the API server of `KEEP=1 scripts/reproduce/run-apiserver.sh
# EXAMPLE` and KUBECTL the kubectl of the same release.
set -uo pipefail
k=${KUBECTL:-kubectl}
echo "# observe-quantities.sh: $("$k" version 2>/dev/null | tr '\n' ' '), $(date -u +%Y-%m-%d)"

# stored prints the text the server answers for the quantity $2 at $1 (list or field).
stored() {
  local where=$1 q=$2 quoted object path out value
  quoted=$(printf '%s' "$q" | sed 's/\\/\\\\/g; s/"/\\"/g')
  if [ "$where" = list ]; then
    object='{"apiVersion":"v1","kind":"PodTemplate","metadata":{"name":"q"},"template":{"spec":{"containers":[{"name":"c","image":"i","resources":{"requests":{"cpu":"'$quoted'"}}}]}}}'
    path='{.template.spec.containers[0].resources.requests.cpu}'
  else
    object='{"apiVersion":"v1","kind":"PodTemplate","metadata":{"name":"q"},"template":{"spec":{"containers":[{"name":"c","image":"i"}],"volumes":[{"name":"v","emptyDir":{"sizeLimit":"'$quoted'"}}]}}}'
    path='{.template.spec.volumes[0].emptyDir.sizeLimit}'
  fi
  if out=$(printf '%s' "$object" | "$k" create --dry-run=server -o jsonpath="$path" -f - 2>&1); then
    printf '%s' "$out"
  elif value=$(printf '%s' "$out" | grep -o 'Invalid value: "[^"]*"' | head -1) && [ -n "$value" ]; then
    value=${value#Invalid value: \"}
    printf 'invalid: %s' "${value%\"}"
  elif printf '%s' "$out" | grep -q 'cannot be handled as'; then
    printf 'refused'
  else
    printf 'invalid'
  fi
}

while IFS= read -r q; do
  printf '%s\t%s\t%s\n' "$q" "$(stored list "$q")" "$(stored field "$q")"
done
