package main

import "fmt"

// largeBench is the browser benchmark of the page on the 4 MiB stream (scripts/browsertest).
const largeBench = "BenchmarkLargeInput"

// largeModes are its sub-benchmarks.
var largeModes = []string{"apply", "merge3"}

// largeBudgetMS is its budget (DESIGN.md): a 4 MiB apply or merge3 answers within 2 s.
const largeBudgetMS = 2000

// largeRows are the 4 MiB rows: per mode, the keydown-to-answer time against the budget, with
// the time the inputs took to be answered once set and how fast keys were painted meanwhile.
func largeRows(got runs, skipped skips) []row {
	var rows []row
	budget := fmt.Sprintf("median ≤ %d ms", largeBudgetMS)
	for _, mode := range largeModes {
		what := fmt.Sprintf("page: a 4 MiB stream of real manifests (three inputs) in %s: keydown → answer shown", mode)
		name := largeBench + "/" + mode
		rs := got[name]
		if len(rs) == 0 {
			reason, verdictText := "not measured", "missing"
			if r, ok := skipped[name]; ok {
				reason, verdictText = r, "skipped"
			} else if r, ok := skipped[largeBench]; ok {
				reason, verdictText = r, "skipped"
			}
			rows = append(rows, row{what, reason, budget, verdictText})
			continue
		}
		r := rs[len(rs)-1]
		rows = append(rows, row{what,
			fmt.Sprintf("median %.0f ms, p95 %.0f ms; the inputs set to their answer shown %.0f ms; keys painted: median %.0f ms, worst %.0f ms",
				r["median-ms"], r["p95-ms"], r["open-ms"], r["key-median-ms"], r["key-worst-ms"]),
			budget, verdict(r["median-ms"] <= largeBudgetMS)})
	}
	return rows
}
