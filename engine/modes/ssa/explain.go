package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// explainer marks the fields of one resource's result by aligning live, the config and the result
// with the server-side-apply schema; each mark's rule is the decision the operation recorded at
// its path, and its reason that rule's row of the reasons table.
type explainer struct {
	resource string
	layout   *yamltree.Layout
	// spot is where the resource stands in the result, for placing what the result lacks.
	spot  explain.Spot
	marks []contract.Field
	o     *outcome
	// deduced walks values the schema has no type for (metadata of a fragment whose schema
	// declares none, holding managedFields).
	deduced *schema.Type
}

// sides are one field as live, the config and the result hold it; a missing side is nil.
type sides struct {
	live, config, result *yamltree.Node
}

func (s sides) child(key string) sides {
	return sides{live: getField(s.live, key), config: getField(s.config, key), result: getField(s.result, key)}
}

func getField(n *yamltree.Node, key string) *yamltree.Node {
	if n.IsMap() {
		return n.Get(key)
	}
	return nil
}

// any returns the first side present: the result's, else live's, else the config's.
func (s sides) any() *yamltree.Node {
	switch {
	case s.result != nil:
		return s.result
	case s.live != nil:
		return s.live
	}
	return s.config
}

// object marks a whole resource.
func (e *explainer) object() {
	e.value(nil, e.o.typ, sides{live: e.o.live, config: e.o.config, result: e.o.result})
}

// value marks one field and what is below it: a leaf (a scalar, an atomic value, or a list or map
// empty on both sides) as one mark; a granular map or associative list only live had as one
// deleted mark; otherwise field by field, or item by item.
func (e *explainer) value(path fieldpath.Path, t *schema.Type, s sides) {
	if isManagedFields(path) {
		e.managedFields(path, s)
		return
	}
	if t == nil {
		t = e.deduced
	}
	switch shape(t, s.any()) {
	case shapeList:
		switch {
		case isAtomic(t, s, listLen):
			e.leaf(path, s)
		case s.result == nil:
			e.deleted(path, s)
		default:
			e.items(path, t, s)
		}
	case shapeMap:
		switch {
		case isAtomic(t, s, mapLen):
			e.leaf(path, s)
		case s.result == nil:
			e.deleted(path, s)
		default:
			e.fields(path, t, s)
		}
	default:
		e.leaf(path, s)
	}
}

// fields marks the entries of a granular map: the result's in order, then those only live had.
func (e *explainer) fields(path fieldpath.Path, t *schema.Type, s sides) {
	if s.result.IsMap() {
		for _, f := range s.result.Fields {
			e.value(path.Field(f.Key.Value), t.FieldType(f.Key.Value), s.child(f.Key.Value))
		}
	}
	if !s.live.IsMap() {
		return
	}
	for _, f := range s.live.Fields {
		if s.result.IsMap() && s.result.Has(f.Key.Value) {
			continue
		}
		e.deleted(path.Field(f.Key.Value), s.child(f.Key.Value))
	}
}

// items marks the items of an associative list: the result's in order, then those only live had.
// An item only one side has is marked whole.
func (e *explainer) items(path fieldpath.Path, t *schema.Type, s sides) {
	elem := t.ListElem()
	for _, r := range listOf(s.result) {
		el, err := typed.ItemElement(t, r)
		if err != nil {
			continue
		}
		is := sides{live: findItem(t, s.live, el), config: findItem(t, s.config, el), result: r}
		p := path.Append(el)
		switch {
		case is.live == nil && !r.IsScalar():
			e.mark(p, contract.Added, is)
		case r.IsScalar():
			e.leaf(p, is)
		default:
			e.value(p, elem, is)
		}
	}
	for _, l := range listOf(s.live) {
		el, err := typed.ItemElement(t, l)
		if err != nil || findItem(t, s.result, el) != nil {
			continue
		}
		e.deleted(path.Append(el), sides{live: l, config: findItem(t, s.config, el)})
	}
}

// leaf marks a value compared whole.
func (e *explainer) leaf(path fieldpath.Path, s sides) {
	switch {
	case s.result == nil:
		e.deleted(path, s)
	case s.live == nil:
		e.mark(path, contract.Added, s)
	case !fieldset.EqualValues(s.live, s.result):
		e.mark(path, contract.Changed, s)
	case s.config != nil:
		e.mark(path, contract.Retained, s)
	default:
		e.mark(path, contract.Ignored, s)
	}
}

// mark records a mark on a result node, covering its lines.
func (e *explainer) mark(path fieldpath.Path, mark contract.Mark, s sides) {
	e.add(path, mark, e.layout.Line(s.result), e.layout.EndLine(s.result), s)
}

// deleted marks a field only live had, at live's lines, and says where it is drawn in the
// result.
func (e *explainer) deleted(path fieldpath.Path, s sides) {
	line := lineIn(e.o.live, path, e.o.typ)
	e.add(path, contract.Deleted, line, explain.LastLine(s.live), s)
	e.marks[len(e.marks)-1].Place = e.spot.Removed(e.layout, path, line)
}

// add appends one mark, with the rule recorded at its path and that rule's reason. A
// non-positive or equal end line is dropped.
func (e *explainer) add(path fieldpath.Path, mark contract.Mark, line, end int, s sides) {
	if end <= line {
		end = 0
	}
	entry, _ := e.o.log.Lookup(path)
	reason, ok := reasonFor(entry.Rule, e, marked{path: path, mark: mark, s: s})
	if !ok {
		reason = "no decision was recorded for this field"
	}
	e.marks = append(e.marks, contract.Field{Resource: e.resource, Path: path.String(), Mark: mark, Line: line,
		EndLine: end, Reason: reason, Rule: string(entry.Rule)})
}

// managedFields marks metadata.managedFields, which the API server writes, as one value.
func (e *explainer) managedFields(path fieldpath.Path, s sides) {
	switch {
	case s.result == nil:
		e.deleted(path, s)
	case s.live == nil:
		e.mark(path, contract.Added, s)
	case fieldset.EqualValues(s.live, s.result):
		e.mark(path, contract.Retained, s)
	default:
		e.mark(path, contract.Changed, s)
	}
}

// shape is how a walk treats a value of type t: as a list, a map, or a leaf.
type shapeKind uint8

const (
	shapeLeaf shapeKind = iota
	shapeList
	shapeMap
)

// shape picks the part of t that describes v, as the typed walks do.
func shape(t *schema.Type, v *yamltree.Node) shapeKind {
	switch {
	case v.IsList() && t.HasList():
		return shapeList
	case v.IsMap() && t.HasMap():
		return shapeMap
	}
	return shapeLeaf
}

// isAtomic reports whether a list or map is compared whole: an atomic type, or empty on both
// sides.
func isAtomic(t *schema.Type, s sides, length func(*yamltree.Node) int) bool {
	if s.any().IsList() {
		if t.ListType == schema.ListAtomic {
			return true
		}
	} else if t.MapType == schema.MapAtomic {
		return true
	}
	return length(s.live) == 0 && length(s.result) == 0
}

func listLen(n *yamltree.Node) int { return len(listOf(n)) }

func mapLen(n *yamltree.Node) int {
	if n.IsMap() {
		return len(n.Fields)
	}
	return 0
}

func listOf(n *yamltree.Node) []*yamltree.Node {
	if n.IsList() {
		return n.Items
	}
	return nil
}

// findItem returns the item of list l that element el selects (the first, when live holds it
// twice).
func findItem(t *schema.Type, l *yamltree.Node, el fieldpath.Element) *yamltree.Node {
	if t == nil {
		return nil
	}
	for _, it := range listOf(l) {
		if e, err := typed.ItemElement(t, it); err == nil && fieldset.Equal(e, el) {
			return it
		}
	}
	return nil
}

func isManagedFields(path fieldpath.Path) bool {
	return len(path) == 2 && path[0].Field == "metadata" && path[1].Field == "managedFields"
}

// withoutManagedFields returns a copy of obj without metadata.managedFields.
func withoutManagedFields(obj *yamltree.Node) *yamltree.Node {
	out := obj.Clone()
	if m := getField(out, "metadata"); m != nil {
		m.Delete("managedFields")
	}
	return out
}
