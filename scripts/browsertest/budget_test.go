package browsertest

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/scripts/build/dist"
	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// The page's budgets (DESIGN.md), in bytes and milliseconds.
const (
	wasmBudget      = dist.WasmBudget      // the wasm, brotli quality 11
	firstLoadBudget = dist.FirstLoadBudget // everything the first load fetches, brotli
	readyBudgetMS   = 300                  // navigation start to data-ready, headless Chromium, localhost: median
	readyWorstMS    = 450                  // the same, the worst of firstLoads
)

// served records what a server sent: for each path, the body bytes and the coding.
type served struct {
	next http.Handler
	mu   sync.Mutex
	sent map[string]sentFile
}

type sentFile struct {
	bytes    int
	encoding string
}

func (s *served) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w}
	s.next.ServeHTTP(cw, r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sent == nil {
		s.sent = map[string]sentFile{}
	}
	s.sent[r.URL.Path] = sentFile{bytes: cw.n, encoding: w.Header().Get("Content-Encoding")}
}

// take returns what was sent since the last call.
func (s *served) take() map[string]sentFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.sent
	s.sent = nil
	return out
}

type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += n
	return n, err
}

// firstLoads is how many first loads one run of BenchmarkFirstLoad measures (run it with
// -benchtime 1x: the figures are per load, not per b.N).
const firstLoads = 7

// loadTimes are the moments of one first load, in milliseconds since navigation started.
type loadTimes struct {
	Worker      float64 `json:"workerAt"`      // the page created its worker
	EngineReady float64 `json:"engineReadyAt"` // the worker said the wasm is ready
	Ready       float64 `json:"readyAt"`       // <html data-ready>
	// Marks are the page's first-load moments (web/loadmarks.js: "mergeplay:<moment>", the
	// worker's copied in), each its first occurrence.
	Marks map[string]float64 `json:"marks"`
	// CPU is the CPU time, in milliseconds, that the browser's processes spent from navigation
	// to data-ready seen (cpu_test.go: browserCPU; 0 where it cannot be read).
	CPU float64 `json:"-"`
}

// BenchmarkFirstLoad loads the page firstLoads times, each in a fresh browser context (empty
// cache), and reports the budgets: the wasm's brotli size, the brotli size of everything the
// first load fetches, and the time from navigation start to data-ready (median and worst), with
// where that time goes. Run it on a real build: make measure (MERGEPLAY_DIST=dist).
func BenchmarkFirstLoad(b *testing.B) {
	h := setup(b)
	if h.fastBrotli {
		b.Skip("the browser tests' own build compresses fast; measure a real build: make measure (MERGEPLAY_DIST=dist)")
	}
	handler, err := server.New(h.distDir)
	if err != nil {
		b.Fatal(err)
	}
	rec := &served{next: handler}
	srv := httptest.NewServer(rec)
	defer srv.Close()

	var loads []loadTimes
	var fetched map[string]sentFile
	for i := 0; i < b.N*firstLoads; i++ {
		rec.take()
		// What the load fetched up to data-ready (the page's own instance of the engine,
		// web/inline.js, fetches wasm_exec.js once the page is idle after it), and the page's
		// second bundle (views.*.js, CodeMirror's views), which it fetches right after its first
		// answer, before anyone can type: the first load counts it.
		loads = append(loads, loadOnce(b, h, srv.URL+"/", func() { fetched = rec.take() }))
		for path, sent := range rec.take() {
			if strings.HasPrefix(path, "/views.") {
				fetched[path] = sent
			}
		}
	}
	b.StopTimer()

	wasm := brotliSize(b, h.distDir, "mergeplay.", ".wasm")
	total, lines := firstLoad(b, h.distDir, fetched)
	sort.Slice(loads, func(i, j int) bool { return loads[i].Ready < loads[j].Ready })
	median, worst := loads[len(loads)/2], loads[len(loads)-1]
	b.ReportMetric(median.Ready, "ms-to-ready")
	b.ReportMetric(medianOf(loads, func(l loadTimes) float64 { return l.CPU }), "cpu-ms-to-ready")
	b.ReportMetric(worst.Ready, "worst-ms-to-ready")
	b.ReportMetric(float64(wasm), "wasm-br-bytes")
	b.ReportMetric(float64(total), "first-load-br-bytes")
	b.ReportMetric(0, "ns/op")
	fmt.Fprintf(os.Stderr, "\nmergeplay budgets (%s, %d first loads):\n", h.distDir, len(loads))
	fmt.Fprintf(os.Stderr, "  wasm, brotli q11        %9d bytes  (budget %d)  %s\n", wasm, wasmBudget, verdict(float64(wasm) <= wasmBudget))
	fmt.Fprintf(os.Stderr, "  first load, brotli      %9d bytes  (budget %d)  %s\n", total, firstLoadBudget, verdict(float64(total) <= firstLoadBudget))
	for _, l := range lines {
		fmt.Fprintf(os.Stderr, "    %s\n", l)
	}
	fmt.Fprintf(os.Stderr, "  navigation to data-ready  median %.0f ms, worst %.0f ms  (budget %d ms, worst %d ms)  %s\n", median.Ready, worst.Ready, readyBudgetMS, readyWorstMS, verdict(median.Ready <= readyBudgetMS && worst.Ready <= readyWorstMS))
	fmt.Fprintf(os.Stderr, "    (median load: worker created at %.0f ms, wasm ready at %.0f ms, data-ready at %.0f ms)\n", median.Worker, median.EngineReady, median.Ready)
	fmt.Fprintf(os.Stderr, "  the browser's CPU time to data-ready  median %.0f ms (all its processes; cpu_test.go)\n", medianOf(loads, func(l loadTimes) float64 { return l.CPU }))
	printMoments(loads)
	if testing.Verbose() {
		printLoads(loads)
	}
	// Over a budget, the verdicts above say so and make bench's table marks the row OVER; the
	// benchmark does not fail, as a failed benchmark prints no figures for the table to read.
}

// loadOnce loads the page at url in a fresh browser context and returns its moments once its
// views are built (its second bundle fetched); atReady, when not nil, runs as soon as data-ready
// is seen.
func loadOnce(b *testing.B, h *harness, url string, atReady func()) loadTimes {
	p := openTab(b, h, 1440, 900)
	defer p.close()
	load := func() {
		p.do("loading the page", chromedp.Navigate(url))
		p.waitFor("data-ready", `window.__mergeplayProbe.readyAt !== null`, 30*time.Second)
	}
	before := browserCPU(h)
	if file := os.Getenv("MERGEPLAY_TRACE"); file != "" {
		p.traced(fmt.Sprintf("%s.%d.json", file, time.Now().UnixNano()), load)
	} else {
		load()
	}
	cpu := browserCPU(h) - before
	if atReady != nil {
		atReady()
	}
	// The worker posts its moments after its first answer, which data-ready may precede; a build
	// that marks no moments (mergeplay:ready with data-ready: web/loadmarks.js) posts none.
	p.waitFor("the worker's moments", `performance.getEntriesByName("mergeplay:first-answer").length > 0 ||
	  performance.getEntriesByName("mergeplay:ready").length === 0`, 10*time.Second)
	p.waitFor("the views built (the second bundle fetched)", `!document.querySelector(".mp-preview")`, 10*time.Second)
	var at loadTimes
	p.eval(`({...window.__mergeplayProbe, marks: Object.fromEntries(performance.getEntriesByType("mark")
	  .filter((m) => m.name.startsWith("mergeplay:")).reverse().map((m) => [m.name.slice(10), m.startTime]))})`, &at)
	at.CPU = float64(cpu) / float64(time.Millisecond)
	return at
}

// printMoments prints, for each first-load moment (web/loadmarks.js), its median over loads in
// milliseconds since navigation started, in the order of those medians, and the time from the
// one before.
func printMoments(loads []loadTimes) {
	at := map[string][]float64{}
	for _, l := range loads {
		for name, ms := range l.Marks {
			at[name] = append(at[name], ms)
		}
	}
	names := slices.Collect(maps.Keys(at))
	sort.Slice(names, func(i, j int) bool { return median(at[names[i]]) < median(at[names[j]]) })
	fmt.Fprintf(os.Stderr, "  first-load moments, median of %d loads (ms since navigation; + since the one above):\n", len(loads))
	last := 0.0
	for _, name := range names {
		m := median(at[name])
		fmt.Fprintf(os.Stderr, "    %-18s %6.0f  %+6.0f  (%.0f–%.0f)\n", name, m, m-last, slices.Min(at[name]), slices.Max(at[name]))
		last = m
	}
	fmt.Fprintln(os.Stderr)
}

// printLoads prints each load's moments in their order, in milliseconds since navigation
// started (go test -v): what the medians of printMoments, each over other loads, cannot say.
func printLoads(loads []loadTimes) {
	for i, l := range loads {
		names := slices.Collect(maps.Keys(l.Marks))
		sort.Slice(names, func(a, b int) bool { return l.Marks[names[a]] < l.Marks[names[b]] })
		fmt.Fprintf(os.Stderr, "  load %d:", i+1)
		for _, name := range names {
			fmt.Fprintf(os.Stderr, " %s %.0f", name, l.Marks[name])
		}
		fmt.Fprintln(os.Stderr)
	}
}

// abPairs is how many pairs of first loads BenchmarkFirstLoadAB measures.
const abPairs = 20

// BenchmarkFirstLoadAB compares two builds on a machine others share, where the time to
// data-ready drifts with the load from one minute to the next: it loads MERGEPLAY_DIST (A) and
// MERGEPLAY_DIST_B (B) in turns (A B, B A, A B…), abPairs pairs, and reports each one's median
// and the median of the differences B − A within pairs, of the time to data-ready and of the
// browser's CPU time to it (cpu_test.go), which the others' load moves less. Run it with
// -benchtime 1x.
func BenchmarkFirstLoadAB(b *testing.B) {
	h := setup(b)
	urls := abServe(b, h)
	var ready, cpu [2][]float64
	var diffs, cpuDiffs []float64
	for i := 0; i < b.N*abPairs; i++ {
		var loads [2]loadTimes
		abPair(i, func(which int) float64 {
			loads[which] = loadOnce(b, h, urls[which]+"/", nil)
			return loads[which].Ready
		})
		for k := range 2 {
			ready[k], cpu[k] = append(ready[k], loads[k].Ready), append(cpu[k], loads[k].CPU)
		}
		diffs = append(diffs, loads[1].Ready-loads[0].Ready)
		cpuDiffs = append(cpuDiffs, loads[1].CPU-loads[0].CPU)
	}
	b.StopTimer()
	b.ReportMetric(median(ready[0]), "A-ms-to-ready")
	b.ReportMetric(median(ready[1]), "B-ms-to-ready")
	b.ReportMetric(median(diffs), "B-A-ms")
	b.ReportMetric(median(cpuDiffs), "B-A-cpu-ms")
	b.ReportMetric(0, "ns/op")
	fmt.Fprintf(os.Stderr, "\nnavigation to data-ready, %d pairs in turns: A %s median %.0f ms, B %s median %.0f ms, B − A within pairs median %+.0f ms\n",
		len(diffs), h.distDir, median(ready[0]), os.Getenv("MERGEPLAY_DIST_B"), median(ready[1]), median(diffs))
	fmt.Fprintf(os.Stderr, "the browser's CPU time to data-ready: A median %.0f ms, B median %.0f ms, B − A within pairs median %+.0f ms\n\n",
		median(cpu[0]), median(cpu[1]), median(cpuDiffs))
}

// medianOf returns the median of one figure of loads.
func medianOf(loads []loadTimes, figure func(loadTimes) float64) float64 {
	xs := make([]float64, len(loads))
	for i, l := range loads {
		xs[i] = figure(l)
	}
	return median(xs)
}

// abServe serves the harness's build (A) and MERGEPLAY_DIST_B (B), each on a server of its own
// until the benchmark ends, and returns their addresses (no trailing slash); it skips the
// benchmark when MERGEPLAY_DIST_B is not set.
func abServe(b *testing.B, h *harness) [2]string {
	dirB := os.Getenv("MERGEPLAY_DIST_B")
	if dirB == "" {
		b.Skip("set MERGEPLAY_DIST_B to a second build to compare with MERGEPLAY_DIST")
	}
	var urls [2]string
	for i, dir := range []string{h.distDir, dirB} {
		handler, err := server.New(dir)
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(handler)
		b.Cleanup(srv.Close)
		urls[i] = srv.URL
	}
	return urls
}

// abPair measures A (0) and B (1) in turns: A first in even pairs, B first in odd ones.
func abPair(i int, measure func(which int) float64) [2]float64 {
	var pair [2]float64
	for k := range 2 {
		which := (i + k) % 2
		pair[which] = measure(which)
	}
	return pair
}

// median returns the median of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// firstLoad sums the brotli sizes of the files a load fetched (the file itself when it has no
// .br sibling), and describes each.
func firstLoad(b *testing.B, dir string, fetched map[string]sentFile) (int64, []string) {
	var total int64
	var lines []string
	for path, sent := range fetched {
		name := strings.TrimPrefix(path, "/")
		if name == "" {
			name = "index.html"
		}
		size := fileSize(b, filepath.Join(dir, name+".br"))
		if size < 0 {
			size = fileSize(b, filepath.Join(dir, name))
		}
		if size < 0 {
			continue // not a file of the build (a 404)
		}
		total += size
		enc := sent.encoding
		if enc == "" {
			enc = "identity"
		}
		lines = append(lines, fmt.Sprintf("%-34s %9d bytes brotli (sent %d, %s)", name, size, sent.bytes, enc))
	}
	sort.Strings(lines)
	return total, lines
}

// brotliSize returns the size of the .br sibling of the one file named prefix*suffix.
func brotliSize(b *testing.B, dir, prefix, suffix string) int64 {
	matches, _ := filepath.Glob(filepath.Join(dir, prefix+"*"+suffix+".br"))
	if len(matches) != 1 {
		b.Fatalf("want one %s*%s.br in %s, found %v", prefix, suffix, dir, matches)
	}
	return fileSize(b, matches[0])
}

func fileSize(b *testing.B, file string) int64 {
	info, err := os.Stat(file)
	if err != nil {
		return -1
	}
	return info.Size()
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "OVER BUDGET"
}
