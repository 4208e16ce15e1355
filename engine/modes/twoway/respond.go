package twoway

import (
	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Warning is one live edit the two-way upgrade leaves out of sync (the response's extra.warnings).
type Warning struct {
	_        incomparable.Field
	Resource string `json:"resource"`
	Path     string `json:"path"`
	// Line is the field's line in the two-way result, or its nearest parent's when the two-way
	// result lacks it.
	Line int `json:"line"`
	// TwoWay and ThreeWay are the values each upgrade leaves, as JSON ("" when absent).
	TwoWay   string `json:"twoWay"`
	ThreeWay string `json:"threeWay"`
	Message  string `json:"message"`
}

// Repair is the patch that brings one resource in line with the new render (extra.repairPatches).
type Repair struct {
	_        incomparable.Field
	Resource string `json:"resource"`
	// APIVersion, Kind, Namespace ("" for a cluster-scoped kind) and Name are the resource's
	// identity, as the command that sends the patch needs it.
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace"`
	Name       string `json:"name"`
	// Type is strategic or merge.
	Type  string `json:"type"`
	Patch string `json:"patch"`
	// Command is the kubectl patch that sends the patch, every word quoted for a POSIX shell.
	Command string `json:"command"`
}

// newRepair is the repair of a resource by a patch of the given type, with its command.
func newRepair(id stream.ID, patchType, patch string) Repair {
	words := []string{"kubectl", "patch", command.TypeArg(id), id.Name}
	if id.Namespace != "" {
		words = append(words, "-n", id.Namespace)
	}
	return Repair{Resource: id.String(), APIVersion: id.APIVersion, Kind: id.Kind, Namespace: id.Namespace, Name: id.Name,
		Type: patchType, Patch: patch, Command: shell.Join(append(words, "--type", patchType, "-p", patch)...)}
}

// patchType is the type of the resource's patches: strategic, or merge for a kind no schema
// gives a patch strategy.
func (u *upgraded) patchType() string {
	if !u.strategy {
		return "merge"
	}
	return "strategic"
}

// warnings lists the resource's out-of-sync fields.
func (u *upgraded) warnings(layout *yamltree.Layout) []Warning {
	var out []Warning
	if u.threeErr != nil {
		out = append(out, Warning{Resource: u.triple.ID.String(), Line: layout.Line(u.two),
			Message: "Helm 3's three-way upgrade of this resource fails (it is left out of the three-way result): " + u.threeErr.Error()})
	} else if u.repairErr != nil {
		out = append(out, Warning{Resource: u.triple.ID.String(), Line: layout.Line(u.two),
			Message: "no repair patch can be computed for this resource (the three-way patch from the two-way result to the new render fails): " + u.repairErr.Error()})
	}
	for _, d := range u.outOfSync {
		// A field the two-way result lacks is placed at its nearest parent there.
		at, _ := explain.Deepest(u.two, d.path)
		line := layout.Line(at)
		msg := "out of sync after a Helm 2 upgrade: live keeps " + explain.Short(d.two) + ", the new render says " + explain.Short(d.three) + ". The two-way patch only carries what changed between the renders, so a live edit (kubectl edit, a controller) survives; Helm 3's three-way merge, or the repair patch, sets it back"
		if d.two == nil {
			msg = "out of sync after a Helm 2 upgrade: live lacks it, the new render says " + explain.Short(d.three) + "; the two-way patch does not add back what someone removed from live"
		} else if d.three == nil {
			msg = "out of sync after a Helm 2 upgrade: live keeps " + explain.Short(d.two) + ", which a three-way merge would remove"
		}
		out = append(out, Warning{Resource: u.triple.ID.String(), Path: d.path.String(), Line: line,
			TwoWay: jsonOf(d.two), ThreeWay: jsonOf(d.three), Message: msg})
	}
	return out
}

// marks explains the two-way result of one resource from what its upgrade recorded; spot is
// where it stands in the result.
func (u *upgraded) marks(layout *yamltree.Layout, spot explain.Spot) []contract.Field {
	w := &explain.Walker{Resource: u.triple.ID.String(), Layout: layout, Spot: spot}
	whole := func(rule decision.Rule, mark contract.Mark, result, live *yamltree.Node) {
		u.log.Record(nil, rule, 0)
		w.Place(explain.Placed{Mark: mark, Result: result, Live: live, Rule: rule, Reason: reasons[rule](fact{mark: mark})})
	}
	switch u.action {
	case Create:
		whole(ruleCreated, contract.Added, u.two, nil)
	case Delete:
		whole(ruleDeleted, contract.Deleted, nil, u.triple.Live.Root)
	case Leave:
		if u.two != nil {
			whole(ruleLeft, contract.Ignored, u.two, u.triple.Live.Root)
		}
	default:
		u.patchedMarks(w)
		u.droppedMarks(w)
	}
	return w.Fields()
}

// droppedMarks marks the new render's items that the two-way result lacks because another item
// of their list shares their key (smp.MergedAway); an item where the upgrade leaves live out of
// sync has its own warning instead.
func (u *upgraded) droppedMarks(w *explain.Walker) {
	if !u.strategy || u.two == nil {
		return
	}
	for _, m := range smp.MergedAway(u.triple.Updated.Root, u.two, u.schema) {
		if u.outOfSyncUnder(m.Path) {
			continue
		}
		u.log.RecordDropped(m.Path, ruleDroppedRepeatedKey)
		f := fact{mark: contract.Dropped, updated: m.Item, result: m.Kept, resultLine: w.Layout.Line(m.Kept),
			repeats: m.Repeats, holder: m.Path[len(m.Path)-1]}
		u.dropped = append(u.dropped, f)
		w.PlaceDropped(explain.Placed{Path: m.Path, Mark: contract.Dropped, Updated: m.Item, Rule: ruleDroppedRepeatedKey,
			Reason: reasons[ruleDroppedRepeatedKey](f)}, w.Spot.Dropped(w.Layout, m.List, m.Kept, m.Items))
	}
}

// outOfSyncUnder reports whether an out-of-sync warning covers path (at it, or above it).
func (u *upgraded) outOfSyncUnder(path fieldpath.Path) bool {
	for _, d := range u.outOfSync {
		if len(d.path) <= len(path) && d.path.String() == path[:len(d.path)].String() {
			return true
		}
	}
	return false
}

// patchedMarks marks every field of the two-way result: one mark per effect of the patch.
func (u *upgraded) patchedMarks(w *explain.Walker) {
	named := func(at *smp.Aligned) bool {
		return at != nil && (at.At(smp.Original) != nil || at.At(smp.Updated) != nil)
	}
	u.applied.Effects(u.aligned, named, func(e smp.Effect) {
		at := e.At
		rule := u.ruleOf(e, at)
		mark := markOf(e, rule)
		held := decision.Held(0)
		if at != nil {
			held = at.Held()
		}
		if at.Decided() != rule || !at.IsAt(e.Path) {
			u.log.Record(e.Path, rule, held)
		}
		w.Place(explain.Placed{Path: e.Path, Mark: mark, Result: e.Result, Live: e.Live, Key: e.Key,
			Rule: rule, Reason: reason(rule, factOf(e, at, mark))})
	})
}

// markOf says what became of the field.
func markOf(e smp.Effect, rule decision.Rule) contract.Mark {
	switch {
	case e.Result == nil:
		return contract.Deleted
	case e.Live == nil:
		return contract.Added
	case !yamltree.Equal(e.Live, e.Result):
		return contract.Changed
	case namedRules[rule]:
		return contract.Retained
	}
	return contract.Ignored
}

// factOf gathers what a reason is written from.
func factOf(e smp.Effect, at *smp.Aligned, mark contract.Mark) fact {
	f := fact{mark: mark, shape: e.Shape, live: e.Live}
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

func jsonOf(n *yamltree.Node) string {
	if n == nil {
		return ""
	}
	s, err := yamltree.SortedJSON(n)
	if err != nil {
		return ""
	}
	return s
}
