package smp

import (
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Tree writes the value as a YAML tree, directives spelt as patches spell them, keeping the
// positions, styles and comments of what was written.
func (v *Value) Tree() *yamltree.Node { return v.node(keepAll) }

// JSON writes the patch as kubectl sends it: compact JSON, keys sorted.
func (m *Map) JSON() (string, error) {
	return yamltree.SortedJSON(mapValue(m).node(keepAll))
}

// writeRule says what writing a value leaves out.
type writeRule uint8

const (
	// keepAll writes the value as it is.
	keepAll writeRule = iota
	// asTaken writes the value as the API server stores a patch value it takes whole (where
	// the object lacks the field, or holds another kind of value): null fields are dropped,
	// and so is every map that carries "$patch" (with the field or item holding it); the other
	// directives stay, as written keys.
	asTaken
)

func (v *Value) node(rule writeRule) *yamltree.Node {
	switch {
	case v.Map != nil:
		return v.Map.node(rule)
	case v.List != nil:
		out := shell(v.List.Node, yamltree.ListNode)
		out.Items = make([]*yamltree.Node, 0, len(v.List.Items))
		for _, it := range v.List.Items {
			if rule == asTaken && it.Map != nil && takesDirective(it.Map) {
				continue
			}
			out.Items = append(out.Items, it.node(rule))
		}
		return out
	}
	if v.Node == nil {
		return nil
	}
	c := *v.Node
	return &c
}

func (m *Map) node(rule writeRule) *yamltree.Node {
	out := shell(m.Node, yamltree.MapNode)
	out.Fields = make([]yamltree.Field, 0, len(m.Entries))
	for _, e := range m.Entries {
		if rule == asTaken && (e.Kind == PatchEntry || (e.Kind == FieldEntry && e.Value.IsNull()) ||
			(e.Value.Map != nil && takesDirective(e.Value.Map))) {
			continue
		}
		key := yamltree.NewString(e.keyString())
		if e.Key != nil {
			key.Pos, key.Style = e.Key.Pos, e.Key.Style
			key.CopyComments(e.Key)
		}
		out.Fields = append(out.Fields, yamltree.Field{Key: key, Value: e.Value.node(rule)})
	}
	return out
}

// shell returns an empty node of kind k with written's position, style and comments.
func shell(written *yamltree.Node, k yamltree.Kind) *yamltree.Node {
	out := &yamltree.Node{Kind: k}
	if written != nil {
		out.Pos, out.Style, out.IndentedItems = written.Pos, written.Style, written.IndentedItems
		out.CopyComments(written)
	}
	return out
}

// takesDirective reports whether the API server, taking a patch value whole into an object,
// meets a "$patch" in the map: one that is not null (it drops the value's nulls first, so a map
// whose "$patch" is null is taken as a map). Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "a null $patch is taken as a null").
func takesDirective(m *Map) bool {
	e := m.Get(PatchEntry, "")
	return e != nil && !e.Value.IsNull()
}
