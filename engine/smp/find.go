package smp

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Find returns the place of the alignment at path (from the root), or nil when no side holds it.
// List items are found through the alignment's own pairing (by key or value text), never
// searched anew.
func (a *Aligned) Find(path fieldpath.Path) *Aligned {
	for _, e := range path {
		a = a.Step(e)
	}
	return a
}

// Step returns the place one path element below a (nil when a is nil or no side holds it).
func (a *Aligned) Step(e fieldpath.Element) *Aligned {
	switch {
	case a == nil:
		return nil
	case e.Keys == nil && e.Value == nil && !e.IsIndex:
		return a.Field(e.Field)
	}
	return a.item(e)
}

// item returns the list item place of element e (the first of its text).
func (a *Aligned) item(e fieldpath.Element) *Aligned {
	if a.lists == nil {
		lm, err := a.listMeta()
		if err != nil {
			return nil
		}
		a.lists = a.pairItems(lm)
	}
	want := "v" + printed(e.Value)
	if e.Keys != nil {
		want = "k" + keyText(e)
	}
	return a.lists.byText[want]
}

// UpdatedRepeats is, for a place that is an item of a list merged by key, how many items of
// updated's list share its key (0 elsewhere): a strategic merge patch merges them into one.
func (a *Aligned) UpdatedRepeats() int {
	if a.parent == nil || a.parent.lists == nil || a.text == "" {
		return 0
	}
	// The paired items are sorted by text: those sharing a.text follow the first of them.
	lists := a.parent.lists
	first, ok := lists.byText[a.text]
	if !ok {
		return 0
	}
	n := 0
	for _, c := range lists.children[first.index:] {
		if c.text != a.text {
			break
		}
		if c.sides[Updated] != nil {
			n++
		}
	}
	return n
}

// MergePatchOutcome is what a JSON merge patch (custom resources) did to live: it merges maps
// key by key and replaces everything else whole, so how each value came about reads from live
// and the result, key by key (patch is the patch sent).
func MergePatchOutcome(live, result, patch *yamltree.Node) *Outcome {
	o := newOutcome(Schema{})
	o.Result = result
	o.liveOf[result] = live
	o.compare(result, live, patch)
	return o
}

// compare records the fields of a merged map against live's.
func (o *Outcome) compare(result, live, patch *yamltree.Node) {
	for _, f := range result.Fields {
		l := live.Get(f.Key.Value)
		p := patch.Get(f.Key.Value)
		switch {
		case p == nil:
		case f.Value.IsMap() && l.IsMap():
			o.compare(f.Value, l, p)
		default:
			o.setBy[f.Value] = Read(p)
		}
	}
	for _, f := range live.Fields {
		if !result.Has(f.Key.Value) {
			o.remove(result, removal{elem: fieldpath.Element{Field: f.Key.Value}, key: f.Key, live: f.Value,
				cause: DeletedByNull, patch: Read(yamltree.NewNull())})
		}
	}
}

// Parent is the place holding this one (nil for the root).
func (a *Aligned) Parent() *Aligned { return a.parent }

// Element is how the parent reaches this place: a field name, an item's key or value.
func (a *Aligned) Element() fieldpath.Element { return a.elem }

// Held says which sides hold the place.
func (a *Aligned) Held() decision.Held { return a.held() }

// ThreeWaySituation is what kubectl's three-way diff finds at this place, read from its sides
// alone: the config's value against live's, or, where the config lacks it, last-applied's;
// false for a place only live holds. It is how a JSON merge patch (whose diff package jsonmerge
// computes) is explained by the same decision table.
func (a *Aligned) ThreeWaySituation() (Situation, bool) {
	original, updated, live := a.sides[Original], a.sides[Updated], a.sides[Live]
	switch {
	case updated == nil && original != nil:
		return FoundDropped, true
	case updated == nil:
		return 0, false
	case live == nil:
		return addedOrNull(updated), true
	}
	return situationOf(live, updated), true
}

// KeyedItems returns the items of the lists sides x and y hold here, paired, when the schema
// merges the list by key and both lists hold maps with their keys; false otherwise (such a list
// is compared whole).
func (a *Aligned) KeyedItems(x, y Side) ([]*Aligned, bool) {
	lm, err := a.listMeta()
	if err != nil || !lm.merge || len(lm.key) == 0 || !allMaps(a.sides[x]) || !allMaps(a.sides[y]) {
		return nil, false
	}
	items, k, err := a.items(lm, x, y)
	if err != nil || (k != mapKind && k != nullKind) {
		return nil, false
	}
	return items, true
}

// TwoWaySituation is what a two-way diff between original and updated finds at this place,
// read from its sides alone; false for a place neither holds.
func (a *Aligned) TwoWaySituation() (Situation, bool) {
	original, updated := a.sides[Original], a.sides[Updated]
	switch {
	case updated == nil && original != nil:
		return FoundDropped, true
	case updated == nil:
		return 0, false
	case original == nil:
		return addedOrNull(updated), true
	}
	return situationOf(original, updated), true
}

// IsAt reports whether path (from the root) leads to this place, element by element: a mark at
// path shares the place's recorded decision.
func (a *Aligned) IsAt(path fieldpath.Path) bool {
	i := len(path) - 1
	for p := a; p != nil && p.parent != nil; p = p.parent {
		if i < 0 || !sameElement(p.elem, path[i]) {
			return false
		}
		i--
	}
	return a != nil && i == -1
}

// sameElement reports whether two path elements are written alike.
func sameElement(x, y fieldpath.Element) bool {
	switch {
	case x.IsIndex || y.IsIndex:
		return x.IsIndex == y.IsIndex && x.Index == y.Index
	case x.Keys != nil || y.Keys != nil:
		if len(x.Keys) != len(y.Keys) {
			return false
		}
		for i := range x.Keys {
			if x.Keys[i].Name != y.Keys[i].Name || !yamltree.Equal(x.Keys[i].Value, y.Keys[i].Value) ||
				kindOf(x.Keys[i].Value) != kindOf(y.Keys[i].Value) {
				return false
			}
		}
		return true
	case x.Value != nil || y.Value != nil:
		return x.Value != nil && y.Value != nil && yamltree.Equal(x.Value, y.Value) && kindOf(x.Value) == kindOf(y.Value)
	}
	return x.Field == y.Field
}
