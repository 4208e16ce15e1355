package browsertest

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/bigstream"
)

// How many of each thing BenchmarkBigInput times (its budgets are bigstream's).
const (
	bigDeployments = bigstream.Deployments // per editor: about 2 MB of config
	bigTimedEdits  = 5                     // timed value edits, and timed renames (after one untimed each)
	bigHeapEdits   = 100                   // edits typed before the page's heap is read again
)

// bigStream returns bigstream.Stream's apply request of n Deployments per input.
func bigStream(n int) *contract.Request { return bigstream.Stream(n) }

// bigEdit returns the edit typed at the end of a line of resource i of bigStream's config whose
// text (after the indentation) starts with key.
func bigEdit(tb testing.TB, req *contract.Request, i int, key string) *lineEdit {
	tb.Helper()
	l, ok := bigstream.Find(req.Updated, i, key)
	if !ok {
		tb.Fatalf("no %s line in resource %d of the stream", key, i)
	}
	return &lineEdit{Line: l.Line, Prefix: l.Prefix, Value: l.Value}
}

// longTasks records the page thread's long tasks (PerformanceObserver, "longtask": over 50 ms)
// in window.__mpLong: take() returns the longest since the last take and how many there were.
const longTasks = `(() => {
  if (window.__mpLong) return;
  let worst = 0, count = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { worst = Math.max(worst, e.duration); count++; }
  }).observe({ type: "longtask" });
  window.__mpLong = { take() { const r = { worst, count }; worst = 0; count = 0; return r; } };
})()`

// longTaskTally is what __mpLong.take returns.
type longTaskTally struct {
	Worst float64 `json:"worst"`
	Count int     `json:"count"`
}

// heapUsed collects the page's garbage and returns its JavaScript heap's used bytes (the page's
// isolate: the worker's is apart).
func (p *tab) heapUsed() float64 {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		p.t.Fatalf("collecting garbage: %v", err)
	}
	usage, err := chromedp.Call(p.ctx, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		p.t.Fatalf("reading the heap: %v", err)
	}
	return usage.UsedSize
}

// median returns the median of the frame times of keys.
func medianFrame(keys []keyTimes) float64 {
	shown := make([]float64, len(keys))
	for i, k := range keys {
		shown[i] = k.FrameMS
	}
	sort.Float64s(shown)
	return shown[len(shown)/2]
}

// BenchmarkBigInput measures, in headless Chromium, the page on issue 28's 2 MB input: a generated
// apply stream of bigDeployments Deployments per editor (bigStream). In order, in one tab: the
// inputs set as a paste would (a mergeplay:set message) to their marks shown (paste-ms); a value
// typed into (a real key at the end of an env value of a resource in the middle, bigTimedEdits
// times after one untimed: edit-ms, the median from the keydown to the answer's frame);
// the page's JavaScript heap after a collection, after the first of those edits (heap-1-bytes)
// and after bigHeapEdits of them (heap-100-bytes); a resource renamed (a key typed at the end of
// another resource's name, bigTimedEdits times after one untimed: rename-ms); the mode switched to merge3 (a mergeplay:set of the mode alone: switch-ms).
// Each step's longest task on the page's thread is printed and the worst of all reported
// (longtask-ms; budget bigstream.LongestTaskMS). MERGEPLAY_BIG_DEPLOYMENTS=<n> sets another count (20 or
// more; the edited resources are the middle ones); MERGEPLAY_CPUPROFILE=<prefix> writes a V8
// profile of the page's thread over the paste (<prefix>.big-paste.cpuprofile) and over the timed
// value edits (<prefix>.big-edit.cpuprofile) the renames (<prefix>.big-rename.cpuprofile) and the switch (<prefix>.big-switch.cpuprofile), MERGEPLAY_TRACE=<prefix> a Chromium trace of those
// edits (<prefix>.big-edit.json), MERGEPLAY_HEAPSNAPSHOT=<prefix> a snapshot of the page's heap
// where each heap is read (<prefix>.heap-1.heapsnapshot, <prefix>.heap-100.heapsnapshot); each timed edit's and rename's phases (as
// BenchmarkKeystrokePhases's) are printed. Alone, on a built page:
// make dist && MERGEPLAY_DIST=dist go test -run '^$' -bench BigInput -benchtime 1x -timeout 30m ./scripts/browsertest
func BenchmarkBigInput(b *testing.B) {
	deployments := bigDeployments
	if n, err := strconv.Atoi(os.Getenv("MERGEPLAY_BIG_DEPLOYMENTS")); err == nil && n >= 20 {
		deployments = n
	}
	req := bigStream(deployments)
	h := setup(b)
	p := openTabWithin(b, h, 1440, 900, 25*time.Minute)
	p.addScript(keyPhases)
	p.navigate("/")
	p.waitReady()
	p.waitIdle()
	p.eval(setTimer, nil)
	p.eval(longTasks, nil)
	p.eval(`window.__mpLong.take()`, nil)
	worst := 0.0
	step := func(name string, ms, budget float64) {
		var long longTaskTally
		p.eval(`window.__mpLong.take()`, &long)
		worst = max(worst, long.Worst)
		fmt.Fprintf(os.Stderr, "2 MB input, %s: %.0f ms (budget %.0f ms); long tasks on the page's thread: %d, the longest %.0f ms\n", name, ms, budget, long.Count, long.Worst)
	}
	var pasteMS float64
	paste := func() {
		p.eval(fmt.Sprintf(`window.__mpSet({type: "mergeplay:set", mode: "apply", options: {overwrite: true}, original: %s, updated: %s, live: %s})`,
			js(req.Original), js(req.Updated), js(req.Live)), &pasteMS)
	}
	if file := os.Getenv("MERGEPLAY_CPUPROFILE"); file != "" {
		p.cpuProfiled(file+".big-paste.cpuprofile", paste)
	} else {
		paste()
	}
	step(fmt.Sprintf("%d Deployments per editor (%.1f MB config, %.1f MB live) set to marks shown", deployments, float64(len(req.Updated))/1e6, float64(len(req.Live))/1e6), pasteMS, bigstream.PasteBudgetMS)
	edit := bigEdit(b, req, deployments/2, "value")
	p.startEdit(edit)
	p.typeKey(edit, 0)
	p.waitIdle()
	p.eval(`window.__mpPhases.keys.length = 0`, nil) // the harness's records of each key: not the page's
	heap1 := p.readHeap("heap-1")
	var edits []keyTimes
	typeTimed := func() {
		for i := 1; i <= bigTimedEdits; i++ {
			edits = append(edits, p.typeKey(edit, i))
			time.Sleep(pauseBetweenKeys)
		}
	}
	p.eval(`window.__mpPhases.keys.length = 0`, nil)
	if file := os.Getenv("MERGEPLAY_CPUPROFILE"); file != "" {
		p.cpuProfiled(file+".big-edit.cpuprofile", typeTimed)
	} else if file := os.Getenv("MERGEPLAY_TRACE"); file != "" {
		p.traced(file+".big-edit.json", typeTimed)
	} else {
		typeTimed()
	}
	var phases []keyPhase
	p.eval(`window.__mpPhases.keys`, &phases)
	printPhases("2 MB input, a value edit's phases", phases)
	editMS := medianFrame(edits)
	step("a value edit, keydown to the answer's frame (median)", editMS, bigstream.EditBudgetMS)
	for i := bigTimedEdits + 1; i < bigHeapEdits; i++ {
		p.typeKey(edit, i)
	}
	p.waitIdle()
	p.eval(`window.__mpPhases.keys.length = 0`, nil)
	heap100 := p.readHeap("heap-100")
	p.eval(`window.__mpLong.take()`, nil)
	fmt.Fprintf(os.Stderr, "2 MB input, the page's heap: %.1f MB after the first edit, %.1f MB after %d; V8's compiled code in it %.2f MB, then %.2f MB; the snapshots by kind, after the first edit: %s; after %d: %s\n",
		heap1.used/1e6, heap100.used/1e6, bigHeapEdits, heap1.kinds["code"]/1e6, heap100.kinds["code"]/1e6, heap1.kinds, bigHeapEdits, heap100.kinds)
	rename := bigEdit(b, req, deployments/2+7, "name")
	p.eval(`window.__mpPhases.keys.length = 0`, nil)
	// The first key renames the resource: live's object, which the config no longer names, is
	// then kept at the stream's end, so the result changes in two places far apart. The keys
	// after it rename the created object again (timed: rename-ms); the first is printed apart.
	var renames []keyTimes
	var firstRename keyTimes
	typeRenames := func() {
		p.startEdit(rename)
		firstRename = p.typeKey(rename, 0)
		time.Sleep(pauseBetweenKeys)
		for i := 1; i <= bigTimedEdits; i++ {
			renames = append(renames, p.typeKey(rename, i))
			time.Sleep(pauseBetweenKeys)
		}
	}
	if file := os.Getenv("MERGEPLAY_CPUPROFILE"); file != "" {
		p.cpuProfiled(file+".big-rename.cpuprofile", typeRenames)
	} else {
		typeRenames()
	}
	renameMS := medianFrame(renames)
	p.eval(`window.__mpPhases.keys.slice(1)`, &phases)
	printPhases("2 MB input, a rename's phases", phases)
	fmt.Fprintf(os.Stderr, "2 MB input, the first key of the rename (live's object kept at the stream's end): %.0f ms to the answer's frame\n", firstRename.FrameMS)
	step("a resource renamed by a key in its name (median)", renameMS, bigstream.RenameBudgetMS)
	var switchMS float64
	switchMode := func() { p.eval(`window.__mpSet({type: "mergeplay:set", mode: "merge3"})`, &switchMS) }
	if file := os.Getenv("MERGEPLAY_CPUPROFILE"); file != "" {
		p.cpuProfiled(file+".big-switch.cpuprofile", switchMode)
	} else {
		switchMode()
	}
	step("the mode switched to merge3, to its answer shown", switchMS, bigstream.SwitchBudgetMS)
	b.ReportMetric(pasteMS, "paste-ms")
	b.ReportMetric(editMS, "edit-ms")
	b.ReportMetric(renameMS, "rename-ms")
	b.ReportMetric(switchMS, "switch-ms")
	b.ReportMetric(worst, "longtask-ms")
	b.ReportMetric(heap1.used, "heap-1-bytes")
	b.ReportMetric(heap100.used, "heap-100-bytes")
	b.ReportMetric(heap1.kinds["code"], "heap-1-code-bytes")
	b.ReportMetric(heap100.kinds["code"], "heap-100-code-bytes")
	b.ReportMetric(0, "ns/op")
	p.expectNoProblems()
	p.close()
}

// TestBigStreamInputs checks BenchmarkBigInput's inputs natively: the stream is about 2 MB per
// editor and merges without errors, in apply and in merge3, and its value edit and its rename
// show in the result.
func TestBigStreamInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("merges a 2 MB stream several times")
	}
	req := bigStream(bigDeployments)
	if n := len(req.Updated); n < 1_900_000 || n > 2_600_000 {
		t.Errorf("the config is %d bytes, want about 2 MB", n)
	}
	for _, mode := range []string{"apply", "merge3"} {
		try := *req
		try.Mode = mode
		if resp := answer(t, &try); len(resp.Errors) > 0 || resp.Result == "" {
			t.Fatalf("%s: the stream does not merge: %+v", mode, resp.Errors)
		}
	}
	for _, e := range []*lineEdit{bigEdit(t, req, bigDeployments/2, "value"), bigEdit(t, req, bigDeployments/2+7, "name")} {
		lines := strings.Split(req.Updated, "\n")
		edited, marker := e.text(2)
		lines[e.Line-1] = edited
		try := *req
		try.Updated = strings.Join(lines, "\n")
		resp := answer(t, &try)
		if len(resp.Errors) > 0 || !strings.Contains(resp.Result, marker) {
			t.Errorf("line %d edited to %q: errors %+v, marker in the result: %v", e.Line, edited, resp.Errors, strings.Contains(resp.Result, marker))
		}
	}
}
