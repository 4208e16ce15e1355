package ssa

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// lineIn returns the line of the field at path in obj as read (a key's line, an item's dash
// line); when obj lacks the field, the line of the deepest part of path it holds; 0 for nil.
func lineIn(obj *yamltree.Node, path fieldpath.Path, t *schema.Type) int {
	line := 0
	if obj != nil {
		line = obj.Pos.Line
	}
	n := obj
	for _, el := range path {
		next, at := step(n, el, t)
		if next == nil {
			return line
		}
		line = at
		n = next
		t = childTypeOf(t, el)
	}
	return line
}

// step follows one element from n: the node it reaches and its line.
func step(n *yamltree.Node, el fieldpath.Element, t *schema.Type) (*yamltree.Node, int) {
	switch {
	case el.IsIndex:
		if n.IsList() && el.Index < len(n.Items) {
			return n.Items[el.Index], n.Items[el.Index].Pos.Line
		}
	case el.Keys != nil || el.Value != nil:
		if it := findItem(t, n, el); it != nil {
			return it, it.Pos.Line
		}
	default:
		if n.IsMap() {
			if i := n.Index(el.Field); i >= 0 {
				return n.Fields[i].Value, n.Fields[i].Key.Pos.Line
			}
		}
	}
	return nil, 0
}

// childTypeOf returns the type below element el of a value of type t.
func childTypeOf(t *schema.Type, el fieldpath.Element) *schema.Type {
	if el.IsIndex || el.Keys != nil || el.Value != nil {
		return t.ListElem()
	}
	return t.FieldType(el.Field)
}

// valueAt returns the value at path in obj, nil when obj lacks it.
func valueAt(obj *yamltree.Node, path fieldpath.Path, t *schema.Type) *yamltree.Node {
	n := obj
	for _, el := range path {
		if n, _ = step(n, el, t); n == nil {
			return nil
		}
		t = childTypeOf(t, el)
	}
	return n
}
