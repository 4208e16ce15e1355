package apply

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// marks explains one resource of the result from what its apply recorded; spot is where it
// stands in the result.
func (o *outcome) marks(layout *yamltree.Layout, spot explain.Spot) []contract.Field {
	w := &explain.Walker{Resource: o.triple.ID.String(), Layout: layout, Spot: spot}
	live := root(o.triple.Live)
	whole := func(rule decision.Rule, mark contract.Mark, result, live *yamltree.Node) {
		o.log.Record(nil, rule, 0)
		w.Place(explain.Placed{Mark: mark, Result: result, Live: live, Rule: rule, Reason: reasons[rule](fact{mark: mark})})
	}
	switch o.action {
	case Create:
		whole(ruleCreated, contract.Added, o.result, nil)
	case Prune:
		whole(rulePruned, contract.Deleted, nil, live)
	case Leave:
		if o.result != nil {
			whole(ruleLeft, contract.Ignored, o.result, live)
		}
	default:
		if o.result != nil {
			w.Expect(layout.EndLine(o.result) - layout.Line(o.result) + 1) // about a mark a line
		}
		o.patchedMarks(w)
		o.droppedMarks(w)
	}
	return w.Fields()
}

// droppedMarks marks the config's items that the result lacks because another item of their
// list shares their key (smp.MergedAway): kubectl's patch matched them on the key alone. A JSON
// merge patch (custom resources) replaces lists whole and drops nothing.
func (o *outcome) droppedMarks(w *explain.Walker) {
	if o.patchType != Strategic || o.result == nil || o.modified == nil {
		return
	}
	for _, m := range smp.MergedAway(o.modified, o.result, o.schema) {
		o.log.RecordDropped(m.Path, ruleDroppedRepeatedKey)
		f := fact{mark: contract.Dropped, updated: m.Item, result: m.Kept, resultLine: w.Layout.Line(m.Kept),
			repeats: m.Repeats, holder: m.Path[len(m.Path)-1]}
		o.dropped = append(o.dropped, f)
		w.PlaceDropped(explain.Placed{Path: m.Path, Mark: contract.Dropped, Updated: m.Item, Rule: ruleDroppedRepeatedKey,
			Reason: reasons[ruleDroppedRepeatedKey](f)}, w.Spot.Dropped(w.Layout, m.List, m.Kept, m.Items))
	}
}

// patchedMarks marks every field of a patched resource: one mark per effect of the patch
// (smp.Effects), its rule read from the decisions recorded at its path.
func (o *outcome) patchedMarks(w *explain.Walker) {
	named := func(at *smp.Aligned) bool { return at != nil && at.At(smp.Updated) != nil }
	o.applied.Effects(o.aligned, named, func(e smp.Effect) {
		at := e.At
		rule := o.ruleOf(e, at)
		mark := markOf(e, rule)
		if at.Decided() != rule || !at.IsAt(e.Path) {
			o.log.Record(e.Path, rule, heldAt(at, e))
		}
		w.Place(explain.Placed{Path: e.Path, Mark: mark, Result: e.Result, Live: e.Live, Key: e.Key,
			Rule: rule, Reason: reason(rule, o.factOf(e, at, mark))})
	})
}

// ruleOf names the rule behind an effect: what the server did where that decides (cleared by
// $retainKeys, removed with the value holding it), else kubectl's decision at the place (or
// above it, for what came with a whole value), else the place's own reading.
func (o *outcome) ruleOf(e smp.Effect, at *smp.Aligned) decision.Rule {
	switch {
	case isLastApplied(e.Path):
		return ruleAnnotation
	case managed.IsManagedFields(e.Path) && e.Live != nil && e.Result != nil && !yamltree.Equal(e.Live, e.Result):
		return ruleManagedFields
	case o.annotationsReplaced(e.Path):
		return ruleAnnotationsReplaced
	case isAnnotations(e.Path) && o.emptied[e.Path[2].Field]:
		return ruleAnnotationEmptied
	case o.defaultedNamespace() && isNamespace(e.Path):
		return ruleNamespace
	case e.Cause == smp.ClearedByRetainKeys:
		return ruleRetainKeys
	case e.Cause == smp.Replaced:
		return ruleReplaced
	}
	rule, exact := o.decided(at)
	if exact && slices.Contains(changeRules, rule) && e.Result != nil && e.Live != nil && yamltree.Equal(e.Live, e.Result) {
		// the patch sent a change that another item of the config with the same key undid:
		// live's value stands
		return ruleRetained
	}
	switch {
	case e.Cause == smp.Kept && !exact && len(e.Path) > 0 && e.Path[0].Field == "status":
		return ruleStatus
	case e.Cause == smp.Kept && !exact:
		return ruleIgnored
	case e.Cause == smp.Kept && rule == ruleDeleted:
		return ruleNotReached
	case rule == "":
		return ruleUnnamed
	}
	return rule
}

// decided returns kubectl's decision at place at, or at the nearest place above it, and
// whether it was at the place itself. A strategic merge patch's decisions were recorded there by
// the three-way diff; a JSON merge patch's (custom resources) are read from the places by the
// same table.
func (o *outcome) decided(at *smp.Aligned) (decision.Rule, bool) {
	for p := at; p != nil; p = p.Parent() {
		if o.patchType == Merge {
			if s, ok := p.ThreeWaySituation(); ok {
				return threeWayRule(s, p), p == at
			}
		} else if r := p.Decided(); r != "" {
			return r, p == at
		}
	}
	return "", false
}

// markOf says what became of the field: removed, added, changed, or kept (retained when the
// config names it, ignored otherwise).
func markOf(e smp.Effect, rule decision.Rule) contract.Mark {
	switch {
	case e.Result == nil:
		return contract.Deleted
	case e.Live == nil:
		return contract.Added
	case !yamltree.Equal(e.Live, e.Result):
		return contract.Changed
	case slices.Contains(namedRules, rule):
		return contract.Retained
	}
	return contract.Ignored
}

// factOf gathers what a reason is written from.
func (o *outcome) factOf(e smp.Effect, at *smp.Aligned, mark contract.Mark) fact {
	f := fact{mark: mark, shape: e.Shape, whole: e.Whole, merge: o.patchType == Merge, live: e.Live, result: e.Result}
	if at != nil {
		f.original, f.updated = at.At(smp.Original), at.At(smp.Updated)
	}
	if e.Shape == smp.Item {
		f.item = e.Path[len(e.Path)-1]
	}
	for p := at; p != nil; p = p.Parent() {
		if n := p.UpdatedRepeats(); n > 0 {
			f.repeats, f.holder = n, p.Element()
			break
		}
	}
	return f
}

// heldAt says which inputs held the field.
func heldAt(at *smp.Aligned, e smp.Effect) decision.Held {
	if at != nil {
		return at.Held()
	}
	if e.Live != nil {
		return decision.Live
	}
	return 0
}

// defaultedNamespace reports whether kubectl filled in the namespace the config left out.
func (o *outcome) defaultedNamespace() bool {
	return o.triple.Updated != nil && o.triple.ID.Namespace != "" && !o.triple.Updated.Root.Get("metadata").Has("namespace")
}

func isNamespace(path fieldpath.Path) bool {
	return len(path) == 2 && path[0].Field == "metadata" && path[1].Field == "namespace"
}

// annotationsReplaced reports whether path is metadata.annotations and the config holds there a
// value that is not a map (null, a scalar, a list), which kubectl replaces by a map holding its
// last-applied annotation (writer.WithoutLastApplied): the value comes from kubectl, not from the config.
func (o *outcome) annotationsReplaced(path fieldpath.Path) bool {
	if len(path) != 2 || path[0].Field != "metadata" || path[1].Field != "annotations" || o.triple.Updated == nil {
		return false
	}
	annotations := o.triple.Updated.Root.Lookup("metadata", "annotations")
	return annotations != nil && !annotations.IsMap()
}

// isLastApplied reports whether path is kubectl's last-applied annotation.
func isLastApplied(path fieldpath.Path) bool {
	return isAnnotations(path) && path[2].Field == LastAppliedAnnotation
}

func isAnnotations(path fieldpath.Path) bool {
	return len(path) == 3 && path[0].Field == "metadata" && path[1].Field == "annotations"
}
