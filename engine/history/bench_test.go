package history_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// twentySteps is a history of 20 steps on one Deployment: the writers' story (15 steps: create,
// client-side apply, kpt, scale, label, annotate, the three patch types, replace, a controller
// through scale, server-side apply) followed by the first five of Helm's (installs and upgrades
// under Helm 3 and 4, a label, a scale).
func twentySteps() *contract.Request {
	req := writersHistory()
	req.Steps = append(req.Steps, helmHistory().Steps[:5]...)
	return req
}

// BenchmarkTwentySteps answers a 20-step history on a Deployment natively, as the page's engine
// answers a history it is sent whole (issue 29's budget: within 100 ms), each time by a new
// handler: one handler asked the same request again answers from its memo. make bench reports
// its median as median-ms (scripts/bench: historyRows).
func BenchmarkTwentySteps(b *testing.B) {
	req := twentySteps()
	if len(req.Steps) != 20 {
		b.Fatalf("%d steps, want 20", len(req.Steps))
	}
	var took []time.Duration
	for b.Loop() {
		h := handler.Default()
		start := time.Now()
		resp := h.Handle(context.Background(), req)
		took = append(took, time.Since(start))
		if len(resp.Steps) != 20 {
			b.Fatalf("answered %d steps: %+v", len(resp.Steps), resp.Errors)
		}
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "median-ms")
}
