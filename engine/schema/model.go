package schema

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Kind is the shape of value a Type describes.
type Kind uint8

const (
	// KindUntyped accepts any value: a scalar, a list (described by ListType and ListElem) or a map
	// (described by MapType and Elem). The value's own shape decides. See Deduced.
	KindUntyped Kind = iota
	// KindScalar is a string, number, boolean or, for ScalarUntyped, any of them (IntOrString,
	// Quantity, Time).
	KindScalar
	// KindMap is an object: declared fields (Field), a value type for other keys (Elem), or both.
	KindMap
	// KindList is an array of Elem.
	KindList
)

// String returns the kind's name: "untyped", "scalar", "map" or "list".
func (k Kind) String() string {
	switch k {
	case KindScalar:
		return "scalar"
	case KindMap:
		return "map"
	case KindList:
		return "list"
	default:
		return "untyped"
	}
}

// ScalarType is the kind of scalar a KindScalar Type holds, with structured-merge-diff's names.
type ScalarType string

// Scalar types.
const (
	ScalarString  ScalarType = "string"
	ScalarNumeric ScalarType = "numeric"
	ScalarBoolean ScalarType = "boolean"
	// ScalarUntyped is any scalar: IntOrString, Quantity, Time, or an OpenAPI string with a format.
	ScalarUntyped ScalarType = "untyped"
)

// ListType is how server-side apply treats a list (x-kubernetes-list-type).
type ListType uint8

const (
	// ListAtomic lists are replaced as a whole and owned as one field (smd elementRelationship atomic).
	ListAtomic ListType = iota
	// ListSet lists are sets of scalars, each item owned apart (associative without keys).
	ListSet
	// ListMap lists are keyed by the fields in Type.Keys (associative with keys).
	ListMap
)

// String returns the x-kubernetes-list-type name: "atomic", "set" or "map".
func (l ListType) String() string {
	switch l {
	case ListSet:
		return "set"
	case ListMap:
		return "map"
	default:
		return "atomic"
	}
}

// MapType is how server-side apply treats a map or a struct (x-kubernetes-map-type).
type MapType uint8

const (
	// MapGranular maps are merged key by key, each key owned apart (smd elementRelationship separable).
	MapGranular MapType = iota
	// MapAtomic maps are replaced as a whole and owned as one field.
	MapAtomic
)

// String returns the x-kubernetes-map-type name: "granular" or "atomic".
func (m MapType) String() string {
	if m == MapAtomic {
		return "atomic"
	}
	return "granular"
}

// Type describes the values found at one place of a resource. A named Type (Name != "") is shared
// by every field that refers to it, and may refer to itself; an inline Type (a list field's own list
// type, say) has an empty Name. Types are read-only once built.
type Type struct {
	// Name is the type's name in its Set ("io.k8s.api.core.v1.Container", "mergeItem"), empty for
	// an inline type.
	Name string
	// Kind is the shape of value the type describes.
	Kind Kind
	// Scalar is the kind of scalar of a KindScalar or KindUntyped type.
	Scalar ScalarType
	// ListType is the server-side-apply list type of a KindList type, or of list values of a
	// KindUntyped type.
	ListType ListType
	// Keys are the list-map keys (x-kubernetes-list-map-keys) when ListType is ListMap.
	Keys []string
	// MapType is the server-side-apply map type of a KindMap type (a struct too: x-kubernetes-map-type
	// atomic makes it atomic), or of map values of a KindUntyped type.
	MapType MapType

	fields   []*Field
	byName   map[string]*Field
	mapElem  *Type
	listElem *Type
}

// Field is a declared field of a map type, with the strategic-merge-patch view of its value.
type Field struct {
	_ incomparable.Field
	// Name is the field's key in the map.
	Name string
	// Type describes the field's value.
	Type *Type
	// Strategy is the patch strategy (patchStrategy tag, x-kubernetes-patch-strategy); zero when
	// none is declared: lists are then replaced as a whole and maps merged key by key.
	Strategy PatchStrategy
	// MergeKey is the patch merge key (patchMergeKey tag, x-kubernetes-patch-merge-key), or
	// several joined by commas ("containerPort,protocol"); see MergeKeys.
	MergeKey string
	// Default is the field's default value as server-side apply knows it (used for missing list-map
	// keys): nil for none, else a string, float64, bool, []any or map[string]any.
	Default any
	// GoType is the Go type of a numeric field of a built-in kind other than int32 (int64,
	// float64), which the API server's decoding errors name; empty elsewhere (a built-in numeric
	// field without it is an int32).
	GoType string
	// Omit is what the API server leaves out of a field of a built-in kind when it writes the
	// object it decoded into its Go type; OmitNone (keep every value) for other schemas.
	Omit Omit
	// Nullable: the schema lets the field hold null (nullable: true). The API server prunes a null
	// from a custom resource's field without it (observed on kube-apiserver v1.37.2, 2026-12-06).
	Nullable bool
}

// Omit is what the API server's typed round trip leaves out of a field: it decodes the object
// into its Go type and encodes it again, and encoding/json leaves out the values a field's json
// tag lets it omit. Generated from the Go types' tags by scripts/conformance/schemagen; observed
// on kube-apiserver v1.37.2 (docs/apiserver.md, "The object as it is stored").
type Omit string

// What a field's tag lets the round trip leave out.
const (
	// OmitNone: every value is written (a struct's {} stays; a null is written as the zero value).
	OmitNone Omit = ""
	// OmitEmpty: an omitempty string, number, boolean, list or map: a null and the empty value
	// ("", 0, false, [], {}) are left out.
	OmitEmpty Omit = "empty"
	// OmitNil: an omitempty pointer: a null alone is left out ({}, 0, false and "" stay).
	OmitNil Omit = "nil"
	// OmitZero: an omitzero field (metadata.creationTimestamp): a null and the zero value are
	// left out.
	OmitZero Omit = "zero"
)

// MergeKeys returns the merge key split on commas, or nil when there is none.
func (f *Field) MergeKeys() []string {
	if f == nil || f.MergeKey == "" {
		return nil
	}
	keys := strings.Split(f.MergeKey, ",")
	for i := range keys {
		keys[i] = strings.TrimSpace(keys[i])
	}
	return keys
}

// Field returns the declared field called name of a map (or untyped) type, nil if there is none.
// Keys that name no field take the type Elem.
func (t *Type) Field(name string) *Field {
	if t == nil {
		return nil
	}
	return t.byName[name]
}

// Fields returns the declared fields in declaration order. The slice is shared: do not modify it.
func (t *Type) Fields() []*Field {
	if t == nil {
		return nil
	}
	return t.fields
}

// Elem returns the element type of a list, or for a map (and an untyped type) the value type of
// keys that name no declared field (additionalProperties: labels, say). It returns nil when there is
// none: a struct without additionalProperties admits no other keys.
func (t *Type) Elem() *Type {
	if t == nil {
		return nil
	}
	if t.Kind == KindList {
		return t.listElem
	}
	return t.mapElem
}

// ListElem returns the type of the items of a list value: Elem for a KindList type, the item type of
// list values for a KindUntyped type, nil otherwise.
func (t *Type) ListElem() *Type {
	if t == nil {
		return nil
	}
	return t.listElem
}

// FieldType returns the type of the value under key name in a map: the declared field's type, else
// Elem. It returns nil when the type admits no such key.
func (t *Type) FieldType(name string) *Type {
	if f := t.Field(name); f != nil {
		return f.Type
	}
	return t.Elem()
}

// IsAtomic reports whether server-side apply treats every value of this type as one leaf: scalars,
// atomic lists, atomic maps, and untyped types whose lists and maps are both atomic.
func (t *Type) IsAtomic() bool {
	switch t.Kind {
	case KindScalar:
		return true
	case KindList:
		return t.ListType == ListAtomic
	case KindMap:
		return t.MapType == MapAtomic
	default:
		return t.ListType == ListAtomic && t.MapType == MapAtomic
	}
}

// HasScalar reports whether t admits scalar values: a KindScalar type, or a KindUntyped type that
// declares a scalar part.
func (t *Type) HasScalar() bool {
	return t != nil && (t.Kind == KindScalar || (t.Kind == KindUntyped && t.Scalar != ""))
}

// HasList reports whether t admits list values: a KindList type, or a KindUntyped type that
// declares a list part.
func (t *Type) HasList() bool {
	return t != nil && (t.Kind == KindList || (t.Kind == KindUntyped && t.listElem != nil))
}

// HasMap reports whether t admits map values: a KindMap type, or a KindUntyped type that declares
// a map part (fields, a value type, or both).
func (t *Type) HasMap() bool {
	return t != nil && (t.Kind == KindMap || (t.Kind == KindUntyped && (t.mapElem != nil || t.byName != nil)))
}
