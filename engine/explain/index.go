package explain

import (
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// itemIndex answers FindItem, and counts the items with a key, on one list without searching it for every item:
// the list's maps grouped by their merge key's match text (smp.KeyMatchText), and the items whose
// key no text stands for (compound keys), searched in order. A walk over a list of thousands of
// items would otherwise take seconds.
type itemIndex struct {
	list     *yamltree.Node
	field    string
	byText   map[string][]*yamltree.Node
	compound []*yamltree.Node
}

// newItemIndex indexes list l (nil or not a list: an empty index) by merge key field.
func newItemIndex(l *yamltree.Node, field string) *itemIndex {
	x := &itemIndex{list: l, field: field, byText: map[string][]*yamltree.Node{}}
	if !l.IsList() {
		return x
	}
	for _, it := range l.Items {
		k := smp.ItemKey(it, field)
		if k == nil {
			continue
		}
		if text, ok := smp.KeyMatchText(k); ok {
			x.byText[text] = append(x.byText[text], it)
		} else {
			x.compound = append(x.compound, it)
		}
	}
	return x
}

// find returns FindItem(list, key): a key with a match text can only equal keys with the same
// text; a compound one only compound keys.
func (x *itemIndex) find(key Key) *yamltree.Node {
	if !x.list.IsList() || key.Value == nil {
		return nil
	}
	candidates := x.compound
	if text, ok := smp.KeyMatchText(key.Value); ok {
		candidates = x.byText[text]
	}
	for _, it := range candidates {
		if k := smp.ItemKey(it, key.Field); smp.SameKey(k, key.Value) || sameCompoundKey(k, key.Value) {
			return it
		}
	}
	return nil
}

// count returns how many items of the list have key's value (SameKey).
func (x *itemIndex) count(key Key) int {
	if text, ok := smp.KeyMatchText(key.Value); ok {
		return len(x.byText[text])
	}
	return 0
}

// valueIndex answers FindValue on one list without searching it for every item: items grouped
// by a text equal values share (yamltree.Equal compares scalars by their canonical text), each
// group in list order.
type valueIndex struct {
	list   *yamltree.Node
	groups map[string][]*yamltree.Node
}

// newValueIndex indexes list l (nil or not a list: an empty index).
func newValueIndex(l *yamltree.Node) *valueIndex {
	x := &valueIndex{list: l, groups: map[string][]*yamltree.Node{}}
	if l.IsList() {
		for _, it := range l.Items {
			g := valueGroup(it)
			x.groups[g] = append(x.groups[g], it)
		}
	}
	return x
}

// find returns FindValue(list, v).
func (x *valueIndex) find(v *yamltree.Node) *yamltree.Node {
	if !x.list.IsList() {
		return nil
	}
	for _, it := range x.groups[valueGroup(v)] {
		if yamltree.Equal(it, v) {
			return it
		}
	}
	return nil
}

// valueGroup is a text every value Equal to n shares: the canonical text of a scalar, the kind
// of a map or a list.
func valueGroup(n *yamltree.Node) string {
	switch {
	case n == nil:
		return "nil"
	case n.Kind == yamltree.MapNode:
		return "map"
	case n.Kind == yamltree.ListNode:
		return "list"
	}
	return "scalar:" + n.Canonical()
}
