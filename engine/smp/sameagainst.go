package smp

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// SameAgainst reports whether ThreeWay's patch of original and updated against other is sure to
// be its patch against live, without making either: the three-way diff reads live only where
// original or updated name a field, so the patches are the same when live and other hold the
// same values there. Maps are compared field by field where original or updated name the
// field; the items of a list merged by key, position by position (the keys, and so their order,
// included), on the fields that any named item names; every other value whole: a scalar, a list
// merged as a set or replaced whole, a map or list under a patch strategy (replace,
// retainKeys, whose directive depends on every key live holds), a field the schema does not
// know. A patch directive ("$patch", "$setElementOrder/…") in original or updated answers false.
//
// The check is sufficient, not necessary: false says only that the patches may differ.
func SameAgainst(original, updated, live, other *yamltree.Node, sch Schema) bool {
	named := namedOf(original, updated)
	if !allOf(named, (*yamltree.Node).IsMap) {
		return yamltree.Equal(live, other)
	}
	return sameUnderMaps(named, live, other, sch)
}

// namedOf returns the nodes of ns that are not nil.
func namedOf(ns ...*yamltree.Node) []*yamltree.Node {
	out := ns[:0:0]
	for _, n := range ns {
		if n != nil {
			out = append(out, n)
		}
	}
	return out
}

// sameUnderMaps compares live and other where the maps named name a field (every node of named
// is a map).
func sameUnderMaps(named []*yamltree.Node, live, other *yamltree.Node, sch Schema) bool {
	if !live.IsMap() || !other.IsMap() {
		return yamltree.Equal(live, other)
	}
	for i, n := range named {
		for _, f := range n.Fields {
			name := f.Key.Value
			if strings.HasPrefix(name, "$") {
				return false
			}
			if namedBefore(named[:i], name) {
				continue
			}
			if !sameField(valuesAt(named[i:], name), live.Get(name), other.Get(name), name, sch) {
				return false
			}
		}
	}
	return true
}

// namedBefore reports whether a map of named already names the field.
func namedBefore(named []*yamltree.Node, name string) bool {
	for _, n := range named {
		if n.Get(name) != nil {
			return true
		}
	}
	return false
}

// valuesAt returns the values the maps of named hold at a field.
func valuesAt(named []*yamltree.Node, name string) []*yamltree.Node {
	out := make([]*yamltree.Node, 0, len(named))
	for _, n := range named {
		if v := n.Get(name); v != nil {
			out = append(out, v)
		}
	}
	return out
}

// sameField compares live's and other's values of a field whose named values are values,
// in the map whose schema is sch.
func sameField(values []*yamltree.Node, live, other *yamltree.Node, name string, sch Schema) bool {
	switch {
	case allOf(values, (*yamltree.Node).IsMap):
		if m, err := sch.mapField(name); err == nil && m.strategy == 0 {
			return sameUnderMaps(values, live, other, m.schema)
		}
	case allOf(values, (*yamltree.Node).IsList):
		if l, err := sch.listField(name); err == nil && l.merge && len(l.key) > 0 && !l.retainKeys {
			return sameKeyedItems(values, live, other, l)
		}
	}
	return yamltree.Equal(live, other)
}

// sameKeyedItems compares two lists merged by key item by item, on the fields the items of the
// named lists name (all of them maps, or the lists are compared whole).
func sameKeyedItems(lists []*yamltree.Node, live, other *yamltree.Node, l listMeta) bool {
	if !live.IsList() || !other.IsList() || len(live.Items) != len(other.Items) {
		return yamltree.Equal(live, other)
	}
	var items []*yamltree.Node
	for _, list := range lists {
		items = append(items, list.Items...)
	}
	if !allOf(items, (*yamltree.Node).IsMap) {
		return yamltree.Equal(live, other)
	}
	named := append(items, keyFieldsOf(l.key)...)
	for i := range live.Items {
		if !sameUnderMaps(named, live.Items[i], other.Items[i], l.items) {
			return false
		}
	}
	return true
}

// keyFieldsOf returns a map naming each key field (null values), so that the items are always
// compared on their keys.
func keyFieldsOf(key []string) []*yamltree.Node {
	m := yamltree.NewMap()
	for _, k := range key {
		m.Set(k, yamltree.NewNull())
	}
	return []*yamltree.Node{m}
}

// allOf reports whether every node of ns is what it says (true for none).
func allOf(ns []*yamltree.Node, is func(*yamltree.Node) bool) bool {
	for _, n := range ns {
		if !is(n) {
			return false
		}
	}
	return true
}
