package typed

import (
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// shape is a part of a type (scalar, list or map), the one a walk uses for a value.
type shape uint8

const (
	shapeNone shape = iota
	shapeScalar
	shapeList
	shapeMap
)

// Most types have one part; the untyped type server-side apply deduces for unknown fields has all
// three. A walk reads a value under the first part of this row that the type has (observed in
// the structured-merge-diff vectors of engine/managed/testdata and in scripts/conformance/ssadiff
// with the deduced type, whose values change shape from one operation to the next):
//
//	value              | parts tried, in order
//	-------------------|-----------------------
//	absent, or null    | map, scalar, list
//	a scalar           | scalar, map, list
//	a list             | list, map, scalar
//	a map              | map, scalar, list
//
// So a value's own part wins when the type has it, and a type without it reads the value as a map
// first (a null under the untyped type is a map).
var partsTried = [...][3]shape{
	valueNone:   {shapeMap, shapeScalar, shapeList},
	valueScalar: {shapeScalar, shapeMap, shapeList},
	valueList:   {shapeList, shapeMap, shapeScalar},
	valueMap:    {shapeMap, shapeScalar, shapeList},
}

// valueKind is a value's own shape, indexing partsTried.
type valueKind uint8

const (
	valueNone valueKind = iota // absent or null
	valueScalar
	valueList
	valueMap
)

func kindOf(v *yamltree.Node) valueKind {
	switch {
	case v.IsNull():
		return valueNone
	case v.IsMap():
		return valueMap
	case v.IsList():
		return valueList
	}
	return valueScalar
}

// ownPart is the part a value of each kind names itself.
var ownPart = [...]shape{valueNone: shapeNone, valueScalar: shapeScalar, valueList: shapeList, valueMap: shapeMap}

// hasPart reports whether t has part sh.
func hasPart(t *schema.Type, sh shape) bool {
	switch sh {
	case shapeScalar:
		return t.HasScalar()
	case shapeList:
		return t.HasList()
	case shapeMap:
		return t.HasMap()
	}
	return false
}

// shapeOf returns the part of t a walk reads v under (see partsTried); shapeNone when t has no
// part at all.
func shapeOf(t *schema.Type, v *yamltree.Node) shape {
	for _, sh := range partsTried[kindOf(v)] {
		if hasPart(t, sh) {
			return sh
		}
	}
	return shapeNone
}

// typeShape returns the part of t an absent value is read under.
func typeShape(t *schema.Type) shape { return shapeOf(t, nil) }

// claimedPart returns v's own part when t has it, else shapeNone: the value does not choose.
func claimedPart(t *schema.Type, v *yamltree.Node) shape {
	if own := ownPart[kindOf(v)]; hasPart(t, own) {
		return own
	}
	return shapeNone
}

// readAlike reports whether t reads two present values alike, so that they compare under one
// part: t has one part at most, or both values claim the same part of t (or neither claims any).
func readAlike(t *schema.Type, a, b *yamltree.Node) bool {
	parts := 0
	for _, sh := range [...]shape{shapeScalar, shapeList, shapeMap} {
		if hasPart(t, sh) {
			parts++
		}
	}
	return parts < 2 || claimedPart(t, a) == claimedPart(t, b)
}

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
