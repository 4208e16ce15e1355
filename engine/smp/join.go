package smp

import (
	"slices"
	"sort"
)

// join adds the deletions of a diff to its changes, place by place: a two-way patch is one
// diff, holding both side by side, where kubectl's three-way patch combines two diffs
// (combine). A map both hold is joined in turn; in a list merged by key, the deletions inside an
// item join the item's changes, and the items end in the order of the list the diff goes to,
// the "$patch: delete" items last.
func join(sch Schema, changes, del *Map) error {
	for _, e := range del.Entries {
		have := changes.Get(e.Kind, e.Name)
		switch {
		case have == nil:
			changes.Entries = append(changes.Entries, e)
		case e.Kind != FieldEntry:
		case have.Value.Map != nil && e.Value.Map != nil:
			meta, err := sch.mapField(e.Name)
			if err != nil {
				return err
			}
			if err := join(meta.schema, have.Value.Map, e.Value.Map); err != nil {
				return err
			}
		case have.Value.List != nil && e.Value.List != nil:
			if err := joinItems(sch, changes, have, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// joinItems joins the deletions' items of a list merged by key (e) to the changes' (have).
func joinItems(sch Schema, changes *Map, have, e *Entry) error {
	lm, err := sch.listField(e.Name)
	if err != nil {
		return err
	}
	changed := have.Value.List.Items
	items := slices.Clone(changed)
	for _, it := range e.Value.List.Items {
		same := itemAt(items, it)
		if same == nil || same.Map == nil || it.Map == nil {
			items = append(items, it)
			continue
		}
		if err := join(lm.items, same.Map, it.Map); err != nil {
			return err
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return walked(items[i]) < walked(items[j]) })
	order := changes.Get(SetElementOrderEntry, e.Name)
	have.Value.List.Items = orderCombined(items, changed, order, lm.key)
	return nil
}

// itemAt returns the item of items made for the same place as it, or nil.
func itemAt(items []*Value, it *Value) *Value {
	if it.at == nil {
		return nil
	}
	for _, c := range items {
		if c.at == it.at {
			return c
		}
	}
	return nil
}

// walked is the position at which the diff walked an item's place.
func walked(v *Value) int {
	if v.at == nil {
		return -1
	}
	return v.at.index
}
