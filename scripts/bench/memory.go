package main

import "fmt"

// memoryBench is the browser benchmark of the page's wasm memory (scripts/browsertest).
const memoryBench = "BenchmarkWasmMemory"

// memoryRows is the page's memory row: the wasm's linear memory at start, after the largest
// real-file request the page reads and after every real file in every mode (no budget set:
// reported, as issue 17 asks). The native CLI's peak RSS is in the whole-process rows.
func memoryRows(got runs, skipped skips) []row {
	what := "page: the wasm's linear memory (its peak), a second instance in the page, on the real files"
	rs := got[memoryBench]
	if len(rs) == 0 {
		if reason, ok := skipped[memoryBench]; ok {
			return []row{{what, reason, "none set", "skipped"}}
		}
		return []row{{what, "not measured", "none set", "missing"}}
	}
	r := rs[len(rs)-1]
	return []row{{what, fmt.Sprintf("%s at start, %s after the largest request, %s after every real file in every mode",
		mib(r["wasm-start-bytes"]), mib(r["wasm-largest-bytes"]), mib(r["wasm-all-bytes"])), "none set", "info"}}
}
