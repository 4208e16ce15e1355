#!/usr/bin/env bash
# run-apiserver.sh [EXAMPLE...]: runs the reproduce scripts (engine/reproduce/testdata/*.sh, one
# per example of mode apply, ssa or patch and one per history, whose script runs all its steps
# on one cluster, kept equal to what the engine writes by
# `go test ./engine/reproduce`) against a real API server on this machine, and reports which
# agree with the playground.
#
# The API server is etcd and kube-apiserver, with the kubectl of the same release, built from the
# Go module proxy at the versions scripts/reproduce/apiserver/go.mod pins and kept under
# ${MERGEPLAY_CACHE:-~/.cache/mergeplay}/k8s-VERSION-etcd-VERSION/bin (built once; the first build
# takes a quarter of an hour on 2 cores). It listens on 127.0.0.1 only, with a token of its own,
# AlwaysAllow authorization and a self-signed certificate; no controller runs (no
# kube-controller-manager, no scheduler, no kubelet): what the reproduce scripts check (the
# object the API server stores after apply, server-side apply or patch, with its defaults and
# managedFields) is the API server's alone. kubectl's context is named kind-mergeplay, so the
# scripts run without MERGEPLAY_ANY_CONTEXT.
#
# Before each example every object of the earlier one is deleted (all namespaced objects outside
# kube-*, but the kubernetes Service, and every CustomResourceDefinition): each script meets the
# empty cluster it asks for. A script's whole output goes to OUT/EXAMPLE.log (OUT is
# ${MERGEPLAY_REPRODUCE_OUT:-build/reproduce}); the last line is "N passed, N failed". Examples
# listed in KNOWN_DIFFERENCES below are known to differ, for the reason given there: they count
# as passed when their script exits with the status given there, and as failed otherwise (a
# script that starts to agree must leave the list). An example the playground refuses has no
# script: kubectl must refuse its config with the playground's first message (refused).
#
# MERGEPLAY_REPRODUCE_SCRIPTS=DIR runs the scripts of DIR instead (the real-API-server
# differential, make apiserver-diff: random cases of the conformance generators written by
# scripts/conformance/cmd/apiservercases); a script that exits 3 (the cluster refuses the case's
# objects as given) is then counted apart, neither passed nor failed.
#
# A history with helm steps runs Helm 3 and Helm 4 (HELM3, HELM4: by default the builds of
# scripts/reproduce/build-helm.sh, which this script makes when they are missing).
#
# Environment: MERGEPLAY_ETCD_PORT (default 23790, and the next port for etcd's peers),
# MERGEPLAY_APISERVER_PORT (default 26443), KEEP=1 leaves the servers running at the end (their
# kubeconfig is printed).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
module=$root/scripts/reproduce/apiserver
scripts=${MERGEPLAY_REPRODUCE_SCRIPTS:-$root/engine/reproduce/testdata}
out=${MERGEPLAY_REPRODUCE_OUT:-$root/build/reproduce}
etcd_port=${MERGEPLAY_ETCD_PORT:-23790}
api_port=${MERGEPLAY_APISERVER_PORT:-26443}

# KNOWN_DIFFERENCES: example name, then the status its script is known to exit with (1 the
# cluster differs, 3 the cluster refuses the example's objects; 3+valid: and its valid variant,
# see valid(), must agree) and why. Observed with
# kube-apiserver and kubectl v1.37.2 (run-apiserver.sh, 2026-11-25).
declare -A KNOWN_DIFFERENCES=(
  [apply-prune]="3|live's Secret holds data that is not base64 (LS0tLS1CRUdJTi...), which the API server refuses"
  [apply-stream]="3|live's Secret holds data that is not base64 (LS0tLS1CRUdJTi...), which the API server refuses"
)

version_of() { # the version go.mod requires of a module
  awk -v m="$1" '$1 == m && $2 ~ /^v/ { print $2; exit }' "$module/go.mod"
}
k8s=$(version_of k8s.io/kubernetes)
etcd_version=$(version_of go.etcd.io/etcd/server/v3)
bin=${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/k8s-$k8s-etcd-$etcd_version/bin

# build makes the three binaries that are not in the cache yet.
build() {
  local minor=${k8s#v1.}
  minor=${minor%%.*}
  local ld="-s -w"
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    ld="$ld -X $pkg.gitVersion=$k8s -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor"
  done
  mkdir -p "$bin"
  local name pkg
  for name in etcd kube-apiserver kubectl; do
    [ -x "$bin/$name" ] && continue
    case $name in
    etcd) pkg=go.etcd.io/etcd/server/v3 ;;
    *) pkg=k8s.io/kubernetes/cmd/$name ;;
    esac
    echo "building $name ($pkg) into $bin"
    (cd "$module" && go build -trimpath -ldflags "$ld" -o "$bin/$name.tmp" "$pkg")
    mv "$bin/$name.tmp" "$bin/$name"
  done
}

# port_free fails when something listens on 127.0.0.1:PORT.
port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

run=""
pids=()
stop() {
  if [ "${KEEP:-}" = 1 ]; then
    echo "the servers keep running (pids ${pids[*]:-}); KUBECONFIG=$run/kubeconfig"
    return
  fi
  local pid i
  for pid in "${pids[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  for i in $(seq 1 20); do # kube-apiserver's graceful shutdown can take long: 10 s, then KILL
    kill -0 "${pids[@]:-0}" 2>/dev/null || break
    sleep 0.5
  done
  for pid in "${pids[@]:-}"; do
    [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
    [ -n "$pid" ] && wait "$pid" 2>/dev/null || true
  done
  [ -n "$run" ] && rm -rf "$run"
  return 0
}

# start runs etcd and kube-apiserver and writes the kubeconfig; it returns when the API server
# is ready.
start() {
  for port in "$etcd_port" "$((etcd_port + 1))" "$api_port"; do
    port_free "$port" || { echo "port $port is taken: set MERGEPLAY_ETCD_PORT / MERGEPLAY_APISERVER_PORT" >&2; exit 1; }
  done
  run=$(mktemp -d)
  trap stop EXIT
  trap 'exit 130' INT TERM
  mkdir -p "$out"
  "$bin/etcd" --name mergeplay --data-dir "$run/etcd" --unsafe-no-fsync --log-level warn \
    --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
    --listen-peer-urls "http://127.0.0.1:$((etcd_port + 1))" --initial-advertise-peer-urls "http://127.0.0.1:$((etcd_port + 1))" \
    --initial-cluster "mergeplay=http://127.0.0.1:$((etcd_port + 1))" >"$out/etcd.log" 2>&1 &
  pids+=($!)
  openssl genrsa -out "$run/sa.key" 2048 2>/dev/null
  local token
  token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  echo "$token,admin,admin,system:masters" >"$run/tokens.csv"
  "$bin/kube-apiserver" --etcd-servers "http://127.0.0.1:$etcd_port" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$api_port" --cert-dir "$run/certs" \
    --token-auth-file "$run/tokens.csv" --authorization-mode AlwaysAllow \
    --service-account-issuer https://kubernetes.default.svc --service-account-key-file "$run/sa.key" \
    --service-account-signing-key-file "$run/sa.key" --service-cluster-ip-range 10.96.0.0/12 --endpoint-reconciler-type none \
    >"$out/kube-apiserver.log" 2>&1 &
  pids+=($!)
  cat >"$run/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: mergeplay
  cluster: {server: "https://127.0.0.1:$api_port", insecure-skip-tls-verify: true}
users:
- name: admin
  user: {token: "$token"}
contexts:
- name: kind-mergeplay
  context: {cluster: mergeplay, user: admin, namespace: default}
current-context: kind-mergeplay
EOF
  export KUBECONFIG=$run/kubeconfig KUBECACHEDIR=$run/kube-cache PATH=$bin:$PATH
  local i
  for i in $(seq 1 120); do
    if kubectl get --raw /readyz >/dev/null 2>&1 && kubectl get namespace default >/dev/null 2>&1; then
      echo "API server ready: $(kubectl version 2>/dev/null | tr '\n' ' ')"
      return
    fi
    kill -0 "${pids[1]}" 2>/dev/null || break
    sleep 1
  done
  echo "the API server did not become ready; its log:" >&2
  tail -30 "$out/kube-apiserver.log" >&2
  exit 1
}

# empty deletes what the examples may have created: every namespaced object outside the kube-*
# namespaces (but the kubernetes Service the API server keeps) and every custom resource
# definition. No controller removes finalizers here: the objects that keep some after the delete
# lose them by a merge patch.
empty() {
  local types ns left i
  types=$(kubectl api-resources --verbs=list,delete --namespaced -o name | grep -v -E '^(events|events\.events\.k8s\.io|leases\.coordination\.k8s\.io|endpoints)$' | paste -sd, -)
  for ns in $(kubectl get namespaces -o jsonpath='{.items[*].metadata.name}'); do
    case $ns in kube-*) continue ;; esac
    for i in $(seq 1 30); do
      left=$(kubectl get "$types" -n "$ns" --field-selector metadata.name!=kubernetes -o name)
      [ -z "$left" ] && break
      kubectl delete $left -n "$ns" --wait=false >/dev/null 2>&1 || true
      for object in $left; do
        kubectl patch "$object" -n "$ns" --type merge -p '{"metadata":{"finalizers":null}}' >/dev/null 2>&1 || true
      done
    done
    [ -z "$left" ] || { echo "cannot empty namespace $ns: $left" >&2; exit 1; }
  done
  kubectl delete customresourcedefinitions --all --wait=true --timeout=60s >/dev/null
}

# examples lists the examples to run: the arguments, or every one with a script and every
# refused example of mode apply or ssa (see refused).
examples() {
  if [ $# -gt 0 ]; then
    printf '%s\n' "$@"
    return
  fi
  for f in "$scripts"/*.sh; do basename "$f" .sh; done
  [ -n "${MERGEPLAY_REPRODUCE_SCRIPTS:-}" ] && return
  local dir
  for dir in "$root"/examples/*/; do
    [ -f "$scripts/$(basename "$dir").sh" ] && continue
    grep -q '^error ' "$dir/marks.txt" 2>/dev/null || continue
    case $(awk '$1 == "mode:" { print $2; exit }' "$dir/example.yaml") in
    apply | ssa) basename "$dir" ;;
    esac
  done
}

# refused runs an example the playground refuses (its marks.txt lists errors; the engine writes
# no reproduce script for it): kubectl, given the example's config as config.yaml (the file the
# playground's commands name), must refuse it too (apply, or apply --server-side for mode ssa),
# printing the playground's first message (kubectl words it as the playground does; the API
# server stops at its first problem where the playground lists every one).
refused() {
  local name=$1 dir=$root/examples/$1 mode message status=0
  if ! grep -q '^error ' "$dir/marks.txt" 2>/dev/null; then
    echo "FAIL  $name: no reproduce script ($scripts/$name.sh), and not a refused example"
    return 1
  fi
  mode=$(awk '$1 == "mode:" { print $2; exit }' "$dir/example.yaml")
  message=$(grep -m1 '^error ' "$dir/marks.txt" | cut -d' ' -f3-)
  mkdir -p "$out/$name"
  cp "$dir/updated.yaml" "$out/$name/config.yaml"
  local words=(apply)
  [ "$mode" = ssa ] && words=(apply --server-side)
  (cd "$out/$name" && kubectl "${words[@]}" -f config.yaml) >"$out/$name.log" 2>&1 || status=$?
  if [ "$status" != 0 ] && grep -qF -- "$message" "$out/$name.log"; then
    echo "ok    $name (kubectl refuses it as the playground does: $message)"
    return 0
  fi
  echo "FAIL  $name: kubectl exit $status; want a refusal printing: $message; see $out/$name.log"
  sed 's/^/      /' "$out/$name.log" | tail -20
  return 1
}

# valid runs the valid variant of an example (scripts/reproduce/validvariant: its Deployments
# given a selector and template labels, the same in every input) and expects it to agree.
valid() {
  local status=0
  (cd "$root" && go run ./scripts/reproduce/validvariant "$1") >"$out/$1.valid.sh"
  empty
  sh "$out/$1.valid.sh" >"$out/$1.valid.log" 2>&1 || status=$?
  if [ "$status" = 0 ]; then
    echo "ok    $1, made valid (selector and template labels added)"
    return 0
  fi
  echo "FAIL  $1, made valid: exit $status; see $out/$1.valid.log"
  sed 's/^/      /' "$out/$1.valid.log" | tail -40
  return 1
}

# helm_builds builds Helm 3 and Helm 4 (scripts/reproduce/build-helm.sh: once, into the cache)
# when a script to run has a helm step: a script runs the binaries HELM3 and HELM4 name, by
# default those builds.
helm_builds() {
  local name
  for name in "$@"; do
    if grep -q 'HELM[34]:-' "$scripts/$name.sh" 2>/dev/null; then
      "$root/scripts/reproduce/build-helm.sh" >/dev/null
      return
    fi
  done
}

main() {
  build
  helm_builds $(examples "$@")
  start
  local passed=0 failed=0 refused=0 name status known why
  for name in $(examples "$@"); do
    empty
    if [ ! -f "$scripts/$name.sh" ]; then
      if refused "$name"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
      continue
    fi
    status=0
    sh "$scripts/$name.sh" >"$out/$name.log" 2>&1 || status=$?
    known=${KNOWN_DIFFERENCES[$name]:-}
    why=${known#*|}
    if [ -n "$known" ]; then
      if [ "$status" = "${known%%+*}" ] || [ "$status" = "${known%%|*}" ]; then
        echo "ok    $name (exit $status, as known: $why)"
        passed=$((passed + 1))
        case ${known%%|*} in *+valid) valid "$name" && passed=$((passed + 1)) || failed=$((failed + 1)) ;; esac
      else
        echo "FAIL  $name: exit $status, but exit ${known%%|*} is known ($why); see $out/$name.log"
        failed=$((failed + 1))
      fi
    elif [ "$status" = 0 ]; then
      echo "ok    $name"
      passed=$((passed + 1))
    elif [ "$status" = 3 ] && [ -n "${MERGEPLAY_REPRODUCE_SCRIPTS:-}" ]; then
      echo "REFUSED $name: the cluster refuses its objects as given; see $out/$name.log"
      refused=$((refused + 1))
    else
      echo "FAIL  $name: exit $status; see $out/$name.log"
      sed 's/^/      /' "$out/$name.log" | tail -40
      failed=$((failed + 1))
    fi
  done
  echo "reproduce scripts against kube-apiserver $k8s (etcd $etcd_version):"
  if [ -n "${MERGEPLAY_REPRODUCE_SCRIPTS:-}" ]; then
    echo "$passed passed, $failed failed, $refused refused as given"
  else
    echo "$passed passed, $failed failed"
  fi
  [ "$failed" = 0 ]
}

main "$@"
