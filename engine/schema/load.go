package schema

import (
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Load reads a user schema (options.schema): YAML or JSON text holding one or more documents, each
// of which is
//   - an OpenAPI v2 document ("swagger": "2.0", definitions), or v3 ("openapi": "3.x",
//     components.schemas), with the x-kubernetes-* extensions; a definition's
//     x-kubernetes-group-version-kind makes it the root type of those kinds, and any definition can
//     be named by options.schemaType through Set.Named;
//   - a CustomResourceDefinition (apiextensions.k8s.io/v1 or v1beta1), or a List of them: the
//     openAPIV3Schema of each served version becomes the root type of group/version and
//     spec.names.kind, with spec.scope, and metadata typed as the API server types it
//     (io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta, taken from base);
//   - a structured-merge-diff schema as its tests write it (a top-level "types:" list).
//
// Names the documents use without declaring them are looked up in base (the built-ins, say), which
// may be nil. The result holds only what the text declares, plus the untyped types DeducedName and
// AtomicName; put it on top of the built-ins with Merge(builtin, user). Empty text gives an empty
// set. A schema that does not parse, or does not make sense, yields a *yamltree.Error naming input
// "schema", a line and a column.
func Load(text string, base *Set) (*Set, error) {
	docs, err := yamltree.Parse(yamltree.Schema, text, yamltree.Options{})
	if err != nil {
		return nil, err
	}
	var file fileDecl
	for _, doc := range docs {
		if doc.Root == nil {
			continue
		}
		if err := readDocument(doc.Root, base, &file); err != nil {
			return nil, err
		}
	}
	file.Types = withUntyped(file.Types)
	return build(&file, base)
}

// readDocument adds the declarations of one document to file, after detecting its format.
func readDocument(root *yamltree.Node, base *Set, file *fileDecl) error {
	if err := expectMap(root, "a schema"); err != nil {
		return err
	}
	kind, err := stringAt(root, "kind")
	if err != nil {
		return err
	}
	switch {
	case root.Has("swagger") || root.Has("definitions"):
		return readOpenAPI(root, root.Get("definitions"), "definitions", file)
	case root.Has("openapi") || root.Has("components"):
		return readOpenAPI(root, root.Lookup("components", "schemas"), "components.schemas", file)
	case kind == "CustomResourceDefinition":
		return readCRD(root, base, file)
	case kind == "List" || kind == "CustomResourceDefinitionList":
		return readList(root, base, file)
	case root.Has("types"):
		return readSMD(root, file)
	default:
		return errAt(root, "unrecognized schema: want an OpenAPI v2 or v3 document (swagger, openapi), "+
			"a CustomResourceDefinition, or a structured-merge-diff schema (types)")
	}
}

// readList reads the items of a List document (kubectl get crd -o yaml) as documents.
func readList(root *yamltree.Node, base *Set, file *fileDecl) error {
	items := root.Get("items")
	if items.IsNull() {
		return nil
	}
	if err := expectList(items, "items"); err != nil {
		return err
	}
	for _, item := range items.Items {
		if err := readDocument(item, base, file); err != nil {
			return err
		}
	}
	return nil
}
