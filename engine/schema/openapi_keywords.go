package schema

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// An OpenAPI schema object becomes a declaration in two steps: its keywords are read into facts
// (this file: one row per keyword that decides a merge, every other keyword ignored), then the facts
// are resolved into a declaration (openapi_schema.go). Each row says what its keyword does, as
// Kubernetes was observed to convert it:
//   - for server-side apply, with kube-openapi v0.0.0-20260721132016-d427ff9ee9ad
//     schemaconv.ToSchemaFromOpenAPI, which managedfields.NewTypeConverter runs;
//   - for strategic merge patch, with apimachinery v0.37.2 strategicpatch.PatchMetaFromOpenAPIV3 and
//     PatchMetaFromOpenAPI (v2): the patch metadata they look up for the property;
//   - for CRDs, with apiextensions-apiserver v0.37.2 builder.BuildOpenAPIV3 before the converter.
//
// scripts/conformance/schemadiff/openapi_test.go replays every row of testdata/openapi-keywords.yaml
// through the first two; schemadiff/crd_test.go compares a CRD's conversion with the third's.

// keyword is the index of a row of the keyword table (openapiKeywords).
type keyword uint8

const (
	kwRef keyword = iota
	kwAllOf
	kwType
	kwFormat
	kwProperties
	kwAdditionalProperties
	kwItems
	kwListType
	kwListMapKeys
	kwMapType
	kwPatchStrategy
	kwPatchMergeKey
	kwPreserveUnknownFields
	kwIntOrString
	kwEmbeddedResource
	kwDefault
	kwNullable
	keywordCount
)

// valueForm is the form a keyword's value must take (formChecks); a null value counts as absent.
type valueForm uint8

const (
	anyForm      valueForm = iota // any value
	textForm                      // a scalar
	typeForm                      // a scalar, or a list whose first member is a scalar
	textsForm                     // a list of scalars
	flagForm                      // true or false
	mapForm                       // a map
	strategyForm                  // patch strategy names joined by commas
	allOfForm                     // anything; a single member's $ref must be a scalar
	formCount
)

// formChecks checks a keyword's value (not null) against each form; name is the keyword, for
// messages.
var formChecks = [formCount]func(v *yamltree.Node, name string) error{
	anyForm:      func(*yamltree.Node, string) error { return nil },
	textForm:     checkText,
	typeForm:     checkType,
	textsForm:    checkTexts,
	flagForm:     checkFlag,
	mapForm:      expectMap,
	strategyForm: checkStrategy,
	allOfForm:    checkAllOf,
}

// keywordRow is a keyword's name and the form of its value.
type keywordRow struct {
	name string
	form valueForm
}

// openapiKeywords is the table of the keywords that decide a merge, by what they do. A keyword not
// in it (description, required, enum, anyOf, oneOf, not, pattern, ...) changes nothing;
// anyOf and oneOf were observed to change nothing in either view.
var openapiKeywords = [keywordCount]keywordRow{
	// $ref names a type by its last path segment: "#/definitions/x", "#/components/schemas/x" and
	// "x" all name x. Beside a $ref, only x-kubernetes-map-type counts for server-side apply (type,
	// properties, items, x-kubernetes-list-type are ignored); the patch view still reads
	// x-kubernetes-patch-strategy and -merge-key beside it. An empty $ref refers to nothing.
	kwRef: {"$ref", textForm},
	// allOf holding exactly one member with a $ref is that $ref (the form Kubernetes's generator
	// writes beside a description or default); any other allOf is ignored, and so are patch
	// extensions inside the member, in both views.
	kwAllOf: {"allOf", allOfForm},
	// type picks the shape (valueRules); a list of types (OpenAPI 3.1) counts by its first member,
	// an empty list is no type.
	kwType: {"type", typeForm},
	// format makes a string an untyped scalar unless it is empty or "byte" (date-time,
	// int-or-string, int32, email: untyped); it changes no other type.
	kwFormat: {"format", textForm},
	// properties declares the map part's fields, in document order; empty ones declare none.
	kwProperties: {"properties", mapForm},
	// additionalProperties gives the type of the keys the map part does not declare: a schema that
	// schema, false none, true (or another scalar) deduced values; unsaid, deduced values unless
	// the map declares properties outside x-kubernetes-preserve-unknown-fields.
	kwAdditionalProperties: {"additionalProperties", anyForm},
	// items is the schema of a list's items: one schema (a list of them, even of one, is refused);
	// required when type is array, untyped atomic values when there is no type.
	kwItems: {"items", anyForm},
	// x-kubernetes-list-type decides the list part's relationship (valueRules) and wins over the
	// patch strategy; ignored on a map and beside a $ref.
	kwListType: {"x-kubernetes-list-type", textForm},
	// x-kubernetes-list-map-keys are the keys of a list of type map; without that list type they
	// are ignored.
	kwListMapKeys: {"x-kubernetes-list-map-keys", textsForm},
	// x-kubernetes-map-type decides the map part's relationship (valueRules) and, beside a $ref,
	// overrides the named type's (a list's too); ignored on a list.
	kwMapType: {"x-kubernetes-map-type", textForm},
	// x-kubernetes-patch-strategy is the property's patch strategy, read on the property itself,
	// beside a $ref too; in a document, without x-kubernetes-list-type, merge also makes the list
	// associative (openapiScope.listFromPatch). Unknown names are refused, as the server-side-apply
	// conversion refuses them (strategicpatch reports them as written).
	kwPatchStrategy: {"x-kubernetes-patch-strategy", strategyForm},
	// x-kubernetes-patch-merge-key is the property's merge key, kept as written ("a,b" is one
	// text), reported by the patch view with or without the merge strategy.
	kwPatchMergeKey: {"x-kubernetes-patch-merge-key", textForm},
	// x-kubernetes-preserve-unknown-fields: true makes every map part at and below the schema
	// admit undeclared keys, deduced, unless additionalProperties says otherwise. It reaches items,
	// additionalProperties and properties, not the named types a $ref points at; a false below a
	// true changes nothing.
	kwPreserveUnknownFields: {"x-kubernetes-preserve-unknown-fields", flagForm},
	// x-kubernetes-int-or-string changes nothing by itself: such a schema has no type, so it is
	// untyped (any scalar, list or map), and with a type it is that type; in a CRD as in a
	// document.
	kwIntOrString: {"x-kubernetes-int-or-string", flagForm},
	// x-kubernetes-embedded-resource: in a CRD, the map gets apiVersion and kind (strings) and
	// metadata (ObjectMeta), declared or not, as the root does (crdDialect); in a document it
	// changes nothing.
	kwEmbeddedResource: {"x-kubernetes-embedded-resource", flagForm},
	// default is the property's default, whatever its type (server-side apply fills missing
	// list-map keys from it).
	kwDefault: {"default", anyForm},
	// nullable: true lets a property of a CRD hold null; the API server prunes a null from a
	// property without it (Field.Nullable). It changes no merge.
	kwNullable: {"nullable", flagForm},
}

// schemaFacts is what the keywords of one schema object say: each keyword's value, its form
// checked, nil when absent or null.
type schemaFacts struct {
	at     *yamltree.Node
	values [keywordCount]*yamltree.Node
}

// readFacts reads the keywords of schema object n, checking each value's form in document order.
func readFacts(n *yamltree.Node) (*schemaFacts, error) {
	if err := expectMap(n, "a schema"); err != nil {
		return nil, err
	}
	f := &schemaFacts{at: n}
	for _, field := range n.Fields {
		k, known := keywordNamed(field.Name())
		if !known || field.Value.IsNull() {
			continue
		}
		if err := formChecks[openapiKeywords[k].form](field.Value, field.Name()); err != nil {
			return nil, err
		}
		f.values[k] = field.Value
	}
	return f, nil
}

// keywordNamed returns the row of the keyword table named name; false when the table has none.
func keywordNamed(name string) (keyword, bool) {
	for k, row := range &openapiKeywords {
		if row.name == name {
			return keyword(k), true
		}
	}
	return 0, false
}

// checkText fails unless v is a scalar.
func checkText(v *yamltree.Node, name string) error {
	_, err := scalarText(v, name)
	return err
}

// checkType fails unless v is a scalar or a list whose first member (the one that counts) is.
func checkType(v *yamltree.Node, name string) error {
	if v.IsList() {
		if len(v.Items) == 0 {
			return nil
		}
		v = v.Items[0]
	}
	return checkText(v, name)
}

// checkTexts fails unless v is a list of scalars.
func checkTexts(v *yamltree.Node, name string) error {
	_, err := scalarTexts(v, name)
	return err
}

// checkFlag fails unless v is true or false.
func checkFlag(v *yamltree.Node, name string) error {
	_, err := flag(v, name)
	return err
}

// checkStrategy fails unless v names patch strategies ParsePatchStrategy knows.
func checkStrategy(v *yamltree.Node, name string) error {
	text, err := scalarText(v, name)
	if err != nil {
		return err
	}
	if _, err = ParsePatchStrategy(text); err != nil {
		return errAt(v, err.Error())
	}
	return nil
}

// checkAllOf fails when v is a list of one map whose $ref is not a scalar; any other allOf is
// ignored, so any other value passes.
func checkAllOf(v *yamltree.Node, _ string) error {
	if !v.IsList() || len(v.Items) != 1 || !v.Items[0].IsMap() {
		return nil
	}
	return checkText(v.Items[0].Get("$ref"), "$ref")
}

// text returns the text of keyword k's value ("" when absent); for type, of its first member.
func (f *schemaFacts) text(k keyword) string {
	v := f.values[k]
	if v.IsList() && len(v.Items) > 0 {
		v = v.Items[0]
	}
	return v.Str()
}

// target returns the named type the schema refers to: $ref's, else allOf's single member's; ""
// for none.
func (f *schemaFacts) target() string {
	ref := f.text(kwRef)
	if allOf := f.values[kwAllOf]; ref == "" && allOf.IsList() && len(allOf.Items) == 1 {
		ref = allOf.Items[0].Get("$ref").Str()
	}
	return ref[strings.LastIndex(ref, "/")+1:]
}
