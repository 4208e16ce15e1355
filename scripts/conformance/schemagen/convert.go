package main

import (
	"encoding/json"
	"fmt"
	"slices"

	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

// Names of the untyped types Kubernetes's server-side-apply schemas declare.
const (
	untypedAtomic  = "__untyped_atomic_"
	untypedDeduced = "__untyped_deduced_"
)

// converter turns the server-side-apply schema's types into the output form, with patch tags.
type converter struct {
	ssa  *smdschema.Schema
	tags tagIndex
	// tagged counts the fields given patch tags.
	tagged int
}

// convertTypes returns the named types reachable from roots (and the two untyped types), sorted by
// name.
func (c *converter) convertTypes(roots []string) ([]outType, error) {
	names := reachable(c.ssa, append(roots, untypedAtomic, untypedDeduced))
	out := make([]outType, 0, len(names))
	for _, name := range names {
		def, ok := c.ssa.FindNamedType(name)
		if !ok {
			return nil, fmt.Errorf("type %s is referred to but not declared", name)
		}
		atom, err := c.atom(def.Atom, name)
		if err != nil {
			return nil, fmt.Errorf("type %s: %w", name, err)
		}
		out = append(out, outType{Name: name, outAtom: atom})
	}
	for name := range c.tags {
		if _, found := slices.BinarySearch(names, name); !found {
			return nil, fmt.Errorf("patch tags for type %s, which is not in the output", name)
		}
	}
	return out, nil
}

// atom converts a type's shape. owner is the named type whose fields carry patch tags, "" inside
// an inline type.
func (c *converter) atom(a smdschema.Atom, owner string) (outAtom, error) {
	var out outAtom
	if a.Scalar != nil {
		out.Scalar = string(*a.Scalar)
	}
	if a.List != nil {
		elem, err := c.ref(a.List.ElementType)
		if err != nil {
			return out, err
		}
		out.List = &outList{ElementType: elem, ElementRelationship: string(a.List.ElementRelationship),
			Keys: a.List.Keys}
	}
	if a.Map != nil {
		m, err := c.mapType(a.Map, owner)
		if err != nil {
			return out, err
		}
		out.Map = m
	}
	return out, nil
}

// mapType converts a map type and its fields.
func (c *converter) mapType(m *smdschema.Map, owner string) (*outMap, error) {
	out := &outMap{ElementRelationship: string(m.ElementRelationship)}
	for _, f := range m.Fields {
		t, err := c.ref(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		field := outField{Name: f.Name, Type: t}
		if f.Default != nil {
			field.Default, err = json.Marshal(jsonValue(f.Default))
			if err != nil {
				return nil, fmt.Errorf("field %s: default: %w", f.Name, err)
			}
		}
		if tag, ok := c.tags[owner][f.Name]; ok && owner != "" {
			field.PatchStrategy, field.PatchMergeKey = tag.Strategy, tag.MergeKey
			if tag.GoNumber != "int32" { // the usual one, left out to keep the file small
				field.GoType = tag.GoNumber
			}
			field.Omit = tag.Omit
			if tag.Strategy != "" || tag.MergeKey != "" {
				c.tagged++
			}
		}
		out.Fields = append(out.Fields, field)
	}
	if m.ElementType != (smdschema.TypeRef{}) {
		elem, err := c.ref(m.ElementType)
		if err != nil {
			return nil, fmt.Errorf("map values: %w", err)
		}
		out.ElementType = &elem
	}
	return out, nil
}

// ref converts a type reference.
func (c *converter) ref(r smdschema.TypeRef) (outRef, error) {
	var out outRef
	if r.ElementRelationship != nil {
		out.ElementRelationship = string(*r.ElementRelationship)
	}
	if r.NamedType != nil {
		out.NamedType = *r.NamedType
		return out, nil
	}
	atom, err := c.atom(r.Inlined, "")
	if err != nil {
		return out, err
	}
	out.outAtom = atom
	return out, nil
}

// reachable returns the names of the named types reachable from roots, sorted.
func reachable(ssa *smdschema.Schema, roots []string) []string {
	seen := map[string]bool{}
	var visitRef func(r smdschema.TypeRef)
	var visitAtom func(a smdschema.Atom)
	visitRef = func(r smdschema.TypeRef) {
		if r.NamedType == nil {
			visitAtom(r.Inlined)
			return
		}
		if seen[*r.NamedType] {
			return
		}
		seen[*r.NamedType] = true
		if def, ok := ssa.FindNamedType(*r.NamedType); ok {
			visitAtom(def.Atom)
		}
	}
	visitAtom = func(a smdschema.Atom) {
		if a.List != nil {
			visitRef(a.List.ElementType)
		}
		if a.Map != nil {
			for _, f := range a.Map.Fields {
				visitRef(f.Type)
			}
			visitRef(a.Map.ElementType)
		}
	}
	for _, root := range roots {
		visitRef(smdschema.TypeRef{NamedType: &root})
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// jsonValue turns a value read from YAML (maps keyed by interface{}) into one encoding/json writes.
func jsonValue(v any) any {
	switch v := v.(type) {
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = jsonValue(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = jsonValue(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = jsonValue(x)
		}
		return out
	default:
		return v
	}
}
