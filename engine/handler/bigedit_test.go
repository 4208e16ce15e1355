package handler

import (
	"bytes"
	"context"
	"runtime/pprof"
	"strconv"
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
// its answer encoded. The handler answered the stream once before (untimed). The keys run under
// the profiler label phase=keys: `go tool pprof -tagfocus phase=keys` shows them without the
// first answer (the collector's background work is unlabelled).
func BenchmarkBigEdit(b *testing.B) {
	req := bigstream.Stream(bigstream.Deployments)
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	req.Options.Now = "2026-12-06T10:00:00Z"
	for _, mode := range bigModes {
		for _, key := range []string{"value", "name"} {
			if mode == "patch" && key == "name" {
				continue // a patch renamed targets an object live lacks: kubectl patch answers NotFound
			}
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
				pprof.Do(context.Background(), pprof.Labels("phase", "keys"), func(context.Context) {
					for i := range b.N {
						asked.Updated = bigstream.Typed(config, line, strings.Repeat("x", i%50+1))
						since = askDeltas(b, h, &asked, since)
					}
				})
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
	answerDeltas(tb, h, req, since)
	return since + 1
}

// answerDeltas answers req with deltas since the answer numbered since, and returns the answer's
// JSON; it fails on an answer with errors.
func answerDeltas(tb testing.TB, h *Handler, req *contract.Request, since int) []byte {
	tb.Helper()
	req.Deltas, req.Since = true, since
	resp := h.answer(context.Background(), req)
	if len(resp.Errors) > 0 {
		tb.Fatalf("%s: %+v", req.Mode, resp.Errors[0])
	}
	return h.encode(req, resp)
}

// TestWarmStreamAnswersAsCold wants a handler that answered a stream before (its memos warm) to
// answer the stream edited as a new handler does, byte for byte, in every mode bigModes names
// (ssa, whose apply conflicts with before-first-apply on every image, also forced):
// on bigstream's stream of 24 Deployments whose config's resource 3 lists its container twice
// (a dropped item, whose reason names a result line; once in ssa, which refuses it), edited as a reader edits it
// (a value of resource 12 typed into, resource 12 renamed, a line added above resource 5, a
// resource taken away, the stream again), each asked after the one before.
func TestWarmStreamAnswersAsCold(t *testing.T) {
	req := bigstream.Stream(24)
	req.Options.Now = "2026-12-06T10:00:00Z"
	twice, ok := bigstream.Find(req.Updated, 3, "image")
	if !ok {
		t.Fatal("no image line in resource 3")
	}
	lines := strings.SplitAfter(req.Updated, "\n")
	const duplicate = "      - name: web\n        image: other:1\n"
	lines[twice.Line-1] += duplicate
	req.Updated = strings.Join(lines, "")
	value, _ := bigstream.Find(req.Updated, 12, "value")
	name, _ := bigstream.Find(req.Updated, 12, "name")
	top, _ := bigstream.Find(req.Updated, 5, "apiVersion")
	docs := documents(req.Updated)
	configs := []string{
		req.Updated,
		bigstream.Typed(req.Updated, value, "x"),
		bigstream.Typed(req.Updated, value, "xy"),
		bigstream.Typed(req.Updated, name, "-renamed"),
		strings.Replace(req.Updated, "\n"+top.Prefix+top.Value+"\n", "\n# a comment\n"+top.Prefix+top.Value+"\n", 1),
		join(append(docs[:7:7], docs[8:]...)),
		req.Updated,
	}
	for _, mode := range append(bigModes, "ssa --force-conflicts") {
		t.Run(mode, func(t *testing.T) {
			warm := Default()
			asked := *req
			asked.Mode, asked.Options.Force = strings.CutSuffix(mode, " --force-conflicts")

			for i, config := range configs {
				asked.Updated = config
				if asked.Mode == "ssa" { // which refuses the duplicate
					asked.Updated = strings.Replace(config, duplicate, "", 1)
				}
				if got, want := answerJSON(t, warm, &asked), answerJSON(t, Default(), &asked); !bytes.Equal(got, want) {
					t.Fatalf("request %d: a warm handler answers otherwise than a new one:\n%s", i+1, firstLineDifference(got, want))
				}
			}
		})
	}
}

// firstLineDifference shows where two answers' JSON first differ.
func firstLineDifference(got, want []byte) string {
	n := 0
	for n < len(got) && n < len(want) && got[n] == want[n] {
		n++
	}
	from := max(0, n-200)
	return "warm: ..." + string(got[from:min(len(got), n+200)]) + "\nnew:  ..." + string(want[from:min(len(want), n+200)])
}

// TestDroppedReasonsNameStreamLines wants the reason of a dropped item (a container listed twice
// in the config of a stream's fourth resource) to name the line of the item kept in the result
// stream, not in the resource's document alone, in each mode that drops one.
func TestDroppedReasonsNameStreamLines(t *testing.T) {
	req := bigstream.Stream(6)
	twice, _ := bigstream.Find(req.Updated, 3, "image")
	lines := strings.SplitAfter(req.Updated, "\n")
	lines[twice.Line-1] += "      - name: web\n        image: other:1\n"
	req.Updated = strings.Join(lines, "")
	for _, mode := range []string{"apply", "patch", "twoway"} {
		asked := *req
		asked.Mode = mode
		resp := Default().Handle(context.Background(), &asked)
		result := strings.Split(resp.Result, "\n")
		dropped := 0
		for _, f := range resp.Fields {
			if f.Mark != contract.Dropped {
				continue
			}
			dropped++
			_, after, _ := strings.Cut(f.Reason, "the item on result line ")
			n, _ := strconv.Atoi(strings.Fields(after + " ")[0])
			if n < 1 || n > len(result) || strings.TrimSpace(result[n-1]) != "- name: web" {
				t.Errorf("%s: %q names result line %d, which does not open the item kept", mode, f.Reason, n)
			}
		}
		if dropped != 1 {
			t.Errorf("%s: %d dropped marks, want 1 (errors %+v)", mode, dropped, resp.Errors)
		}
	}
}

// BenchmarkBigFirst times the first answer to issue 28's 2 MB input (the paste): a new handler
// asked for the stream in each of apply and merge3, as the page asks (deltas, the line diff and
// the patches skipped); answer-bytes is the size of the answer's JSON.
func BenchmarkBigFirst(b *testing.B) {
	req := bigstream.Stream(bigstream.Deployments)
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	req.Options.Now = "2026-12-06T10:00:00Z"
	for _, mode := range bigModes[:2] {
		b.Run(mode, func(b *testing.B) {
			size := 0
			for range b.N {
				b.StopTimer()
				h := Default()
				asked := *req
				asked.Mode = mode
				b.StartTimer()
				size = len(answerDeltas(b, h, &asked, 0))
			}
			b.ReportMetric(float64(size), "answer-bytes")
		})
	}
}
