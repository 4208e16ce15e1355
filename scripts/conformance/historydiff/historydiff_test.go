//go:build conformance

package historydiff

import (
	"context"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/history"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

var (
	cases     = flag.Int("history.cases", 60, "random histories compared by TestHistoriesMatchTheReference")
	helmCases = flag.Int("history.helmcases", 40, "random histories of one release compared by TestHelmHistoriesMatchTheReference")
	seed      = flag.Int64("history.seed", 1, "the seed of the random histories")
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
	compareHistories(t, Histories(all, *seed, *cases))
}

// TestHelmHistoriesMatchTheReference does what TestHistoriesMatchTheReference does on random
// histories of one release (HelmHistories): Helm 3's and Helm 4's installs and upgrades, renders
// adding and dropping a ConfigMap (deleted, or kept by its resource policy), kubectl label
// making Helm 4's apply conflict (and what its refused first server-side upgrade leaves).
func TestHelmHistoriesMatchTheReference(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	compareHistories(t, HelmHistories(all, *seed, *helmCases))
}

// compareHistories answers histories with the engine and compares every step with its
// reference, logging the counts by mode.
func compareHistories(t *testing.T, histories []*contract.Request) {
	t.Helper()
	p := reference.New()
	h := handler.Default()
	steps, differ := 0, 0
	byMode, differByMode, refusedByMode, doneByMode := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	deleted, left := 0, 0
	for i, req := range histories {
		resp := h.Handle(context.Background(), req)
		if len(resp.Steps) != len(req.Steps) {
			t.Fatalf("history %d: %d steps answered for %d: %+v", i, len(resp.Steps), len(req.Steps), resp.Errors)
		}
		live := req.Live
		for j, s := range req.Steps {
			steps++
			byMode[s.Mode]++
			got := resp.Steps[j]
			refused := len(got.Errors) > 0 || len(got.Conflicts) > 0
			if err := compareStep(p, s, live, got); err != nil {
				differ++
				differByMode[s.Mode]++
				t.Errorf("history %d step %d (%s): %v", i, j+1, s.Mode, err)
			} else if refused {
				refusedByMode[s.Mode]++
			}
			if !refused {
				doneByMode[s.Mode]++
			}
			if _, ok := got.LeftAfterRefusal(); ok {
				left++
			}
			deleted += deletions(got)
			live = history.After(got, live)
		}
	}
	t.Logf("%d histories, %d steps, %d differences; by mode (steps/carried out by the engine/refused by both/differences): %v / %v / %v / %v; "+
		"objects deleted: %d; refused steps that left a write: %d", len(histories), steps, differ, byMode, doneByMode, refusedByMode, differByMode, deleted, left)
}

// deletions counts the objects a step deleted (marked deleted whole).
func deletions(resp *contract.Response) int {
	n := 0
	for _, f := range resp.Fields {
		if f.Mark == contract.Deleted && f.Path == "" {
			n++
		}
	}
	return n
}

// compareStep compares the engine's answer to step s, on the object live, with the step's
// reference pipeline: both refuse, or both give the same object.
func compareStep(p *reference.Pipelines, s *contract.Request, live string, got *contract.Response) error {
	one := *s
	one.Live = live
	one.Options.Now = now
	want, refErr := p.Text(&one)
	refused := len(got.Errors) > 0 || len(got.Conflicts) > 0
	switch {
	case refErr != nil && refused:
		return compareLeft(p, &one, got)
	case refErr != nil || refused:
		return fmt.Errorf("the reference %v; the engine: errors %+v, conflicts %d", refErr, got.Errors, len(got.Conflicts))
	}
	if err := reference.Same(s.Mode, want, got.Result); err != nil {
		return fmt.Errorf("differs: %w", err)
	}
	return nil
}

// compareLeft compares what a step both refuse leaves (the engine's extra.afterRefusal) with
// what the reference's Helm 4 moved before its refused apply (reference.HelmMoved): both
// nothing, or the same objects.
func compareLeft(p *reference.Pipelines, one *contract.Request, got *contract.Response) error {
	want, moved, err := p.HelmMoved(one)
	if err != nil {
		return fmt.Errorf("the reference's move: %w", err)
	}
	left, leaves := got.LeftAfterRefusal()
	switch {
	case moved != leaves:
		return fmt.Errorf("the reference's refused step leaves a write: %v; the engine's: %v (%+v)", moved, leaves, left)
	case !moved:
		return nil
	}
	if err := reference.Same(one.Mode, want, left.Result); err != nil {
		return fmt.Errorf("what the refused step leaves differs: %w", err)
	}
	return nil
}

// referenceLacks are the steps of the history examples the reference pipelines do not answer as
// a cluster does, with why; the reproduce scripts check those steps against kube-apiserver
// (make reproduce-check).
var referenceLacks = map[string]string{
	"scale":      "the reference libraries hold no scale subresource",
	"controller": "an update through a subresource, which the reference libraries do not hold",
}

// TestExampleHistories compares every step of the examples that are histories with its mode's
// reference pipeline, on the object the engine's steps before it left, as
// TestHistoriesMatchTheReference does for random ones; a history holding a step the reference
// does not answer (referenceLacks) is left to its reproduce script.
func TestExampleHistories(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	p := reference.New()
	h := handler.Default()
	compared := 0
	for _, ex := range all {
		if ex.Mode != contract.History || lacking(ex.Request) != "" {
			continue
		}
		compared++
		librariesOnly(ex.Request) // the API server's defaults and checks: make reproduce-check's part
		t.Run(ex.Name, func(t *testing.T) {
			resp := h.Handle(context.Background(), ex.Request)
			live := ex.Request.Live
			for j, s := range ex.Request.Steps {
				got := resp.Steps[j]
				err := compareStep(p, withNow(s, ex.Request.Options.Now), live, got)
				why, known := knownExampleDifferences[ex.Name+"/"+ex.StepFolders[j]]
				switch {
				case known && err == nil:
					t.Errorf("step %d (%s) now agrees with the reference: take it out of knownExampleDifferences", j+1, ex.StepFolders[j])
				case known:
					t.Logf("step %d (%s), a known difference (%s): %v", j+1, ex.StepFolders[j], why, err)
				case err != nil:
					t.Errorf("step %d (%s, %s): %v", j+1, s.Mode, ex.StepFolders[j], err)
				}
				live = history.After(got, live)
			}
		})
	}
	if compared == 0 {
		t.Error("no history example is compared")
	}
}

// knownExampleDifferences are the steps of the history examples whose answer differs from the
// reference's, by example/step folder, and why.
var knownExampleDifferences = map[string]string{
	"history-csa-to-ssa-migration/02-apply-server-side": kubectlMoves,
	"history-ssa-stuck-field/03-apply-server-side":      kubectlMoves,
}

// kubectlMoves is why a server-side apply after a client-side one differs from the reference:
// kubectl's own steps around the API server's apply (engine/managed/kubectl.go), which the
// reference, the API server's apply alone, lacks (docs/histories.md).
const kubectlMoves = "kubectl apply --server-side moves the client-side owner's fields to kubectl, which the reference (the API server's apply alone) does not; the example's reproduce script agrees with kube-apiserver v1.37.2 on it"

// lacking says why the reference cannot answer a step of a history, "" when it answers them all.
func lacking(req *contract.Request) string {
	for _, s := range req.Steps {
		if why, ok := referenceLacks[s.Mode]; ok {
			return why
		}
	}
	return ""
}

// withNow is a step with the history's now where it has none (as the engine's history gives it).
func withNow(s *contract.Request, now string) *contract.Request {
	one := *s
	if one.Options.Now == "" {
		one.Options.Now = now
	}
	return &one
}

// librariesOnly asks a history, and each of its steps, for the libraries' answer alone
// (options.apiServer off), which the reference composes: the API server's defaults, storage and
// validation are checked against kube-apiserver itself (make reproduce-check).
func librariesOnly(req *contract.Request) {
	req.Options.APIServer = contract.APIServerOff
	for i := range req.Steps {
		req.Steps[i].Options.APIServer = contract.APIServerOff
	}
}
