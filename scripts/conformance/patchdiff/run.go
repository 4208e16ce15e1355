package patchdiff

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/runs"
)

// CaseResult is what a run keeps of one case: its features and, when the engine differs, the
// case and both answers for the report.
type CaseResult struct {
	Index    int
	Features map[Feature]bool
	Diffs    []string
	// Describe writes the case in full (set only for differing cases).
	Describe func() string
	// GenError is set when the generator or the reference failed (a panic included).
	GenError error
}

// parallel runs fn on cases 0..n-1 with GOMAXPROCS workers; results come back in case order.
func parallel(ctx context.Context, n int, fn func(ctx context.Context, h *handler.Handler, i int) *CaseResult) []*CaseResult {
	h := handler.Default()
	return runs.InOrder(n, 0, func(i int) *CaseResult { return guarded(ctx, h, i, fn) })
}

// guarded runs one case, turning a panic into the case's GenError.
func guarded(ctx context.Context, h *handler.Handler, i int, fn func(context.Context, *handler.Handler, int) *CaseResult) (res *CaseResult) {
	defer func() {
		if p := recover(); p != nil {
			res = &CaseResult{Index: i, GenError: fmt.Errorf("case %d: panic: %v\n%s", i, p, debug.Stack())}
		}
	}()
	return fn(ctx, h, i)
}

// RunPatch generates and compares n patch cases of seed.
func RunPatch(ctx context.Context, seed uint64, n int) []*CaseResult {
	return parallel(ctx, n, func(ctx context.Context, h *handler.Handler, i int) *CaseResult {
		return patchCase(ctx, h, seed, i, false)
	})
}

// patchCase builds, answers and compares one patch case; keep keeps its description even when
// it agrees.
func patchCase(ctx context.Context, h *handler.Handler, seed uint64, i int, keep bool) *CaseResult {
	c, err := NewPatchCase(seed, i)
	if err != nil {
		return &CaseResult{Index: i, GenError: err}
	}
	ref := ReferencePatch(c)
	eng := Engine(ctx, h, c.Request())
	res := &CaseResult{Index: i, Features: PatchCaseFeatures(ref), Diffs: ComparePatch(ref, eng)}
	if keep || len(res.Diffs) > 0 {
		res.Describe = func() string { return describe(c.Index, c.Seed, c.Story, res.Diffs, c.Request(), ref, eng) }
	}
	return res
}

// RunTwoWay generates and compares n twoway cases of seed.
func RunTwoWay(ctx context.Context, seed uint64, n int) []*CaseResult {
	return parallel(ctx, n, func(ctx context.Context, h *handler.Handler, i int) *CaseResult {
		return twoWayCase(ctx, h, seed, i, false)
	})
}

// twoWayCase builds, answers and compares one twoway case; keep keeps its description even
// when it agrees.
func twoWayCase(ctx context.Context, h *handler.Handler, seed uint64, i int, keep bool) *CaseResult {
	c, err := NewTwoWayCase(seed, i)
	if err != nil {
		return &CaseResult{Index: i, GenError: err}
	}
	ref := ReferenceTwoWay(c)
	eng := Engine(ctx, h, c.Request())
	res := &CaseResult{Index: i, Features: TwoWayCaseFeatures(ref), Diffs: CompareTwoWay(ref, eng)}
	if keep || len(res.Diffs) > 0 {
		res.Describe = func() string { return describe(c.Index, c.Seed, c.Story, res.Diffs, c.Request(), ref, eng) }
	}
	return res
}
