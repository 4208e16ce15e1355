package validate

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Kind says what a problem is.
type Kind uint8

const (
	// UnknownField is a field the kind does not declare: strict validation refuses it, warn
	// warns, and the API server drops it otherwise.
	UnknownField Kind = iota
	// WrongType is a value of the wrong type: the API server cannot decode it, whatever the
	// validation asked for.
	WrongType
)

// Problem is one unknown field or wrongly typed value.
type Problem struct {
	_ incomparable.Field
	// Kind is what the problem is.
	Kind Kind
	// Pos is where the field's key (or the value) is in its input.
	Pos yamltree.Pos
	// Path is the field's path as the server writes it ("spec.containers[0].image").
	Path string
	// Message is the server's message for the problem.
	Message string
}

// Object checks an object of a kind against the kind's root type and lists the problems in
// document order.
func Object(obj *yamltree.Node, root *schema.Type) []Problem {
	w := &walker{}
	w.value(obj, root, place{})
	return w.problems
}

// walker collects problems.
type walker struct {
	problems []Problem
}

// place is where a value is: its path with list indices, the path without them (as Go's JSON
// decoder writes it), and the Go struct that holds the field.
type place struct {
	path, plain string
	holder      string
	goNumber    string // the Go type of a numeric field, from the schema
}

// field returns the place of a field of the struct named holder.
func (p place) field(f *schema.Field, holder string) place {
	return place{path: join(p.path, f.Name), plain: join(p.plain, f.Name), holder: holder, goNumber: f.GoType}
}

// unknownField returns the place of a field a struct does not declare.
func (p place) unknownField(name, holder string) place {
	return place{path: join(p.path, name), plain: join(p.plain, name), holder: holder}
}

// item returns the place of a list's item i.
func (p place) item(i int) place {
	q := p
	q.path = p.path + "[" + strconv.Itoa(i) + "]"
	return q
}

// entry returns the place of a value of a map with arbitrary keys (labels): the decoder names
// the map field, not the key.
func (p place) entry(key string) place {
	return place{path: join(p.path, key), plain: p.plain, holder: p.holder}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// value checks a value against its type.
func (w *walker) value(n *yamltree.Node, t *schema.Type, at place) {
	if n == nil || n.IsNull() || t == nil {
		return
	}
	if !admits(t, n) {
		w.wrongType(n, t, at)
		return
	}
	switch {
	case n.IsMap() && t.HasMap():
		w.mapValue(n, t, at)
	case n.IsList() && t.HasList():
		for i, it := range n.Items {
			w.value(it, t.ListElem(), at.item(i))
		}
	}
}

// mapValue checks the entries of a map: declared fields, other keys against the map's value
// type, and unknown fields.
func (w *walker) mapValue(n *yamltree.Node, t *schema.Type, at place) {
	holder := structName(t)
	for _, f := range n.Fields {
		name := f.Name()
		if strings.HasPrefix(name, "$") {
			continue // a strategic merge patch directive
		}
		if field := t.Field(name); field != nil {
			w.value(f.Value, field.Type, at.field(field, holder))
			continue
		}
		if elem := t.Elem(); elem != nil {
			w.value(f.Value, elem, at.entry(name))
			continue
		}
		w.unknown(f.Key, at.unknownField(name, holder))
	}
}
