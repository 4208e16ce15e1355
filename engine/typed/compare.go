package typed

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Comparison lists the fields that differ between two values: removed (only the first has
// them), modified (both have them, with other values) and added (only the second has them). A
// field is in at most one set for a given cause; leaves are compared whole.
type Comparison struct {
	Removed, Modified, Added *fieldset.Set
}

// Changed returns the fields the second value modified or added.
func (c Comparison) Changed() *fieldset.Set { return c.Modified.Union(c.Added) }

// Untouched returns the paths of s the comparison found neither removed, modified nor added: those
// whose value the second value still holds as the first did.
func (c Comparison) Untouched(s *fieldset.Set) *fieldset.Set {
	return s.Difference(c.Removed).Difference(c.Changed())
}

// Same reports whether the comparison found no difference.
func (c Comparison) Same() bool {
	return c.Removed.Empty() && c.Modified.Empty() && c.Added.Empty()
}

// Compare compares before with after field by field, as server-side apply finds what an
// operation changed: scalars, atomic values and pairs of empty or null lists or maps as leaves;
// maps by key; associative lists by item (items one side holds twice compare as one atomic
// value). A map or item only one side has is added or removed together with everything below it.
func Compare(t *schema.Type, before, after *yamltree.Node) (Comparison, error) {
	c := Comparison{Removed: &fieldset.Set{}, Modified: &fieldset.Set{}, Added: &fieldset.Set{}}
	if before == nil && after == nil {
		return c, nil
	}
	err := c.value(fieldpath.WalkRoot(), t, before, after)
	return c, err
}

func (c Comparison) value(path fieldpath.Path, t *schema.Type, before, after *yamltree.Node) error {
	parts, n := views(t, before, after)
	leaf := false
	for _, sh := range parts[:n] {
		var err error
		if leaf, err = c.under(path, sh, t, before, after); err != nil {
			return err
		}
	}
	if !leaf {
		switch {
		case before == nil:
			c.Added.Insert(path)
		case after == nil:
			c.Removed.Insert(path)
		}
	}
	return nil
}

// views returns the parts of t two values are compared under (the first n of the array): the one
// both deduce, or, when they deduce different parts, before's and then after's (the reference
// compares under both, the last one deciding whether the value was a leaf; observed in the
// vectors and in scripts/conformance/ssadiff with the deduced schema, whose values may change
// shape).
func views(t *schema.Type, before, after *yamltree.Node) ([2]shape, int) {
	switch {
	case after == nil:
		return [2]shape{shapeOf(t, before)}, 1
	case before == nil || readAlike(t, before, after):
		return [2]shape{shapeOf(t, after)}, 1
	}
	return [2]shape{shapeOf(t, before), shapeOf(t, after)}, 2
}

// under compares two values under one part of t and reports whether they were compared as a
// leaf: a scalar, an atomic list or map, or lists or maps empty on both sides.
func (c Comparison) under(path fieldpath.Path, sh shape, t *schema.Type, before, after *yamltree.Node) (bool, error) {
	switch sh {
	case shapeScalar:
		c.leaf(path, before, after)
		return true, nil
	case shapeList:
		bi, ai := listItems(before), listItems(after)
		if isAtomicList(t) || (len(bi) == 0 && len(ai) == 0) {
			c.leaf(path, before, after)
			return true, nil
		}
		return false, c.items(path, t, bi, ai)
	case shapeMap:
		bf, af := mapFields(before), mapFields(after)
		if isAtomicMap(t) || (len(bf) == 0 && len(af) == 0) {
			c.leaf(path, before, after)
			return true, nil
		}
		return false, c.fields(path, t, before, after)
	}
	where := after
	if where == nil {
		where = before
	}
	return false, &Error{Pos: where.Pos, Path: slices.Clone(path), Message: "the schema's type for this value declares no scalar, list or map"}
}

func (c Comparison) leaf(path fieldpath.Path, before, after *yamltree.Node) {
	switch {
	case before == nil:
		c.Added.Insert(path)
	case after == nil:
		c.Removed.Insert(path)
	case !fieldset.EqualValues(before, after):
		c.Modified.Insert(path)
	}
}

// fields compares two maps key by key: before's keys, then the keys only after has.
func (c Comparison) fields(path fieldpath.Path, t *schema.Type, before, after *yamltree.Node) error {
	for _, f := range mapFields(before) {
		if err := c.value(path.Descend(fieldpath.Element{Field: f.Key.Value}), t.FieldType(f.Key.Value), f.Value, fieldValue(after, f.Key.Value)); err != nil {
			return err
		}
	}
	for _, f := range onlyIn(after, before) {
		if err := c.value(path.Descend(fieldpath.Element{Field: f.Key.Value}), t.FieldType(f.Key.Value), nil, f.Value); err != nil {
			return err
		}
	}
	return nil
}

// itemGroup is every item one side holds for one element.
type itemGroup struct {
	elem          fieldpath.Element
	before, after []*yamltree.Node
}

// held counts the items of a group on one side: none, one, or several (a duplicated item).
type held uint8

const (
	heldNone held = iota
	heldOne
	heldSeveral
)

func heldCount(items []*yamltree.Node) held {
	switch len(items) {
	case 0:
		return heldNone
	case 1:
		return heldOne
	}
	return heldSeveral
}

// itemStep is how one element's items compare.
type itemStep uint8

const (
	compareEach  itemStep = iota // one against one (or none): field by field
	compareWhole                 // several on both sides: as one atomic value
	goneWhole                    // several before: the item went whole; a single one after is new
	cameWhole                    // several after: the item came whole; a single one before is gone
)

// itemRows decide how an element's items compare, by how many each side holds (as observed in
// the vectors with duplicated items), indexed [before][after].
var itemRows = [3][3]itemStep{
	heldNone:    {heldNone: compareEach, heldOne: compareEach, heldSeveral: cameWhole},
	heldOne:     {heldNone: compareEach, heldOne: compareEach, heldSeveral: cameWhole},
	heldSeveral: {heldNone: goneWhole, heldOne: goneWhole, heldSeveral: compareWhole},
}

func (c Comparison) items(path fieldpath.Path, t *schema.Type, before, after []*yamltree.Node) error {
	groups, err := groupItems(path, t, before, after)
	if err != nil {
		return err
	}
	for _, g := range groups {
		if err := c.group(path.Descend(g.elem), t.ListElem(), g); err != nil {
			return err
		}
	}
	return nil
}

// group compares the items of one element by its row.
func (c Comparison) group(p fieldpath.Path, elem *schema.Type, g *itemGroup) error {
	var err error
	switch itemRows[heldCount(g.before)][heldCount(g.after)] {
	case compareEach:
		err = c.value(p, elem, first(g.before), first(g.after))
	case compareWhole:
		if !sameItems(g.before, g.after) {
			c.Modified.Insert(p)
		}
	case goneWhole:
		if len(g.after) == 1 {
			err = c.value(p, elem, nil, g.after[0])
		}
		c.Removed.Insert(p)
	case cameWhole:
		if len(g.before) == 1 {
			err = c.value(p, elem, g.before[0], nil)
		}
		c.Added.Insert(p)
	}
	return err
}

// groupItems gathers the items of both sides by element: before's elements in order, then the
// ones only after has.
func groupItems(path fieldpath.Path, t *schema.Type, before, after []*yamltree.Node) ([]*itemGroup, error) {
	var groups []*itemGroup
	find := func(e fieldpath.Element) *itemGroup {
		for _, g := range groups {
			if fieldset.Equal(g.elem, e) {
				return g
			}
		}
		g := &itemGroup{elem: e}
		groups = append(groups, g)
		return g
	}
	be, err := itemElements(t, before)
	if err != nil {
		return nil, withPath(err, path)
	}
	ae, err := itemElements(t, after)
	if err != nil {
		return nil, withPath(err, path)
	}
	for i, e := range be {
		g := find(e)
		g.before = append(g.before, before[i])
	}
	for i, e := range ae {
		g := find(e)
		g.after = append(g.after, after[i])
	}
	return groups, nil
}

func first(items []*yamltree.Node) *yamltree.Node {
	if len(items) == 0 {
		return nil
	}
	return items[0]
}

func sameItems(a, b []*yamltree.Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !fieldset.EqualValues(a[i], b[i]) {
			return false
		}
	}
	return true
}
