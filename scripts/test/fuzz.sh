#!/usr/bin/env bash
# fuzz.sh FUZZTIME: random fuzzing of every fuzz target of the product module, FUZZTIME each
# (make fuzz). `make test` never fuzzes: it runs each target's seeds and kept inputs only, as
# plain `go test` does, so it cannot fail by chance.
#
# A new input is minimized for at most 5 s (the default minute would eat the run). A target that
# stops without writing a failing input (Go's fuzzer sometimes stops its workers late on a
# loaded machine: "context deadline exceeded") is run once more; a failing input always fails,
# and the message says where it was written: from then on plain `go test` runs it too, so fix
# the bug (or, for a reference behaviour, allow it in the target's invariant, with a note) and
# keep the input as a seed.
set -u
fuzztime=${1:-10s}
go=${GO:-go}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0 targets=0
for pkg in $($go list ./...); do
  dir=$($go list -f '{{.Dir}}' "$pkg")
  for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //'); do
    targets=$((targets + 1))
    start=$(date +%s)
    for try in 1 2; do
      if $go test -run '^$' -fuzz "^$target\$" -fuzztime "$fuzztime" -fuzzminimizetime 5s "$pkg" >"$log" 2>&1; then
        printf 'ok    fuzz %-28s %-45s %4ss\n' "$target" "${pkg#github.com/mergeplay/mergeplay/}" "$(( $(date +%s) - start ))"
        break
      fi
      if grep -q 'Failing input written' "$log" || [ $try = 2 ]; then
        printf 'FAIL  fuzz %-28s %s\n' "$target" "${pkg#github.com/mergeplay/mergeplay/}"
        sed 's/^/      /' "$log"
        written=$(grep -o 'testdata/fuzz/[^ ]*' "$log" | head -1)
        [ -z "$written" ] || echo "      the failing input is now $dir/$written: plain go test (and make test) runs it until the bug is fixed"
        status=1
        break
      fi
      echo "      fuzz $target stopped without a failing input; running it again"
    done
  done
done
echo "fuzz: $targets targets, $fuzztime each: $([ $status = 0 ] && echo 'nothing found' || echo 'FAILED')"
exit $status
