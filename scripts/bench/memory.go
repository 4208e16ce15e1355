package main

import "fmt"

// memoryBench is the browser benchmark of the page's wasm memory (scripts/browsertest).
const memoryBench = "BenchmarkWasmMemory"

// memoryRows is the page's memory row: the wasm's linear memory at start, after the largest
// real-file request, after every real file in every mode, and after the 4 MiB stream in apply
// and merge3, the largest inputs the page reads (no budget set: reported, as issue 17 asks). The
// native CLI's peak RSS is in the whole-process rows, the 4 MiB stream's among them.
func memoryRows(got runs, skipped skips) []row {
	what := "page: the wasm's linear memory (its peak), a second instance in the page, on the real files and the 4 MiB stream"
	rs := got[memoryBench]
	if len(rs) == 0 {
		if reason, ok := skipped[memoryBench]; ok {
			return []row{{what, reason, "none set", "skipped"}}
		}
		return []row{{what, "not measured", "none set", "missing"}}
	}
	r := rs[len(rs)-1]
	return []row{{what, fmt.Sprintf("%s at start, %s after the largest real-file request, %s after every real file in every mode, %s after the 4 MiB stream in apply and merge3",
		mib(r["wasm-start-bytes"]), mib(r["wasm-largest-bytes"]), mib(r["wasm-all-bytes"]), mib(r["wasm-stream-bytes"])), "none set", "info"}}
}
