package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Remove returns v without the fields of set, as server-side apply prunes: a member of set goes
// with everything below it. As in the reference, a map or list that loses its last entry becomes
// null rather than disappearing, and so does an atomic or empty map or list that set reaches into.
// The result shares nodes with v.
func Remove(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	return remover{extract: false}.value(t, v, set)
}

// Extract returns only the fields of set found in v (with everything below a member), as the
// reference extracts a manager's fields; an atomic or empty value reached is kept whole.
func Extract(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	return remover{extract: true}.value(t, v, set)
}

type remover struct {
	extract bool
}

// value walks v; a nil result stands for the reference's null.
func (r remover) value(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	var out *yamltree.Node
	switch shapeOf(t, v) {
	case shapeScalar:
		out = v
	case shapeList:
		out = r.list(t, v, set)
	case shapeMap:
		out = r.mapValue(t, v, set)
	}
	if out == nil {
		return nullLike(v)
	}
	return out
}

// nullLike returns a null at v's position.
func nullLike(v *yamltree.Node) *yamltree.Node {
	n := yamltree.NewNull()
	if v != nil {
		n.Pos = v.Pos
	}
	return n
}

// whole is what a value reached by set becomes when it cannot be walked into: itself when
// extracting, nothing when removing.
func (r remover) whole(v *yamltree.Node) *yamltree.Node {
	if r.extract {
		return v
	}
	return nil
}

func (r remover) list(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if !v.IsList() {
		return nil
	}
	if len(v.Items) == 0 || isAtomicList(t) {
		return r.whole(v)
	}
	out := newListLike(v)
	for _, it := range v.Items {
		e, _ := ItemElement(t, it)
		exact := set.HasMember(e)
		below := set.Child(e)
		if below != nil && !below.Empty() {
			it = r.value(t.ListElem(), it, below)
		} else {
			below = nil
		}
		if r.extract {
			if exact || below != nil {
				out.Items = append(out.Items, it)
			}
			continue
		}
		if !exact {
			out.Items = append(out.Items, it)
		}
	}
	if len(out.Items) == 0 {
		return nil
	}
	return out
}

func (r remover) mapValue(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if !v.IsMap() {
		return nil
	}
	if len(v.Fields) == 0 || isAtomicMap(t) {
		return r.whole(v)
	}
	out := newMapLike(v)
	for _, f := range v.Fields {
		key := f.Key.Value
		ft := t.FieldType(key)
		if set.HasMember(fieldElement(key)) {
			if r.extract {
				out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: r.typedValue(ft, f.Value, set)})
			}
			continue
		}
		value := f.Value
		if below := set.Child(fieldElement(key)); below != nil && !below.Empty() {
			value = r.typedValue(ft, value, below)
		} else if r.extract {
			continue
		}
		out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: value})
	}
	if len(out.Fields) == 0 {
		return nil
	}
	return out
}

// typedValue walks a value whose type may be missing (a key no schema declares): such a value
// becomes null, as the reference cannot resolve its type.
func (r remover) typedValue(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if t == nil {
		return nullLike(v)
	}
	return r.value(t, v, set)
}
