package twoway

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/mergeplay/mergeplay/engine/apiserver"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Action is what the upgrade does with one resource.
type Action string

// The actions.
const (
	Create Action = "create"
	Patch  Action = "patch"
	Delete Action = "delete"
	Leave  Action = "none"
)

// upgraded is one resource and both upgrades of it.
type upgraded struct {
	triple   stream.Triple
	action   Action
	strategy bool       // a strategic merge patch (else a JSON merge patch)
	schema   smp.Schema // for a strategic merge patch
	twoPatch *yamltree.Node
	two      *yamltree.Node // the two-way result (nil when deleted)
	// stored is the two-way result as the API server stores it (store).
	stored apiserver.Stored
	three  *yamltree.Node // the three-way result
	repair *yamltree.Node // the patch that brings two into line with the new render
	// aligned pairs the two renders and live; applied says how each value of the two-way
	// result came about; log holds the decisions.
	aligned   *smp.Aligned
	applied   *smp.Outcome
	log       *decision.Log
	outOfSync []drift
	threeErr  error // why the three-way upgrade fails (three is then nil)
	repairErr error // why no repair patch can be computed
	// warned is what the API server warns of the object it accepts (modes.Input.Refuse);
	// dropped are the facts of the dropped marks, in their order (droppedMarks).
	warned  []contract.Warned
	dropped []fact
}

// Run upgrades every resource both ways. A resource whose three documents are the ones of the
// last request (in.Memo) keeps its piece of that answer: an edit upgrades again only the
// resources it changed.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	resp.Decisions = decision.Book{}
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	resp.Decisions = make(decision.Book, len(triples)) // a log for each, at most: made once
	now, err := in.Request.Options.Time()
	if err != nil {
		resp.AddError("request", err)
		return resp
	}
	done := upgradeAll(triples, in, resp, now)
	if len(resp.Errors) > 0 {
		return resp
	}
	pieces := make([]*piece, len(done))
	for i, a := range done {
		if a.piece == nil {
			a.piece = render(a.upgraded)
			in.Memo.Keep(a.key, a.piece)
		}
		pieces[i] = a.piece
	}
	assemble(resp, pieces, in.Request.Skip)
	return resp
}

// upgradeAll upgrades each resource both ways and works out what the API server stores and
// records of it, or why it refuses it (an error of resp); a resource the memo holds keeps its
// piece.
func upgradeAll(triples []stream.Triple, in *modes.Input, resp *contract.Response, now time.Time) []answered {
	done := make([]answered, 0, len(triples))
	for _, t := range triples {
		a := answered{key: modes.DocumentsOf(t)}
		if a.piece = recall(in.Memo, a.key); a.piece != nil {
			resp.Decisions[t.ID.String()] = a.piece.log
			resp.Warned = append(resp.Warned, a.piece.warned...)
			done = append(done, a)
			continue
		}
		u := &upgraded{triple: t, log: resp.Decisions.For(t.ID.String())}
		if typ := in.PatchType(t.ID); typ != nil {
			keys := smp.PatchMergeKeys
			if in.Request.Options.MultiKeys {
				keys = smp.ServerSideApplyKeys
			}
			u.strategy, u.schema = true, smp.For(typ, keys)
		}
		if err := u.upgrade(); err != nil {
			resp.AddError(inputOf(t), err)
			continue
		}
		u.store(in)
		warned := len(resp.Warned)
		u.refuse(in, resp)
		u.warned = slices.Clone(resp.Warned[warned:])
		if err := u.recordManagers(in, now); err != nil {
			resp.AddError(inputOf(t), err)
		}
		a.upgraded = u
		done = append(done, a)
	}
	return done
}

// upgrade runs both upgrades on one resource.
func (u *upgraded) upgrade() error {
	t := u.triple
	switch {
	case t.Updated == nil && t.Live != nil && t.Original != nil:
		u.action = Delete
		return nil
	case t.Updated == nil:
		u.action = Leave
		if t.Live != nil {
			u.two, u.three = t.Live.Root.Clone(), t.Live.Root.Clone()
		}
		return nil
	case t.Live == nil:
		u.action = Create
		u.two, u.three = t.Updated.Root.Clone(), t.Updated.Root.Clone()
		return nil
	case t.Original == nil:
		return notInRelease(t.Updated)
	}
	u.action = Patch
	if err := u.twoWay(); err != nil {
		return err
	}
	u.threeWay()
	return nil
}

// twoWay is Helm 2's upgrade: the two-way patch between the renders, applied to live.
func (u *upgraded) twoWay() error {
	original, updated, live := u.triple.Original.Root, u.triple.Updated.Root, u.triple.Live.Root
	u.aligned = smp.Align(original, updated, live, u.schema)
	u.aligned.Record(&smp.Decisions{Log: u.log, TwoWay: twoWayRule})
	if !u.strategy {
		return u.mergePatch(original, updated, live)
	}
	// Helm 2's createPatch sends no patch at all when the two renders are the same data (it
	// compares their JSON before calling CreateTwoWayMergePatch): for a list of primitives in
	// an unsorted order, the two-way patch would carry a $setElementOrder even between equal
	// renders, and that would reorder live's list.
	patch := &smp.Map{}
	if !yamltree.Equal(original, updated) {
		var err error
		if patch, err = smp.TwoWay(u.aligned); err != nil {
			return helmError(err)
		}
	}
	u.twoPatch = (&smp.Value{Map: patch}).Tree()
	applied, err := smp.Apply(live, patch, u.schema)
	if err != nil {
		return helmError(err)
	}
	u.applied, u.two = applied, applied.Result
	return nil
}

// mergePatch is Helm 2's upgrade of a custom resource: a two-way JSON merge patch.
func (u *upgraded) mergePatch(original, updated, live *yamltree.Node) error {
	var err error
	u.twoPatch = yamltree.NewMap()
	if !yamltree.Equal(original, updated) {
		if u.twoPatch, err = jsonmerge.TwoWay(original, updated); err != nil {
			return helmError(err)
		}
	}
	u.two = live.Clone()
	if len(u.twoPatch.Fields) > 0 {
		if u.two, err = jsonmerge.Apply(live, u.twoPatch); err != nil {
			return helmError(err)
		}
	}
	u.applied = smp.MergePatchOutcome(live, u.two, u.twoPatch)
	return nil
}

// threeWay is the comparison: Helm 3's three-way upgrade of the same resource, the repair patch
// that would bring the two-way result in line with the new render, and where the two results
// differ. Helm 2 never computed any of it: when it fails (the API server would refuse Helm 3's
// patch, e.g. a $setElementOrder over a list with a merge key twice), the two-way upgrade still
// stands and the failure becomes a warning.
func (u *upgraded) threeWay() {
	original, updated, live := u.triple.Original.Root, u.triple.Updated.Root, u.triple.Live.Root
	u.three, u.threeErr = u.threeWayResult(original, updated, live)
	u.repair, u.repairErr = u.threeWayPatch(updated, updated, u.two)
	if u.three != nil {
		u.outOfSync = drifts(u.two, u.three, u.schema)
	}
}

// threeWayResult is the three-way upgrade's result.
func (u *upgraded) threeWayResult(original, updated, live *yamltree.Node) (*yamltree.Node, error) {
	if !u.strategy {
		patch, err := u.threeWayPatch(original, updated, live)
		if err != nil {
			return nil, err
		}
		if len(patch.Fields) == 0 {
			return live.Clone(), nil
		}
		r, mergeErr := jsonmerge.Apply(live, patch)
		return r, helmError(mergeErr)
	}
	patch, err := smp.ThreeWay(smp.Align(original, updated, live, u.schema))
	if err != nil {
		return nil, helmError(err)
	}
	if len(patch.Entries) == 0 {
		return live.Clone(), nil
	}
	applied, err := smp.Apply(live, patch, u.schema)
	if err != nil {
		return nil, helmError(err)
	}
	return applied.Result, nil
}

// threeWayPatch is a three-way patch, as a tree.
func (u *upgraded) threeWayPatch(original, updated, live *yamltree.Node) (*yamltree.Node, error) {
	if !u.strategy {
		p, err := jsonmerge.ThreeWay(original, updated, live)
		return p, helmError(err)
	}
	p, err := smp.ThreeWay(smp.Align(original, updated, live, u.schema))
	if err != nil {
		return nil, helmError(err)
	}
	return (&smp.Value{Map: p}).Tree(), nil
}

// notInRelease is Helm 2's refusal of an object that the new render and the cluster hold but the
// previous release does not: the upgrade has nothing to patch it from, so it stops there with
// Helm's message (Helm 3 stops on the same check).
func notInRelease(r *stream.Resource) error {
	const why = "is in the cluster and in the new render but not in the previous release, so Helm 2 " +
		"has nothing to patch it from (add it to the previous render, or remove it from live, to see the upgrade)"
	if r.ID.Kind == "" && r.ID.Name == "" {
		return yamltree.ErrorAt(r.Root.Pos, "the upgrade fails here, as Helm 2's does: the object "+why)
	}
	return yamltree.ErrorAt(r.Root.Pos, "the upgrade fails here, as Helm 2's does: no "+r.ID.Kind+" with the name "+strconv.Quote(r.ID.Name)+
		" found. "+r.ID.Kind+" "+strconv.Quote(r.ID.Name)+" "+why)
}

func helmError(err error) error {
	if err == nil {
		return nil
	}
	return smp.Located(err, "the upgrade fails here: ")
}

func inputOf(t stream.Triple) string {
	if t.Updated != nil {
		return string(yamltree.Updated)
	}
	return string(yamltree.Live)
}
