package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// Reconcile brings a manager's field set in step with the schema, as the API server does before
// every operation: where the set goes below a value the schema makes atomic (a list or a map
// that became atomic), the set owns that value as one member instead. It reports whether it
// changed anything; the walk reads the schema only, never the object.
func Reconcile(t *schema.Type, set *fieldset.Set) (*fieldset.Set, bool) {
	r := &reconciler{remove: &fieldset.Set{}, add: &fieldset.Set{}}
	r.walk(nil, t, set, false)
	if !r.changed {
		return set, false
	}
	return set.RecursiveDifference(r.remove).Union(r.add), true
}

type reconciler struct {
	remove, add *fieldset.Set
	changed     bool
}

// mark records that the value at path is atomic: its members below go, the value itself stays.
func (r *reconciler) mark(path fieldpath.Path) {
	r.remove.Insert(path)
	r.add.Insert(path)
	r.changed = true
}

// walk visits the part of the set at path. set is nil when path is a member with nothing below;
// atomic says so.
func (r *reconciler) walk(path fieldpath.Path, t *schema.Type, set *fieldset.Set, atomic bool) {
	switch typeShape(t) {
	case shapeMap:
		if isDeducedMap(t) {
			return
		}
		if !atomic && isAtomicMap(t) {
			if !set.Empty() {
				r.mark(path)
			}
			return
		}
		r.children(path, set, func(e fieldpath.Element) *schema.Type { return mapChildType(t, e) })
	case shapeList:
		if !atomic && isAtomicList(t) {
			r.mark(path)
			return
		}
		r.children(path, set, func(fieldpath.Element) *schema.Type { return t.ListElem() })
	}
}

// children visits the elements of set: those with paths below first (when not members), then the
// members.
func (r *reconciler) children(path fieldpath.Path, set *fieldset.Set, typeOf func(fieldpath.Element) *schema.Type) {
	if set == nil {
		return
	}
	visit := func(e fieldpath.Element, member bool) {
		ct := typeOf(e)
		if ct == nil {
			return
		}
		below := set.Child(e)
		r.walk(path.Append(e), ct, below, member && below == nil)
	}
	for _, e := range set.ChildElements() {
		if !set.HasMember(e) {
			visit(e, false)
		}
	}
	for _, e := range set.Members() {
		visit(e, true)
	}
}

// mapChildType is the type the reconciler gives an element of a map: a declared field's type,
// else the map's value type (for every kind of element, as the reference does).
func mapChildType(t *schema.Type, e fieldpath.Element) *schema.Type {
	if e.Keys == nil && e.Value == nil && !e.IsIndex {
		return t.FieldType(e.Field)
	}
	return t.Elem()
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
