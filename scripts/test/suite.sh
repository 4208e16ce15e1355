#!/usr/bin/env bash
# suite.sh NAME COMMAND...: runs one test suite quietly for `make test` and `make check`.
#
# It prints one line when the suite passes ("ok    NAME  12s") and, when it fails, that line
# as FAIL followed by the suite's whole output (less Go's "ok"/"no test files" lines and the
# module downloads), so a passing run stays short and a failing one says everything. Set
# VERBOSE=1 to see every suite's output as it runs. Each result is appended to $SUITE_LOG
# (when set) for the summary line (summary.sh). Lines of a passing suite that start with
# "note: " are printed too: they say what was skipped or installed.
set -u
name=$1
shift
start=$(date +%s)
if [ "${VERBOSE:-}" = 1 ]; then
  "$@"
  status=$?
else
  log=$(mktemp)
  "$@" >"$log" 2>&1
  status=$?
fi
secs=$(( $(date +%s) - start ))
if [ $status = 0 ]; then
  printf 'ok    %-34s %4ss\n' "$name" "$secs"
else
  printf 'FAIL  %-34s %4ss\n' "$name" "$secs"
fi
if [ $status = 0 ] && [ "${VERBOSE:-}" != 1 ]; then
  grep -a '^note: ' "$log" | sed 's/^/      /'
fi
if [ $status != 0 ] && [ "${VERBOSE:-}" != 1 ]; then
  grep -avE '^(ok  |\?   |go: downloading |go: finding )|ExperimentalWarning|--trace-warnings' "$log" | sed 's/^/      /'
fi
[ "${VERBOSE:-}" = 1 ] || rm -f "$log"
if [ -n "${SUITE_LOG:-}" ]; then
  echo "$status $secs $name" >>"$SUITE_LOG"
fi
exit $status
