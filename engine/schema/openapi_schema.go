package schema

import "github.com/mergeplay/mergeplay/engine/yamltree"

// The facts of a schema object (openapi_keywords.go) resolve into a declaration: a reference to a
// named type, or a shape with a scalar, list and map part as its type says (typeShapes). Where the
// engine knowingly answers otherwise than Kubernetes's conversion (observed as openapi_keywords.go
// says):
//   - x-kubernetes-patch-strategy replace on a list makes it atomic; the conversion refuses the
//     document ("unknown patch strategy replace") while strategicpatch honours it.
//   - additionalProperties neither a schema nor a boolean (the string "object" in the
//     strategic-merge-patch test schema) admits any value, as go-openapi reads it; kube-openapi's
//     spec package refuses to read the document.
//   - a $ref to a type nobody declares (a definition that is only a $ref declares none) fails
//     here; the conversion keeps the reference and fails when a value reaches it.

// openapiScope is what a schema inherits from the schemas around it.
type openapiScope struct {
	// preservesUnknown is set at and below x-kubernetes-preserve-unknown-fields: true, and in the
	// whole schema of a CRD with spec.preserveUnknownFields.
	preservesUnknown bool
	// crd is set in a CRD's schema: what the API server does to it before the conversion. Nil in
	// an OpenAPI document.
	crd *crdDialect
}

// itemsRule says whether a shape has a list part, and whether items must then be given.
type itemsRule uint8

const (
	noList        itemsRule = iota
	itemsOptional           // a list part whose items are untyped atomic values unless items says
	itemsRequired           // a list part; a schema without items is refused
)

// typeShape is what an OpenAPI type makes: the parts of its declaration.
type typeShape struct {
	scalar ScalarType
	list   itemsRule
	mapped bool
}

// typeShapes maps a schema's type to its shape. No type is any value: an untyped scalar, a list
// (atomic unless the list extensions say otherwise) and a map (admitting any key unless it has
// properties), each as the schema's other keywords say. "null" and other types are refused, as
// the conversion refuses them.
var typeShapes = map[string]typeShape{
	"":        {scalar: ScalarUntyped, list: itemsOptional, mapped: true},
	"object":  {mapped: true},
	"array":   {list: itemsRequired},
	"string":  {scalar: ScalarString},
	"integer": {scalar: ScalarNumeric},
	"number":  {scalar: ScalarNumeric},
	"boolean": {scalar: ScalarBoolean},
}

// keptStringFormats are the formats that leave a string a string; any other makes it untyped.
var keptStringFormats = []string{"", "byte"}

// listTypeRule is what an x-kubernetes-list-type makes of a list.
type listTypeRule struct {
	relationship string
	// keyed lists need x-kubernetes-list-map-keys.
	keyed bool
}

// listTypes maps x-kubernetes-list-type to the list's relationship: atomic, set (associative
// without keys), map (associative with x-kubernetes-list-map-keys). Another value is refused.
var listTypes = map[string]listTypeRule{
	"atomic": {relationship: relAtomic},
	"set":    {relationship: relAssociative},
	"map":    {relationship: relAssociative, keyed: true},
}

// mapTypes maps x-kubernetes-map-type to the map's relationship; "" keeps the default (or, beside
// a $ref, the named type's own). Another value is refused.
var mapTypes = map[string]string{
	"":         "",
	"atomic":   relAtomic,
	"granular": relSeparable,
}

// declareNamed declares a definition: its shape, whatever $ref or allOf it holds.
func (s openapiScope) declareNamed(n *yamltree.Node) (atomDecl, error) {
	f, err := readFacts(n)
	if err != nil {
		return atomDecl{}, err
	}
	return s.shape(f)
}

// declareRef declares a schema in a place that may refer to a named type (a property, items,
// additionalProperties).
func (s openapiScope) declareRef(n *yamltree.Node) (refDecl, error) {
	f, err := readFacts(n)
	if err != nil {
		return refDecl{}, err
	}
	return s.ref(f)
}

// ref declares a schema from its facts: the named type it refers to, its relationship overridden
// by x-kubernetes-map-type; else its own shape.
func (s openapiScope) ref(f *schemaFacts) (refDecl, error) {
	if name := f.target(); name != "" {
		relationship, err := mapRelationship(f)
		return refDecl{NamedType: name, ElementRelationship: relationship, pos: f.at.Pos}, err
	}
	atom, err := s.shape(f)
	return refDecl{atomDecl: atom, pos: f.at.Pos}, err
}

// shape declares the parts the schema's type makes; x-kubernetes-preserve-unknown-fields holds for
// the schema itself and below.
func (s openapiScope) shape(f *schemaFacts) (atomDecl, error) {
	shape, ok := typeShapes[f.typeName]
	if !ok {
		return atomDecl{}, errAt(f.typeNode, "unknown type %q (want object, array, string, integer, number or boolean)", f.typeName)
	}
	s.preservesUnknown = s.preservesUnknown || f.preservesUnknown
	atom := atomDecl{Scalar: string(scalarOf(shape.scalar, f.format))}
	var err error
	if shape.list != noList {
		if atom.List, err = s.list(f, shape.list); err != nil {
			return atom, err
		}
	}
	if shape.mapped {
		atom.Map, err = s.mapPart(f)
	}
	return atom, err
}

// scalarOf returns the scalar a type makes with its format: a string with a format it does not
// keep is untyped.
func scalarOf(scalar ScalarType, format string) ScalarType {
	for _, kept := range keptStringFormats {
		if format == kept {
			return scalar
		}
	}
	if scalar == ScalarString {
		return ScalarUntyped
	}
	return scalar
}

// list declares the list part: its relationship and its items.
func (s openapiScope) list(f *schemaFacts, items itemsRule) (*listDecl, error) {
	relationship, keys, err := s.listRelationship(f)
	if err != nil {
		return nil, err
	}
	l := &listDecl{ElementRelationship: relationship, Keys: keys}
	switch {
	case f.items == nil && items == itemsRequired:
		return nil, errAt(f.at, "an array needs items")
	case f.items == nil:
		l.ElementType = refDecl{NamedType: AtomicName, pos: f.at.Pos}
	case f.items.IsList():
		return nil, errAt(f.items, "items must be one schema, not a list (Kubernetes refuses a list, even of one)")
	default:
		l.ElementType, err = s.declareRef(f.items)
	}
	return l, err
}

// listRelationship returns the list's relationship and keys from x-kubernetes-list-type, else from
// the patch extensions.
func (s openapiScope) listRelationship(f *schemaFacts) (string, []string, error) {
	if f.listType == "" {
		relationship, keys := s.listFromPatch(f)
		return relationship, keys, nil
	}
	lt, ok := listTypes[f.listType]
	switch {
	case !ok:
		return "", nil, errAt(f.listTypeAt, "unknown x-kubernetes-list-type %q (want atomic, set or map)", f.listType)
	case !lt.keyed:
		return lt.relationship, nil, nil
	case len(f.listMapKeys) == 0:
		return "", nil, errAt(f.listTypeAt, "x-kubernetes-list-type map needs x-kubernetes-list-map-keys")
	}
	return lt.relationship, f.listMapKeys, nil
}

// listFromPatch returns the relationship and keys of a list without x-kubernetes-list-type. In a
// document, a patch strategy with merge makes it associative, keyed by the merge key taken whole
// ("a,b" is one key named "a,b", as the conversion has it) or a set without one; any other
// strategy, or none, atomic. In a CRD the patch extensions are no part of the schema (the API
// server's CRD schema type has no such fields: strict field validation refuses them, other
// validation drops them): atomic.
func (s openapiScope) listFromPatch(f *schemaFacts) (string, []string) {
	strategy, _ := ParsePatchStrategy(f.patchStrategy) // checked when read
	switch {
	case s.crd != nil || !strategy.Has(PatchMerge):
		return relAtomic, nil
	case f.patchMergeKey == "":
		return relAssociative, nil
	default:
		return relAssociative, []string{f.patchMergeKey}
	}
}

// mapPart declares the map part: declared fields, the type of other keys, its relationship, and,
// in a CRD, an embedded resource's implied fields.
func (s openapiScope) mapPart(f *schemaFacts) (*mapDecl, error) {
	m := &mapDecl{}
	for _, p := range f.properties {
		field, err := s.field(p)
		if err != nil {
			return nil, err
		}
		m.Fields = append(m.Fields, field)
	}
	var err error
	if m.ElementType, err = s.undeclaredType(f); err != nil {
		return nil, err
	}
	if m.ElementRelationship, err = mapRelationship(f); err != nil {
		return nil, err
	}
	if f.embeddedResource && s.crd != nil {
		s.crd.complete(m)
	}
	return m, nil
}

// field declares one property: its type, and its strategic-merge-patch view and default, read on
// the property itself.
func (s openapiScope) field(p yamltree.Field) (fieldDecl, error) {
	f, err := readFacts(p.Value)
	if err != nil {
		return fieldDecl{}, err
	}
	d := fieldDecl{Name: p.Name(), PatchStrategy: f.patchStrategy, PatchMergeKey: f.patchMergeKey, pos: p.Key.Pos}
	if f.defaultValue != nil {
		d.Default = plainValue(f.defaultValue)
	}
	d.Type, err = s.ref(f)
	return d, err
}

// undeclaredType returns the type of the keys a map part does not declare, nil for none:
// additionalProperties a schema gives that schema, false none, true (or another scalar) deduced
// values; unsaid, deduced values when the map declares no properties or preserves unknown fields,
// else none.
func (s openapiScope) undeclaredType(f *schemaFacts) (*refDecl, error) {
	deduced := &refDecl{NamedType: DeducedName, pos: f.at.Pos}
	switch f.undeclared.form {
	case undeclaredTyped:
		r, err := s.declareRef(f.undeclared.schema)
		return &r, err
	case undeclaredNone:
		return nil, nil
	case undeclaredAny:
		return deduced, nil
	}
	if len(f.properties) == 0 || s.preservesUnknown {
		return deduced, nil
	}
	return nil, nil
}

// mapRelationship returns the relationship x-kubernetes-map-type gives.
func mapRelationship(f *schemaFacts) (string, error) {
	relationship, ok := mapTypes[f.mapType]
	if !ok {
		return "", errAt(f.mapTypeAt, "unknown x-kubernetes-map-type %q (want atomic or granular)", f.mapType)
	}
	return relationship, nil
}
