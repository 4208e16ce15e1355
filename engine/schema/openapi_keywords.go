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
//     PatchMetaFromOpenAPI (v2): LookupPatchMetadataForSlice and ForStruct of the property;
//   - for CRDs, with apiextensions-apiserver v0.37.2 builder.BuildOpenAPIV3 before the converter.
//
// scripts/conformance/schemadiff/openapi_test.go replays every row of testdata/openapi-keywords.yaml
// through the first two, scripts/conformance/schemadiff/crdprobe the CRD rows through the third.

// keywordRow is one keyword of a schema object and how its value is read.
type keywordRow struct {
	keyword string
	// read checks the keyword's value (never nil, maybe null) and records it in facts.
	read func(value *yamltree.Node, f *schemaFacts) error
}

// schemaFacts is what the keywords of one schema object say, read and checked but not resolved.
type schemaFacts struct {
	at *yamltree.Node
	// refName is the named type $ref points at (its last path segment); allOfRefName the one the
	// single member of allOf points at. "" for none.
	refName, allOfRefName string
	typeName              string
	typeNode              *yamltree.Node
	format                string
	properties            []yamltree.Field
	undeclared            undeclaredKeys
	items                 *yamltree.Node
	listType, mapType     string
	listTypeAt, mapTypeAt *yamltree.Node
	listMapKeys           []string
	patchStrategy         string
	patchMergeKey         string
	preservesUnknown      bool
	embeddedResource      bool
	defaultValue          *yamltree.Node
}

// undeclaredKeys is what additionalProperties says of the keys a map does not declare.
type undeclaredKeys struct {
	form undeclaredForm
	// schema is additionalProperties itself when form is undeclaredTyped.
	schema *yamltree.Node
}

// undeclaredForm is the form additionalProperties takes.
type undeclaredForm uint8

const (
	undeclaredUnsaid undeclaredForm = iota // absent or null
	undeclaredTyped                        // a schema
	undeclaredAny                          // true, or any other scalar but false
	undeclaredNone                         // false
)

// openapiKeywords is the table of the keywords that decide a merge. A keyword not in it
// (description, required, enum, nullable, oneOf, anyOf, not, pattern, ...) changes nothing; anyOf
// and oneOf were observed to change nothing in either view.
var openapiKeywords = []keywordRow{
	// $ref names a type by its last path segment: "#/definitions/x", "#/components/schemas/x" and
	// "x" all name x. Beside a $ref, only x-kubernetes-map-type counts for server-side apply; type,
	// properties, items, x-kubernetes-list-type are ignored. The patch view still reads
	// x-kubernetes-patch-strategy and -merge-key beside it. An empty $ref refers to nothing.
	{"$ref", func(v *yamltree.Node, f *schemaFacts) error {
		ref, err := scalarText(v, "$ref")
		f.refName = ref[strings.LastIndex(ref, "/")+1:]
		return err
	}},
	// allOf holding exactly one $ref is that $ref (the form Kubernetes's generator writes beside a
	// description or default); any other allOf is ignored (the schema is then untyped unless it has
	// a type). Patch extensions inside the member are not read by either view.
	{"allOf", func(v *yamltree.Node, f *schemaFacts) error {
		if !v.IsList() || len(v.Items) != 1 || !v.Items[0].IsMap() {
			return nil
		}
		ref, err := scalarText(v.Items[0].Get("$ref"), "$ref")
		f.allOfRefName = ref[strings.LastIndex(ref, "/")+1:]
		return err
	}},
	// type picks the shape (typeShapes). A list of types (OpenAPI 3.1) counts by its first member;
	// an empty list is no type.
	{"type", func(v *yamltree.Node, f *schemaFacts) error {
		f.typeNode = v
		if v.IsList() {
			if len(v.Items) == 0 {
				return nil
			}
			v = v.Items[0]
		}
		var err error
		f.typeName, err = scalarText(v, "type")
		return err
	}},
	// format turns a string into an untyped scalar unless it is empty or "byte" (date-time,
	// int-or-string, int32, email: untyped). It changes no other type.
	{"format", func(v *yamltree.Node, f *schemaFacts) error {
		var err error
		f.format, err = scalarText(v, "format")
		return err
	}},
	// properties declares the fields of the map part, in document order.
	{"properties", func(v *yamltree.Node, f *schemaFacts) error {
		if v.IsNull() {
			return nil
		}
		if err := expectMap(v, "properties"); err != nil {
			return err
		}
		f.properties = v.Fields
		return nil
	}},
	// additionalProperties gives the type of the keys the map part does not declare (resolved by
	// undeclaredRules).
	{"additionalProperties", func(v *yamltree.Node, f *schemaFacts) error {
		f.undeclared = readUndeclared(v)
		return nil
	}},
	// items is the schema of a list's items; required when type is array.
	{"items", func(v *yamltree.Node, f *schemaFacts) error {
		if !v.IsNull() {
			f.items = v
		}
		return nil
	}},
	// x-kubernetes-list-type decides the list part's relationship (listTypes); it wins over the
	// patch strategy. Ignored on a map and beside a $ref.
	{"x-kubernetes-list-type", func(v *yamltree.Node, f *schemaFacts) error {
		f.listTypeAt = v
		var err error
		f.listType, err = scalarText(v, "x-kubernetes-list-type")
		return err
	}},
	// x-kubernetes-list-map-keys are the keys of a list of type map; without that list type they
	// are ignored.
	{"x-kubernetes-list-map-keys", func(v *yamltree.Node, f *schemaFacts) error {
		var err error
		f.listMapKeys, err = scalarTexts(v, "x-kubernetes-list-map-keys")
		return err
	}},
	// x-kubernetes-map-type decides the map part's relationship (mapTypes), and beside a $ref
	// overrides the relationship of the named type (a list's too). Ignored on a list.
	{"x-kubernetes-map-type", func(v *yamltree.Node, f *schemaFacts) error {
		f.mapTypeAt = v
		var err error
		f.mapType, err = scalarText(v, "x-kubernetes-map-type")
		return err
	}},
	// x-kubernetes-patch-strategy is the property's patch strategy, read on the property itself
	// (beside a $ref too); in a document without x-kubernetes-list-type it also makes the list
	// relationship (listFromPatch).
	{"x-kubernetes-patch-strategy", func(v *yamltree.Node, f *schemaFacts) error {
		text, err := scalarText(v, "x-kubernetes-patch-strategy")
		if err != nil {
			return err
		}
		if _, err = ParsePatchStrategy(text); err != nil {
			return errAt(v, "%v", err)
		}
		f.patchStrategy = text
		return nil
	}},
	// x-kubernetes-patch-merge-key is the property's merge key, kept as written ("a,b" is one
	// text); without the merge strategy it is still reported by the patch view.
	{"x-kubernetes-patch-merge-key", func(v *yamltree.Node, f *schemaFacts) error {
		var err error
		f.patchMergeKey, err = scalarText(v, "x-kubernetes-patch-merge-key")
		return err
	}},
	// x-kubernetes-preserve-unknown-fields: true makes every map part at and below the schema
	// admit undeclared keys, deduced, unless additionalProperties says otherwise. It reaches
	// items, additionalProperties and properties, not the named types a $ref points at; a false
	// below a true changes nothing.
	{"x-kubernetes-preserve-unknown-fields", func(v *yamltree.Node, f *schemaFacts) error {
		var err error
		f.preservesUnknown, err = flag(v, "x-kubernetes-preserve-unknown-fields")
		return err
	}},
	// x-kubernetes-int-or-string changes nothing by itself: such a schema has no type, so it is
	// untyped (any scalar, list or map), and with a type it is that type. In a CRD as in a
	// document.
	{"x-kubernetes-int-or-string", func(v *yamltree.Node, _ *schemaFacts) error {
		_, err := flag(v, "x-kubernetes-int-or-string")
		return err
	}},
	// x-kubernetes-embedded-resource: in a CRD, the map gets apiVersion and kind (strings) and
	// metadata (ObjectMeta), declared or not, as at the root; in a document it changes nothing.
	{"x-kubernetes-embedded-resource", func(v *yamltree.Node, f *schemaFacts) error {
		var err error
		f.embeddedResource, err = flag(v, "x-kubernetes-embedded-resource")
		return err
	}},
	// default is the property's default value, kept whatever its type (server-side apply fills
	// missing list-map keys from it).
	{"default", func(v *yamltree.Node, f *schemaFacts) error {
		f.defaultValue = v
		return nil
	}},
}

// readFacts reads the keywords of schema object n, in document order.
func readFacts(n *yamltree.Node) (*schemaFacts, error) {
	if err := expectMap(n, "a schema"); err != nil {
		return nil, err
	}
	f := &schemaFacts{at: n}
	for _, field := range n.Fields {
		for _, row := range openapiKeywords {
			if row.keyword != field.Name() {
				continue
			}
			if err := row.read(field.Value, f); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// readUndeclared reads additionalProperties: null is unsaid, a map a schema, false none, and
// anything else any value (go-openapi reads the string "object" of the strategic-merge-patch test
// schema so; kube-openapi's spec package refuses it).
func readUndeclared(v *yamltree.Node) undeclaredKeys {
	switch {
	case v.IsNull():
		return undeclaredKeys{}
	case v.IsMap():
		return undeclaredKeys{form: undeclaredTyped, schema: v}
	}
	if allows, ok := v.Bool(); ok && !allows {
		return undeclaredKeys{form: undeclaredNone}
	}
	return undeclaredKeys{form: undeclaredAny}
}

// target returns the named type the schema refers to: $ref, else allOf's single $ref; "" for none.
func (f *schemaFacts) target() string {
	if f.refName != "" {
		return f.refName
	}
	return f.allOfRefName
}
