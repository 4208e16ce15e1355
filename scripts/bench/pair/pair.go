// Package pair times the engine and a reference library on the same input inside one benchmark,
// alternating the two, so that the load of a shared machine weighs on both alike.
//
// A benchmark calls Run with the two sides; it reports, besides the framework's ns/op (both sides
// together), engine-ns/op, ref-ns/op and engine/ref (the engine's time over the reference's: under
// 1 is faster). scripts/bench reads these metrics.
package pair

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// gcAbove is the time of a side past which a garbage collection runs (untimed) before each side:
// a long side then pays for its own garbage only. Shorter sides share collections, which many
// iterations average out.
const gcAbove = 20 * time.Millisecond

// Sizes are the stream sizes, in resources, every mode's speed benchmark runs: 200 is the size of
// the budgets (DESIGN.md), the others show how the time grows. Streams past 400 resources pass
// the page's limits (4 MiB per input), so the benchmarks run the engine through Handler.
func Sizes() []int { return []int{10, 100, 200, 500, 1000, 2000} }

// limits are the bounds of Handler: room for 2,000 generated resources per input.
var limits = handler.Limits{MaxInputBytes: 64 << 20, MaxNodes: 20_000_000, MaxDocuments: 100_000}

// Handler returns the engine's handler with every mode and limits raised for the scaling streams
// (handler.WithLimits); the merge is the page's, only the bounds differ.
func Handler() *handler.Handler {
	return handler.Default().WithLimits(limits)
}

// Budget is the size the budgets are measured on.
const Budget = 200

// Side answers the benchmark's input once, from text to merged text.
type Side func() error

// Run runs engine once untimed (a warm-up: the last request the handler read is then the
// warm-up's, which an Uncached sequence's next request differs from, however the benchmark ran
// before), then engine and reference b.N times each, alternating which goes first, and reports
// each side's time per run and their ratio. A nil reference times the engine alone
// (engine-ns/op only). A side's error fails the benchmark.
func Run(b *testing.B, engine, reference Side) {
	b.Helper()
	type side struct {
		name  string
		fn    Side
		total time.Duration
		last  time.Duration
	}
	eng := &side{name: "engine", fn: engine}
	ref := &side{name: "reference", fn: reference}
	order := []*side{eng, ref}
	if reference == nil {
		order = order[:1]
	}
	warm := time.Now()
	if err := eng.fn(); err != nil {
		b.Fatalf("engine: %v", err)
	}
	eng.last = time.Since(warm) // a long warm-up's garbage is collected before the first run
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range order {
			s := order[(i+j)%len(order)]
			if s.last > gcAbove {
				b.StopTimer()
				runtime.GC()
				b.StartTimer()
			}
			start := time.Now()
			err := s.fn()
			s.last = time.Since(start)
			s.total += s.last
			if err != nil {
				b.Fatalf("%s: %v", s.name, err)
			}
		}
	}
	b.StopTimer()
	perOp := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
	b.ReportMetric(perOp(eng.total), "engine-ns/op")
	if reference != nil {
		b.ReportMetric(perOp(ref.total), "ref-ns/op")
		b.ReportMetric(float64(eng.total)/float64(ref.total), "engine/ref")
	}
}

// Errors returns an error naming the first of a response's errors, or nil when it has none.
func Errors(resp *contract.Response) error {
	if len(resp.Errors) == 0 {
		return nil
	}
	e := resp.Errors[0]
	return fmt.Errorf("the engine answered %d errors, the first: %s:%d:%d %s", len(resp.Errors), e.Input, e.Line, e.Column, e.Message)
}

// Uncached returns a function giving copies of req that alternate between req itself and req
// with a blank line at the start of every document of each input (the same documents, each
// written differently). The handler keeps the last reading of each input and reuses every
// document whose text it has just read (yamltree.Reader: the page's edits re-parse only the
// edited document); alternating spellings that differ in every document makes it parse every
// document on every call, as the reference does. (A newline added at the end of each input, as
// this did before, changed only the last document: the others were copied, not parsed, and the
// engine's in-process times left most of its parsing out.)
func Uncached(req *contract.Request) func() *contract.Request {
	other := *req
	for _, in := range []*string{&other.Original, &other.Updated, &other.Live} {
		if *in != "" {
			*in = Spaced(*in)
		}
	}
	i := 0
	return func() *contract.Request {
		i++
		if i%2 == 0 {
			return &other
		}
		return req
	}
}

// Spaced returns a YAML stream with a blank line at the start of each document (at the start of
// the text and after each "---" line alone): the same documents, every document's text
// different.
func Spaced(text string) string {
	var b strings.Builder
	b.Grow(len(text) + len(text)/100 + 1)
	b.WriteByte('\n')
	for _, line := range strings.SplitAfter(text, "\n") {
		b.WriteString(line)
		if strings.TrimRight(line, " \r\n") == "---" {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Fits returns an error when an input of req is larger than Handler reads; a benchmark skips
// such a size.
func Fits(req *contract.Request) error {
	for _, in := range []struct{ name, text string }{{"original", req.Original}, {"updated", req.Updated}, {"live", req.Live}} {
		if len(in.text) > limits.MaxInputBytes {
			return fmt.Errorf("%s holds %.1f MiB, over the benchmark handler's %d MiB per input", in.name, float64(len(in.text))/(1<<20), limits.MaxInputBytes>>20)
		}
	}
	return nil
}

// Renamed returns the documents of a stream with suffix appended to every metadata.name, so that
// copies of one stream join into a longer one without two resources sharing an identity.
func Renamed(tb testing.TB, text, suffix string) []string {
	tb.Helper()
	out, err := RenamedDocs(text, suffix)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// RenamedDocs is Renamed for callers without a testing.TB (the commands that write the
// benchmark's requests): the renamed documents, or the error of reading text.
func RenamedDocs(text, suffix string) ([]string, error) {
	docs, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range docs {
		if d.Root == nil {
			continue
		}
		if name := d.Root.Lookup("metadata", "name"); name != nil {
			name.Value += suffix
		}
		out = append(out, yamltree.EmitNode(d.Root))
	}
	return out, nil
}
