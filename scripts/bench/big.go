package main

import (
	"fmt"

	"github.com/mergeplay/mergeplay/internal/bigstream"
)

// bigBench is the browser benchmark of the page on issue 28's 2 MB input (scripts/browsertest).
const bigBench = "BenchmarkBigInput"

// bigRows are the 2 MB input's rows, each against its budget (bigstream): the inputs set to
// their marks, a value edit, a rename, the switch to merge3, the longest task on the page's
// thread through all of them, and the page's heap after 100 edits against after the first
// (with how much of each is V8's compiled code, from heap snapshots: the functions it optimizes
// as the edits go on, which no page can keep from growing).
func bigRows(got runs, skipped skips) []row {
	what := func(s string) string {
		return fmt.Sprintf("page: a 2 MB input (%d Deployments per editor), %s", bigstream.Deployments, s)
	}
	kinds := []struct {
		what, metric string
		budget       float64
	}{
		{"the inputs set (as a paste) to their marks shown", "paste-ms", bigstream.PasteBudgetMS},
		{"a value edit, keydown → the answer's frame (median)", "edit-ms", bigstream.EditBudgetMS},
		{"a resource renamed by a key in its name (median)", "rename-ms", bigstream.RenameBudgetMS},
		{"the mode switched to merge3, to its answer shown", "switch-ms", bigstream.SwitchBudgetMS},
		{"the longest task on the page's thread through all of the above", "longtask-ms", bigstream.LongestTaskMS},
	}
	rs := got[bigBench]
	if len(rs) == 0 {
		reason, verdictText := "not measured", "missing"
		if r, ok := skipped[bigBench]; ok {
			reason, verdictText = r, "skipped"
		}
		rows := make([]row, 0, len(kinds)+1)
		for _, k := range kinds {
			rows = append(rows, row{what(k.what), reason, fmt.Sprintf("≤ %.0f ms", k.budget), verdictText})
		}
		return append(rows, row{what("the page's heap after 100 edits"), reason, "no larger than after the first", verdictText})
	}
	r := rs[len(rs)-1]
	rows := make([]row, 0, len(kinds)+1)
	for _, k := range kinds {
		rows = append(rows, row{what(k.what), fmt.Sprintf("%.0f ms", r[k.metric]), fmt.Sprintf("≤ %.0f ms", k.budget), verdict(r[k.metric] <= k.budget)})
	}
	heap1, heap100 := r["heap-1-bytes"], r["heap-100-bytes"]
	value := fmt.Sprintf("%.1f MB (after the first: %.1f MB)", heap100/1e6, heap1/1e6)
	if code1, code100 := r["heap-1-code-bytes"], r["heap-100-code-bytes"]; code1 > 0 && code100 > 0 {
		value += fmt.Sprintf("; of it V8's compiled code %.2f MB (after the first: %.2f MB), the rest %+.2f MB",
			code100/1e6, code1/1e6, (heap100-code100-heap1+code1)/1e6)
	}
	return append(rows, row{what("the page's heap after 100 edits"), value, "no larger than after the first",
		verdict(heap100 <= heap1)})
}
