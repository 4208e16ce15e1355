package smp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// Schema is the strategic-merge view of the type of one map: for each field, its patch strategy
// and, for lists, the merge key of their items. The zero Schema knows nothing below it: every
// list is atomic and every map merges key by key, as the reference has it past the end of its
// schema (a RawExtension, say).
type Schema struct {
	_    incomparable.Field
	t    *schema.Type
	keys Keys
	// untypedUnknown: a field the type does not declare is merged as a value of no known type
	// (AsServer).
	untypedUnknown bool
}

// Keys says which fields key the items of a merged list.
type Keys uint8

const (
	// PatchMergeKeys keys items on the schema's patch merge key (patchMergeKey,
	// x-kubernetes-patch-merge-key), as the reference does; a merge key written "a,b" in a user
	// schema is the multi-field key of the "Multi-fields merge key in Strategic Merge Patch"
	// proposal (never built upstream).
	PatchMergeKeys Keys = iota
	// ServerSideApplyKeys widens a merge key to the fields server-side apply keys the list on
	// when they include it (container ports on containerPort and protocol, service ports on port
	// and protocol, topology spread constraints on topologyKey and whenUnsatisfiable), as the
	// proposal describes: options.multiKeys.
	ServerSideApplyKeys
)

// For returns the strategic-merge view of t; a nil t knows nothing below it.
func For(t *schema.Type, keys Keys) Schema { return Schema{t: t, keys: keys} }

// AsServer returns the schema as the API server merges a strategic patch `kubectl patch` sends
// it: a field the patch holds that its type does not declare, with a map or a list in it, is
// merged as a value of no known type (the server then drops it from the object it stores, and
// warns: Warning: unknown field "metadata.lables"), where the merge library, as kubectl and
// Helm run it, refuses the patch ("unable to find api field in struct ObjectMeta for the json
// field \"lables\""). Observed on kube-apiserver v1.37.2, 2026-12-06.
func (s Schema) AsServer() Schema {
	s.untypedUnknown = true
	return s
}

// below is the schema of a value of type t inside s's.
func (s Schema) below(t *schema.Type) Schema {
	s.t = t
	return s
}

// name names the type as the reference's messages do: a Go struct's name, without package.
func (s Schema) name() string {
	n := s.t.Name
	if i := strings.LastIndexAny(n, "./"); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// knows reports whether the schema describes the fields below it.
func (s Schema) knows() bool {
	return s.t != nil && (len(s.t.Fields()) > 0 || s.t.Elem() != nil || s.t.Kind == schema.KindScalar || s.t.Kind == schema.KindList)
}

// field returns the declared field name (nil when the type admits it through a value type) and
// the type of its value, or the reference's error for a field its type does not have.
func (s Schema) field(name string) (*schema.Field, *schema.Type, error) {
	if !s.knows() {
		return nil, nil, nil
	}
	if s.t.Kind == schema.KindScalar || s.t.Kind == schema.KindList {
		return nil, nil, &Error{Message: "merging an object in json but data type is not struct, instead is: " + s.t.Kind.String()}
	}
	if s.scalarValues() {
		return nil, nil, &Error{Message: "merging an object in json but data type is not struct, instead is: map"}
	}
	if f := s.t.Field(name); f != nil {
		return f, f.Type, nil
	}
	if e := s.t.Elem(); e != nil {
		return nil, e, nil
	}
	if s.untypedUnknown {
		return nil, nil, nil
	}
	return nil, nil, &Error{Message: "unable to find api field in struct " + s.name() + " for the json field " + strconv.Quote(name)}
}

// scalarValues reports whether the type is a map of scalars (labels, a ConfigMap's data): the
// reference looks a map or list value up there as a field of a struct, and fails, wherever it
// merges one (a diff whose sides differ, an applied patch), "$retainKeys" and
// "$setElementOrder/" lists a config writes there too. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "a list in a map of strings fails").
func (s Schema) scalarValues() bool {
	e := s.t.Elem()
	return s.t.Kind == schema.KindMap && len(s.t.Fields()) == 0 && e != nil && e.Kind == schema.KindScalar
}

// mapMeta is what the schema says of a field holding a map on both sides of a merge.
type mapMeta struct {
	_        incomparable.Field
	schema   Schema
	strategy schema.PatchStrategy
}

// mapField looks up a field holding a map.
func (s Schema) mapField(name string) (mapMeta, error) {
	f, t, err := s.field(name)
	if err != nil {
		return mapMeta{}, err
	}
	m := mapMeta{schema: s.below(t)}
	if f != nil {
		m.strategy = f.Strategy
	}
	return m, nil
}

// listMeta is what the schema says of a field holding a list on both sides of a merge.
type listMeta struct {
	// items describes the items (when they are maps).
	items Schema
	// merge: the list merges item by item (by key, or as a set of primitives when key is
	// empty); otherwise it is atomic.
	merge bool
	// key names the fields that key its items, in the schema's order.
	key []string
	// retainKeys: its items take $retainKeys.
	retainKeys bool
}

// listField looks up a field holding a list. A field declared as an object but holding a list
// describes the list's items by its own type (the vectors' mergeItemPtr).
func (s Schema) listField(name string) (listMeta, error) {
	f, t, err := s.field(name)
	if err != nil || t == nil {
		return listMeta{}, err
	}
	items := t
	if t.Kind == schema.KindList {
		items = t.ListElem()
	}
	l := listMeta{items: s.below(items)}
	if f == nil {
		return l, nil
	}
	l.merge = f.Strategy.Has(schema.PatchMerge)
	l.retainKeys = f.Strategy.Has(schema.PatchRetainKeys)
	if l.merge {
		l.key = s.keys.widen(f, t)
	}
	return l, nil
}

// widen returns the merge key of f under k.
func (k Keys) widen(f *schema.Field, t *schema.Type) []string {
	key := f.MergeKeys()
	if k != ServerSideApplyKeys || len(key) != 1 || t.ListType != schema.ListMap {
		return key
	}
	if slices.Contains(t.Keys, key[0]) {
		return slices.Clone(t.Keys)
	}
	return key
}
