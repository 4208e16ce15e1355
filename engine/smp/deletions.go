package smp

import (
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// deletions returns what `to` removed from `from` at the map place a: a field as a null, a list
// item as {key, $patch: delete}, values of a set of primitives in "$deleteFromPrimitiveList",
// with the "$setElementOrder" and "$retainKeys" the reference adds beside them. A field `to`
// changed (even to another kind) is no deletion.
func deletions(a *Aligned, d direction) (*Map, error) {
	out := &Map{}
	for _, c := range a.Fields() {
		if err := deleteField(out, c, d); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func deleteField(out *Map, c *Aligned, d direction) error {
	from, to := c.sides[d.from], c.sides[d.to]
	switch {
	case from == nil:
		return nil
	case to == nil:
		c.decide(d, FoundDropped)
		out.setAt(FieldEntry, c, null())
	case c.elem.Field == keyPrefix[PatchEntry]:
		return diffDirective(out, c, d)
	case kindOf(from) != kindOf(to):
		return nil
	case to.IsMap():
		return deleteInMap(out, c, d)
	case to.IsList():
		return deleteInList(out, c, d)
	}
	return nil
}

// deleteInMap adds the deletions inside a field holding maps on both sides (none under the
// replace strategy, whose changes replace the map whole), with "$retainKeys" for the
// retainKeys strategy.
func deleteInMap(out *Map, c *Aligned, d direction) error {
	meta, err := c.mapMeta()
	if err != nil {
		return unlessEqual(c, d, err)
	}
	if meta.strategy.Has(schema.PatchReplace) {
		return nil
	}
	sub, err := deletions(c, d)
	if err != nil || sub.Len() == 0 {
		return err
	}
	if meta.strategy.Has(schema.PatchRetainKeys) {
		addRetainKeys(sub, c.sides[d.to])
	}
	out.setAt(FieldEntry, c, mapValue(sub))
	return nil
}

func deleteInList(out *Map, c *Aligned, d direction) error {
	lm, err := c.listMeta()
	if err != nil {
		return unlessEqual(c, d, err)
	}
	if !lm.merge || len(c.sides[d.from].Items) == 0 {
		return nil
	}
	items, k, err := c.items(lm, d.from, d.to)
	if err != nil {
		return err
	}
	if k == mapKind && len(lm.key) > 0 {
		return deleteItems(out, c, lm, items, d)
	}
	deleteValues(out, c, items, d)
	return nil
}

// deleteItems adds the items `to` dropped ($patch: delete, in the order of their keys' text)
// and the deletions inside the items both keep (in the order of `to`), with `to`'s order
// ($setElementOrder) when there is any and `to` holds items.
func deleteItems(out *Map, c *Aligned, lm listMeta, items []*Aligned, d direction) error {
	var inside, dropped []*Value
	for _, it := range items {
		ifrom, ito := it.sides[d.from], it.sides[d.to]
		switch {
		case ifrom == nil:
		case ito == nil:
			it.decide(d, FoundDropped)
			dropped = append(dropped, deleteDirective(it))
		default:
			sub, err := deletions(it, d)
			if err != nil {
				return err
			}
			if sub.Len() == 0 {
				continue
			}
			if lm.retainKeys {
				addRetainKeys(sub, ito)
			}
			inside = append(inside, withKey(sub, it, lm.key))
		}
	}
	to := c.sides[d.to]
	sortByPosition(inside, to, lm.key)
	if sent := append(inside, dropped...); len(sent) > 0 {
		out.setAt(FieldEntry, c, listValue(sent...))
		if len(to.Items) > 0 {
			out.setAt(SetElementOrderEntry, c, keysOf(to, lm.key))
		}
	}
	return nil
}

// deleteDirective is {key..., $patch: delete} for an item.
func deleteDirective(it *Aligned) *Value {
	m := &Map{}
	for _, kv := range it.elem.Keys {
		m.Entries = append(m.Entries, &Entry{Kind: FieldEntry, Name: kv.Name, Value: scalar(kv.Value)})
	}
	m.Entries = append(m.Entries, &Entry{Kind: PatchEntry, Value: scalar(yamltree.NewString("delete"))})
	return &Value{Map: m, at: it}
}

// deleteValues adds the values `to` dropped from a set of primitives, in the order of their text,
// once each (withoutRepeats) ("$deleteFromPrimitiveList"), with `to`'s order when `to` holds
// values.
func deleteValues(out *Map, c *Aligned, items []*Aligned, d direction) {
	var dropped []*Value
	for _, it := range items {
		if it.sides[d.from] != nil && it.sides[d.to] == nil {
			it.decide(d, FoundDropped)
			dropped = append(dropped, Read(it.sides[d.from]))
		}
	}
	dropped = withoutRepeats(dropped, func(v *Value) string { return printed(v.Node) })
	if len(dropped) == 0 {
		return
	}
	out.setAt(DeleteFromPrimitiveListEntry, c, listValue(dropped...))
	if to := c.sides[d.to]; len(to.Items) > 0 {
		out.setAt(SetElementOrderEntry, c, Read(to))
	}
}
