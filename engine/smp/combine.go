package smp

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// combine merges changes into del (the two halves of kubectl's three-way patch), as the
// reference merges its changes patch into its deletions patch: as the API server merges a patch
// into an object, but keeping every directive. sch describes the map. The result is changes,
// completed:
//   - a field both hold as maps is combined in turn; a field both hold as lists merged by key is
//     combined item by item (combineList); otherwise the changes' value stands;
//   - where changes holds a list merged by key or of primitives beside its "$setElementOrder",
//     the list must follow that order, or the whole patch fails with the reference's message
//     (checkOrder): a config that repeats a key out of order cannot be applied. The root is
//     always combined, and a map below only where both halves hold it;
//   - a "$retainKeys" or a "$setElementOrder" both hold must be the same list (they differ only
//     for items of the config that share a key).
//
// Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "repeated keys merge when
// deletions join", "a repeated key out of order fails").
func combine(sch Schema, changes, del *Map) error {
	if e := changes.Get(PatchEntry, ""); e != nil {
		return combineDirective(changes, e)
	}
	if err := checkOrders(sch, changes, del); err != nil {
		return err
	}
	takeAlone(changes, del)
	if err := checkOrderedLists(changes, del); err != nil {
		return err
	}
	takeOrderedAlone(sch, changes, del)
	for _, e := range del.Entries {
		have := changes.Get(e.Kind, e.Name)
		switch {
		case have == nil && orderedAlone(changes, e):
			have = &Entry{Kind: FieldEntry, Name: e.Name, Key: e.Key, Value: &Value{List: &List{}}}
			changes.Entries = append(changes.Entries, have)
			if err := combineList(sch, changes, have, e); err != nil {
				return err
			}
		case have == nil:
			changes.Entries = append(changes.Entries, e)
		case e.Kind == SetElementOrderEntry && !equalValues(have.Value.Tree(), e.Value.Tree()):
			return &Error{Message: "invalid patch format of setElementOrder list"}
		case e.Kind == RetainKeysEntry && !equalValues(have.Value.Tree(), e.Value.Tree()):
			return &Error{Message: printed(e.Value.Tree()) + " and " + printed(have.Value.Tree()) +
				" are not deep equal: this may happen when calculating the 3-way diff patch"}
		case e.Kind != FieldEntry:
		case have.Value.Map != nil && e.Value.Map != nil:
			meta, err := sch.mapField(e.Name)
			if err != nil {
				return err
			}
			if meta.strategy.Has(schema.PatchReplace) {
				continue
			}
			if err := combine(meta.schema, have.Value.Map, e.Value.Map); err != nil {
				return err
			}
		case have.Value.List != nil && e.Value.List != nil:
			if err := combineList(sch, changes, have, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// orderedAlone reports whether the deletions' entry e is a list the changes order
// ("$setElementOrder") without holding it: the reference merges the changes' empty list into
// it, which arranges its items by that order (a deletion of a key the order names goes beside
// that key's item). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an order
// alone arranges the deletions").
func orderedAlone(changes *Map, e *Entry) bool {
	return e.Kind == FieldEntry && e.Value.List != nil && changes.Get(SetElementOrderEntry, e.Name) != nil
}

// combineDirective carries out, on the changes, a "$patch" they hold in a map both halves hold
// (a config's own "$patch", which the changes send as a directive): the deletions' map is merged
// into as a patch merges into an object, so replace leaves the changes' map without its "$patch"
// (the deletions' entries are not sent), delete leaves an empty map, and any other value fails
// with the API server's message. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts:
// "a config's $patch: replace drops the deletions", "a config's $patch: merge fails").
func combineDirective(changes *Map, e *Entry) error {
	switch directiveOf(e.Value) {
	case "replace":
		changes.Entries = slices.DeleteFunc(changes.Entries, func(x *Entry) bool { return x == e })
		return nil
	case "delete":
		changes.Entries = nil
		return nil
	}
	return errorAt(e.Key, "unknown patch type: "+directiveOf(e.Value)+" in map: "+printed(mapValue(changes).Tree()))
}

// takeAlone writes each entry of the changes that the deletions do not hold alike (absent, or a
// value of another kind) as the reference takes it into the deletions: whole, less every map
// that holds "$patch" (with the field or item holding it), at any depth, even in a list it
// replaces whole. Only a config writes "$patch" into the changes, so a config's map holding one
// is not sent where it is new to the deletions: kubectl sends {"spec":{}} for a config whose
// nodeSelector holds "$patch: replace". Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "a config's $patch map is not sent").
//
// A value taken away whole takes the deletions' entry with it: a config's map holding "$patch"
// where last-applied held a field the deletions send as null leaves neither in the patch.
func takeAlone(changes, del *Map) {
	kept := changes.Entries[:0]
	for _, e := range changes.Entries {
		if d := del.Get(e.Kind, e.Name); d == nil || d.Value.kind() != e.Value.kind() {
			if e.Value = withoutDirectiveMaps(e.Value); e.Value == nil {
				del.Entries = slices.DeleteFunc(del.Entries, func(x *Entry) bool { return x == d })
				continue
			}
		}
		kept = append(kept, e)
	}
	changes.Entries = kept
}

// withoutDirectiveMaps returns v less every map holding "$patch", at any depth: nil when v is
// one.
func withoutDirectiveMaps(v *Value) *Value {
	switch {
	case v.Map != nil:
		if v.Map.Get(PatchEntry, "") != nil {
			return nil
		}
		m := &Map{Node: v.Map.Node}
		for _, e := range v.Map.Entries {
			if ev := withoutDirectiveMaps(e.Value); ev != nil {
				m.Entries = append(m.Entries, &Entry{Kind: e.Kind, Name: e.Name, Value: ev, Key: e.Key})
			}
		}
		return &Value{Node: v.Node, Map: m, at: v.at}
	case v.List != nil:
		l := &List{Node: v.List.Node}
		for _, it := range v.List.Items {
			if iv := withoutDirectiveMaps(it); iv != nil {
				l.Items = append(l.Items, iv)
			}
		}
		return &Value{Node: v.Node, List: l, at: v.at}
	}
	return v
}

// checkOrders checks every list of the changes against its "$setElementOrder": as the API
// server merges an ordered list (orderedInputs), the order and the changes' value beside it must
// be lists (a null is refused), the list and the deletions' must hold an item between them, and
// the changes' items must follow the order. A config may order a list the schema does not
// merge: it is then checked as a set of primitives (one kind of item, in the order), and a list
// of maps makes the reference panic. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "an order for an atomic list", "an order beside a null").
func checkOrders(sch Schema, m, del *Map) error {
	for _, e := range m.Entries {
		if e.Kind != SetElementOrderEntry {
			continue
		}
		if e.Value.List == nil {
			return &Error{Message: "expected a []interface {}, but received a " + describeNonList(e.Value.Tree())}
		}
		list := m.Field(e.Name)
		if list != nil && list.List == nil {
			return &Error{Message: "expected a []interface {}, but received a " + describeNonList(list.Tree())}
		}
		if err := checkSomeItems(del.Field(e.Name), list); err != nil {
			return err
		}
		if list == nil || list.List == nil {
			continue
		}
		lm, err := sch.listField(e.Name)
		if err != nil {
			return err
		}
		if !lm.merge { // ordered, a list the schema does not merge is merged as a set
			if itemsKind(list.Tree()) == mapKind {
				return errUnhashable
			}
			lm = listMeta{items: lm.items, merge: true}
		}
		key, err := checkPatchLists(lm, nil, list.List.Items)
		if err != nil {
			return err
		}
		if len(e.Value.List.Items) == 0 {
			continue // an empty order is not checked (the API server's mergeOrdered)
		}
		if err := checkOrder(list.List.Items, e.Value.List.Items, key); err != nil {
			return err
		}
	}
	return nil
}

// checkSomeItems fails as the API server does where an ordered list has no item in either
// value merged (current: what it is merged into; p: the patch's list; nil where absent).
func checkSomeItems(current, p *Value) error {
	n := 0
	for _, v := range []*Value{current, p} {
		if v != nil && v.List != nil {
			n += len(v.List.Items)
		}
	}
	if (current != nil || (p != nil && p.List != nil)) && n == 0 {
		return &Error{Message: "no elements in any of the given slices"}
	}
	return nil
}

// checkOrderedLists fails, as the reference does, where the changes order a list
// ("$setElementOrder") that the deletions hold as something else than a list (a null).
func checkOrderedLists(changes, del *Map) error {
	for _, e := range changes.Entries {
		if e.Kind != SetElementOrderEntry {
			continue
		}
		if v := del.Field(e.Name); v != nil && v.List == nil {
			what := "%!s(<nil>)"
			if !v.IsNull() {
				what = printed(v.Tree())
			}
			return &Error{Message: "expected a []interface {}, but received a " + what}
		}
	}
	return nil
}

// errUnhashable is the reference's panic on a list of maps the schema does not merge, ordered
// by a "$setElementOrder" (it merges such a list as a set, and maps cannot be set members).
var errUnhashable = &Error{Message: "strategicpatch panics: hash of unhashable type: map[string]interface {} (a list of maps the schema does not merge, beside a $setElementOrder)"}

// takeOrderedAlone takes the changes' lists that come with a "$setElementOrder" and that the
// deletions do not hold as the reference takes them, merging each into the deletions' absent
// one as the API server merges an ordered list live lacks: its "$patch" items carried out (and
// so dropped: a config can only hold such items as data, "$patch: delete" written in the
// config), then arranged by the order, which a config may write too: an empty one reverses the
// list (unorderedMerge). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an
// empty order reverses the patch's items, repeats too", "a config's order arranges its list").
func takeOrderedAlone(sch Schema, changes, del *Map) {
	for _, e := range changes.Entries {
		if e.Kind != SetElementOrderEntry || del.Field(e.Name) != nil || e.Value.List == nil {
			continue
		}
		list := changes.Field(e.Name)
		if list == nil || list.List == nil {
			continue
		}
		kept := list.List.Items[:0:0]
		for _, it := range list.List.Items {
			if it.Map == nil || it.Map.Get(PatchEntry, "") == nil {
				kept = append(kept, it)
			}
		}
		lm, _ := sch.listField(e.Name) // checkOrders looked it up
		text := func(v *Value) string { t, _ := matchTextOf(v, lm.key); return t }
		if order := e.Value.List.Items; len(order) == 0 {
			kept = reversed(kept)
		} else {
			kept = arrange(kept, text, patchTexts(order, lm.key), nil)
		}
		list.List = &List{Items: kept, Node: list.List.Node}
	}
}

// combineList combines the changes' list (entry have of changes) with the deletions' (e): the
// changes' items are merged into the deletions' by key (a list of primitives: added to it, held
// in an array of the capacity the decoder gave it when the diff took it whole as the config
// wrote it, else of its length: mergePrimitives), then arranged as a merged list is, by the
// changes' "$setElementOrder" when they hold one.
func combineList(sch Schema, changes *Map, have, e *Entry) error {
	lm, err := sch.listField(e.Name)
	if err != nil || !lm.merge {
		return err
	}
	key, err := checkPatchLists(lm, e.Value.List.Items, patchData(have.Value.List.Items))
	if err != nil {
		return err
	}
	ops := valueOps(lm, key)
	var m mergedList[*Value]
	if len(key) == 0 {
		capacity := len(e.Value.List.Items)
		if e.Value.List.Node != nil {
			capacity = decodedCapacity(capacity)
		}
		m = mergePrimitives(e.Value.List.Items, capacity, have.Value.List, ops)
	} else if m, err = mergeKeyed(e.Value.List.Items, have.Value.List, key, ops); err != nil {
		return err
	}
	items := m.arranged(ops.text)
	if order := changes.Get(SetElementOrderEntry, e.Name); order != nil && order.Value.List != nil {
		items = m.ordered(ops.text, patchTexts(order.Value.List.Items, key))
	}
	have.Value = &Value{List: &List{Items: items, Node: have.Value.List.Node}}
	return nil
}

// valueOps are the item operations on the deletions' items, into which the changes' merge.
func valueOps(lm listMeta, key []string) itemOps[*Value] {
	return itemOps[*Value]{
		text: func(v *Value) string { t, _ := matchTextOf(v, key); return t },
		take: func(v *Value) *Value { return v },
		merge: func(original *Value, p *Value) (*Value, error) {
			merged := &Map{Node: p.Map.Node, Entries: append([]*Entry(nil), p.Map.Entries...)}
			if err := combine(lm.items, merged, original.Map); err != nil {
				return nil, err
			}
			return &Value{Map: merged, at: p.at}, nil
		},
		directive:  isDirectiveItem,
		missingKey: func(v *Value) error { return missingKeyError(key, v.Tree()) },
		deleted:    func(*Value, *Value) {},
	}
}

// isDirectiveItem reports whether an item of the deletions' list is a "$patch" item, set aside
// by the merge: one whose "$patch" holds a value. A "$patch": null (the deletions of an item
// last-applied wrote with "$patch") is an item like the others. Observed with apimachinery
// v0.37.2 (scripts/conformance/smpfacts: "a null $patch item stays in place").
func isDirectiveItem(v *Value) bool {
	if v.Map == nil {
		return false
	}
	e := v.Map.Get(PatchEntry, "")
	return e != nil && !e.Value.IsNull()
}

// checkPatchLists checks two patch lists about to be merged as the API server checks lists: items
// of one kind; for a list merged by key, maps that hold the key (the key is returned); for a
// list of primitives, no map.
func checkPatchLists(lm listMeta, original, patch []*Value) ([]string, error) {
	k := nullKind
	for _, it := range append(append([]*Value(nil), original...), patch...) {
		switch ik := it.kind(); {
		case k == nullKind:
			k = ik
		case ik != k:
			return nil, mixedKindsError(listValue(original...).Tree(), listValue(patch...).Tree())
		}
	}
	switch {
	case k == nullKind:
		return lm.key, nil
	case len(lm.key) > 0 && k != mapKind:
		return nil, &Error{Message: "expected a map[string]interface {}, but received a " + k.String()}
	case len(lm.key) == 0 && k == mapKind:
		return nil, &Error{Message: "cannot merge lists without merge key"}
	}
	for _, it := range append(append([]*Value(nil), original...), patch...) {
		if it.Map != nil && !hasKey(it.Map, lm.key) {
			return nil, missingKeyError(lm.key, it.Tree())
		}
	}
	return lm.key, nil
}

// hasKey reports whether a patch map holds every key field.
func hasKey(m *Map, key []string) bool {
	for _, f := range key {
		if m.Field(f) == nil {
			return false
		}
	}
	return true
}

// textsOf returns the match text of every item.
func textsOf[T any](items []T, text func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = text(it)
	}
	return out
}

// orderCombined orders the items a two-way diff joined: first the items that are not
// "$patch: delete" (the changes' items, the config's own "$patch" items of another value among
// them, and the deletions' items that change an item) in the config's order (the
// "$setElementOrder", else the order of the changes' items); then the "$patch: delete" items,
// the config's own (changed holds them) before the deletions'. Observed with apimachinery
// v0.37.2 (scripts/conformance/smpfacts: "a config's delete item goes with the deletions").
func orderCombined(items, changed []*Value, order *Entry, key []string) []*Value {
	fromChanges := make(map[*Value]bool, len(changed))
	for _, it := range changed {
		fromChanges[it] = true
	}
	var listed, written, deleted []*Value
	for _, it := range items {
		switch {
		case !isDeleteItem(it):
			listed = append(listed, it)
		case fromChanges[it]:
			written = append(written, it)
		default:
			deleted = append(deleted, it)
		}
	}
	ref := listValue(changed...)
	if order != nil {
		ref = order.Value
	}
	sortByPosition(listed, ref.Tree(), key)
	return append(append(listed, written...), deleted...)
}

// isDeleteItem reports whether a list item is a "$patch: delete" item.
func isDeleteItem(it *Value) bool {
	if it.Map == nil {
		return false
	}
	e := it.Map.Get(PatchEntry, "")
	return e != nil && directiveOf(e.Value) == "delete"
}

// keyFor returns the merge key of a list merged by key whose items are maps, else nil.
func (lm listMeta) keyFor(items []*Value) []string {
	if !lm.merge || len(lm.key) == 0 {
		return nil
	}
	for _, it := range items {
		if it.Map == nil {
			return nil
		}
	}
	return lm.key
}
