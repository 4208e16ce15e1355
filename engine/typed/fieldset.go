package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FieldSet returns the fields v sets, as server-side apply counts what a config names: every
// scalar, atomic list and atomic map; every list item (of an associative list) and every map key
// that is not a declared field; declared fields whose value is null or an empty map. Items that
// appear twice in a list are members once and nothing below them is. v must be valid for t.
func FieldSet(t *schema.Type, v *yamltree.Node) *fieldset.Set {
	s := &fieldset.Set{}
	collect(s, fieldpath.WalkRoot(), t, v)
	return s
}

func collect(s *fieldset.Set, path fieldpath.Path, t *schema.Type, v *yamltree.Node) {
	switch shapeOf(t, v) {
	case shapeScalar:
		s.Insert(path)
	case shapeList:
		if isAtomicList(t) {
			s.Insert(path)
			return
		}
		collectItems(s, path, t, listItems(v))
	case shapeMap:
		if isAtomicMap(t) {
			s.Insert(path)
			return
		}
		collectFields(s, path, t, mapFields(v))
	}
}

// collectItems adds the items of an associative list: each is a member, and the fields below an
// item count only when the list holds that item once.
func collectItems(s *fieldset.Set, path fieldpath.Path, t *schema.Type, items []*yamltree.Node) {
	elems := make([]fieldpath.Element, len(items))
	for i, it := range items {
		elems[i], _ = ItemElement(t, it)
	}
	for i, e := range elems {
		p := path.Descend(e)
		s.Insert(p)
		if countElement(elems, e) == 1 {
			collect(s, p, t.ListElem(), items[i])
		}
	}
}

func collectFields(s *fieldset.Set, path fieldpath.Path, t *schema.Type, fields []yamltree.Field) {
	for _, f := range fields {
		name := f.Key.Value
		p := path.Descend(fieldpath.Element{Field: name})
		collect(s, p, t.FieldType(name), f.Value)
		switch {
		case f.Value.IsNull(), f.Value.IsMap() && len(f.Value.Fields) == 0:
			s.Insert(p)
		case t.Field(name) == nil:
			s.Insert(p)
		}
	}
}
