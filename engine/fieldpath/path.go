package fieldpath

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Element is one step of a path: exactly one of its forms is set.
type Element struct {
	// Field is a map key.
	Field string
	// Keys select a list item by its key fields, in the order the schema lists them.
	Keys []KeyValue
	// Value selects a list item by its value.
	Value *yamltree.Node
	// Index selects a list item by position; meaningful when IsIndex is set.
	Index   int
	IsIndex bool
}

// KeyValue is one key field of a list item.
type KeyValue struct {
	_     incomparable.Field
	Name  string
	Value *yamltree.Node
}

// Path is a sequence of elements from an object's root. Paths are values: Append returns a new
// path and never shares its backing array with the receiver (Descend is the one exception, for
// walks).
type Path []Element

// WalkRoot is an empty path with room for a walk's usual depth, for Descend to write into.
func WalkRoot() Path { return make(Path, 0, 16) }

// Descend returns p followed by e for a walk that visits one child at a time and keeps no path
// past its child's visit: e is written into p's spare capacity when it has some, so the result
// shares memory with p and with every other child of p (the next sibling overwrites it). A walk
// that keeps a path (in an error, a log or a list) clones it; a fieldset.Set's Insert copies what
// it keeps. Append's copy per step made the paths of a walk over n fields at depth d cost n·d
// elements of 64 bytes, the largest item of a server-side apply's keystroke allocation.
func (p Path) Descend(e Element) Path {
	if len(p) == cap(p) {
		grown := make(Path, len(p), len(p)+8)
		copy(grown, p)
		p = grown
	}
	return append(p, e)
}

// Append returns p followed by e.
func (p Path) Append(e Element) Path {
	out := make(Path, len(p)+1)
	copy(out, p)
	out[len(p)] = e
	return out
}

// Field returns p followed by a map key.
func (p Path) Field(name string) Path { return p.Append(Element{Field: name}) }

// Key returns p followed by a list item selected by one key field.
func (p Path) Key(name string, value *yamltree.Node) Path {
	return p.Append(Element{Keys: []KeyValue{{Name: name, Value: value}}})
}

// Item returns p followed by a list item selected by its value.
func (p Path) Item(value *yamltree.Node) Path { return p.Append(Element{Value: value}) }

// Index returns p followed by a list item selected by position.
func (p Path) Index(i int) Path { return p.Append(Element{Index: i, IsIndex: true}) }

// String writes the path in structured-merge-diff syntax; the root is "".
func (p Path) String() string {
	if len(p) == 0 {
		return ""
	}
	var buf [192]byte // most paths: written on the stack, then copied once
	b := buf[:0]
	for i := range p {
		e := &p[i]
		switch {
		case e.IsIndex:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(e.Index), 10)
			b = append(b, ']')
		case e.Keys != nil || e.Value != nil:
			b = append(b, e.String()...)
		default:
			b = append(b, '.')
			b = append(b, e.Field...)
		}
	}
	return string(b)
}

// String writes one element.
func (e Element) String() string {
	switch {
	case e.IsIndex:
		return "[" + strconv.Itoa(e.Index) + "]"
	case e.Keys != nil:
		parts := make([]string, len(e.Keys))
		for i, kv := range e.Keys {
			parts[i] = kv.Name + "=" + jsonValue(kv.Value)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case e.Value != nil:
		return "[=" + jsonValue(e.Value) + "]"
	}
	return "." + e.Field
}

// jsonValue writes a value as JSON, for key values and set items.
func jsonValue(n *yamltree.Node) string {
	s, err := yamltree.JSON(n)
	if err != nil {
		return strconv.Quote(n.Value)
	}
	return s
}
