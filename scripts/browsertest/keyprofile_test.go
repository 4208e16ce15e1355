package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	jsonv2 "github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// keyPhases records, for every keydown the page gets, when (ms after the keydown) the input
// event came, each request was posted to the engine's worker, each answer came back (and its
// length), <html data-stale> was cleared and the frame after it ran. A call of the engine's
// instance in the page counts as a request posted and answered, its call as the worker's.
const keyPhases = `(() => {
  const prof = { keys: [] };
  Object.defineProperty(window, "__mpPhases", { value: prof });
  let cur = null;
  const since = () => performance.now() - cur.t0;
  document.addEventListener("keydown", () => { cur = { t0: performance.now(), post: [], recv: [], input: null, shown: null, frame: null, firstFrame: null }; prof.keys.push(cur);
    const k = cur; requestAnimationFrame(() => { k.firstFrame = performance.now() - k.t0; }); }, { capture: true });
  document.addEventListener("input", () => { if (cur && cur.input === null) cur.input = since(); }, { capture: true });
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => { if (cur && e.data && typeof e.data.id === "number") { const o = performance.timeOrigin - cur.t0 - 0; cur.recv.push([since(), String(e.data.response ?? "").length, e.data.w0 ? e.data.w0 - performance.timeOrigin - cur.t0 : -1, e.data.w1 ? e.data.w1 - performance.timeOrigin - cur.t0 : -1]); } });
    }
    postMessage(m, ...rest) {
      if (cur && m && typeof m.id === "number") cur.post.push(since());
      return super.postMessage(m, ...rest);
    }
  };
  // The engine's instance in the page (web/inline.js): its calls are timed as the worker's are.
  let handle;
  Object.defineProperty(window, "mergeplayHandle", { configurable: true, get() { return handle; }, set(fn) {
    handle = (...args) => {
      const k = cur, w0 = k ? since() : 0, out = fn(...args);
      if (k && k === cur) { k.post.push(w0); k.recv.push([since(), out.length, w0, since()]); }
      return out;
    };
  } });
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!cur || cur.shown !== null || root.hasAttribute("data-stale") || !cur.recv.length) return;
    const k = cur; k.shown = since();
    requestAnimationFrame(() => { k.frame = performance.now() - k.t0; });
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-stale"] });
})()`

// keyPhase is one keydown's moments (keyPhases).
type keyPhase struct {
	Input      *float64     `json:"input"`
	Post       []float64    `json:"post"`
	Recv       [][4]float64 `json:"recv"`
	Shown      *float64     `json:"shown"`
	Frame      *float64     `json:"frame"`
	FirstFrame *float64     `json:"firstFrame"`
}

// BenchmarkKeystrokePhases types into the pages named by MERGEPLAY_PROFILE (comma-separated:
// examples, app-10-resources, history-10-steps, as BenchmarkEditAB's; the default example when
// empty) and prints, per page, the median moment of each phase of a keystroke: the input event,
// the request posted to the worker, its answer received, the answer shown (data-stale cleared),
// its frame. A profile to find where a keystroke's time goes, not a budget: run it with
// -benchtime 1x.
func BenchmarkKeystrokePhases(b *testing.B) {
	eachTypedPage(b, keyPhases, func(name string, p *tab, e *lineEdit) {
		p.eval(`window.__mpPhases.keys.length = 0`, nil)
		if file := os.Getenv("MERGEPLAY_CPUPROFILE"); file != "" {
			p.cpuProfiled(file+"."+name+".cpuprofile", func() { p.typeEdits(e, editsPerExample) })
		} else if file := os.Getenv("MERGEPLAY_TRACE"); file != "" {
			p.traced(file+"."+name+".json", func() { p.typeEdits(e, 8) })
		} else {
			p.typeEdits(e, editsPerExample)
		}
		var keys []keyPhase
		p.eval(`window.__mpPhases.keys.slice(1)`, &keys)
		printPhases(name, keys)
	})
}

// eachTypedPage opens each page MERGEPLAY_PROFILE names (comma-separated: examples,
// app-10-resources, history-10-steps, as BenchmarkEditAB's; the default example when empty) in
// a tab of its own that runs script, starts the page's edit (startEdit) and calls do.
func eachTypedPage(b *testing.B, script string, do func(name string, p *tab, e *lineEdit)) {
	h := setup(b)
	names := strings.Split(os.Getenv("MERGEPLAY_PROFILE"), ",")
	if names[0] == "" {
		names = []string{"apply-containers"}
	}
	for _, name := range names {
		path, e := abPage(b, name)
		p := openTab(b, h, 1440, 900)
		p.addScript(script)
		p.navigate(path)
		p.waitReady()
		p.eval(helpers, nil)
		p.startEdit(e)
		do(name, p, e)
		p.close()
	}
}

// traced runs during under a Chromium trace (the timeline's categories) and writes the trace's
// events to file, for chrome://tracing or a script.
func (p *tab) traced(file string, during func()) {
	p.t.Helper()
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	var mu sync.Mutex
	var events []jsonv2.Value
	done := make(chan struct{})
	go func() {
		for ev, err := range chromedp.Events(ctx, tracing.DataCollected) {
			if err != nil {
				return
			}
			mu.Lock()
			events = append(events, ev.Value...)
			mu.Unlock()
		}
	}()
	go func() {
		for _, err := range chromedp.Events(ctx, tracing.TracingComplete) {
			if err == nil {
				close(done)
			}
			return
		}
	}()
	cats := []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame", "disabled-by-default-devtools.timeline.stack", "disabled-by-default-devtools.timeline.invalidationTracking", "v8.execute", "blink.user_timing", "toplevel", "v8", "disabled-by-default-v8.gc", "blink", "cc", "gpu", "viz", "loading", "v8.wasm", "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.compile"}
	if _, err := chromedp.Call(p.ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: cats}}); err != nil {
		p.t.Fatalf("starting a trace: %v", err)
	}
	during()
	if _, err := chromedp.Call(p.ctx, tracing.End, cdp.Empty{}); err != nil {
		p.t.Fatalf("ending the trace: %v", err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		p.t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	out, err := json.Marshal(map[string]any{"traceEvents": events})
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// cpuProfiled runs during under V8's sampling profiler (every 100 µs) and writes the profile to
// file (a .cpuprofile, as DevTools reads it).
func (p *tab) cpuProfiled(file string, during func()) {
	p.t.Helper()
	call := func(err error) {
		if err != nil {
			p.t.Fatalf("profiling: %v", err)
		}
	}
	_, err := chromedp.Call(p.ctx, profiler.Enable, cdp.Empty{})
	call(err)
	_, err = chromedp.Call(p.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100})
	call(err)
	_, err = chromedp.Call(p.ctx, profiler.Start, cdp.Empty{})
	call(err)
	during()
	res, err := chromedp.Call(p.ctx, profiler.Stop, cdp.Empty{})
	call(err)
	out, err := json.Marshal(res.Profile)
	call(err)
	call(os.WriteFile(file, out, 0o644))
}

// printPhases prints the median of each phase over keys: from the keydown to the input event,
// to the request posted, in the worker before and in the wasm call, back on the page's thread,
// the answer shown and its frame; and the median and 95th percentile of the whole.
func printPhases(name string, keys []keyPhase) {
	type span struct {
		label string
		f     func(k keyPhase) float64
	}
	last := func(k keyPhase) [4]float64 {
		if len(k.Recv) == 0 {
			return [4]float64{-1, -1, -1, -1}
		}
		return k.Recv[len(k.Recv)-1]
	}
	val := func(p *float64) float64 {
		if p == nil {
			return -1
		}
		return *p
	}
	spans := []span{
		{"input", func(k keyPhase) float64 { return val(k.Input) }},
		{"post", func(k keyPhase) float64 { x, _ := firstOf(k.Post); return x - val(k.Input) }},
		{"toWorker", func(k keyPhase) float64 { x, _ := firstOf(k.Post); return last(k)[2] - x }},
		{"wasm", func(k keyPhase) float64 { return last(k)[3] - last(k)[2] }},
		{"back", func(k keyPhase) float64 { return last(k)[0] - last(k)[3] }},
		{"show", func(k keyPhase) float64 { return val(k.Shown) - last(k)[0] }},
		{"paint", func(k keyPhase) float64 { return val(k.Frame) - val(k.Shown) }},
		{"firstFrame", func(k keyPhase) float64 { return val(k.FirstFrame) }},
		{"frame", func(k keyPhase) float64 { return val(k.Frame) }},
	}
	line := fmt.Sprintf("%-36s", name)
	for _, sp := range spans {
		var xs []float64
		for _, k := range keys {
			xs = append(xs, sp.f(k))
		}
		sort.Float64s(xs)
		line += fmt.Sprintf(" %s %5.1f", sp.label, xs[len(xs)/2])
		if sp.label == "frame" {
			line += fmt.Sprintf(" p95 %5.1f", xs[int(math.Ceil(0.95*float64(len(xs))))-1])
		}
	}
	fmt.Fprintln(os.Stderr, line)
}

func firstOf(xs []float64) (float64, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	return xs[0], true
}

// abKeys is how many key pairs BenchmarkEditAB types into each example.
const abKeys = 30

// BenchmarkEditAB compares two builds' keystrokes on a machine others share, where one build's
// times drift with the load from one minute to the next: MERGEPLAY_DIST (A) and MERGEPLAY_DIST_B
// (B) each in a tab, the same edit typed into the same page in both, a key in one then a key in
// the other (A B, B A, A B…), abKeys pairs per page. MERGEPLAY_PROFILE names the pages, comma
// separated: examples, app-10-resources, history-10-steps (BenchmarkEdit's); the default
// example when empty. It reports, per page and over all, each build's median keydown-to-answer
// time (as BenchmarkEdit's median-ms) and the median of the differences B − A within pairs.
// Run it with -benchtime 1x.
func BenchmarkEditAB(b *testing.B) {
	h := setup(b)
	bases := abServe(b, h)
	names := strings.Split(os.Getenv("MERGEPLAY_PROFILE"), ",")
	if names[0] == "" {
		names = []string{"apply-containers"}
	}
	var all [2][]float64
	var allDiffs []float64
	for _, name := range names {
		path, e := abPage(b, name)
		tabs := [2]*tab{openTab(b, h, 1440, 900), openTab(b, h, 1440, 900)} // a fresh page each
		for k, p := range tabs {
			p.do("opening "+name, chromedp.Navigate(bases[k]+path))
			p.waitReady()
			p.startEdit(e)
			p.typeKey(e, 0) // warms up
		}
		var times [2][]float64
		var diffs []float64
		for i := 1; i <= abKeys; i++ {
			pair := abPair(i, func(which int) float64 {
				defer time.Sleep(pauseBetweenKeys)
				return tabs[which].typeKey(e, i).FrameMS
			})
			times[0], times[1] = append(times[0], pair[0]), append(times[1], pair[1])
			diffs = append(diffs, pair[1]-pair[0])
		}
		tabs[0].close()
		tabs[1].close()
		fmt.Fprintf(os.Stderr, "%-36s A median %5.1f ms  B median %5.1f ms  B − A median %+5.1f ms\n", name, median(times[0]), median(times[1]), median(diffs))
		all[0], all[1], allDiffs = append(all[0], times[0]...), append(all[1], times[1]...), append(allDiffs, diffs...)
	}
	b.ReportMetric(median(all[0]), "A-median-ms")
	b.ReportMetric(median(all[1]), "B-median-ms")
	b.ReportMetric(median(allDiffs), "B-A-ms")
	b.ReportMetric(0, "ns/op")
}

// abPage returns the path (from the server's root) that opens a page BenchmarkEditAB types
// into, and the edit typed: an example's #example= link, or BenchmarkEdit's app or history.
func abPage(b *testing.B, name string) (string, *lineEdit) {
	switch name {
	case "app-10-resources":
		req := realisticApp()
		return "/" + encodeShare(b, sharedState{Mode: req.Mode, Original: req.Original, Updated: req.Updated, Live: req.Live}), findEdit(b, req)
	case fmt.Sprintf("history-%d-steps", historySteps):
		hist, e := tenSteps(b)
		return "/" + historyFragment(hist), e
	}
	for _, ex := range allExamples(b) {
		if ex.Name == name && ex.Mode != contract.History {
			if e := findEdit(b, ex.Request); e != nil {
				return "/#example=" + name, e
			}
		}
	}
	b.Fatalf("%s: no such example, or none with an edit to type", name)
	return "", nil
}
