package handler

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/bigstream"
)

// bigModes are the modes BenchmarkBigEdit times: those that read the 2 MB input as it stands.
var bigModes = []string{"apply", "merge3", "ssa", "patch", "twoway"}

// BenchmarkBigEdit times an edit of issue 28's 2 MB input (bigstream: 4,200 Deployments per
// editor) natively, in each mode, as the page's worker asks: with deltas against the last answer,
// the line diff and the patches skipped. value types a character at the end of an env value of
// the middle resource, rename one at the end of another resource's name; each op is one key,
// its answer encoded. The handler answered the stream once before (untimed).
func BenchmarkBigEdit(b *testing.B) {
	req := bigstream.Stream(bigstream.Deployments)
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	req.Options.Now = "2026-12-06T10:00:00Z"
	for _, mode := range bigModes {
		for _, key := range []string{"value", "name"} {
			b.Run(mode+"/"+key, func(b *testing.B) {
				asked := *req
				asked.Mode = mode
				line, ok := bigstream.Find(asked.Updated, bigstream.Deployments/2+len(key), key)
				if !ok {
					b.Fatalf("no %s line", key)
				}
				h := Default()
				since := askDeltas(b, h, &asked, 0)
				config := asked.Updated
				b.ResetTimer()
				for i := range b.N {
					asked.Updated = bigstream.Typed(config, line, strings.Repeat("x", i%50+1))
					since = askDeltas(b, h, &asked, since)
				}
			})
		}
	}
}

// BenchmarkBigSwitch times the mode switched on issue 28's 2 MB input: a handler that answered
// the stream in apply asked for it in another mode, as the page asks (deltas, the line diff
// and the patches skipped).
func BenchmarkBigSwitch(b *testing.B) {
	req := bigstream.Stream(bigstream.Deployments)
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	req.Options.Now = "2026-12-06T10:00:00Z"
	for _, mode := range bigModes[1:] {
		b.Run(mode, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				h := Default()
				asked := *req
				since := askDeltas(b, h, &asked, 0)
				asked.Mode = mode
				b.StartTimer()
				askDeltas(b, h, &asked, since)
			}
		})
	}
}

// askDeltas answers req with deltas since the answer numbered since, and returns the answer's
// number; it fails on an answer with errors.
func askDeltas(tb testing.TB, h *Handler, req *contract.Request, since int) int {
	tb.Helper()
	req.Deltas, req.Since = true, since
	resp := h.Handle(context.Background(), req)
	if len(resp.Errors) > 0 {
		tb.Fatalf("%s: %+v", req.Mode, resp.Errors[0])
	}
	h.encode(req, resp)
	return since + 1
}
