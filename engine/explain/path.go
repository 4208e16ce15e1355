package explain

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

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

// Step follows one path element from n, or returns nil: a map's field by name, a list's item by
// position, by value, or by the values of its key fields (the first item that holds them all).
func Step(n *yamltree.Node, e fieldpath.Element) *yamltree.Node {
	switch {
	case e.IsIndex && n.IsList() && e.Index < len(n.Items):
		return n.Items[e.Index]
	case (e.Keys != nil || e.Value != nil) && n.IsList():
		for _, it := range n.Items {
			if selects(it, e) {
				return it
			}
		}
	case n.IsMap() && e.Field != "":
		return n.Get(e.Field)
	}
	return nil
}

// selects reports whether a list item is the one e selects by its key fields or its value.
func selects(item *yamltree.Node, e fieldpath.Element) bool {
	if e.Keys != nil {
		return holdsKey(item, e.Keys)
	}
	return e.Value != nil && yamltree.Equal(item, e.Value)
}

// holdsKey reports whether item holds every key field with the value given.
func holdsKey(item *yamltree.Node, keys []fieldpath.KeyValue) bool {
	if !item.IsMap() {
		return false
	}
	for _, kv := range keys {
		if !item.Has(kv.Name) || !yamltree.Equal(item.Get(kv.Name), kv.Value) {
			return false
		}
	}
	return true
}
