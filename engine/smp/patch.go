package smp

import (
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A strategic merge patch is a tree of values in which maps carry, beside their fields,
// directives: typed entries of the map, never keys told apart by their spelling once read.
// Patches are written as JSON (kubectl's bytes, with sorted keys) and read from YAML or JSON (the
// patches patch mode's users write) only at the edges: Read and (*Map).JSON.

// EntryKind says what one entry of a patch map is.
type EntryKind uint8

const (
	// FieldEntry sets, merges or (with a null) deletes the field Name.
	FieldEntry EntryKind = iota
	// PatchEntry is "$patch" in a map: replace (the map becomes the patch's), delete (the map
	// is emptied) or merge; in a list item, delete (the items with its key go) or replace (the
	// list becomes the patch's other items).
	PatchEntry
	// RetainKeysEntry is "$retainKeys": the keys the map keeps; every other key of the map goes.
	RetainKeysEntry
	// SetElementOrderEntry is "$setElementOrder/<Name>": the order of the list Name's items
	// (their keys, or the values of a list of primitives).
	SetElementOrderEntry
	// DeleteFromPrimitiveListEntry is "$deleteFromPrimitiveList/<Name>": values to remove from
	// the list of primitives Name.
	DeleteFromPrimitiveListEntry
)

// keyPrefix is how each directive is spelt in a patch map.
var keyPrefix = [...]string{
	FieldEntry:                   "",
	PatchEntry:                   "$patch",
	RetainKeysEntry:              "$retainKeys",
	SetElementOrderEntry:         "$setElementOrder/",
	DeleteFromPrimitiveListEntry: "$deleteFromPrimitiveList/",
}

// Map is a patch for a map: its entries, in the order written (or built).
type Map struct {
	Entries []*Entry
	// Node is the map as written (its position, style and comments); nil when built.
	Node *yamltree.Node
}

// Entry is one entry of a patch map.
type Entry struct {
	_    incomparable.Field
	Kind EntryKind
	// Name is the field of a FieldEntry, the list field a SetElementOrderEntry or a
	// DeleteFromPrimitiveListEntry is about; empty for PatchEntry and RetainKeysEntry.
	Name  string
	Value *Value
	// Key is the key as written (its position and comments); nil when built.
	Key *yamltree.Node
}

// Value is one value of a patch: a scalar (null included), a map or a list.
type Value struct {
	// Node is the value as written: the scalar itself, or the map or list node (for its
	// position, style and comments; nil when built).
	Node *yamltree.Node
	Map  *Map
	List *List
	// at is the place of the alignment a diff made this value for (list items), which the
	// two halves of one diff join on.
	at *Aligned
}

// List is a patch for a list: its items, directives included.
type List struct {
	Items []*Value
	// Node is the list as written (position, style, comments); nil when built.
	Node *yamltree.Node
}

// IsNull reports whether the value is a null: a deletion.
func (v *Value) IsNull() bool { return v.Map == nil && v.List == nil && v.Node.IsNull() }

// kind is the kind of the value as the reference decodes it.
func (v *Value) kind() kind {
	switch {
	case v.Map != nil:
		return mapKind
	case v.List != nil:
		return listKind
	}
	return kindOf(v.Node)
}

// Get returns the entry of kind k named name, or nil.
func (m *Map) Get(k EntryKind, name string) *Entry {
	for _, e := range m.Entries {
		if e.Kind == k && e.Name == name {
			return e
		}
	}
	return nil
}

// Field returns the value of field name, or nil.
func (m *Map) Field(name string) *Value {
	if e := m.Get(FieldEntry, name); e != nil {
		return e.Value
	}
	return nil
}

// Set sets the entry of kind k named name to v, replacing an entry of that kind and name.
func (m *Map) Set(k EntryKind, name string, v *Value) {
	if e := m.Get(k, name); e != nil {
		e.Value = v
		return
	}
	m.Entries = append(m.Entries, &Entry{Kind: k, Name: name, Value: v})
}

// setAt sets the entry of kind k about the field at place c, positioned at its key. A field
// whose name spells a directive ("$patch" written in a config) is that directive in the patch, as
// the reference's diff sends it: a key like any other, which whatever merges the patch then
// carries out. Where the diff writes the same directive itself ("$setElementOrder/x" beside a
// list x it orders), the diff's stands: the reference keeps whichever of the two its map
// iteration meets last (2 runs in 10 kept a config's "$setElementOrder/containers" with
// apimachinery v0.37.2), and the diff's is the one a config without it gets.
func (m *Map) setAt(k EntryKind, c *Aligned, v *Value) {
	name := c.elem.Field
	if k == FieldEntry {
		if k, name = entryOf(name); k != FieldEntry && k != PatchEntry && m.Get(k, name) != nil {
			return
		}
	}
	m.Set(k, name, v)
	if e := m.Get(k, name); e.Key == nil && c.key != nil {
		e.Key = c.key
	}
}

// Len is the number of entries.
func (m *Map) Len() int { return len(m.Entries) }

// scalar returns a built scalar value.
func scalar(n *yamltree.Node) *Value { return &Value{Node: n} }

// null returns a built null: a deletion.
func null() *Value { return &Value{Node: yamltree.NewNull()} }

// mapValue returns a built map value.
func mapValue(m *Map) *Value { return &Value{Map: m} }

// listValue returns a built list value.
func listValue(items ...*Value) *Value { return &Value{List: &List{Items: items}} }

// keyString writes the entry's key as a patch spells it.
func (e *Entry) keyString() string { return keyPrefix[e.Kind] + e.Name }
