package yamldiff

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// Config is a run: a seed and the cases per class and mode.
type Config struct {
	Seed    uint64
	PerMode int // cases per mode, spread over the classes that run in it
	Workers int
}

// Result is one case's outcome.
type Result struct {
	Case    *Case
	Diffs   []string
	Pending string // why the differences wait for another package, or ""
}

// job is one case to make: a class, a mode and an index within them.
type job struct {
	class Class
	mode  string
	index int
}

// jobs spreads PerMode cases of each mode evenly over the classes that run in it.
func (cfg Config) jobs() []job {
	var out []job
	classes := Classes()
	for _, mode := range allModes {
		var in []Class
		for _, c := range classes {
			if contains(c.Modes, mode) {
				in = append(in, c)
			}
		}
		for i := range cfg.PerMode {
			out = append(out, job{class: in[i%len(in)], mode: mode, index: i / len(in)})
		}
	}
	return out
}

// Run makes and answers every case of cfg; results come in job order (nil for a case a class
// could not make: a real manifest when the shared folder is absent).
func Run(ctx context.Context, cfg Config) []*Result {
	d := &differ{ctx: ctx, h: handler.Default(), ssa: newSSAReference()}
	js := cfg.jobs()
	return runs.InOrder(len(js), cfg.Workers, func(i int) *Result { return d.runJob(cfg.Seed, js[i]) })
}

func (d *differ) runJob(seed uint64, j job) (res *Result) {
	c := j.class.make(newDice(seed, j.class.Name, j.mode, j.index), j.mode, j.index)
	if c == nil {
		return nil
	}
	c.Class = j.class.Name
	res = &Result{Case: c, Pending: pendingReason(c.Class, c.Mode)}
	defer func() {
		if p := recover(); p != nil {
			res.Diffs = []string{fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}
		}
	}()
	res.Diffs = d.run(c)
	return res
}

// Row counts one class in one mode.
type Row struct {
	Class, Mode        string
	Cases, Differences int
	Pending            string
}

// Summary is a run's table: a row per class and mode, and the differing results.
type Summary struct {
	Rows      []Row
	Differing []*Result
	PerMode   map[string]int
}

// Summarize counts a run.
func Summarize(results []*Result) *Summary {
	index := map[[2]string]*Row{}
	s := &Summary{PerMode: map[string]int{}}
	for _, r := range results {
		if r == nil {
			continue
		}
		key := [2]string{r.Case.Class, r.Case.Mode}
		row := index[key]
		if row == nil {
			row = &Row{Class: r.Case.Class, Mode: r.Case.Mode, Pending: r.Pending}
			index[key] = row
		}
		row.Cases++
		s.PerMode[r.Case.Mode]++
		if len(r.Diffs) > 0 {
			row.Differences++
			s.Differing = append(s.Differing, r)
		}
	}
	for _, row := range index {
		s.Rows = append(s.Rows, *row)
	}
	order := map[string]int{}
	for i, c := range Classes() {
		order[c.Name] = i
	}
	sort.Slice(s.Rows, func(i, j int) bool {
		a, b := s.Rows[i], s.Rows[j]
		if a.Mode != b.Mode {
			return modeIndex(a.Mode) < modeIndex(b.Mode)
		}
		return order[a.Class] < order[b.Class]
	})
	return s
}

// Table writes the summary as a Markdown table.
func (s *Summary) Table() string {
	var b strings.Builder
	b.WriteString("| mode | class | cases | differences | status |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range s.Rows {
		status := "ok"
		switch {
		case r.Pending != "" && r.Differences > 0:
			status = "pending: " + r.Pending
		case r.Differences > 0:
			status = "DIFFERS"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s |\n", r.Mode, r.Class, r.Cases, r.Differences, status)
	}
	return b.String()
}

// Describe writes one differing result for a report.
func Describe(r *Result) string {
	c := r.Case
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%s #%d: %s\n", c.Mode, c.Class, c.Index, c.Story)
	for _, d := range r.Diffs {
		fmt.Fprintf(&b, "    %s\n", d)
	}
	for _, in := range []struct{ name, text string }{{"original", c.Original}, {"updated", c.Updated}, {"live", c.Live}} {
		if in.text != "" {
			fmt.Fprintf(&b, "  %s:\n%s\n", in.name, indentText(in.text))
		}
	}
	return b.String()
}

func modeIndex(mode string) int {
	for i, m := range allModes {
		if m == mode {
			return i
		}
	}
	return len(allModes)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
