package smp

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Side names one of the inputs an alignment pairs: last-applied (original), the config with its
// new last-applied annotation (updated) and live. A two-way diff pairs original and updated
// alone.
type Side uint8

// The sides.
const (
	Original Side = iota
	Updated
	Live
	sideCount
)

// Aligned is one place of an object: the root, a field, a list item or a value of a set, as
// each side holds it (nil where a side lacks it). The three-way patch, the two-way patch and the
// conflict check all read one alignment: each asks the places it visits for their fields or
// items, which are paired once, on first use, by field name, by merge key (for lists merged by
// key) or by value (sets of primitives). Schema lookups happen there too, so that a field the
// schema lacks fails only where the reference would look it up: where two sides hold maps, or
// lists, there.
type Aligned struct {
	sides  [sideCount]*yamltree.Node
	parent *Aligned
	elem   fieldpath.Element
	// index is the place's position among its list's paired items: the order a diff walks
	// them in; text is the text they pair on.
	index int
	text  string
	// key is a side's key of a field (updated's when it has one), for positions.
	key *yamltree.Node
	// sch describes the fields below, when the place holds maps.
	sch Schema

	fields []*Aligned
	byName map[string]*Aligned
	paired bool
	lists  *listPairs
	// memo holds what the schema said of the place, once asked (nil: not yet).
	memo *placeMemo
	// rule is the last decision recorded here.
	rule decision.Rule
}

// Align pairs the sides of one object; sch describes its root. A side may be nil.
func Align(original, updated, live *yamltree.Node, sch Schema) *Aligned {
	return &Aligned{sides: [sideCount]*yamltree.Node{original, updated, live}, sch: sch}
}

// At returns what side holds here.
func (a *Aligned) At(s Side) *yamltree.Node { return a.sides[s] }

// Path is the place's path from the object's root.
func (a *Aligned) Path() fieldpath.Path {
	n := 0
	for p := a; p.parent != nil; p = p.parent {
		n++
	}
	path := make(fieldpath.Path, n)
	for p := a; p.parent != nil; p = p.parent {
		n--
		path[n] = p.elem
	}
	return path
}

// Fields returns the fields of the sides that hold maps here, paired by name: updated's in its
// order, then live's, then original's.
func (a *Aligned) Fields() []*Aligned {
	if a.fields != nil || a.paired {
		return a.fields
	}
	a.paired = true
	n := 0
	for _, s := range [...]Side{Updated, Live, Original} {
		if a.sides[s].IsMap() {
			n = max(n, len(a.sides[s].Fields))
		}
	}
	// one allocation for the places of the largest side; a field only the others hold takes a
	// second one (append keeps the places already made where they are)
	block := make([]Aligned, 0, n)
	a.fields = make([]*Aligned, 0, n)
	for _, s := range [...]Side{Updated, Live, Original} {
		if !a.sides[s].IsMap() {
			continue
		}
		for _, f := range a.sides[s].Fields {
			c := a.fieldIn(f.Key.Value)
			if c == nil {
				block = append(block, Aligned{parent: a, elem: fieldpath.Element{Field: f.Key.Value}, key: f.Key})
				c = &block[len(block)-1]
				a.fields = append(a.fields, c)
				if a.byName != nil || len(a.fields) > fieldsScanned {
					a.indexField(c)
				}
			}
			c.sides[s] = f.Value
		}
	}
	return a.fields
}

// fieldsScanned is how many fields a place searches one by one before it indexes them by name.
const fieldsScanned = 4

// indexField adds c to the place's index of fields by name, building it on first use.
func (a *Aligned) indexField(c *Aligned) {
	if a.byName == nil {
		a.byName = make(map[string]*Aligned, 2*len(a.fields))
		for _, f := range a.fields {
			a.byName[f.elem.Field] = f
		}
	}
	a.byName[c.elem.Field] = c
}

// fieldIn returns the field already paired under name, or nil.
func (a *Aligned) fieldIn(name string) *Aligned {
	if a.byName != nil {
		return a.byName[name]
	}
	for _, c := range a.fields {
		if c.elem.Field == name {
			return c
		}
	}
	return nil
}

// Field returns the field name, or nil when no side holding a map here has it.
func (a *Aligned) Field(name string) *Aligned {
	a.Fields()
	return a.fieldIn(name)
}

// mapMeta looks the place up, in its parent's schema, as a field holding maps; the children
// then know their own schema.
func (a *Aligned) mapMeta() (mapMeta, error) {
	memo := a.memoized()
	if memo.asMap == nil {
		m, err := a.parentSchema().mapField(a.elem.Field)
		memo.asMap, memo.err = &m, located(err, a.anyNode())
		a.sch = m.schema
	}
	return *memo.asMap, memo.err
}

// listMeta looks the place up, in its parent's schema, as a field holding lists.
func (a *Aligned) listMeta() (listMeta, error) {
	memo := a.memoized()
	if memo.asList == nil {
		l, err := a.parentSchema().listField(a.elem.Field)
		memo.asList, memo.err = &l, located(err, a.anyNode())
	}
	return *memo.asList, memo.err
}

// placeMemo is what only places holding maps or lists (or the root) need: the schema's answers
// about them, and the root's decisions.
type placeMemo struct {
	_         incomparable.Field
	asMap     *mapMeta
	asList    *listMeta
	err       error
	decisions *Decisions
}

// memoized returns the place's memo, made on first use.
func (a *Aligned) memoized() *placeMemo {
	if a.memo == nil {
		a.memo = &placeMemo{}
	}
	return a.memo
}

// parentSchema is the schema of the map holding this field.
func (a *Aligned) parentSchema() Schema {
	if a.parent == nil {
		return Schema{}
	}
	a.parent.knowSchema()
	return a.parent.sch
}

// knowSchema looks a field place holding a map up in its parent's schema, when no operation
// has yet: an operation that took the map whole (the previous render lacked it) never
// descended into it, and the places below, which a later walk (the patch's effects) visits,
// need it to pair their list items by key.
func (a *Aligned) knowSchema() {
	if a.parent == nil || a.elem.Field == "" || (a.memo != nil && a.memo.asMap != nil) {
		return
	}
	for _, n := range a.sides {
		if n.IsMap() {
			_, _ = a.mapMeta() // an error stays in the memo for the operation that asks
			return
		}
	}
}

// anyNode returns the first node a side holds here, for positions.
func (a *Aligned) anyNode() *yamltree.Node {
	for _, s := range [...]Side{Updated, Live, Original} {
		if a.sides[s] != nil {
			return a.sides[s]
		}
	}
	return nil
}

// describe writes a node's value for the reference's messages, as fmt prints decoded data.
func describe(n *yamltree.Node) string { return printed(n) }

// mixedKindsError is the reference's refusal of lists whose items are not all of one kind.
func mixedKindsError(lists ...*yamltree.Node) error {
	parts := make([]string, len(lists))
	for i, l := range lists {
		parts[i] = printed(l)
	}
	msg := "list element types are not identical: ["
	for i, p := range parts {
		if i > 0 {
			msg += " "
		}
		msg += p
	}
	return &Error{Message: msg + "]"}
}

// missingKeyError is the reference's refusal of a list item without its merge key, at the first
// of the items given (the items of one list that lack it).
func missingKeyError(key []string, items ...*yamltree.Node) error {
	e := errorAt(items[0], "map: "+describe(items[0])+" does not contain declared merge key: "+keyFieldsText(key))
	e.KeyFields, e.Lacking = key, items
	return e
}
