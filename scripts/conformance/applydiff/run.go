package applydiff

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// Config says what a run does.
type Config struct {
	Seed  uint64
	Cases int
	// Engine compares the engine with the reference; without it only the reference runs.
	Engine bool
	// Workers is the number of cases run at once; 0 means GOMAXPROCS.
	Workers int
	// KeepAll keeps both answers of every case; by default an engine run keeps them only for
	// the cases that differ, so that a long run stays small.
	KeepAll bool
}

// CaseResult is everything known about one case after a run.
type CaseResult struct {
	Case     *Case
	Ref      *Answer
	Eng      *EngineAnswer
	Features map[Feature]bool
	// Diffs are the differences between the engine and the reference.
	Diffs []string
	// GenError is set when the generator failed to build the case.
	GenError error
}

// Run generates and answers cfg.Cases cases. Results come back in case order whatever the
// number of workers, so a run's output depends on its seed alone.
func Run(ctx context.Context, cfg Config) []*CaseResult {
	h := handler.Default()
	return runs.InOrder(cfg.Cases, cfg.Workers, func(i int) *CaseResult { return runCase(ctx, cfg, h, i) })
}

// runCase builds and answers one case. A panic of the generator or the reference is reported
// as the case's GenError, with the case's index.
func runCase(ctx context.Context, cfg Config, h *handler.Handler, i int) (res *CaseResult) {
	defer func() {
		if p := recover(); p != nil {
			res = &CaseResult{GenError: fmt.Errorf("case %d (seed %d): panic: %v\n%s", i, cfg.Seed, p, debug.Stack())}
		}
	}()
	c, err := Generator{Seed: cfg.Seed}.Case(i)
	if err != nil {
		return &CaseResult{GenError: err}
	}
	res = &CaseResult{Case: c, Ref: Reference(c)}
	res.Features = Features(c, res.Ref)
	if !cfg.Engine {
		return res
	}
	res.Eng = Engine(ctx, h, c)
	res.Diffs = Compare(res.Ref, res.Eng)
	if !cfg.KeepAll {
		res.trim()
	}
	return res
}

// trim lets go of what a report does not print: everything of a case without differences, the
// engine's field marks and the reference's inputs of a case with some.
func (r *CaseResult) trim() {
	if len(r.Diffs) == 0 {
		r.Case, r.Ref, r.Eng = nil, nil, nil
		return
	}
	r.Eng.Response.Fields = nil
	for i := range r.Ref.Outcomes {
		o := &r.Ref.Outcomes[i]
		o.original, o.modified, o.current = nil, nil, nil
	}
}
