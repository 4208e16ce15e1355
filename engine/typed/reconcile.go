package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// Reconcile brings a manager's field set in step with the schema, as the API server does before
// every operation: where the set goes below a value the schema makes atomic (a list or a map
// that became atomic), the set owns that value as one member instead. It reports whether it
// changed anything; it reads the schema only, never the object. A map of the deduced type is
// not looked into.
func Reconcile(t *schema.Type, set *fieldset.Set) (*fieldset.Set, bool) {
	var whole []fieldpath.Path
	atomicBelow(nil, t, set, &whole)
	if len(whole) == 0 {
		return set, false
	}
	owned := fieldset.New(whole...)
	return set.WithoutBranches(owned).Union(owned), true
}

// atomicBelow appends to whole the paths where set, below path (of type t), goes into a value of
// an atomic type.
func atomicBelow(path fieldpath.Path, t *schema.Type, set *fieldset.Set, whole *[]fieldpath.Path) {
	for _, e := range set.ChildElements() {
		below := branchType(t, e)
		switch {
		case below == nil:
		case isAtomicType(below):
			*whole = append(*whole, path.Append(e))
		default:
			atomicBelow(path.Append(e), below, set.Child(e), whole)
		}
	}
}

// branchType is the type of element e of a value of type t, as far as reconciling goes: a
// list's item type; a map's declared field type, else its value type (for any element); none
// below a scalar or a deduced map.
func branchType(t *schema.Type, e fieldpath.Element) *schema.Type {
	switch typeShape(t) {
	case shapeList:
		return t.ListElem()
	case shapeMap:
		switch {
		case isDeducedMap(t):
			return nil
		case e.Keys == nil && e.Value == nil && !e.IsIndex:
			return t.FieldType(e.Field)
		}
		return t.Elem()
	}
	return nil
}

// isAtomicType reports whether values of t are owned whole: an atomic list, or an atomic map
// that is not the deduced one.
func isAtomicType(t *schema.Type) bool {
	switch typeShape(t) {
	case shapeList:
		return isAtomicList(t)
	case shapeMap:
		return !isDeducedMap(t) && isAtomicMap(t)
	}
	return false
}

// isDeducedMap reports whether t's map part is the deduced one: no declared fields, values of the
// deduced type (or an inline untyped scalar).
func isDeducedMap(t *schema.Type) bool {
	if len(t.Fields()) > 0 {
		return false
	}
	elem := t.Elem()
	if elem == nil {
		return false
	}
	if elem.Name == schema.DeducedName {
		return true
	}
	return elem.Name == "" && elem.HasScalar() && elem.Scalar == schema.ScalarUntyped
}
