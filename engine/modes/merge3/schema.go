package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// sch is the schema of one value during a merge3 merge: what its fields are, what its items are,
// and, for a list, the patch strategy and keys that decide whether it merges item by item. Its
// source (schemaSource) is mergeplay's schema (a type, and the field whose value it is, which
// carries the patch strategy), an OpenAPI schema written in a comment (# {"type": "array", ...}),
// or a comment that names nothing we can follow (opaque).
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

// kind returns the root schema of a kind from the first set that knows it, nil when no set knows it.
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

// schemaSource is where a schema's answers come from.
type schemaSource int

// The sources of a schema.
const (
	sourceNone    schemaSource = iota // no schema: no fields, no items, no strategy
	sourceOpaque                      // a comment that names nothing: the same answers as none
	sourceComment                     // a JSON schema read from a comment (fieldmeta.go)
	sourceType                        // mergeplay's schema of the kind
)

// source says where s's answers come from; nil is sourceNone.
func (s *sch) source() schemaSource {
	switch {
	case s == nil:
		return sourceNone
	case s.opaque:
		return sourceOpaque
	case s.js != nil:
		return sourceComment
	}
	return sourceType
}

// fieldOf returns the schema of the value under key name: a declared field, else the map's value
// type; nil when there is none.
func (s *sch) fieldOf(name string) *sch {
	switch s.source() {
	case sourceComment:
		return s.jsField(name)
	case sourceType:
		return s.typedField(name)
	}
	return nil
}

// typedField is fieldOf on mergeplay's schema: only a map (or an untyped value) has fields.
func (s *sch) typedField(name string) *sch {
	if s.typ == nil || (s.typ.Kind != schema.KindMap && s.typ.Kind != schema.KindUntyped) {
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
	switch s.source() {
	case sourceComment:
		return s.jsElements()
	case sourceType:
		if s.typ == nil || s.typ.Kind != schema.KindList || s.typ.ListElem() == nil {
			return nil
		}
		return s.child(s.typ.ListElem(), nil, "[]")
	}
	return nil
}

// child is the schema of a value below s, of type t, under field f (nil for map values and list
// items), one step further on s's path.
func (s *sch) child(t *schema.Type, f *schema.Field, step string) *sch {
	c := &sch{typ: t, field: f, crd: s.crd, defs: s.defs, kind: s.kind}
	if s.kind != "" {
		c.path = s.path + step
	}
	return c
}

// strategyAndKeys returns the list's patch strategy ("merge", "retainKeys,merge", "" when the
// list is replaced whole) and its merge keys.
func (s *sch) strategyAndKeys() (string, []string) {
	switch s.source() {
	case sourceComment:
		return s.jsStrategy()
	case sourceType:
		if strategy, keys, ok := s.crdStrategy(); ok {
			return strategy, keys
		}
		return s.fieldStrategy()
	}
	return "", nil
}

// crdListRule is how a custom resource's list of one x-kubernetes-list-type merges.
type crdListRule struct {
	_          incomparable.Field
	strategy   string
	keysOfType bool // the merge keys are the type's x-kubernetes-list-map-keys
}

// crdListRules: a custom resource's lists carry no patch strategy, so their list type decides; a
// list of any other type falls back to the field's strategy (fieldStrategy).
var crdListRules = map[schema.ListType]crdListRule{
	schema.ListMap: {strategy: "merge", keysOfType: true},
	schema.ListSet: {strategy: "merge"},
}

// crdStrategy is the strategy of a custom resource's list by its list type; ok is false when
// crdListRules has no rule for s.
func (s *sch) crdStrategy() (strategy string, keys []string, ok bool) {
	if !s.crd || s.typ == nil {
		return "", nil, false
	}
	rule, ok := crdListRules[s.typ.ListType]
	if !ok {
		return "", nil, false
	}
	if rule.keysOfType {
		keys = s.typ.Keys
	}
	return rule.strategy, keys, true
}

// fieldStrategy is the patch strategy of the field holding the list, with its keys: the type's
// list-map keys when it has some, else the field's patch merge key.
func (s *sch) fieldStrategy() (string, []string) {
	if s.field == nil || s.field.Strategy == 0 {
		return "", nil
	}
	strategy := s.field.Strategy.String()
	switch {
	case s.typ != nil && s.typ.ListType == schema.ListMap && len(s.typ.Keys) > 0:
		return strategy, s.typ.Keys
	case s.field.MergeKey != "":
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

// pathName: see kindName.
func (s *sch) pathName() string {
	if s == nil {
		return ""
	}
	return s.path
}

// fromComment: see kindName.
func (s *sch) fromComment() bool {
	src := s.source()
	return src == sourceComment || src == sourceOpaque
}
