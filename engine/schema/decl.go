package schema

import (
	"github.com/mergeplay/mergeplay/engine/yamltree"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// The declaration form: every source of types (the built-in file, OpenAPI documents, CRDs,
// structured-merge-diff schemas) is first turned into these declarations, then build resolves them
// into Types. The vocabulary is structured-merge-diff's (sigs.k8s.io/structured-merge-diff/v6/schema:
// namedType, scalar, list, map, elementType, elementRelationship, keys, fields, default) plus two
// keys of the strategic-merge-patch view on fields, patchStrategy and patchMergeKey, named as the
// Go struct tags are. The built-in file is this form in JSON.

// fileDecl is a whole schema: kinds and named types.
type fileDecl struct {
	Kinds []kindDecl `json:"kinds"`
	Types []typeDecl `json:"types"`
}

// kindDecl maps a kind of resource to its root type.
type kindDecl struct {
	_          incomparable.Field
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Type       string `json:"type"`
	// Scope is "Namespaced", "Cluster", or empty when unknown.
	Scope string `json:"scope,omitempty"`

	pos     yamltree.Pos
	fromCRD bool
}

// typeDecl is a named type.
type typeDecl struct {
	_    incomparable.Field
	Name string `json:"name"`
	atomDecl

	pos yamltree.Pos
}

// atomDecl is a type's shape: a scalar, a list, a map, or several of them (an untyped value).
type atomDecl struct {
	_      incomparable.Field
	Scalar string    `json:"scalar,omitempty"`
	List   *listDecl `json:"list,omitempty"`
	Map    *mapDecl  `json:"map,omitempty"`
}

// refDecl refers to a named type or holds one inline; ElementRelationship, when set, overrides the
// relationship of the list or map it resolves to.
type refDecl struct {
	_         incomparable.Field
	NamedType string `json:"namedType,omitempty"`
	atomDecl
	ElementRelationship string `json:"elementRelationship,omitempty"`

	pos yamltree.Pos
}

// isZero reports whether r refers to nothing.
func (r *refDecl) isZero() bool {
	return r.NamedType == "" && r.Scalar == "" && r.List == nil && r.Map == nil
}

// listDecl is a list: its items, "atomic" or "associative", and the keys of an associative list of
// maps.
type listDecl struct {
	ElementType         refDecl  `json:"elementType"`
	ElementRelationship string   `json:"elementRelationship,omitempty"`
	Keys                []string `json:"keys,omitempty"`
}

// mapDecl is a map: declared fields, the type of other keys (none when nil), "separable" (the
// default) or "atomic".
type mapDecl struct {
	Fields              []fieldDecl `json:"fields,omitempty"`
	ElementType         *refDecl    `json:"elementType,omitempty"`
	ElementRelationship string      `json:"elementRelationship,omitempty"`
}

// fieldDecl is a declared field of a map, with its strategic-merge-patch view.
type fieldDecl struct {
	_             incomparable.Field
	Name          string  `json:"name"`
	Type          refDecl `json:"type"`
	Default       any     `json:"default"`
	PatchStrategy string  `json:"patchStrategy,omitempty"`
	PatchMergeKey string  `json:"patchMergeKey,omitempty"`
	// GoType is the Go type of a numeric field of a built-in kind other than int32 (int64, float64).
	GoType string `json:"goType,omitempty"`
	// Omit is what the API server's typed round trip leaves out of a field of a built-in kind
	// (empty, nil, zero).
	Omit string `json:"omit,omitempty"`
	// Nullable: the property says nullable: true (a CRD's schema).
	Nullable bool `json:"nullable,omitempty"`

	pos yamltree.Pos
}

// Element relationships as structured-merge-diff writes them.
const (
	relAtomic      = "atomic"
	relAssociative = "associative"
	relSeparable   = "separable"
)
