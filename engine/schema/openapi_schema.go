package schema

import (
	"slices"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The facts of a schema object (openapi_keywords.go) resolve into a declaration: a reference to a
// named type, or a shape with a scalar, list and map part as its type says (valueRules). Where the
// engine knowingly answers otherwise than Kubernetes's conversion (observed as openapi_keywords.go
// says; the rows with `differs` in testdata/openapi-keywords.yaml):
//   - x-kubernetes-patch-strategy replace on a list makes it atomic; the conversion refuses the
//     document ("unknown patch strategy replace") while strategicpatch honours it.
//   - additionalProperties neither a schema nor a boolean (the string "object" in the
//     strategic-merge-patch test schema) admits any value, as go-openapi reads it; kube-openapi's
//     spec package refuses to read the document.
//   - x-kubernetes-preserve-unknown-fields and the other flags must be true or false; the
//     conversion accepts any value.
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

// valueRule is what one value of type, x-kubernetes-list-type or x-kubernetes-map-type makes of
// the declaration.
type valueRule struct {
	keyword keyword
	value   string
	// For type: the scalar part, the list part, and whether there is a map part.
	scalar ScalarType
	list   itemsRule
	mapped bool
	// For the list and map types: the relationship, and whether a list needs
	// x-kubernetes-list-map-keys.
	relationship string
	keyed        bool
}

// valueRules is the table of the values of type and of the list and map types; a value it does not
// hold is refused, as the conversion refuses it.
//   - type: no type is any value, an untyped scalar, a list (atomic unless the list extensions say
//     otherwise) and a map (admitting any key unless it has properties), each as the schema's
//     other keywords say; "null" is refused.
//   - x-kubernetes-list-type: atomic, set (associative without keys), map (associative with
//     x-kubernetes-list-map-keys).
//   - x-kubernetes-map-type: unset keeps the default (or, beside a $ref, the named type's own).
var valueRules = []valueRule{
	{keyword: kwType, value: "", scalar: ScalarUntyped, list: itemsOptional, mapped: true},
	{keyword: kwType, value: "object", mapped: true},
	{keyword: kwType, value: "array", list: itemsRequired},
	{keyword: kwType, value: "string", scalar: ScalarString},
	{keyword: kwType, value: "integer", scalar: ScalarNumeric},
	{keyword: kwType, value: "number", scalar: ScalarNumeric},
	{keyword: kwType, value: "boolean", scalar: ScalarBoolean},
	{keyword: kwListType, value: "atomic", relationship: relAtomic},
	{keyword: kwListType, value: "set", relationship: relAssociative},
	{keyword: kwListType, value: "map", relationship: relAssociative, keyed: true},
	{keyword: kwMapType, value: ""},
	{keyword: kwMapType, value: "atomic", relationship: relAtomic},
	{keyword: kwMapType, value: "granular", relationship: relSeparable},
}

// keptStringFormats are the formats that leave a string a string; any other makes it untyped.
var keptStringFormats = []string{"", "byte"}

// declareNamed declares a definition: its shape, whatever $ref or allOf it holds.
func (s openapiScope) declareNamed(n *yamltree.Node) (atomDecl, error) {
	f, err := readFacts(n)
	if err != nil {
		return atomDecl{}, err
	}
	return s.shape(f)
}

// declareRef declares a schema in a place that may refer to a named type (items,
// additionalProperties; a property through field).
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
	r := refDecl{NamedType: f.target(), pos: f.at.Pos}
	var err error
	if r.NamedType == "" {
		r.atomDecl, err = s.shape(f)
		return r, err
	}
	var rule valueRule
	rule, err = ruleOf(f, kwMapType, "atomic or granular")
	r.ElementRelationship = rule.relationship
	return r, err
}

// shape declares the parts the schema's type makes; x-kubernetes-preserve-unknown-fields holds for
// the schema itself and below.
func (s openapiScope) shape(f *schemaFacts) (atomDecl, error) {
	shape, err := ruleOf(f, kwType, "object, array, string, integer, number or boolean")
	if err != nil {
		return atomDecl{}, err
	}
	if shape.scalar == ScalarString && !slices.Contains(keptStringFormats, f.text(kwFormat)) {
		shape.scalar = ScalarUntyped
	}
	preserves, _ := f.values[kwPreserveUnknownFields].Bool()
	s.preservesUnknown = s.preservesUnknown || preserves
	atom := atomDecl{Scalar: string(shape.scalar)}
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

// list declares the list part: its relationship and its items.
func (s openapiScope) list(f *schemaFacts, items itemsRule) (*listDecl, error) {
	relationship, keys, err := s.listRelationship(f)
	if err != nil {
		return nil, err
	}
	l := &listDecl{ElementRelationship: relationship, Keys: keys}
	l.ElementType, err = s.items(f, items)
	return l, err
}

// listRelationship returns the list's relationship and keys: x-kubernetes-list-type's
// (valueRules), else the patch extensions' (listFromPatch).
func (s openapiScope) listRelationship(f *schemaFacts) (string, []string, error) {
	if f.values[kwListType] == nil {
		relationship, keys := s.listFromPatch(f)
		return relationship, keys, nil
	}
	rule, err := ruleOf(f, kwListType, "atomic, set or map")
	if err != nil || !rule.keyed {
		return rule.relationship, nil, err
	}
	keys, _ := scalarTexts(f.values[kwListMapKeys], "") // checked when read
	if len(keys) == 0 {
		return "", nil, errAt(f.values[kwListType], "x-kubernetes-list-type map needs x-kubernetes-list-map-keys")
	}
	return rule.relationship, keys, nil
}

// items declares the type of a list's items: items' schema; untyped atomic values without one,
// unless the rule requires it.
func (s openapiScope) items(f *schemaFacts, rule itemsRule) (refDecl, error) {
	items := f.values[kwItems]
	switch {
	case items == nil && rule == itemsRequired:
		return refDecl{}, errAt(f.at, "an array needs items")
	case items == nil:
		return refDecl{NamedType: AtomicName, pos: f.at.Pos}, nil
	case items.IsList():
		return refDecl{}, errAt(items, "items must be one schema, not a list (Kubernetes refuses a list, even of one)")
	}
	return s.declareRef(items)
}

// listFromPatch returns the relationship and keys of a list without x-kubernetes-list-type. In a
// document, a patch strategy with merge makes it associative, keyed by the merge key taken whole
// ("a,b" is one key named "a,b", as the conversion has it) or a set without one; any other
// strategy, or none, atomic. In a CRD the patch extensions are no part of the schema (the API
// server's CRD schema type has no such fields: strict field validation refuses them, other
// validation drops them): atomic.
func (s openapiScope) listFromPatch(f *schemaFacts) (string, []string) {
	strategy, _ := ParsePatchStrategy(f.text(kwPatchStrategy)) // checked when read
	key := f.text(kwPatchMergeKey)
	switch {
	case s.crd != nil || !strategy.Has(PatchMerge):
		return relAtomic, nil
	case key == "":
		return relAssociative, nil
	default:
		return relAssociative, []string{key}
	}
}

// mapPart declares the map part: its declared fields, the type of other keys, its relationship,
// and, in a CRD, an embedded resource's implied fields.
func (s openapiScope) mapPart(f *schemaFacts) (*mapDecl, error) {
	m := &mapDecl{}
	var err error
	if m.Fields, err = s.fields(f.values[kwProperties]); err != nil {
		return nil, err
	}
	if m.ElementType, err = s.undeclaredType(f, len(m.Fields) > 0); err != nil {
		return nil, err
	}
	rule, err := ruleOf(f, kwMapType, "atomic or granular")
	if err != nil {
		return nil, err
	}
	m.ElementRelationship = rule.relationship
	if embedded, _ := f.values[kwEmbeddedResource].Bool(); embedded && s.crd != nil {
		s.crd.complete(m)
	}
	return m, nil
}

// undeclaredType returns the type of the keys a map part does not declare, nil for none:
// additionalProperties a schema gives that schema, false none, true (or another scalar) deduced
// values; unsaid, deduced values unless the map declares properties and does not preserve
// unknown fields.
func (s openapiScope) undeclaredType(f *schemaFacts, declares bool) (*refDecl, error) {
	other := f.values[kwAdditionalProperties]
	allows, isBool := other.Bool()
	switch {
	case other.IsMap():
		r, err := s.declareRef(other)
		return &r, err
	case isBool && !allows:
		return nil, nil
	case other != nil || !declares || s.preservesUnknown:
		return &refDecl{NamedType: DeducedName, pos: f.at.Pos}, nil
	}
	return nil, nil
}

// fields declares the properties of map n (nil when absent), in document order.
func (s openapiScope) fields(n *yamltree.Node) ([]fieldDecl, error) {
	if n == nil {
		return nil, nil
	}
	var out []fieldDecl
	for _, p := range n.Fields {
		field, err := s.field(p)
		if err != nil {
			return nil, err
		}
		out = append(out, field)
	}
	return out, nil
}

// field declares one property: its type, and its strategic-merge-patch view and default, read on
// the property itself.
func (s openapiScope) field(p yamltree.Field) (fieldDecl, error) {
	f, err := readFacts(p.Value)
	if err != nil {
		return fieldDecl{}, err
	}
	d := fieldDecl{Name: p.Name(), PatchStrategy: f.text(kwPatchStrategy), PatchMergeKey: f.text(kwPatchMergeKey), pos: p.Key.Pos}
	if v := f.values[kwDefault]; v != nil {
		d.Default = plainValue(v)
	}
	d.Nullable = f.text(kwNullable) == "true"
	d.Type, err = s.ref(f)
	return d, err
}

// ruleOf returns the rule for keyword k's value (the rule of "" when it is absent); a value no
// rule holds is refused, the message listing the values wanted.
func ruleOf(f *schemaFacts, k keyword, want string) (valueRule, error) {
	for _, r := range valueRules {
		if r.keyword == k && r.value == f.text(k) {
			return r, nil
		}
	}
	return valueRule{}, errAt(f.values[k], "unknown "+openapiKeywords[k].name+" "+strconv.Quote(f.text(k))+" (want "+want+")")
}
