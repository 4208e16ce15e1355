// Command bench runs mergeplay's speed benchmarks and prints one Markdown table of every
// measurement with its budget (DESIGN.md): make bench.
//
//   - Native, from YAML text to merged YAML text, on the same 200-resource stream: each mode
//     against its reference (Benchmark{Apply,Merge3,SSA,Patch,Twoway}Speed in
//     scripts/conformance, which alternate the two sides in one process: see scripts/bench/pair),
//     the medians of -count runs.
//   - Whole processes (process.go): the same 200-resource requests written to files, the native
//     CLI (go build ./wasm) and the reference CLI (scripts/conformance/cmd/reference) each run
//     as a whole process on them, interleaved, -process-runs pairs: median wall times, the
//     median of the per-pair ratios, each process's peak RSS.
//   - Real files (realfiles.go, package realworld): a 1 MB ConfigMapList of dashboards and a
//     1 MB CRD at two releases, in every mode, as whole processes and in-process
//     (BenchmarkRealFiles in scripts/conformance/reference), read from ../shared/realworld
//     (-realworld); their rows say "not found" when it is absent.
//   - Scaling: the same benchmarks on 10 to 2,000 resources (fewer runs; pair.Sizes: larger streams
//     than the page reads run through pair.Handler, with raised limits).
//   - In headless Chromium (scripts/browsertest): BenchmarkFirstLoad (sizes, navigation to
//     data-ready), BenchmarkEdit (real key events typed into the config, from the keydown to
//     the re-marked answer shown, any wait for a pause included: every example, a 10-resource
//     app, a 10-step history, and a 520-resource stream whose keys must stay painted quickly
//     and whose Diff and Explain tabs are timed), BenchmarkLargeInput (a 4 MiB stream of real manifests in apply
//     and merge3: keydown to answer, keys painted meanwhile), BenchmarkBigInput (issue 28's 2 MB
//     input: pasted, edited, renamed, switched to merge3, the longest task and the heap) and BenchmarkWasmMemory (the wasm's
//     linear memory on the real files and that stream). Give a real build through
//     MERGEPLAY_DIST, as make bench does.
//
// Usage (from the repository's root):
//
//	go run ./scripts/bench [-count 5] [-scaling-count 3] [-native=true] [-browser=true]
//	    [-process=true] [-process-runs 9] [-real=true] [-real-runs 5] [-real-count 3] [-out file]
//	go run ./scripts/bench -interactive   # the first load and the keystrokes alone (a few minutes)
//
// It prints the report (report.go) and, with -out (make bench: docs/performance-measured.md),
// writes it to that file too, headed as generated, when every measurement was taken.
// It exits non-zero when a measurement is missing (a benchmark failed or did not run); a
// measurement over its budget is reported in the table, not as a failure.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

// mode is one native comparison: its benchmark, its reference's name and the budget on the
// engine's time over the reference's.
type mode struct {
	name, pkg, bench, reference string
	maxRatio                    float64
	budget                      string
}

// modes lists the native comparisons.
func modes() []mode {
	return []mode{
		{"apply", "./applydiff", "BenchmarkApplySpeed", "kubectl's steps (strategicpatch)", 1, "no slower than the reference (≤ 1.00×)"},
		{"merge3", "./merge3diff", "BenchmarkMerge3Speed", "kyaml merge3", 0.5, "at least twice as fast (≤ 0.50×)"},
		{"ssa", "./ssadiff", "BenchmarkSSASpeed", "field manager (structured-merge-diff)", 1, "no slower than the reference (≤ 1.00×)"},
		{"patch", "./patchdiff", "BenchmarkPatchSpeed", "StrategicMergePatch", 1, "no slower than the reference (≤ 1.00×)"},
		{"twoway", "./patchdiff", "BenchmarkTwowaySpeed", "Helm 2 (CreateTwoWayMergePatch + StrategicMergePatch)", 1, "no slower than the reference (≤ 1.00×)"},
	}
}

// Browser budgets (DESIGN.md; issue 28's interactive budgets).
const (
	readyBudgetMS      = 300 // navigation start → data-ready, median of 7 fresh loads
	readyWorstBudgetMS = 450 // the same, the worst of the 7
	wasmBudget         = dist.WasmBudget
	firstLoadBudget    = dist.FirstLoadBudget
	editBudgetMS       = 16  // keydown → answer shown, median, every example
	editP95BudgetMS    = 33  // the same, 95th percentile
	appEditBudgetMS    = 50  // keydown → answer shown, median, a 10-resource app of about 300 lines and a 10-step history
	keyBudgetMS        = 100 // keydown → the key's frame painted, median, on a 520-resource stream
	tabDrawBudgetMS    = 200 // that stream's Diff and Explain tabs drawn
)

// interactiveBench is the browser benchmarks of the interactive budgets alone (-interactive):
// the first load and the keystrokes.
const interactiveBench = "^(BenchmarkFirstLoad|BenchmarkEdit)$"

// row is one line of the table.
type row struct {
	what, value, budget, verdict string
}

// runs holds each benchmark's runs: its full name (without the -GOMAXPROCS suffix) to the
// metrics of each run, unit to value.
type runs map[string][]map[string]float64

// skips holds the reasons of skipped benchmarks by full name.
type skips map[string]string

func main() {
	count := flag.Int("count", 5, "runs of each native benchmark on the budget's 200 resources (medians are reported)")
	scalingCount := flag.Int("scaling-count", 3, "runs of each native benchmark on the other sizes")
	native := flag.Bool("native", true, "run the native benchmarks")
	browser := flag.Bool("browser", true, "run the browser benchmarks (MERGEPLAY_DIST should name a real build)")
	extra := extraOptions{}
	flag.BoolVar(&extra.process, "process", true, "run the whole-process pairs: the native CLI against the reference CLI (process.go)")
	flag.IntVar(&extra.processRuns, "process-runs", 9, "interleaved pairs of each whole-process comparison on a 200-resource request")
	flag.BoolVar(&extra.real, "real", true, "run the real-file rows, whole processes and in-process (realfiles.go)")
	flag.IntVar(&extra.realRuns, "real-runs", 5, "interleaved pairs of each whole-process comparison on a real file")
	flag.IntVar(&extra.realCount, "real-count", 3, "runs of the in-process real-file benchmark (2 iterations each, both orders)")
	flag.StringVar(&extra.realDir, "realworld", realworld.Dir("."), "the real manifests' folder (or "+realworld.EnvDir+")")
	out := flag.String("out", "", "also write the report to this file (make bench: docs/performance-measured.md), only when every measurement was taken")
	interactive := flag.Bool("interactive", false, "only the page's interactive rows: the first load and the keystrokes (BenchmarkFirstLoad, BenchmarkEdit); no native, whole-process or real-file rows, no -out")
	flag.Parse()
	if *interactive {
		*native, extra.process, extra.real, *browser, *out = false, false, false, true, ""
	}
	extra.inProcess = *native

	started := time.Now()
	load0 := loadAverage()
	got, skipped := runs{}, skips{}
	failed := false
	if *native {
		var pkgs []string
		for _, m := range modes() {
			if len(pkgs) == 0 || pkgs[len(pkgs)-1] != m.pkg {
				pkgs = append(pkgs, m.pkg)
			}
		}
		sizes := fmt.Sprintf("n=%d$", pair.Budget)
		var others []string
		for _, n := range pair.Sizes() {
			if n != pair.Budget {
				others = append(others, strconv.Itoa(n))
			}
		}
		args := func(pattern string, count int) []string {
			return append([]string{"test", "-v", "-run", "^$", "-bench", `^Benchmark(Apply|Merge3|SSA|Patch|Twoway)Speed$/` + pattern,
				"-count", strconv.Itoa(count), "-timeout", "60m"}, pkgs...)
		}
		failed = run(filepath.Join("scripts", "conformance"), args(sizes, *count), got, skipped) || failed
		failed = run(filepath.Join("scripts", "conformance"), args("n=("+strings.Join(others, "|")+")$", *scalingCount), got, skipped) || failed
		failed = run(".", historyArgs(), got, skipped) || failed
	}
	table := extraRows(extra, got, skipped)
	failed = table.failed || failed
	if *browser {
		pattern := "^(BenchmarkFirstLoad|BenchmarkEdit|" + memoryBench + "|" + largeBench + "|" + bigBench + ")$"
		if *interactive {
			pattern = interactiveBench
		}
		failed = run(".", []string{"test", "-count=1", "-v", "-run", "^$", "-bench", pattern,
			"-benchtime", "1x", "-timeout", "30m", "./scripts/browsertest"}, got, skipped) || failed
	}

	var rows []row
	missing := 0
	add := func(r row, ok bool) {
		if !ok {
			missing++
		}
		rows = append(rows, r)
	}
	if *native {
		for _, r := range nativeRows(got) {
			add(r, r.verdict != "missing")
		}
	}
	for _, r := range append(table.processRows, table.realRows...) {
		add(r, r.verdict != "missing")
	}
	if *native {
		for _, r := range append(scalingRows(got, skipped), historyRows(got)...) {
			add(r, r.verdict != "missing")
		}
	}
	if *browser {
		pageRows := browserRows(got, skipped)
		if !*interactive {
			pageRows = append(append(append(pageRows, largeRows(got, skipped)...), bigRows(got, skipped)...), memoryRows(got, skipped)...)
		}
		for _, r := range pageRows {
			add(r, r.verdict != "missing")
		}
	}

	rep := report{
		Started: started, Took: time.Since(started), Command: commandLine(), CPU: cpuModel(),
		CPUs: runtime.NumCPU(), MaxProcs: runtime.GOMAXPROCS(0), Go: goVersion(),
		LoadStart: load0, LoadEnd: loadAverage(), Rows: rows,
		Method: fmt.Sprintf("Native: medians of %d runs at 200 resources (%d at the other sizes), the engine and the reference alternating in one process; ratio = the median of the runs' engine/reference ratios (under 1: the engine is faster). Whole processes: the native CLI and the reference CLI each run on the same request file, %d interleaved pairs (%d on a real file); ratio = the median of the pairs' ratios (of wall times; CPU times, user and system, beside them); peak RSS from the child's rusage. Real files: in-process, %d runs of 2%s. Browser: headless Chromium on localhost, real build (brotli 11).", *count, *scalingCount, extra.processRuns, extra.realRuns, extra.realCount, prefixed("; ", table.realNote)),
	}
	fmt.Println()
	if err := writeMeasured(os.Stdout, rep); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	switch {
	case *out == "":
	case failed || missing > 0:
		fmt.Fprintf(os.Stderr, "bench: %s left as it was: this run is not whole\n", *out)
	default:
		if err := saveMeasured(*out, rep); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "bench: wrote %s\n", *out)
	}
	if failed || missing > 0 {
		fmt.Fprintf(os.Stderr, "bench: %d measurements missing; a benchmark failed or did not run (see above)\n", missing)
		os.Exit(1)
	}
}

// run runs go with args in dir, echoing its output to stderr, and collects benchmark lines.
// It reports whether the command failed.
func run(dir string, args []string, got runs, skipped skips) bool {
	fmt.Fprintf(os.Stderr, "bench: (cd %s && go %s)\n", dir, strings.Join(quoteAll(args), " "))
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var out bytes.Buffer
	w := io.MultiWriter(&out, os.Stderr)
	cmd.Stdout, cmd.Stderr = w, w
	err := cmd.Run()
	parse(&out, got, skipped)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: go %s: %v\n", args[0], err)
		return true
	}
	return false
}

// quoteAll quotes the arguments a shell would split or expand.
func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if strings.ContainsAny(a, " $^|()*\\'\"") {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return out
}

var (
	benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+(.*)$`)
	skipLine  = regexp.MustCompile(`^\s*--- SKIP: (Benchmark\S+)`)
)

// parse reads benchmark result lines ("BenchmarkX/sub-2  1  30.5 median-ms  ...") and skips
// (with -v: "--- SKIP: BenchmarkX/sub", then the reason, indented).
func parse(r io.Reader, got runs, skipped skips) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	said := "" // the last indented line: the reason of a skip that follows
	for sc.Scan() {
		line := sc.Text()
		if m := skipLine.FindStringSubmatch(line); m != nil {
			skipped[m[1]] = "skipped"
			if _, reason, ok := strings.Cut(said, ": "); ok {
				skipped[m[1]] = reason
			}
			continue
		}
		if strings.HasPrefix(line, "    ") {
			said = strings.TrimSpace(line)
		} else {
			said = ""
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		fields := strings.Fields(m[3])
		metrics := map[string]float64{}
		for i := 0; i+1 < len(fields); i += 2 {
			if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
				metrics[fields[i+1]] = v
			}
		}
		got[m[1]] = append(got[m[1]], metrics)
	}
}

// median returns the median of a metric over runs, and how many runs had it.
func median(rs []map[string]float64, unit string) (float64, int) {
	var vs []float64
	for _, r := range rs {
		if v, ok := r[unit]; ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return math.NaN(), 0
	}
	sort.Float64s(vs)
	if len(vs)%2 == 1 {
		return vs[len(vs)/2], len(vs)
	}
	return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2, len(vs)
}

// nativeRows are the budget rows: each mode against its reference on 200 resources.
func nativeRows(got runs) []row {
	var rows []row
	for _, m := range modes() {
		rs := got[fmt.Sprintf("%s/n=%d", m.bench, pair.Budget)]
		eng, n := median(rs, "engine-ns/op")
		ref, _ := median(rs, "ref-ns/op")
		ratio, _ := median(rs, "engine/ref")
		what := fmt.Sprintf("%s vs %s, %d resources, text to text", m.name, m.reference, pair.Budget)
		if n == 0 || math.IsNaN(ratio) || math.IsNaN(ref) {
			rows = append(rows, row{what, "not measured", m.budget, "missing"})
			continue
		}
		verdict := "ok"
		if ratio > m.maxRatio {
			verdict = "**OVER**"
		}
		lo, hi := spread(rs, "engine/ref")
		rows = append(rows, row{what,
			fmt.Sprintf("engine %s, reference %s: **%.2f×** (runs %.2f–%.2f)", ms(eng), ms(ref), ratio, lo, hi),
			m.budget, verdict})
	}
	return rows
}

// spread returns the smallest and largest value of a metric over runs.
func spread(rs []map[string]float64, unit string) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rs {
		if v, ok := r[unit]; ok {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}

// scalingRows show how each mode's time grows with the stream: the engine's (and the
// reference's, where it ran) median time at each size, and the engine's time per resource.
func scalingRows(got runs, skipped skips) []row {
	var rows []row
	for _, m := range modes() {
		var parts []string
		var perFirst, perLast float64
		measured := 0
		for i, n := range pair.Sizes() {
			name := fmt.Sprintf("%s/n=%d", m.bench, n)
			rs := got[name]
			eng, k := median(rs, "engine-ns/op")
			if k == 0 {
				reason := "not measured"
				if r, ok := skipped[name]; ok {
					reason = r
				}
				parts = append(parts, fmt.Sprintf("%d: %s", n, reason))
				continue
			}
			measured++
			per := eng / float64(n)
			if i == 1 { // 100 resources: past the fixed cost of a request
				perFirst = per
			}
			perLast = per
			part := fmt.Sprintf("%d: %s (%s/res.)", n, ms(eng), ms(per))
			if ref, k := median(rs, "ref-ns/op"); k > 0 {
				part += fmt.Sprintf(", ref. %s", ms(ref))
			}
			parts = append(parts, part)
		}
		verdict := "info"
		if measured == 0 {
			verdict = "missing"
		}
		budget := fmt.Sprintf("none set; per resource, %d vs 100:", pair.Sizes()[len(pair.Sizes())-1])
		if perFirst > 0 && perLast > 0 {
			budget += fmt.Sprintf(" %.2f×", perLast/perFirst)
		}
		rows = append(rows, row{fmt.Sprintf("%s scaling, engine (reference), %d to %d resources", m.name, pair.Sizes()[0], pair.Sizes()[len(pair.Sizes())-1]), strings.Join(parts, "; "), budget, verdict})
	}
	return rows
}

// browserRows are the page's rows: sizes, data-ready, and the edits.
func browserRows(got runs, skipped skips) []row {
	var rows []row
	fl := got["BenchmarkFirstLoad"]
	if len(fl) == 0 {
		rows = append(rows, row{"page: first load (BenchmarkFirstLoad)", "not measured", "", "missing"})
	} else {
		r := fl[len(fl)-1]
		rows = append(rows,
			row{"page: navigation start → data-ready, median of 7 loads", fmt.Sprintf("%.0f ms (worst %.0f ms)", r["ms-to-ready"], r["worst-ms-to-ready"]),
				fmt.Sprintf("≤ %d ms (worst ≤ %d ms)", readyBudgetMS, readyWorstBudgetMS), verdict(r["ms-to-ready"] <= readyBudgetMS && r["worst-ms-to-ready"] <= readyWorstBudgetMS)},
			row{"page: wasm, brotli q11", bytesText(r["wasm-br-bytes"]), bytesText(wasmBudget), verdict(r["wasm-br-bytes"] <= wasmBudget)},
			row{"page: whole first load, brotli", bytesText(r["first-load-br-bytes"]), bytesText(firstLoadBudget), verdict(r["first-load-br-bytes"] <= firstLoadBudget)},
		)
	}
	return append(rows, editRows(got, skipped)...)
}

// editBudget is the keystroke budget of an example: a median and a 95th percentile.
func editBudget() string {
	return fmt.Sprintf("median ≤ %d ms, p95 ≤ %d ms", editBudgetMS, editP95BudgetMS)
}

// withinEdit reports whether a median and a 95th percentile are within editBudget.
func withinEdit(med, p95 float64) bool {
	return med <= editBudgetMS && p95 <= editP95BudgetMS
}

// editRows are BenchmarkEdit's rows: the stream, the app, the history, the slowest example,
// then every example.
func editRows(got runs, skipped skips) []row {
	var names []string
	for name := range got {
		if strings.HasPrefix(name, "BenchmarkEdit/") {
			names = append(names, name)
		}
	}
	for name := range skipped {
		if strings.HasPrefix(name, "BenchmarkEdit/") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return []row{{"page: edit → re-marked result (BenchmarkEdit)", "not measured", "", "missing"}}
	}
	var rows, examples []row
	var worst, worstP95 float64
	var worstName string
	measured := 0
	for _, name := range names {
		sub := strings.TrimPrefix(name, "BenchmarkEdit/")
		rs := got[name]
		if len(rs) == 0 {
			if reason, ok := skipped[name]; ok {
				examples = append(examples, row{"page: keydown → answer shown, " + sub, "not measured: " + reason, "", "n/a"})
			}
			continue
		}
		r := rs[len(rs)-1]
		med, p95 := r["median-ms"], r["p95-ms"]
		shown := fmt.Sprintf("median %.0f ms, p95 %.0f ms", med, p95)
		switch {
		case strings.HasPrefix(sub, "stream-"):
			rows = append(rows, pageStreamRows(sub, r)...)
		case strings.HasPrefix(sub, "app-"):
			rows = append(rows, row{"page: keydown → answer shown, a 10-resource app (about 300 lines)", shown + "; " + keysPainted(r),
				fmt.Sprintf("median ≤ %d ms", appEditBudgetMS), verdict(med <= appEditBudgetMS)})
		case strings.HasPrefix(sub, "history-"):
			label := "a history of " + strings.ReplaceAll(strings.TrimPrefix(sub, "history-"), "-", " ") + " (its last step's config)"
			rows = append(rows, row{"page: keydown → answer shown, " + label, shown + "; " + keysPainted(r),
				fmt.Sprintf("median ≤ %d ms", appEditBudgetMS), verdict(med <= appEditBudgetMS)})
		default:
			measured++
			if med > worst {
				worst, worstName = med, sub
			}
			worstP95 = max(worstP95, p95)
			examples = append(examples, row{"page: keydown → answer shown, example " + sub, shown, editBudget(), verdict(withinEdit(med, p95))})
		}
	}
	if measured > 0 {
		rows = append(rows, row{fmt.Sprintf("page: keydown → answer shown, the slowest of %d examples (%s; the highest p95 of any)", measured, worstName),
			fmt.Sprintf("median %.0f ms, p95 %.0f ms", worst, worstP95), editBudget(), verdict(withinEdit(worst, worstP95))})
	}
	return append(rows, examples...)
}

// keysPainted describes a key benchmark's keydown-to-frame times.
func keysPainted(r map[string]float64) string {
	return fmt.Sprintf("keys painted: median %.0f ms, worst %.0f ms", r["key-median-ms"], r["key-worst-ms"])
}

// pageStreamRows are the rows of the large stream's sub-benchmark (sub: "stream-520-resources").
func pageStreamRows(sub string, r map[string]float64) []row {
	label := "a stream of " + strings.ReplaceAll(strings.TrimPrefix(sub, "stream-"), "-", " ")
	return []row{
		{"page: keydown → key painted, " + label, keysPainted(r), fmt.Sprintf("median ≤ %d ms", keyBudgetMS), verdict(r["key-median-ms"] <= keyBudgetMS)},
		{"page: keydown → answer shown, " + label, fmt.Sprintf("median %.0f ms, p95 %.0f ms (a key close behind another waits for a pause while answers are slow)", r["median-ms"], r["p95-ms"]), "none set", "info"},
		{"page: Diff tab drawn, " + label, fmt.Sprintf("%.0f ms", r["diff-ms"]), fmt.Sprintf("≤ %d ms", tabDrawBudgetMS), verdict(r["diff-ms"] <= tabDrawBudgetMS)},
		{"page: Explain tab drawn, " + label, fmt.Sprintf("%.0f ms", r["explain-ms"]), fmt.Sprintf("≤ %d ms", tabDrawBudgetMS), verdict(r["explain-ms"] <= tabDrawBudgetMS)},
	}
}

func verdict(ok bool) string {
	if ok {
		return "ok"
	}
	return "**OVER**"
}

// ms writes nanoseconds as milliseconds.
func ms(ns float64) string {
	switch v := ns / 1e6; {
	case v >= 100:
		return fmt.Sprintf("%.0f ms", v)
	case v >= 10:
		return fmt.Sprintf("%.1f ms", v)
	default:
		return fmt.Sprintf("%.2f ms", v)
	}
}

// bytesText writes a size in bytes with thousands separators.
func bytesText(v float64) string {
	s := strconv.FormatInt(int64(v), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String() + " bytes"
}

// loadAverage returns the 1-minute load average, or "?".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(data))[0]
}

// cpuModel returns the CPU's model name, or the architecture.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				return strings.TrimSpace(v) + " (" + runtime.GOARCH + ")"
			}
		}
	}
	return runtime.GOOS + "/" + runtime.GOARCH
}

// commandLine returns how this run was started: make bench when make started it (MAKELEVEL
// set), else the go run command with its arguments.
func commandLine() string {
	cmd := "go run ./scripts/bench"
	if args := os.Args[1:]; len(args) > 0 {
		cmd += " " + strings.Join(quoteAll(args), " ")
	}
	if os.Getenv("MAKELEVEL") != "" {
		return "make bench (" + cmd + ")"
	}
	return cmd
}

// goVersion returns the go command's version.
func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}
