#!/usr/bin/env bash
# summary.sh WHAT LOG: prints the one summary line of a run of suites (see suite.sh) and exits
# non-zero when any suite failed.
set -u
what=$1
log=$2
total=0 failed=() secs=0
while read -r status s name; do
  total=$((total + 1))
  secs=$((secs + s))
  [ "$status" = 0 ] || failed+=("$name")
done <"$log"
rm -f "$log"
if [ ${#failed[@]} = 0 ]; then
  echo "$what: all $total suites passed in $((secs / 60))m$((secs % 60))s"
  exit 0
fi
echo "$what: ${#failed[@]} of $total suites FAILED ($(IFS=,; echo "${failed[*]}")) in $((secs / 60))m$((secs % 60))s"
exit 1
