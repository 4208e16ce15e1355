package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// sch is the schema of one value as kyaml's walker sees it (openapi.ResourceSchema): what its
// fields are, what its items are, and, for a list, the patch strategy and keys that decide
// whether it merges item by item. It is backed either by mergeplay's schema (a type, and the
// field whose value it is, which carries the patch strategy) or by an OpenAPI schema written in a
// comment (# {"type": "array", ...}).
type sch struct {
	typ   *schema.Type
	field *schema.Field
	// crd: the kind comes from a CustomResourceDefinition, whose lists say how they merge
	// through x-kubernetes-list-type instead of a patch strategy.
	crd bool
	// js is a schema read from a comment.
	js map[string]any
	// opaque is a schema that names nothing (a comment that is JSON but no schema we can follow,
	// or a reference we cannot resolve): its lists do not merge and its fields have no schema.
	opaque bool
	// kind and path locate the value from its kind's root ("spec.template.spec.containers[]"),
	// when the schema came from the kind; they are what the kyaml 1.21 notes are keyed by.
	kind, path string
	defs       *schemas
}

// schemas finds the schema of a kind and of a named definition: the request's schema (built-in
// kinds and the user's), then kyaml's Kustomization kinds.
type schemas struct {
	sets []*schema.Set
	crd  map[schema.GroupVersionKind]bool
}

// newSchemas returns the lookups over sets, tried in order; crdKinds come from the user's schema.
func newSchemas(crdKinds map[schema.GroupVersionKind]bool, sets ...*schema.Set) *schemas {
	return &schemas{sets: sets, crd: crdKinds}
}

// kind returns the root schema of a kind, nil when no set knows it.
func (d *schemas) kind(apiVersion, kind string) *sch {
	if d == nil {
		return nil
	}
	for _, s := range d.sets {
		if t := s.Root(apiVersion, kind); t != nil {
			gvk := schema.GroupVersionKind{APIVersion: apiVersion, Kind: kind}
			return &sch{typ: t, crd: d.crd[gvk], kind: apiVersion + "/" + kind, defs: d}
		}
	}
	return nil
}

// named returns the definition a "$ref" names ("#/definitions/io.k8s.api.core.v1.Container"),
// nil when none is known.
func (d *schemas) named(ref string) *sch {
	name, ok := strings.CutPrefix(ref, "#/definitions/")
	if d == nil || !ok {
		return nil
	}
	for _, s := range d.sets {
		if t := s.Named(name); t != nil {
			return &sch{typ: t, defs: d}
		}
	}
	return nil
}

// fieldOf returns the schema of the value under key name (openapi's Field): a declared field,
// else the map's value type; nil when there is none.
func (s *sch) fieldOf(name string) *sch {
	switch {
	case s == nil || s.opaque:
		return nil
	case s.js != nil:
		return s.jsField(name)
	case s.typ == nil || (s.typ.Kind != schema.KindMap && s.typ.Kind != schema.KindUntyped):
		return nil
	}
	if f := s.typ.Field(name); f != nil {
		return s.child(f.Type, f, "."+name)
	}
	if e := s.typ.Elem(); e != nil {
		return s.child(e, nil, ".*")
	}
	return nil
}

// elements returns the schema of a list's items, nil unless s is a list.
func (s *sch) elements() *sch {
	switch {
	case s == nil || s.opaque:
		return nil
	case s.js != nil:
		return s.jsElements()
	case s.typ == nil || s.typ.Kind != schema.KindList || s.typ.ListElem() == nil:
		return nil
	}
	return s.child(s.typ.ListElem(), nil, "[]")
}

func (s *sch) child(t *schema.Type, f *schema.Field, step string) *sch {
	c := &sch{typ: t, field: f, crd: s.crd, defs: s.defs, kind: s.kind}
	if s.kind != "" {
		c.path = s.path + step
	}
	return c
}

// strategyAndKeys returns the list's patch strategy and merge keys as kyaml reads them
// (PatchStrategyAndKeyList): x-kubernetes-list-map-keys when present, else the patch merge key.
func (s *sch) strategyAndKeys() (string, []string) {
	switch {
	case s == nil || s.opaque:
		return "", nil
	case s.js != nil:
		return s.jsStrategy()
	case s.crd && s.typ != nil && s.typ.ListType == schema.ListMap:
		return "merge", s.typ.Keys
	case s.crd && s.typ != nil && s.typ.ListType == schema.ListSet:
		return "merge", nil
	case s.field == nil || s.field.Strategy == 0:
		return "", nil
	}
	strategy := s.field.Strategy.String()
	if s.typ != nil && s.typ.ListType == schema.ListMap && len(s.typ.Keys) > 0 {
		return strategy, s.typ.Keys
	}
	if s.field.MergeKey != "" {
		return strategy, []string{s.field.MergeKey}
	}
	return strategy, nil
}

// merges reports whether the list merges item by item: its patch strategy includes merge.
func (s *sch) merges() bool {
	strategy, _ := s.strategyAndKeys()
	for _, p := range strings.Split(strategy, ",") {
		if p == "merge" {
			return true
		}
	}
	return false
}

// kindName, pathName and fromComment describe where s came from, for the list records; all are
// safe on nil.
func (s *sch) kindName() string {
	if s == nil {
		return ""
	}
	return s.kind
}

func (s *sch) pathName() string {
	if s == nil {
		return ""
	}
	return s.path
}

func (s *sch) fromComment() bool { return s != nil && (s.js != nil || s.opaque) }
