#!/usr/bin/env bash
# deadcode.sh DEADCODE: the layering checks of `make vet`.
#
# 1. `DEADCODE -test ./...` (golang.org/x/tools/cmd/deadcode, pinned as a tool of the conformance
#    module and built by make, so no network is needed) must report no function but those
#    listed in scripts/test/deadcode-allowed.txt ("path: func", each with why it stays).
# 2. The test helper packages (engine/internal/fuzzcheck, engine/modes/toy) must be imported by
#    test files only: nothing the engine ships links them, and fuzzcheck's import of the handler
#    never points up from a package the handler stands on.
set -euo pipefail
deadcode=$1
here=$(dirname "$0")
allowed=$(grep -v '^#' "$here/deadcode-allowed.txt" | sed 's/ *#.*//' | grep -v '^$' || true)
found=$("$deadcode" -test ./... | sed -E 's/:[0-9]+:[0-9]+: unreachable func: /: /')
unexpected=$(comm -23 <(printf '%s\n' "$found" | grep -v '^$' | sort) <(printf '%s\n' "$allowed" | sort))
if [ -n "$unexpected" ]; then
  echo "deadcode: unreachable functions (delete them, or list them in $here/deadcode-allowed.txt with why they stay):"
  printf '%s\n' "$unexpected" | sed 's/^/  /'
  exit 1
fi
helpers='github.com/mergeplay/mergeplay/engine/internal/fuzzcheck|github.com/mergeplay/mergeplay/engine/modes/toy'
importers=$(go list -f '{{.ImportPath}}: {{join .Imports " "}}' ./... | grep -E " ($helpers)( |$)" || true)
if [ -n "$importers" ]; then
  echo "test helper packages imported by non-test code:"
  echo "$importers"
  exit 1
fi
