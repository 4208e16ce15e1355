package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// NamedFieldsAsMembers returns set plus, at every level, the declared fields of t that set goes
// on below, as members. FieldSet leaves such struct fields out; pruning needs them in, so that
// removing a struct field removes it whole.
func NamedFieldsAsMembers(t *schema.Type, set *fieldset.Set) *fieldset.Set {
	out := &fieldset.Set{}
	addNamedFields(out, nil, t, set)
	return out
}

func addNamedFields(out *fieldset.Set, path fieldpath.Path, t *schema.Type, set *fieldset.Set) {
	for _, m := range set.Members() {
		out.Insert(path.Append(m))
	}
	for _, e := range set.ChildElements() {
		if e.Keys == nil && e.Value == nil && !e.IsIndex && t.HasMap() && t.Field(e.Field) != nil {
			out.Insert(path.Append(e))
		}
		addNamedFields(out, path.Append(e), childType(t, e), set.Child(e))
	}
}

// childType returns the type below element e of a value of type t, as the reference resolves it
// for field sets: a field's declared type or the map's value type, a keyed item's type, else none.
func childType(t *schema.Type, e fieldpath.Element) *schema.Type {
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
