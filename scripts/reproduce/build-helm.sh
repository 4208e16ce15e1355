#!/usr/bin/env bash
# build-helm.sh: builds Helm 3 and Helm 4 from the Go module proxy, once, into
# ${MERGEPLAY_CACHE:-~/.cache/mergeplay}/helm-VERSION/helm, and prints the two binaries' paths as
# HELM3=... and HELM4=... (for scripts/reproduce/observe-helm.sh). The versions are the newest
# that go install accepted on Go 1.26 (helm.sh/helm/v3 v3.21.4, helm.sh/helm/v4 v4.3.2); the
# first build takes about ten minutes on 2 cores. Built without Helm's release ldflags, the
# binaries print their version as "v3.21" and "v4.3" (helm version --short).
set -euo pipefail
cache=${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}
build() { # build MODULE VERSION: the binary's path
  local dir=$cache/helm-$2
  if [ ! -x "$dir/helm" ]; then
    mkdir -p "$dir"
    echo "building helm $2 into $dir" >&2
    GOBIN=$dir GOFLAGS=-mod=mod go install "$1/cmd/helm@$2" >&2
  fi
  echo "$dir/helm"
}
echo "HELM3=$(build helm.sh/helm/v3 v3.21.4)"
echo "HELM4=$(build helm.sh/helm/v4 v4.3.2)"
