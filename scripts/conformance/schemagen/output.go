package main

import "encoding/json"

// The output form is structured-merge-diff's schema vocabulary in JSON, plus the patch tags on
// fields; engine/schema/decl.go reads it. Empty parts are left out.

// outFile is the whole built-in schema.
type outFile struct {
	Kinds []outKind `json:"kinds"`
	Types []outType `json:"types"`
}

// outKind maps a kind to its root type (none for a kind known by its scope only) and scope.
type outKind struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Type       string `json:"type,omitempty"`
	Scope      string `json:"scope,omitempty"`
}

// outType is a named type.
type outType struct {
	Name string `json:"name"`
	outAtom
}

// outAtom is a type's shape.
type outAtom struct {
	Scalar string   `json:"scalar,omitempty"`
	List   *outList `json:"list,omitempty"`
	Map    *outMap  `json:"map,omitempty"`
}

// outRef refers to a named type or holds one inline.
type outRef struct {
	NamedType string `json:"namedType,omitempty"`
	outAtom
	ElementRelationship string `json:"elementRelationship,omitempty"`
}

// outList is a list type.
type outList struct {
	ElementType         outRef   `json:"elementType"`
	ElementRelationship string   `json:"elementRelationship,omitempty"`
	Keys                []string `json:"keys,omitempty"`
}

// outMap is a map type.
type outMap struct {
	Fields              []outField `json:"fields,omitempty"`
	ElementType         *outRef    `json:"elementType,omitempty"`
	ElementRelationship string     `json:"elementRelationship,omitempty"`
}

// outField is a declared field of a map type.
type outField struct {
	Name string `json:"name"`
	Type outRef `json:"type"`
	// Default is the field's default as JSON; left out when the schema gives none (an empty
	// string default is written as "").
	Default       json.RawMessage `json:"default,omitempty"`
	PatchStrategy string          `json:"patchStrategy,omitempty"`
	PatchMergeKey string          `json:"patchMergeKey,omitempty"`
	// GoType is the Go type of a numeric field other than int32 (int64, float64), as the API
	// server's decoding errors name it; a numeric field without it is an int32.
	GoType string `json:"goType,omitempty"`
	// Omit is what the API server's typed round trip leaves out of the field: "empty", "nil",
	// "zero" (see omitOf); left out for a field whose every value is written.
	Omit string `json:"omit,omitempty"`
}
