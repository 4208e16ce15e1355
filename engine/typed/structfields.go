package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// WithStructFields returns set plus, as members, the declared struct fields of t it goes below,
// at every level. FieldSet leaves a struct field holding a non-empty value out (only what is
// below it is set); dropping abandoned fields needs it in, so that a struct field the applier
// filled alone goes whole.
func WithStructFields(t *schema.Type, set *fieldset.Set) *fieldset.Set {
	out := &fieldset.Set{}
	addStructFields(out, fieldpath.WalkRoot(), t, set)
	return out
}

func addStructFields(out *fieldset.Set, path fieldpath.Path, t *schema.Type, set *fieldset.Set) {
	for _, m := range set.Members() {
		out.Insert(path.Descend(m))
	}
	for _, e := range set.ChildElements() {
		isField := e.Keys == nil && e.Value == nil && !e.IsIndex
		p := path.Descend(e)
		if isField && t.HasMap() && t.Field(e.Field) != nil {
			out.Insert(p)
		}
		addStructFields(out, p, elementType(t, e), set.Child(e))
	}
}

// elementType returns the type below element e of a value of type t: a field's declared type
// or the map's value type, a keyed item's type; nil for items selected by value or position,
// whose fields a set never names.
func elementType(t *schema.Type, e fieldpath.Element) *schema.Type {
	switch {
	case e.IsIndex || e.Value != nil:
		return nil
	case e.Keys != nil:
		if t.HasList() {
			return t.ListElem()
		}
		return nil
	}
	if t.HasMap() {
		return t.FieldType(e.Field)
	}
	return nil
}
