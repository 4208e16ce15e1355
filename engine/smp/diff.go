package smp

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A diff goes from one side of an alignment to another. kubectl's three-way patch is two of
// them, combined: the changes from live to the config (every field the config names is sent
// when live differs: drift is reverted) and the deletions from last-applied to the config
// (what the config no longer names is deleted, whether live changed it or not). Helm 2's
// two-way patch is both from the previous render to the new one; the changes live made since
// last-applied, which overwrite=false refuses to overwrite, both from last-applied to live.
type direction struct {
	from, to Side
	// rules picks, from an alignment's Decisions, the rules this diff records by (nil: none).
	rules func(*Decisions) Rules
}

var (
	changesFromLive          = direction{from: Live, to: Updated, rules: threeWayRules}
	deletionsFromLastApplied = direction{from: Original, to: Updated, rules: threeWayRules}
	betweenRenders           = direction{from: Original, to: Updated, rules: twoWayRules}
	driftInLive              = direction{from: Original, to: Live, rules: noRules}
)

func threeWayRules(d *Decisions) Rules { return d.ThreeWay }
func twoWayRules(d *Decisions) Rules   { return d.TwoWay }
func noRules(*Decisions) Rules         { return nil }

// changes returns the additions and changes that turn `from` into `to` at the map place a,
// never a deletion of what `from` alone holds.
func changes(a *Aligned, d direction) (*Map, error) {
	out := &Map{}
	for _, c := range a.Fields() {
		if err := changeField(out, c, d); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// changeField adds to out the change of one field, if any.
func changeField(out *Map, c *Aligned, d direction) error {
	from, to := c.sides[d.from], c.sides[d.to]
	switch {
	case to == nil:
		return nil
	case from == nil:
		c.decide(d, addedOrNull(to))
		out.setAt(FieldEntry, c, Read(to))
	case c.elem.Field == keyPrefix[PatchEntry]:
		c.decide(d, situationOf(from, to))
		return diffDirective(out, c, d)
	case kindOf(from) != kindOf(to):
		c.decide(d, situationOf(from, to))
		out.setAt(FieldEntry, c, Read(to))
	case to.IsMap():
		return changeMap(out, c, d)
	case to.IsList():
		return changeList(out, c, d)
	default:
		c.decide(d, situationOf(from, to))
		if !equalValues(from, to) {
			out.setAt(FieldEntry, c, Read(to))
		}
	}
	return nil
}

// changeMap adds the change of a field holding maps on both sides: the new map whole for the
// replace strategy (even when nothing changed: the reference sends such a map every time, and
// the list item holding it with it), else its changes, with "$retainKeys" for the retainKeys
// strategy. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "a replace map is
// always sent").
func changeMap(out *Map, c *Aligned, d direction) error {
	meta, err := c.mapMeta()
	if err != nil {
		return unlessEqual(c, d, err)
	}
	if meta.strategy.Has(schema.PatchReplace) {
		s := situationOf(c.sides[d.from], c.sides[d.to])
		if s == FoundSame {
			s = FoundResent
		}
		c.decide(d, s)
		out.setAt(FieldEntry, c, Read(c.sides[d.to]))
		return nil
	}
	sub, err := changes(c, d)
	if err != nil {
		return err
	}
	if meta.strategy.Has(schema.PatchRetainKeys) && (sub.Len() > 0 || !sameKeySet(c.sides[d.from], c.sides[d.to])) {
		addRetainKeys(sub, c.sides[d.to])
	}
	if sub.Len() > 0 {
		out.setAt(FieldEntry, c, mapValue(sub))
	}
	return nil
}

// changeList adds the change of a field holding lists on both sides.
func changeList(out *Map, c *Aligned, d direction) error {
	lm, err := c.listMeta()
	if err != nil {
		return unlessEqual(c, d, err)
	}
	from, to := c.sides[d.from], c.sides[d.to]
	if !lm.merge {
		c.decide(d, situationOf(from, to))
		if !equalValues(from, to) {
			out.setAt(FieldEntry, c, Read(to))
		}
		return nil
	}
	if len(from.Items) == 0 {
		if len(to.Items) > 0 {
			out.setAt(FieldEntry, c, Read(to))
		}
		return nil
	}
	items, k, err := c.items(lm, d.from, d.to)
	switch {
	case err != nil || len(to.Items) == 0:
		return err
	case k == mapKind && len(lm.key) > 0:
		return changeKeyedList(out, c, lm, items, d)
	}
	changeSet(out, c, items, d)
	return nil
}

// unlessEqual answers a field the schema does not know (or knows as another shape) as the
// reference does: no patch needs it when the two sides compared hold equal values, so that is
// no error; otherwise the lookup's error stands. Observed with apimachinery v0.37.2 (kubectl
// apply --validate=false of a config and live both holding "metadata.lables: {x: y}" patches
// without error; change the value in the config and kubectl fails with "unable to find api
// field in struct ObjectMeta for the json field "lables"").
func unlessEqual(c *Aligned, d direction, err error) error {
	from, to := c.sides[d.from], c.sides[d.to]
	if !equalValues(from, to) {
		return err
	}
	c.decide(d, situationOf(from, to))
	return nil
}

// changeKeyedList adds the changed and added items of a list merged by key, in the order of
// `to` (sortByPosition) but for the "$patch: delete" items a config writes, which go last; and
// `to`'s order ("$setElementOrder") when any item is sent or the keys are not in the same order
// in both. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "a config's delete
// item goes with the deletions").
func changeKeyedList(out *Map, c *Aligned, lm listMeta, items []*Aligned, d direction) error {
	from, to := c.sides[d.from], c.sides[d.to]
	var sent []*Value
	for _, it := range items {
		ito, ifrom := it.sides[d.to], it.sides[d.from]
		switch {
		case ito == nil:
		case ifrom == nil:
			it.decide(d, FoundAdded)
			whole := Read(ito)
			whole.at = it
			sent = append(sent, whole)
		default:
			sub, err := changes(it, d)
			if err != nil {
				return err
			}
			if lm.retainKeys && (sub.Len() > 0 || !sameKeySet(ifrom, ito)) {
				addRetainKeys(sub, ito)
			}
			if sub.Len() > 0 {
				sent = append(sent, withKey(sub, it, lm.key))
			}
		}
	}
	sortByPosition(sent, to, lm.key)
	sent = deleteItemsLast(sent)
	if len(sent) > 0 {
		out.setAt(FieldEntry, c, listValue(sent...))
	}
	if len(to.Items) > 0 && (len(sent) > 0 || !sameKeys(from, to, lm.key)) {
		out.setAt(SetElementOrderEntry, c, keysOf(to, lm.key))
	}
	return nil
}

// sameKeys reports whether two lists hold items with the same keys in the same order.
func sameKeys(a, b *yamltree.Node, key []string) bool {
	return slices.EqualFunc(a.Items, b.Items, func(x, y *yamltree.Node) bool {
		return sameKey(keyValueOf(x, key), keyValueOf(y, key))
	})
}

// changeSet adds the values `to` adds to a set of primitives (repeats kept), in its order, and
// "$setElementOrder" when both lists hold values and `from`, sorted, is not `to` (sortedForDiff).
func changeSet(out *Map, c *Aligned, items []*Aligned, d direction) {
	from, to := c.sides[d.from], c.sides[d.to]
	var added []*Value
	for _, it := range items {
		switch {
		case it.sides[d.to] == nil:
		case it.sides[d.from] == nil:
			it.decide(d, FoundAdded)
			added = append(added, Read(it.sides[d.to]))
		default:
			it.decide(d, FoundSame)
		}
	}
	sortByPosition(added, to, nil)
	if len(added) > 0 {
		out.setAt(FieldEntry, c, listValue(added...))
	}
	if len(to.Items) > 0 && !sameSequence(sortedForDiff(from), to.Items) {
		out.setAt(SetElementOrderEntry, c, Read(to))
	}
}

// sortedForDiff returns the values of a set of primitives as the reference holds them once it
// has diffed the list: sorted by text, in place. A list of primitives that was not in sorted
// order therefore always differs from the config's, even when the two are the same, and the
// patch carries the config's order ($setElementOrder) although nothing changed. Observed with
// apimachinery v0.37.2 (scripts/conformance/smpfacts: "unsorted set sends its order").
func sortedForDiff(l *yamltree.Node) []*yamltree.Node {
	texts := make([]string, len(l.Items))
	for i, it := range l.Items {
		texts[i] = printed(it)
	}
	out := make([]*yamltree.Node, len(l.Items))
	for i, j := range pairedOrder(texts) {
		out[i] = l.Items[j]
	}
	return out
}

// sameSequence reports whether two lists hold equal values in the same order.
func sameSequence(a, b []*yamltree.Node) bool {
	return slices.EqualFunc(a, b, equalValues)
}

// addRetainKeys adds the "$retainKeys" list of map m to a patch: m's keys that hold a value
// (not null), sorted; none when there is no such key.
func addRetainKeys(p *Map, m *yamltree.Node) {
	var keys []*Value
	for _, k := range sortedKeys(m) {
		if !m.Get(k).IsNull() {
			keys = append(keys, scalar(yamltree.NewString(k)))
		}
	}
	if len(keys) > 0 {
		p.Set(RetainKeysEntry, "", listValue(keys...))
	}
}

// withKey returns an item patch: the item's key fields, then sub's entries.
func withKey(sub *Map, it *Aligned, key []string) *Value {
	m := &Map{}
	k := it.elem
	for _, kv := range k.Keys {
		m.Entries = append(m.Entries, &Entry{Kind: FieldEntry, Name: kv.Name, Value: scalar(kv.Value)})
	}
	for _, e := range sub.Entries {
		if e.Kind == FieldEntry && m.Field(e.Name) != nil {
			continue
		}
		m.Entries = append(m.Entries, e)
	}
	return &Value{Map: m, at: it}
}

// keysOf is the "$setElementOrder" list of a list merged by key: each item's key fields.
func keysOf(l *yamltree.Node, key []string) *Value {
	out := make([]*Value, 0, len(l.Items))
	for _, it := range l.Items {
		m := &Map{}
		for _, f := range key {
			m.Entries = append(m.Entries, &Entry{Kind: FieldEntry, Name: f, Value: scalar(it.Get(f))})
		}
		out = append(out, mapValue(m))
	}
	return listValue(out...)
}

// sameKeySet reports whether two maps hold the same keys: "$retainKeys" goes with the changes
// of a map whenever there are any, or when `from` holds keys `to` lacks (which only the
// deletions would otherwise remove). A key `from` holds as null and `to` lacks does not count:
// the changes do not see it. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts:
// "retainKeys goes with changes or dropped keys", "a dropped null brings no retainKeys").
func sameKeySet(from, to *yamltree.Node) bool {
	shared := 0
	for _, f := range from.Fields {
		switch {
		case to.Has(f.Key.Value):
			shared++
		case !f.Value.IsNull():
			return false
		}
	}
	return shared == len(to.Fields)
}

// addedOrNull is the Situation of a value `to` holds and `from` lacks: added, or a null.
func addedOrNull(to *yamltree.Node) Situation {
	if to.IsNull() {
		return FoundNull
	}
	return FoundAdded
}

// diffDirective diffs a "$patch" both sides of a diff hold (a config's, and a last-applied or a
// live object that holds it too): both must be strings, and a different one is sent, by every
// diff (the deletions from last-applied too, which send no other change). Observed with
// apimachinery v0.37.2 (scripts/conformance/smpfacts: "a config's $patch both sides hold").
func diffDirective(out *Map, c *Aligned, d direction) error {
	from, to := c.sides[d.from], c.sides[d.to]
	if kindOf(from) != stringKind || kindOf(to) != stringKind {
		return errorAt(c.key, "invalid value for special key: "+keyPrefix[PatchEntry])
	}
	if from.Value != to.Value {
		out.setAt(FieldEntry, c, Read(to))
	}
	return nil
}

// deleteItemsLast moves the "$patch: delete" items of a patch list after the others, keeping
// the order within each.
func deleteItemsLast(items []*Value) []*Value {
	out := make([]*Value, 0, len(items))
	for _, last := range []bool{false, true} {
		for _, it := range items {
			if isDeleteItem(it) == last {
				out = append(out, it)
			}
		}
	}
	return out
}
