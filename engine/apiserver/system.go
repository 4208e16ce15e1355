package apiserver

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The fields of an object's metadata the API server stamps, and keeps on an update whatever the
// write sends, by field: whether a value the write sets in place of live's is replaced by live's
// too (removed, each is; changed, a uid is refused, "field is immutable", and a resourceVersion
// is a precondition, neither modelled here). Observed on kube-apiserver v1.37.2, 2026-12-07: a
// ConfigMap patched with each set to null, and creationTimestamp and generation set to other
// values, printed "patched (no change)" and kept them; replaced by a config without them,
// "replaced", kept them, resourceVersion included (make apiserver-diff seed 8, patch-0).
var systemFields = []struct {
	name     string
	replaces bool
}{{"uid", false}, {"resourceVersion", false}, {"generation", true}, {"creationTimestamp", true}}

// systemFields returns an object's metadata m, written over live's (StoreOver, StoreUpdate),
// with the fields the server keeps from live (systemFields) put back where m lacks them (or
// holds null), or holds another value that the server replaces: each recorded as a Default,
// System. m itself when none is.
func (s *storer) systemFields(m *yamltree.Node, at *place) *yamltree.Node {
	out := m
	for _, f := range systemFields {
		field := at.field(f.name)
		was, _, _ := s.stamped(field.path())
		if was == nil || was.IsNull() {
			continue
		}
		have := out.Get(f.name)
		if have != nil && !have.IsNull() && (!f.replaces || yamltree.Equal(have, was)) {
			continue
		}
		v := was.Clone() // live's text, quotes kept (kubectl get quotes a creationTimestamp)
		v.Pos, v.End = yamltree.Pos{}, yamltree.Pos{}
		out = withFieldInOrder(out, f.name, v, objectMetaFields)
		s.wrote = append(s.wrote, Default{Path: field.path(), Value: v, Field: field.api(), System: true})
	}
	if out != m {
		s.copied(m, out)
	}
	return out
}

// withFieldInOrder returns a copy of map m with field name holding v: where m holds it, else
// before the first field that comes after it in order (the fields' order in the server's Go
// type), else last.
func withFieldInOrder(m *yamltree.Node, name string, v *yamltree.Node, order []string) *yamltree.Node {
	if m.Has(name) {
		return withField(m, name, v)
	}
	c := *m
	c.Fields = make([]yamltree.Field, 0, len(m.Fields)+1)
	rank := slices.Index(order, name)
	placed := false
	for _, f := range m.Fields {
		if r := slices.Index(order, f.Name()); !placed && rank >= 0 && r > rank {
			c.Fields = append(c.Fields, yamltree.Field{Key: yamltree.NewString(name), Value: v})
			placed = true
		}
		c.Fields = append(c.Fields, f)
	}
	if !placed {
		c.Fields = append(c.Fields, yamltree.Field{Key: yamltree.NewString(name), Value: v})
	}
	if len(m.Fields) == 0 && c.Style == yamltree.Flow {
		c.Style = yamltree.Plain
	}
	return &c
}
