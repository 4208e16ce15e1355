package merge3diff

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/linediff"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// Config says what a run does.
type Config struct {
	Seed    uint64
	Cases   int
	Workers int // 0: GOMAXPROCS
}

// CaseResult is one case with both answers.
type CaseResult struct {
	Case     *Case
	Ref, Eng *Answer
	Features map[Feature]bool
	// Diff says how the engine's answer differs from kyaml's, "" when it does not.
	Diff     string
	GenError error
}

// Run generates and answers cfg.Cases cases; results come back in case order.
func Run(ctx context.Context, cfg Config) []*CaseResult {
	h := handler.Default()
	return runs.InOrder(cfg.Cases, cfg.Workers, func(i int) *CaseResult { return runCase(ctx, cfg.Seed, h, i) })
}

func runCase(ctx context.Context, seed uint64, h *handler.Handler, i int) (res *CaseResult) {
	defer func() {
		if p := recover(); p != nil {
			res = &CaseResult{GenError: fmt.Errorf("case %d (seed %d): panic: %v\n%s", i, seed, p, debug.Stack())}
		}
	}()
	c, err := Generator{Seed: seed}.Case(i)
	if err != nil {
		return &CaseResult{GenError: fmt.Errorf("case %d: %w", i, err)}
	}
	res = &CaseResult{Case: c, Ref: Reference(c)}
	res.Features = Features(c, res.Ref)
	res.Eng, _ = Engine(ctx, h, c)
	res.Diff = Compare(res.Ref, res.Eng)
	return res
}

// Compare says how two answers differ: one fails and the other does not, or the texts differ.
func Compare(ref, eng *Answer) string {
	switch {
	case ref.Failed() && eng.Failed():
		return ""
	case ref.Failed():
		return "kyaml fails (" + ref.Err + ") but the engine answers"
	case eng.Failed():
		return "the engine fails (" + eng.Err + ") but kyaml answers"
	case ref.Result != eng.Result:
		return "the result texts differ"
	}
	return ""
}

// Summary counts a run.
type Summary struct {
	Cases, Differences int
	Counts             map[Feature]int
	GenErrors          []error
	Differing          []*CaseResult
}

// Summarize counts features and differences.
func Summarize(results []*CaseResult) *Summary {
	s := &Summary{Cases: len(results), Counts: map[Feature]int{}}
	for _, r := range results {
		if r.GenError != nil {
			s.GenErrors = append(s.GenErrors, r.GenError)
			continue
		}
		for f := range r.Features {
			s.Counts[f]++
		}
		if r.Diff != "" {
			s.Differences++
			s.Differing = append(s.Differing, r)
		}
	}
	return s
}

// Table writes "feature: count" lines and the totals.
func (s *Summary) Table() string {
	var b strings.Builder
	for _, f := range AllFeatures() {
		fmt.Fprintf(&b, "  %-58s %6d\n", string(f)+":", s.Counts[f])
	}
	fmt.Fprintf(&b, "merge3: %d cases, %d differences\n", s.Cases, s.Differences)
	return b.String()
}

// Short lists the features exercised by fewer than min cases.
func (s *Summary) Short(min int) []string {
	var out []string
	for _, f := range AllFeatures() {
		if s.Counts[f] < min {
			out = append(out, fmt.Sprintf("%s (%d)", f, s.Counts[f]))
		}
	}
	sort.Strings(out)
	return out
}

// Describe prints a case with both answers.
func Describe(r *CaseResult) string {
	var b strings.Builder
	c := r.Case
	fmt.Fprintf(&b, "case %d (inferKeys=%v): %s\n", c.Index, c.InferKeys, r.Diff)
	fmt.Fprintf(&b, "story: %s\n", strings.Join(c.Story, "; "))
	fmt.Fprintf(&b, "--- original\n%s--- updated\n%s--- live\n%s", c.Original, c.Updated, c.Live)
	fmt.Fprintf(&b, "--- kyaml %s\n%s--- engine %s\n%s", r.Ref.Err, r.Ref.Result, r.Eng.Err, r.Eng.Result)
	if r.Ref.Result != r.Eng.Result {
		fmt.Fprintf(&b, "--- kyaml to engine\n%s", linediff.Unified(linediff.Diff(r.Ref.Result, r.Eng.Result)))
	}
	return b.String()
}
