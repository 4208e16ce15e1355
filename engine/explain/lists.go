package explain

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// keyedList marks a list merged item by item on a merge key: items added, deleted, held by live
// alone, and the fields of items found on both sides.
func (w *Walker) keyedList(path fieldpath.Path, v Versions, mergeKey string, items smp.Schema) {
	for _, r := range v.Result.Items {
		key := Key{Field: mergeKey, Value: smp.ItemKey(r, mergeKey)}
		iv := Versions{Original: FindItem(v.Original, key), Updated: FindItem(v.Updated, key), Live: FindItem(v.Live, key), Result: r}
		p := smp.KeyPath(path, mergeKey, key.Value)
		switch {
		case key.Value == nil:
			w.leaf(p, iv, Field)
		case iv.Live == nil:
			w.Mark(p, contract.Added, w.Layout.Line(r), w.EndLine(r), w.Reasons.AddedItem(p, iv, key))
		case iv.Updated == nil && iv.Original == nil:
			w.Mark(p, contract.Ignored, w.Layout.Line(r), w.EndLine(r), w.Reasons.IgnoredItem(p, iv, key))
		default:
			from := len(w.fields)
			w.mapFields(p, iv, items, false)
			if n := countItems(v.Updated, key); n > 1 {
				note := w.Reasons.MergedDuplicates(n, key)
				for i := from; i < len(w.fields); i++ {
					w.fields[i].Reason += note
				}
			}
		}
	}
	for _, l := range v.Live.Items {
		key := Key{Field: mergeKey, Value: smp.ItemKey(l, mergeKey)}
		if FindItem(v.Result, key) != nil {
			continue
		}
		iv := Versions{Original: FindItem(v.Original, key), Updated: FindItem(v.Updated, key), Live: l}
		p := smp.KeyPath(path, mergeKey, key.Value)
		w.Mark(p, contract.Deleted, l.Pos.Line, LastLine(l), w.Reasons.DeletedItem(p, iv, key))
	}
}

// setList marks a list of primitives merged as a set.
func (w *Walker) setList(path fieldpath.Path, v Versions) {
	for _, r := range v.Result.Items {
		iv := Versions{Original: FindValue(v.Original, r), Updated: FindValue(v.Updated, r), Live: FindValue(v.Live, r), Result: r}
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
		if FindValue(v.Result, l) != nil {
			continue
		}
		iv := Versions{Original: FindValue(v.Original, l), Updated: FindValue(v.Updated, l), Live: l}
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
		if smp.SameKey(smp.ItemKey(it, key.Field), key.Value) {
			return it
		}
	}
	return nil
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

// countItems counts the items of list l with key's value.
func countItems(l *yamltree.Node, key Key) int {
	n := 0
	if l.IsList() {
		for _, it := range l.Items {
			if smp.SameKey(smp.ItemKey(it, key.Field), key.Value) {
				n++
			}
		}
	}
	return n
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
