package typed

import (
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
	err := c.value(nil, t, before, after)
	return c, err
}

func (c Comparison) value(path fieldpath.Path, t *schema.Type, before, after *yamltree.Node) error {
	var leaf bool
	var err error
	switch {
	case after == nil:
		leaf, err = c.handle(path, shapeOf(t, before), t, before, after)
	case before == nil || sameShape(t, before, after):
		leaf, err = c.handle(path, shapeOf(t, after), t, before, after)
	default:
		// The shapes differ: the reference walks both views, the first with its own leaf state.
		if _, err = c.handle(path, shapeOf(t, before), t, before, after); err == nil {
			leaf, err = c.handle(path, shapeOf(t, after), t, before, after)
		}
	}
	if err != nil {
		return err
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

// handle compares one value under one part of t and reports whether it was compared as a leaf.
func (c Comparison) handle(path fieldpath.Path, sh shape, t *schema.Type, before, after *yamltree.Node) (bool, error) {
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
	return false, &Error{Pos: where.Pos, Path: path, Message: "the schema's type for this value declares no scalar, list or map"}
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

func (c Comparison) fields(path fieldpath.Path, t *schema.Type, before, after *yamltree.Node) error {
	for _, f := range mapFields(before) {
		name := f.Key.Value
		if err := c.value(path.Field(name), t.FieldType(name), f.Value, fieldValue(after, name)); err != nil {
			return err
		}
	}
	for _, f := range mapFields(after) {
		name := f.Key.Value
		if before.IsMap() && before.Has(name) {
			continue
		}
		if err := c.value(path.Field(name), t.FieldType(name), nil, f.Value); err != nil {
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

func (c Comparison) items(path fieldpath.Path, t *schema.Type, before, after []*yamltree.Node) error {
	groups, err := groupItems(path, t, before, after)
	if err != nil {
		return err
	}
	for _, g := range groups {
		p := path.Append(g.elem)
		switch nb, na := len(g.before), len(g.after); {
		case nb <= 1 && na <= 1:
			if err := c.value(p, t.ListElem(), first(g.before), first(g.after)); err != nil {
				return err
			}
		case nb >= 2 && na >= 2:
			if !sameItems(g.before, g.after) {
				c.Modified.Insert(p)
			}
		case nb >= 2:
			if na == 1 {
				if err := c.value(p, t.ListElem(), nil, g.after[0]); err != nil {
					return err
				}
			}
			c.Removed.Insert(p)
		default:
			if nb == 1 {
				if err := c.value(p, t.ListElem(), g.before[0], nil); err != nil {
					return err
				}
			}
			c.Added.Insert(p)
		}
	}
	return nil
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
