package smp

import (
	"fmt"

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
	if err := checkOrders(sch, changes); err != nil {
		return err
	}
	if err := checkOrderedLists(changes, del); err != nil {
		return err
	}
	dropOrderedDirectives(changes, del)
	for _, e := range del.Entries {
		have := changes.Get(e.Kind, e.Name)
		switch {
		case have == nil:
			changes.Entries = append(changes.Entries, e)
		case e.Kind == SetElementOrderEntry && !equalValues(have.Value.Tree(), e.Value.Tree()):
			return &Error{Message: "invalid patch format of setElementOrder list"}
		case e.Kind == RetainKeysEntry && !equalValues(have.Value.Tree(), e.Value.Tree()):
			return &Error{Message: fmt.Sprintf("%s and %s are not deep equal: this may happen when calculating the 3-way diff patch",
				printed(e.Value.Tree()), printed(have.Value.Tree()))}
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

// checkOrders checks every list of a patch map against its "$setElementOrder".
func checkOrders(sch Schema, m *Map) error {
	for _, e := range m.Entries {
		if e.Kind != SetElementOrderEntry {
			continue
		}
		list := m.Field(e.Name)
		if list == nil || list.List == nil || e.Value.List == nil {
			continue
		}
		lm, err := sch.listField(e.Name)
		if err != nil {
			return err
		}
		key, err := checkPatchLists(lm, nil, list.List.Items)
		if err != nil {
			return err
		}
		if err := checkOrder(list.List.Items, e.Value.List.Items, key); err != nil {
			return err
		}
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

// dropOrderedDirectives removes the "$patch" items from the changes' lists that come with a
// "$setElementOrder" and that the deletions do not hold: the reference merges such a list into
// the deletions' absent one, which carries out (and so drops) its directives. A config can only
// hold such items as data ("$patch: delete" written in the config).
func dropOrderedDirectives(changes, del *Map) {
	for _, e := range changes.Entries {
		if e.Kind != SetElementOrderEntry || del.Field(e.Name) != nil {
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
		directive:  func(v *Value) bool { return v.Map != nil && v.Map.Get(PatchEntry, "") != nil },
		missingKey: func(v *Value) error { return missingKeyError(key, v.Tree()) },
		deleted:    func(*Value, *Value) {},
	}
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

// checkDeleteKeys checks that the "$patch: delete" items of a patch list hold the merge key.
func checkDeleteKeys(d listDirectives, key []string) error {
	for _, it := range d.deleted {
		if !hasKey(it.Map, key) {
			return missingKeyError(key, it.Tree())
		}
	}
	return nil
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

// orderCombined orders the items a two-way diff joined: the items the config lists in its order
// (the "$setElementOrder", else the order of the changes' items), the others (the
// "$patch: delete" items) after them.
func orderCombined(items, changed []*Value, order *Entry, key []string) []*Value {
	var listed, rest []*Value
	for _, it := range items {
		if it.Map != nil && it.Map.Get(PatchEntry, "") != nil {
			rest = append(rest, it)
		} else {
			listed = append(listed, it)
		}
	}
	ref := listValue(changed...)
	if order != nil {
		ref = order.Value
	}
	sortByPosition(listed, ref.Tree(), key)
	return append(listed, rest...)
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
