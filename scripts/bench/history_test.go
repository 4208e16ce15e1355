package main

import (
	"strings"
	"testing"
)

// TestHistoryRow reads the 20-step history's benchmark line as go test prints it into its row.
func TestHistoryRow(t *testing.T) {
	got, skipped := runs{}, skips{}
	parse(strings.NewReader("BenchmarkTwentySteps-2   \t      20\t  16355277 ns/op\t        16.25 median-ms\n"), got, skipped)
	rows := historyRows(got)
	if len(rows) != 1 || rows[0].value != "median 16.2 ms" || rows[0].verdict != "ok" {
		t.Errorf("rows = %+v", rows)
	}
	if rows := historyRows(runs{}); rows[0].verdict != "missing" {
		t.Errorf("without the benchmark: %+v", rows)
	}
}
