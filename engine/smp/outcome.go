package smp

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Cause is what the API server did to a value when it applied a patch: one row of the
// server's decisions, which the modes name with their own rules.
type Cause uint8

const (
	// Kept: live's value stays; the patch did not reach it (or set it to what it was).
	Kept Cause = iota
	// Set: the patch's value is there: a field, a list replaced whole, a map replaced whole,
	// or a value of another kind.
	Set
	// Added: the patch added a whole item to a list merged by key, or a value to a set.
	Added
	// DeletedByNull: a null in the patch deleted the field.
	DeletedByNull
	// ClearedByRetainKeys: the patch's "$retainKeys" left the field out.
	ClearedByRetainKeys
	// DeletedItem: a "$patch: delete" item removed the item.
	DeletedItem
	// DeletedValue: a "$deleteFromPrimitiveList" removed the value.
	DeletedValue
	// Replaced: the value holding it was replaced whole ("$patch: replace", "$patch: delete" in
	// a map, a list replaced whole), and it was not kept.
	Replaced
	// Carried: it came with a value the patch set or added above it.
	Carried
)

// Shape says how much of a value an effect covers.
type Shape uint8

const (
	// Leaf is a value compared whole: a scalar, an atomic list, a map replaced whole, a field
	// removed.
	Leaf Shape = iota
	// Item is a whole item of a list merged by key.
	Item
	// SetValue is a value of a set of primitives.
	SetValue
)

// Whole says what a Leaf is.
type Whole uint8

const (
	// Scalar is a scalar, or a value of another kind than live's.
	Scalar Whole = iota
	// AtomicList is a list without the merge strategy: it is replaced whole.
	AtomicList
	// ReplacedMap is a map with the replace strategy: it is replaced whole.
	ReplacedMap
)

// Effect is what the API server did to one value of the object, at the grain marks are made:
// leaves, whole items added, removed or left alone, values of sets.
type Effect struct {
	Path  fieldpath.Path
	Cause Cause
	Shape Shape
	Whole Whole
	// Key is live's key of a field the patch removed (its line is the field's).
	Key *yamltree.Node
	// Result is the value in the result (nil when removed); Live is live's value before (nil
	// when added).
	Result, Live *yamltree.Node
	// Patch is the patch's value that set, added or removed it (nil when kept).
	Patch *Value
	// At is the effect's place in the alignment the walk was given (nil: none).
	At *Aligned
	// Repeats is, for a value inside a list item several items of the patch merged into, how
	// many did; Holder is that item's key.
	Repeats int
	Holder  fieldpath.Element
}

// Outcome is an applied patch: the new object and how each of its values came about.
type Outcome struct {
	Result *yamltree.Node
	sch    Schema
	// liveOf links a value of the result to live's value it continues (a list item kept or
	// merged into, the root); setBy to the patch's value it is; removed lists, for a map or a
	// list of the result, live's values the patch removed from it.
	liveOf  map[*yamltree.Node]*yamltree.Node
	setBy   map[*yamltree.Node]*Value
	merged  map[*yamltree.Node]*Value
	merges  map[*yamltree.Node]int
	removed map[*yamltree.Node][]removal
	ordered map[*yamltree.Node]bool
	// replacedLive links a value the patch set in place of live's to live's value (found when a
	// patch repeats an item's key: a later item may delete what an earlier one set).
	replacedLive map[*yamltree.Node]*yamltree.Node
}

// removal is one of live's values a patch removed from a map or a list.
type removal struct {
	elem  fieldpath.Element
	key   *yamltree.Node
	live  *yamltree.Node
	cause Cause
	patch *Value
	shape Shape
}

func newOutcome(sch Schema) *Outcome {
	return &Outcome{sch: sch, liveOf: map[*yamltree.Node]*yamltree.Node{}, setBy: map[*yamltree.Node]*Value{}, merged: map[*yamltree.Node]*Value{}, merges: map[*yamltree.Node]int{},
		removed: map[*yamltree.Node][]removal{}, ordered: map[*yamltree.Node]bool{}, replacedLive: map[*yamltree.Node]*yamltree.Node{}}
}

// copyOf copies live, linking every copied list item to its original. The copy's nodes, fields
// and items are cut from three blocks sized by a first count (each slice capped at its length, so
// an append moves it out of the block).
func (o *Outcome) copyOf(n *yamltree.Node) *yamltree.Node {
	var c liveCopy
	c.count(n)
	c.nodes = make([]yamltree.Node, 0, c.nNodes)
	c.fields = make([]yamltree.Field, 0, c.nFields)
	c.items = make([]*yamltree.Node, 0, c.nItems)
	if len(o.liveOf) == 0 {
		o.liveOf = make(map[*yamltree.Node]*yamltree.Node, c.nItems+1)
	}
	return c.copy(n, o.liveOf)
}

// liveCopy is one copy of live: the sizes counted, then the blocks cut from.
type liveCopy struct {
	nNodes, nFields, nItems int
	nodes                   []yamltree.Node
	fields                  []yamltree.Field
	items                   []*yamltree.Node
}

func (c *liveCopy) count(n *yamltree.Node) {
	c.nNodes++
	c.nFields += len(n.Fields)
	c.nItems += len(n.Items)
	for _, f := range n.Fields {
		c.count(f.Value)
	}
	for _, it := range n.Items {
		c.count(it)
	}
}

func (c *liveCopy) copy(n *yamltree.Node, liveOf map[*yamltree.Node]*yamltree.Node) *yamltree.Node {
	c.nodes = append(c.nodes, *n)
	out := &c.nodes[len(c.nodes)-1]
	if n.Fields != nil {
		start := len(c.fields)
		c.fields = append(c.fields, n.Fields...)
		out.Fields = c.fields[start:len(c.fields):len(c.fields)]
		for i := range out.Fields {
			out.Fields[i].Value = c.copy(n.Fields[i].Value, liveOf)
		}
	}
	if n.Items != nil {
		start := len(c.items)
		c.items = append(c.items, n.Items...)
		out.Items = c.items[start:len(c.items):len(c.items)]
		for i, it := range n.Items {
			out.Items[i] = c.copy(it, liveOf)
			liveOf[out.Items[i]] = it
		}
	}
	return out
}

// set records that the patch's value v made n.
func (o *Outcome) set(n *yamltree.Node, v *Value) *yamltree.Node {
	if n != nil {
		o.setBy[n] = v
	}
	return n
}

// liveBefore returns live's value that value stands for: value itself when it is live's (a
// copy), the live value it replaced when the patch set it, nil when live had none there.
func (o *Outcome) liveBefore(value *yamltree.Node) *yamltree.Node {
	if o.setBy[value] == nil {
		return value
	}
	return o.replacedLive[value]
}

// replace records that the patch's value set took the place of old in a map.
func (o *Outcome) replace(old, set *yamltree.Node) {
	if old == set {
		return
	}
	if live := o.liveBefore(old); live != nil {
		o.replacedLive[set] = live
	}
}

// remove records that the patch removed live's value from the map or list holder.
func (o *Outcome) remove(holder *yamltree.Node, r removal) {
	o.removed[holder] = append(o.removed[holder], r)
}

// restore records that the patch set name again in the map holder after removing live's value
// there (a patch repeating an item's key: the first item sets the field to null, the second sets
// it): the value set takes the place of live's, which is no longer reported removed.
func (o *Outcome) restore(holder *yamltree.Node, name string, set *yamltree.Node) {
	rs := o.removed[holder]
	for i, r := range rs {
		if r.elem.Field == name && r.cause == DeletedByNull {
			o.replacedLive[set] = r.live
			o.removed[holder] = append(rs[:i:i], rs[i+1:]...)
			return
		}
	}
}

// moveRecords moves what was recorded of a map or list to the node that replaces it.
func (o *Outcome) moveRecords(from, to *yamltree.Node) {
	if from == to {
		return
	}
	if l, ok := o.liveOf[from]; ok {
		o.liveOf[to] = l
	}
	o.removed[to] = append(o.removed[from], o.removed[to]...)
	delete(o.removed, from)
}
