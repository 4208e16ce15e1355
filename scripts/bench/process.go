package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// Whole-process pairs: the engine's native command (go build ./wasm) and the reference's
// (scripts/conformance/cmd/reference), each run as a whole process on the same request file,
// as a user runs them, interleaved (which goes first alternates), with their wall time and
// peak RSS (the child's rusage), both measured by scripts/bench/launch (see its doc: a child's
// peak RSS counts its parent's).

// commands are the built executables and the folder of their requests.
type commands struct {
	engine, reference, launch string
	dir                       string
}

// buildCommands builds both commands into a new temporary folder (removed by cleanup) and
// writes the speed benchmarks' requests of n resources there (<mode>.json, by
// scripts/conformance/cmd/speedrequests).
func buildCommands(n int) (*commands, func(), error) {
	dir, err := os.MkdirTemp("", "mergeplay-bench-")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	c := &commands{engine: filepath.Join(dir, "mergeplay"), reference: filepath.Join(dir, "reference"), launch: filepath.Join(dir, "launch"), dir: dir}
	conformance := filepath.Join("scripts", "conformance")
	steps := []struct {
		dir  string
		args []string
	}{
		{".", []string{"build", "-o", c.engine, "./wasm"}},
		{".", []string{"build", "-o", c.launch, "./scripts/bench/launch"}},
		{conformance, []string{"build", "-o", c.reference, "./cmd/reference"}},
		{conformance, []string{"run", "./cmd/speedrequests", "-n", fmt.Sprint(n), "-out", dir}},
	}
	for _, s := range steps {
		fmt.Fprintf(os.Stderr, "bench: (cd %s && go %s)\n", s.dir, strings.Join(s.args, " "))
		cmd := exec.Command("go", s.args...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = s.dir, os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			cleanup()
			return nil, nil, fmt.Errorf("go %s: %w", strings.Join(s.args, " "), err)
		}
	}
	return c, cleanup, nil
}

// processRun is one run of a command: its wall time, its peak resident set, the size of what it
// wrote.
type processRun struct {
	wall   time.Duration
	cpu    time.Duration // user and system, every thread's
	maxRSS int64         // bytes
	output int64         // bytes
}

// runProcess runs path with args through the launcher, its standard output written to a file
// in c.dir (as a user's `> response.json`), and checks the answer (check, when not nil, reads
// the output; the command must exit 0).
func (c *commands) runProcess(path string, args []string, check func(output string) error) (processRun, error) {
	outFile := filepath.Join(c.dir, "output")
	defer os.Remove(outFile)
	run, err := c.launched(outFile, path, args)
	if err != nil {
		return processRun{}, fmt.Errorf("%s %s: %w", filepath.Base(path), strings.Join(args, " "), err)
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		return processRun{}, err
	}
	run.output = int64(len(data))
	if check != nil {
		if err = check(string(data)); err != nil {
			return processRun{}, fmt.Errorf("%s %s: %w", filepath.Base(path), strings.Join(args, " "), err)
		}
	}
	return run, nil
}

// launched runs path with args through the launcher (scripts/bench/launch), output to outFile,
// and returns its wall time and peak RSS.
func (c *commands) launched(outFile, path string, args []string) (processRun, error) {
	var stdout, stderr strings.Builder
	cmd := exec.Command(c.launch, append([]string{"-out", outFile, "--", path}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return processRun{}, fmt.Errorf("%v: %.500s", err, stderr.String())
	}
	var m struct {
		WallNs, CPUNs, MaxRSSBytes int64
	}
	if err := json.Unmarshal([]byte(stdout.String()), &m); err != nil {
		return processRun{}, fmt.Errorf("the launcher's answer %q: %w", stdout.String(), err)
	}
	return processRun{wall: time.Duration(m.WallNs), cpu: time.Duration(m.CPUNs), maxRSS: m.MaxRSSBytes}, nil
}

// engineAnswered checks that the engine's response holds no error.
func engineAnswered(output string) error {
	var resp struct {
		Errors []struct {
			Input, Message string
			Line           int
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(output), &resp); err != nil {
		return fmt.Errorf("the response is not JSON: %w", err)
	}
	if len(resp.Errors) > 0 {
		e := resp.Errors[0]
		return fmt.Errorf("the engine answered %d errors, the first: %s:%d %s", len(resp.Errors), e.Input, e.Line, e.Message)
	}
	return nil
}

// processPair is the outcome of a whole-process comparison.
type processPair struct {
	engine, reference []processRun
	ratios            []float64 // engine's wall time over the reference's, per pair
	cpuRatios         []float64 // the same with CPU times, which a loaded machine moves less
}

// runPair runs the engine's command and the reference's on one request file, warm-up first
// (once each, untimed: the executables and the file into the page cache), then runs times
// each, interleaved, the order alternating from pair to pair.
func runPair(c *commands, request string, runs int, engineArgs []string) (*processPair, error) {
	engine := func() (processRun, error) {
		return c.runProcess(c.engine, append(append([]string{}, engineArgs...), request), engineAnswered)
	}
	reference := func() (processRun, error) { return c.runProcess(c.reference, []string{request}, nil) }
	for _, side := range []func() (processRun, error){engine, reference} {
		if _, err := side(); err != nil {
			return nil, err
		}
	}
	p := &processPair{}
	for i := 0; i < runs; i++ {
		var e, r processRun
		var err error
		if i%2 == 0 {
			if e, err = engine(); err == nil {
				r, err = reference()
			}
		} else {
			if r, err = reference(); err == nil {
				e, err = engine()
			}
		}
		if err != nil {
			return nil, err
		}
		p.engine, p.reference = append(p.engine, e), append(p.reference, r)
		p.ratios = append(p.ratios, float64(e.wall)/float64(r.wall))
		p.cpuRatios = append(p.cpuRatios, float64(e.cpu)/float64(r.cpu))
	}
	return p, nil
}

// text describes a pair for the table: both medians with their peak RSS, the median ratio and
// its spread, the same for CPU time, the engine's response size.
func (p *processPair) text() string {
	lo, hi := minMax(p.ratios)
	cpuLo, cpuHi := minMax(p.cpuRatios)
	return fmt.Sprintf("engine %s (peak RSS %s), reference %s (peak RSS %s): **%.2f×** (pairs %.2f–%.2f); CPU time %s against %s: %.2f× (%.2f–%.2f); response %s",
		ms(medianOf(walls(p.engine))), mib(medianOf(rss(p.engine))), ms(medianOf(walls(p.reference))), mib(medianOf(rss(p.reference))),
		medianOf(p.ratios), lo, hi, ms(medianOf(cpus(p.engine))), ms(medianOf(cpus(p.reference))), medianOf(p.cpuRatios), cpuLo, cpuHi,
		mib(float64(p.engine[0].output)))
}

// ratio is the median of the per-pair ratios.
func (p *processPair) ratio() float64 { return medianOf(p.ratios) }

func walls(rs []processRun) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = float64(r.wall.Nanoseconds())
	}
	return out
}

func cpus(rs []processRun) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = float64(r.cpu.Nanoseconds())
	}
	return out
}

func rss(rs []processRun) []float64 {
	out := make([]float64, len(rs))
	for i, r := range rs {
		out[i] = float64(r.maxRSS)
	}
	return out
}

// medianOf returns the median of vs (NaN for none).
func medianOf(vs []float64) float64 {
	if len(vs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func minMax(vs []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// mib writes bytes as MB (10^6), one decimal.
func mib(b float64) string { return fmt.Sprintf("%.1f MB", b/1e6) }

// wholeProcessRows runs the whole-process pair of every mode on its 200-resource request and
// returns the rows, with the budgets of the in-process comparison (modes()).
func wholeProcessRows(c *commands, runs int) []row {
	var rows []row
	for _, m := range modes() {
		what := fmt.Sprintf("%s vs %s, %d resources, whole processes (native CLI vs reference CLI)", m.name, m.reference, pair.Budget)
		p, err := runPair(c, filepath.Join(c.dir, m.name+".json"), runs, nil)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: %s whole processes: %v\n", m.name, err)
			rows = append(rows, row{what, "failed: " + firstLine(err.Error()), m.budget, "missing"})
			continue
		}
		rows = append(rows, row{what, p.text(), m.budget, verdict(p.ratio() <= m.maxRatio)})
	}
	return rows
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
