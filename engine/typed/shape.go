package typed

import (
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// shape is the part of a type a walk uses for one value.
type shape uint8

const (
	shapeNone shape = iota
	shapeScalar
	shapeList
	shapeMap
)

// shapeOf picks the part of t that describes v: the part of v's own shape when t has it, else the
// first part t has among map, scalar and list. Absent and null values take that fallback.
func shapeOf(t *schema.Type, v *yamltree.Node) shape {
	switch {
	case v.IsNull():
	case v.IsMap():
		if t.HasMap() {
			return shapeMap
		}
	case v.IsList():
		if t.HasList() {
			return shapeList
		}
	default:
		if t.HasScalar() {
			return shapeScalar
		}
	}
	return typeShape(t)
}

// typeShape is the part a walk uses when the value does not decide: map, else scalar, else list.
func typeShape(t *schema.Type) shape {
	switch {
	case t.HasMap():
		return shapeMap
	case t.HasScalar():
		return shapeScalar
	case t.HasList():
		return shapeList
	}
	return shapeNone
}

// parts returns the parts of t the reference deduces for v, as a bit set: v's own part when t
// has it, else every part t has.
func parts(t *schema.Type, v *yamltree.Node) uint8 {
	var all uint8
	if t.HasScalar() {
		all |= 1 << shapeScalar
	}
	if t.HasList() {
		all |= 1 << shapeList
	}
	if t.HasMap() {
		all |= 1 << shapeMap
	}
	var own shape
	switch {
	case v.IsNull():
		return all
	case v.IsMap():
		own = shapeMap
	case v.IsList():
		own = shapeList
	default:
		own = shapeScalar
	}
	if all&(1<<own) != 0 {
		return 1 << own
	}
	return all
}

// sameShape reports whether two present values deduce the same parts of t.
func sameShape(t *schema.Type, a, b *yamltree.Node) bool { return parts(t, a) == parts(t, b) }

// listItems returns the items of v when it is a list, else nil: a null or a value of another
// shape counts as no list.
func listItems(v *yamltree.Node) []*yamltree.Node {
	if v.IsList() {
		return v.Items
	}
	return nil
}

// mapFields returns the entries of v when it is a map, else nil.
func mapFields(v *yamltree.Node) []yamltree.Field {
	if v.IsMap() {
		return v.Fields
	}
	return nil
}

// isAtomicList reports whether list values of t are replaced and owned whole.
func isAtomicList(t *schema.Type) bool { return t.ListType == schema.ListAtomic }

// isAtomicMap reports whether map values of t are replaced and owned whole.
func isAtomicMap(t *schema.Type) bool { return t.MapType == schema.MapAtomic }
