package main

import (
	"fmt"
	"path/filepath"
)

// historyBudgetMS is issue 29's budget: a history of 20 steps on a Deployment answered natively.
const historyBudgetMS = 100

// historyArgs run engine/history's BenchmarkTwentySteps (20 answers, their median reported).
func historyArgs() []string {
	return []string{"test", "-v", "-run", "^$", "-bench", "^BenchmarkTwentySteps$", "-benchtime", "20x", "-count", "1", "./" + filepath.Join("engine", "history")}
}

// historyRows is the row of the 20-step history.
func historyRows(got runs) []row {
	what := "history of 20 steps on a Deployment (writers, Helm 3 and 4), native, whole answer"
	rs := got["BenchmarkTwentySteps"]
	med, n := median(rs, "median-ms")
	if n == 0 {
		return []row{{what, "not measured", fmt.Sprintf("≤ %d ms", historyBudgetMS), "missing"}}
	}
	return []row{{what, fmt.Sprintf("median %.1f ms", med), fmt.Sprintf("≤ %d ms", historyBudgetMS), verdict(med <= historyBudgetMS)}}
}
