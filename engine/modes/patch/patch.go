package patch

import (
	"context"
	"slices"
	"time"

	"github.com/mergeplay/mergeplay/engine/apiserver"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// patched is one target and what the patch made of it.
type patched struct {
	triple stream.Triple
	result *yamltree.Node
	// stored is the result as the API server stores it (store).
	stored  apiserver.Stored
	applied *smp.Outcome // nil when no patch targets the object
	schema  smp.Schema
	log     *decision.Log
	// warned is what the API server warns of the object it accepts (modes.Input.Refuse).
	warned []contract.Warned
	// collisions are the stories of the dropped marks, in their order (droppedMarks).
	collisions []explain.Collision
}

// Run applies each patch to its target. A target whose two documents are the ones of the last
// request (in.Memo) keeps its piece of that answer: an edit patches again only the targets it
// changed.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	resp.Decisions = decision.Book{}
	triples, err := stream.Pair(stream.Inputs{Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("updated", err)
		return resp
	}
	resp.Decisions = make(decision.Book, len(triples)) // a log for each, at most: made once
	now, err := in.Request.Options.Time()
	if err != nil {
		resp.AddError("request", err)
		return resp
	}
	if in.Memo == nil { // a memo for this request alone: the commands read its pieces
		in.Memo = modes.NewMemo(in.Request.Options)
	}
	done := patchAll(triples, in, resp, now)
	if len(resp.Errors) > 0 {
		return resp
	}
	pieces := make([]*piece, len(done))
	for i, a := range done {
		if a.piece == nil {
			a.piece = render(a.patched, in)
			in.Memo.Keep(a.key, a.piece)
		}
		pieces[i] = a.piece
	}
	assemble(resp, pieces, in.Request.Skip)
	return resp
}

// patchAll applies each patch to its target and works out what the API server stores and
// records of it, or why it refuses it (an error of resp); a target the memo holds keeps its
// piece.
func patchAll(triples []stream.Triple, in *modes.Input, resp *contract.Response, now time.Time) []answered {
	done := make([]answered, 0, len(triples))
	for _, t := range triples {
		a := answered{key: modes.DocumentsOf(t)}
		if a.piece = recall(in.Memo, a.key); a.piece != nil {
			resp.Decisions[t.ID.String()] = a.piece.log
			resp.Warned = append(resp.Warned, a.piece.warned...)
			done = append(done, a)
			continue
		}
		p, err := patchOne(t, in)
		if err != nil {
			resp.AddError("updated", err)
			continue
		}
		p.log = resp.Decisions.For(t.ID.String())
		p.store(in)
		warned := len(resp.Warned)
		p.refuse(in, resp)
		p.warned = slices.Clone(resp.Warned[warned:])
		if err := p.recordManagers(in, now); err != nil {
			resp.AddError("updated", err)
		}
		a.patched = p
		done = append(done, a)
	}
	return done
}

// patchOne applies one patch to its target.
func patchOne(t stream.Triple, in *modes.Input) (*patched, error) {
	p := &patched{triple: t}
	switch {
	case t.Updated == nil:
		p.result = t.Live.Root.Clone()
		return p, nil
	case t.Live == nil:
		return nil, yamltree.ErrorAt(t.Updated.Root.Pos, "this patch targets "+describe(t.ID)+", which live does not hold: kubectl patch answers NotFound")
	}
	typ := in.PatchType(t.ID)
	if typ == nil {
		return nil, yamltree.ErrorAt(t.Updated.Root.Pos, describe(t.ID)+" is a custom resource (no strategic merge schema): the API server accepts no strategic merge patch for it and kubectl patch --type strategic fails with 415 Unsupported Media Type; use --type merge")
	}
	keys := smp.PatchMergeKeys
	if in.Request.Options.MultiKeys {
		keys = smp.ServerSideApplyKeys
	}
	written := smp.Read(t.Updated.Root)
	if written.Map == nil {
		return nil, yamltree.ErrorAt(t.Updated.Root.Pos, "the API server rejects this patch: a strategic merge patch is a map")
	}
	p.schema = smp.For(typ, keys)
	if in.Request.Options.ModelsAPIServer() {
		p.schema = p.schema.AsServer()
	}
	applied, err := smp.Apply(t.Live.Root, written.Map, p.schema)
	if err != nil {
		return nil, smp.Located(err, "the API server rejects this patch: ")
	}
	p.applied, p.result = applied, applied.Result
	return p, nil
}

func describe(id stream.ID) string {
	if s := id.String(); s != "" {
		return s
	}
	return "the object"
}

// marks explains one target from what the API server did to it; spot is where it stands in the
// result.
func (p *patched) marks(layout *yamltree.Layout, spot explain.Spot) []contract.Field {
	w := &explain.Walker{Resource: p.triple.ID.String(), Layout: layout, Spot: spot}
	if p.applied == nil {
		p.log.Record(nil, ruleUntargeted, decision.Live)
		w.Place(explain.Placed{Mark: contract.Ignored, Result: p.result, Rule: ruleUntargeted, Reason: reasons[ruleUntargeted](fact{})})
		return w.Fields()
	}
	never := func(*smp.Aligned) bool { return false }
	p.applied.Effects(nil, never, func(e smp.Effect) {
		rule := ruleOf(e)
		mark := markOf(e)
		p.log.Record(e.Path, rule, held(e))
		w.Place(explain.Placed{Path: e.Path, Mark: mark, Result: e.Result, Live: e.Live, Key: e.Key,
			Rule: rule, Reason: reason(rule, e, mark)})
	})
	p.droppedMarks(w)
	return w.Fields()
}

// droppedMarks marks the patch's items that the result lacks because another item of their list
// shares their key (smp.MergedAway): the API server merges them one after the other into one.
func (p *patched) droppedMarks(w *explain.Walker) {
	for _, m := range smp.MergedAway(p.triple.Updated.Root, p.result, p.schema) {
		p.log.RecordDropped(m.Path, ruleDroppedRepeatedKey)
		c := explain.Collision{Source: "the patch", Merger: "the API server", Key: m.Path[len(m.Path)-1], Repeats: m.Repeats,
			Item: m.Item, Kept: m.Kept, KeptLine: w.Layout.Line(m.Kept)}
		p.collisions = append(p.collisions, c)
		w.PlaceDropped(explain.Placed{Path: m.Path, Mark: contract.Dropped, Updated: m.Item, Rule: ruleDroppedRepeatedKey,
			Reason: reasons[ruleDroppedRepeatedKey](fact{mark: contract.Dropped, collision: c})}, w.Spot.Dropped(w.Layout, m.List, m.Kept, m.Items))
	}
}

// markOf says what became of a field.
func markOf(e smp.Effect) contract.Mark {
	switch {
	case e.Result == nil:
		return contract.Deleted
	case e.Live == nil:
		return contract.Added
	case !yamltree.Equal(e.Live, e.Result):
		return contract.Changed
	case e.Cause == smp.Kept:
		return contract.Ignored
	}
	return contract.Retained
}

// held says which inputs held a field: the patch (updated) when it set or removed it, live when
// live had it.
func held(e smp.Effect) decision.Held {
	var h decision.Held
	if e.Patch != nil {
		h |= decision.Updated
	}
	if e.Live != nil {
		h |= decision.Live
	}
	return h
}
