package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Remove returns v without the fields of set, as server-side apply drops fields: a member of set
// goes with everything below it. A map or list that loses its last entry becomes null rather
// than disappearing, and so does an atomic or empty map or list that set reaches into (both
// observed in the structured-merge-diff vectors, engine/managed/testdata). The result shares
// nodes with v.
func Remove(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	return cutter{fieldRows: removeRows, itemRows: removeRows}.value(t, v, set)
}

// Extract returns the fields of set found in v, as the reference extracts what a manager owns
// (observed in the vectors' extract-apply cases): a list item that is a member is kept whole; a
// map field that is a member is kept with nothing below it (a scalar or an atomic or empty value
// as it is, a granular map or list as null), even where set goes on below it; an atomic or empty
// value set reaches into is kept whole. The result shares nodes with v.
func Extract(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	return cutter{fieldRows: extractFieldRows, itemRows: extractItemRows, reached: keepReached}.value(t, v, set)
}

// touch is how set reaches one field or item, as bits indexing the walks' rows: as a member,
// with paths below it, both or neither.
type touch uint8

const (
	member touch = 1 << iota // the field is a member of set
	below                    // set has paths below the field
)

// cut is what a walk does with one field or item.
type cut uint8

const (
	keepIt    cut = iota // kept as it is
	dropIt               // left out
	walkIn               // kept, with the walk going on below it (set's paths below it)
	walkEmpty            // kept, with the walk going on below it with nothing to keep
)

// The walks' decisions, indexed by how set reaches a field or an item.
var (
	removeRows       = [4]cut{0: keepIt, below: walkIn, member: dropIt, member | below: dropIt}
	extractItemRows  = [4]cut{0: dropIt, below: walkIn, member: keepIt, member | below: walkIn}
	extractFieldRows = [4]cut{0: dropIt, below: walkIn, member: walkEmpty, member | below: walkEmpty}
)

// keepReached is Extract's answer for an atomic or empty value set reaches into: the value.
func keepReached(v *yamltree.Node) *yamltree.Node { return v }

// cutter walks a value with a set, deciding each field and item by its rows.
type cutter struct {
	fieldRows, itemRows [4]cut
	// reached is what an atomic or empty map or list set reaches into becomes; nil drops it.
	reached func(*yamltree.Node) *yamltree.Node
}

// value walks v; a value left with nothing becomes a null at v's position.
func (c cutter) value(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	var out *yamltree.Node
	switch shapeOf(t, v) {
	case shapeScalar:
		out = v
	case shapeList:
		out = c.list(t, v, set)
	case shapeMap:
		out = c.fields(t, v, set)
	}
	if out != nil {
		return out
	}
	return nullAt(v)
}

// nullAt returns a null at v's position.
func nullAt(v *yamltree.Node) *yamltree.Node {
	n := yamltree.NewNull()
	if v != nil {
		n.Pos = v.Pos
	}
	return n
}

// decide looks up in rows how set reaches element e, and returns the paths below it.
func decide(rows [4]cut, set *fieldset.Set, e fieldpath.Element) (cut, *fieldset.Set) {
	var how touch
	if set.HasMember(e) {
		how |= member
	}
	sub := set.Child(e)
	if sub.Empty() {
		sub = nil
	} else {
		how |= below
	}
	return rows[how], sub
}

// whole is what an atomic or empty value set reaches into becomes.
func (c cutter) whole(v *yamltree.Node) *yamltree.Node {
	if c.reached == nil {
		return nil
	}
	return c.reached(v)
}

func (c cutter) list(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if !v.IsList() {
		return nil
	}
	if len(v.Items) == 0 || isAtomicList(t) {
		return c.whole(v)
	}
	out := newListLike(v)
	for _, it := range v.Items {
		e, _ := ItemElement(t, it)
		switch step, below := decide(c.itemRows, set, e); step {
		case keepIt:
			out.Items = append(out.Items, it)
		case walkIn:
			out.Items = append(out.Items, c.value(t.ListElem(), it, below))
		}
	}
	if len(out.Items) == 0 {
		return nil
	}
	return out
}

func (c cutter) fields(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if !v.IsMap() {
		return nil
	}
	if len(v.Fields) == 0 || isAtomicMap(t) {
		return c.whole(v)
	}
	out := newMapLike(v)
	for _, f := range v.Fields {
		step, below := decide(c.fieldRows, set, fieldElement(f.Key.Value))
		value := f.Value
		switch step {
		case dropIt:
			continue
		case walkIn:
			value = c.typedValue(t.FieldType(f.Key.Value), value, below)
		case walkEmpty:
			value = c.typedValue(t.FieldType(f.Key.Value), value, &fieldset.Set{})
		}
		out.Fields = append(out.Fields, yamltree.Field{Key: f.Key, Value: value})
	}
	if len(out.Fields) == 0 {
		return nil
	}
	return out
}

// typedValue walks a value whose type may be missing (a key no schema declares): such a value
// becomes null, its type being unknown.
func (c cutter) typedValue(t *schema.Type, v *yamltree.Node, set *fieldset.Set) *yamltree.Node {
	if t == nil {
		return nullAt(v)
	}
	return c.value(t, v, set)
}
