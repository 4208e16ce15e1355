//go:build conformance

package historydiff

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

var (
	cases = flag.Int("history.cases", 60, "random histories compared by TestHistoriesMatchTheReference")
	seed  = flag.Int64("history.seed", 1, "the seed of the random histories")
)

// TestHistoriesMatchTheReference answers random histories with the engine and each step with its
// mode's reference pipeline on the object the engine's steps before it left (the engine's
// invariant, engine/history, makes each step its mode's single answer there), comparing the
// object after every step: a difference shows in the step that makes it.
func TestHistoriesMatchTheReference(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	p := reference.New()
	h := handler.Default()
	steps, differ := 0, 0
	byMode, differByMode, refusedByMode, doneByMode := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	for i, req := range Histories(all, *seed, *cases) {
		resp := h.Handle(context.Background(), req)
		if len(resp.Steps) != len(req.Steps) {
			t.Fatalf("history %d: %d steps answered for %d: %+v", i, len(resp.Steps), len(req.Steps), resp.Errors)
		}
		live := req.Live
		for j, s := range req.Steps {
			steps++
			byMode[s.Mode]++
			before := differ
			one := *s
			one.Live = live
			one.Options.Now = now
			want, refErr := p.Text(&one)
			got := resp.Steps[j]
			refused := len(got.Errors) > 0 || len(got.Conflicts) > 0
			switch {
			case refErr != nil && refused:
				refusedByMode[s.Mode]++
			case refErr != nil || refused:
				differ++
				t.Errorf("history %d step %d (%s): the reference %v; the engine: errors %+v, conflicts %d", i, j+1, s.Mode, refErr, got.Errors, len(got.Conflicts))
			default:
				if err := reference.Same(s.Mode, want, got.Result); err != nil {
					differ++
					t.Errorf("history %d step %d (%s) differs: %v", i, j+1, s.Mode, err)
				}
			}
			if differ > before {
				differByMode[s.Mode]++
			}
			if !refused {
				live = got.Result
				doneByMode[s.Mode]++
			}
		}
	}
	t.Logf("%d histories, %d steps, %d differences; by mode (steps/carried out by the engine/refused by both/differences): %v / %v / %v / %v", *cases, steps, differ, byMode, doneByMode, refusedByMode, differByMode)
}
