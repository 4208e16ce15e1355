package smpold

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// Typed answers patch metadata from a schema type. A nil type knows nothing below it and answers
// every lookup with an empty Meta, as the reference does past the end of its schema; so does an
// untyped type.
func Typed(t *schema.Type) Schema { return typed{t: t} }

// TypedMultiKeys is Typed with multi-field merge keys: a list merged on one field whose items
// server-side apply keys on several fields including that one (container ports on containerPort
// and protocol, service ports on port and protocol, topology spread constraints on topologyKey and
// whenUnsatisfiable) merges on all of them, as the multi-field merge key proposal describes.
func TypedMultiKeys(t *schema.Type) Schema { return typed{t: t, multiKeys: true} }

type typed struct {
	t         *schema.Type
	multiKeys bool
}

// Name names the type as the reference's errors do.
func (s typed) Name() string {
	if s.t == nil || s.t.Name == "" {
		return "Struct"
	}
	return s.t.Name
}

// Struct looks up a field holding a map.
func (s typed) Struct(key string) (Schema, Meta, error) {
	if s.t == nil {
		return typed{multiKeys: s.multiKeys}, Meta{}, nil
	}
	if s.t.Kind == schema.KindUntyped {
		if f := s.t.Field(key); f != nil {
			return typed{f.Type, s.multiKeys}, metaOf(f), nil
		}
		return typed{s.t.Elem(), s.multiKeys}, Meta{}, nil
	}
	if s.t.Kind != schema.KindMap {
		return nil, Meta{}, errorf("merging an object in json but data type is not map or struct, instead is: %s", s.t.Kind)
	}
	if f := s.t.Field(key); f != nil {
		return typed{f.Type, s.multiKeys}, metaOf(f), nil
	}
	if elem := s.t.Elem(); elem != nil {
		return typed{elem, s.multiKeys}, Meta{}, nil
	}
	return nil, Meta{}, errorf("unable to find api field in struct %s for the json field %q", shortName(s.t), key)
}

// Slice looks up a field holding a list; the returned schema describes its items.
func (s typed) Slice(key string) (Schema, Meta, error) {
	sub, meta, err := s.Struct(key)
	if err != nil {
		return nil, Meta{}, err
	}
	t := sub.(typed).t
	switch {
	case t == nil:
		return typed{multiKeys: s.multiKeys}, meta, nil
	case t.Kind == schema.KindList:
		if s.multiKeys {
			meta.MergeKey = widenKey(t, meta.MergeKey)
		}
		return typed{t.ListElem(), s.multiKeys}, meta, nil
	case (t.Kind == schema.KindMap || t.Kind == schema.KindUntyped) && len(t.Fields()) > 0:
		// a field declared as an object but holding a list: the object describes the items, as
		// the reference's OpenAPI lookup has it
		return typed{t, s.multiKeys}, meta, nil
	case t.Kind == schema.KindUntyped:
		return typed{t.ListElem(), s.multiKeys}, meta, nil
	case t.Kind == schema.KindMap:
		return nil, Meta{}, errorf("expected slice, but got map")
	}
	return nil, Meta{}, errorf("expected slice, but got primitive")
}

func metaOf(f *schema.Field) Meta {
	m := Meta{MergeKey: f.MergeKey}
	if s := f.Strategy.String(); s != "" {
		m.Strategies = strings.Split(s, ",")
	}
	return m
}

// shortName is a type's name without its package, as Go's reflect names a struct.
func shortName(t *schema.Type) string {
	name := t.Name
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// widenKey returns the server-side-apply keys of a list, joined, when they include its single
// merge key; otherwise the merge key as it is.
func widenKey(t *schema.Type, mergeKey string) string {
	if mergeKey == "" || isMultiKey(mergeKey) || t.ListType != schema.ListMap || len(t.Keys) < 2 {
		return mergeKey
	}
	for _, k := range t.Keys {
		if k == mergeKey {
			return strings.Join(t.Keys, ",")
		}
	}
	return mergeKey
}
