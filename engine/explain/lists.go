package explain

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// keyedList marks a list merged item by item on a merge key: items added, deleted, held by live
// alone, and the fields of items found on both sides.
func (w *Walker) keyedList(path fieldpath.Path, v Versions, mergeKey string, items smp.Schema) {
	original, updated, live, result := newItemIndex(v.Original, mergeKey), newItemIndex(v.Updated, mergeKey),
		newItemIndex(v.Live, mergeKey), newItemIndex(v.Result, mergeKey)
	var values [4]*valueIndex // built when an item without its key needs them
	byValue := func(i int, l *yamltree.Node) *valueIndex {
		if values[i] == nil {
			values[i] = newValueIndex(l)
		}
		return values[i]
	}
	for _, r := range v.Result.Items {
		key := Key{Field: mergeKey, Value: smp.ItemKey(r, mergeKey)}
		iv := Versions{Original: original.find(key), Updated: updated.find(key), Live: live.find(key), Result: r}
		p := smp.KeyPath(path, mergeKey, key.Value)
		switch {
		case key.Value == nil:
			// an item without its key (the reference refuses to merge it): found by its data
			iv = Versions{Original: byValue(0, v.Original).find(r), Updated: byValue(1, v.Updated).find(r), Live: byValue(2, v.Live).find(r), Result: r}
			w.leaf(p, iv, Field)
		case iv.Live == nil:
			w.Mark(p, contract.Added, w.Layout.Line(r), w.EndLine(r), w.Reasons.AddedItem(p, iv, key))
		case iv.Updated == nil && iv.Original == nil:
			w.Mark(p, contract.Ignored, w.Layout.Line(r), w.EndLine(r), w.Reasons.IgnoredItem(p, iv, key))
		default:
			from := len(w.fields)
			w.mapFields(p, iv, items, false)
			if n := updated.count(key); n > 1 {
				note := w.Reasons.MergedDuplicates(n, key)
				for i := from; i < len(w.fields); i++ {
					w.fields[i].Reason += note
				}
			}
		}
	}
	for _, l := range v.Live.Items {
		key := Key{Field: mergeKey, Value: smp.ItemKey(l, mergeKey)}
		if result.find(key) != nil || (key.Value == nil && byValue(3, v.Result).find(l) != nil) {
			continue
		}
		iv := Versions{Original: original.find(key), Updated: updated.find(key), Live: l}
		p := smp.KeyPath(path, mergeKey, key.Value)
		w.Mark(p, contract.Deleted, l.Pos.Line, LastLine(l), w.Reasons.DeletedItem(p, iv, key))
	}
}

// setList marks a list of primitives merged as a set.
func (w *Walker) setList(path fieldpath.Path, v Versions) {
	original, updated, live, result := newValueIndex(v.Original), newValueIndex(v.Updated), newValueIndex(v.Live), newValueIndex(v.Result)
	for _, r := range v.Result.Items {
		iv := Versions{Original: original.find(r), Updated: updated.find(r), Live: live.find(r), Result: r}
		p := path.Item(r)
		line := w.Layout.Line(r)
		switch {
		case iv.Live == nil:
			w.Mark(p, contract.Added, line, 0, w.Reasons.AddedValue(p, iv))
		case iv.Updated != nil:
			w.Mark(p, contract.Retained, line, 0, w.Reasons.RetainedValue(p, iv))
		default:
			w.Mark(p, contract.Ignored, line, 0, w.Reasons.IgnoredValue(p, iv))
		}
	}
	for _, l := range v.Live.Items {
		if result.find(l) != nil {
			continue
		}
		iv := Versions{Original: original.find(l), Updated: updated.find(l), Live: l}
		p := path.Item(l)
		w.Mark(p, contract.Deleted, l.Pos.Line, 0, w.Reasons.DeletedValue(p, iv))
	}
}

// FindItem returns the map item of list l whose merge key (one field or several) equals key's
// value.
func FindItem(l *yamltree.Node, key Key) *yamltree.Node {
	if !l.IsList() || key.Value == nil {
		return nil
	}
	for _, it := range l.Items {
		if k := smp.ItemKey(it, key.Field); smp.SameKey(k, key.Value) || sameCompoundKey(k, key.Value) {
			return it
		}
	}
	return nil
}

// sameCompoundKey reports whether two keys holding a list, or a map inside a map, are the same
// data. The reference never finds such a key equal to another, so their items are never merged;
// but an item live and the result both hold is still one item, which must not be marked added
// and deleted at once.
func sameCompoundKey(a, b *yamltree.Node) bool {
	if a == nil || b == nil {
		return false
	}
	compound := a.IsList()
	for _, f := range a.Fields {
		compound = compound || f.Value.IsList() || f.Value.IsMap()
	}
	return compound && yamltree.Equal(a, b)
}

// FindValue returns the item of list l equal to v.
func FindValue(l, v *yamltree.Node) *yamltree.Node {
	if !l.IsList() {
		return nil
	}
	for _, it := range l.Items {
		if yamltree.Equal(it, v) {
			return it
		}
	}
	return nil
}

// Deepest follows path from root as far as the nodes go and returns the last node reached (root
// itself when the first step already fails), and whether the whole path was found. For a map
// entry, the node is the entry's value.
func Deepest(root *yamltree.Node, path fieldpath.Path) (*yamltree.Node, bool) {
	n := root
	for _, e := range path {
		next := Step(n, e)
		if next == nil {
			return n, false
		}
		n = next
	}
	return n, true
}

// Step follows one path element from n, or returns nil.
func Step(n *yamltree.Node, e fieldpath.Element) *yamltree.Node {
	switch {
	case e.IsIndex && n.IsList() && e.Index < len(n.Items):
		return n.Items[e.Index]
	case e.Keys != nil && n.IsList():
		return FindItem(n, keyOfElement(e))
	case e.Value != nil && n.IsList():
		return FindValue(n, e.Value)
	case n.IsMap() && e.Field != "":
		return n.Get(e.Field)
	}
	return nil
}

// keyOfElement turns a path element selecting an item by key back into the key.
func keyOfElement(e fieldpath.Element) Key {
	if len(e.Keys) == 1 {
		return Key{Field: e.Keys[0].Name, Value: e.Keys[0].Value}
	}
	names := make([]string, len(e.Keys))
	value := yamltree.NewMap()
	for i, kv := range e.Keys {
		names[i] = kv.Name
		value.Set(kv.Name, kv.Value)
	}
	return Key{Field: strings.Join(names, ","), Value: value}
}
