package apiserver

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Default is a value the API server wrote into the object it stores, which the result lacked:
// a field's default (defaults.go), with the defaults of its own fields in it.
type Default struct {
	// Path is the value's place in the mode's paths (items keyed as Keys says).
	Path fieldpath.Path
	// Value is the value written, as it stands in Stored.Root.
	Value *yamltree.Node
	// Field is the value's place as the API server's messages write it, items by position:
	// "spec.template.spec.containers[0].imagePullPolicy".
	Field string
}

func newStorer(keys Keys) *storer {
	return &storer{keys: keys, copies: map[*yamltree.Node]*yamltree.Node{}, origins: map[*yamltree.Node]*yamltree.Node{}}
}

// copied records that c replaces n (n itself a result's node, or a copy made before).
func (s *storer) copied(n, c *yamltree.Node) {
	if o, ok := s.origins[n]; ok {
		n = o
	}
	s.copies[n], s.origins[c] = c, n
}

// defaults returns map m of type t with the defaults of t it lacks (m itself when it lacks
// none), each default's own defaults written into it.
func (s *storer) defaults(m *yamltree.Node, t *schema.Type, at place) *yamltree.Node {
	for _, r := range rulesOf(t.Name) {
		f := t.Field(r.field)
		if f == nil || r.when != nil && !r.when(m, at) {
			continue
		}
		have := m.Get(r.field)
		if have != nil && !have.IsMap() {
			continue
		}
		v := r.value(m)
		switch {
		case v == nil:
		case have == nil:
			m = s.write(m, f, v, at.field(r.field))
		case v.IsMap():
			if filled := s.fill(have, v, f.Type, at.field(r.field)); filled != have {
				m = withField(m, r.field, filled)
			}
		}
	}
	return m
}

// write returns m with field f holding default v, its own defaults written into it.
func (s *storer) write(m *yamltree.Node, f *schema.Field, v *yamltree.Node, at place) *yamltree.Node {
	s.nested++
	v = s.value(v, f.Type, at)
	s.nested--
	if s.nested == 0 {
		s.wrote = append(s.wrote, Default{Path: at.path, Value: v, Field: at.api})
	}
	return withField(m, f.Name, v)
}

// fill returns map have with the keys of default v it lacks (a container's requests taking its
// limits), each recorded as a default.
func (s *storer) fill(have, v *yamltree.Node, t *schema.Type, at place) *yamltree.Node {
	out := have
	for _, f := range v.Fields {
		if have.Has(f.Name()) {
			continue
		}
		if s.nested == 0 {
			s.wrote = append(s.wrote, Default{Path: at.path.Field(f.Name()), Value: f.Value, Field: at.api + "." + f.Name()})
		}
		out = withField(out, f.Name(), f.Value)
	}
	if out != have {
		s.copied(have, out)
	}
	return out
}

// withField returns a copy of map m whose field name holds v (set in place of its value, else
// added last); an empty flow map ({}) given fields is written as a block.
func withField(m *yamltree.Node, name string, v *yamltree.Node) *yamltree.Node {
	c := *m
	c.Fields = append(make([]yamltree.Field, 0, len(m.Fields)+1), m.Fields...)
	if len(c.Fields) == 0 && c.Style == yamltree.Flow {
		c.Style = yamltree.Plain
	}
	if i := c.Index(name); i >= 0 {
		c.Fields[i].Value = v
		return &c
	}
	c.Fields = append(c.Fields, yamltree.Field{Key: yamltree.NewString(name), Value: v})
	return &c
}
