package schema

import "github.com/mergeplay/mergeplay/engine/yamltree"

// An OpenAPI document (v2 definitions, v3 components.schemas) gives one named type per definition,
// converted keyword by keyword (openapi_keywords.go, openapi_schema.go), and the kinds of each
// definition's x-kubernetes-group-version-kind. Scopes are unknown: OpenAPI does not say them. A
// definition that is only a $ref declares no type (the conversion leaves it out too).

// Names Kubernetes's OpenAPI conversion treats apart.
const (
	quantityName     = "io.k8s.apimachinery.pkg.api.resource.Quantity"
	rawExtensionName = "io.k8s.apimachinery.pkg.runtime.RawExtension"
	objectMetaName   = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
)

// readOpenAPI adds the definitions of an OpenAPI document to file; defs is its definitions map
// (components.schemas in v3), where names it for messages.
func readOpenAPI(root, defs *yamltree.Node, where string, file *fileDecl) error {
	if defs.IsNull() {
		return errAt(root, "an OpenAPI document without "+where+" declares no types")
	}
	if err := expectMap(defs, where); err != nil {
		return err
	}
	for _, f := range defs.Fields {
		name, def := f.Name(), f.Value
		if err := expectMap(def, "definition "+quote(name)); err != nil {
			return err
		}
		if def.Has("$ref") {
			continue
		}
		atom, err := definitionAtom(name, def)
		if err != nil {
			return err
		}
		file.Types = append(file.Types, typeDecl{Name: name, atomDecl: atom, pos: f.Key.Pos})
		kinds, err := readGroupVersionKinds(def, name)
		if err != nil {
			return err
		}
		file.Kinds = append(file.Kinds, kinds...)
	}
	return nil
}

// definitionAtom converts one definition.
func definitionAtom(name string, def *yamltree.Node) (atomDecl, error) {
	switch name {
	case quantityName:
		return atomDecl{Scalar: string(ScalarUntyped)}, nil
	case rawExtensionName:
		return untypedDecls()[0].atomDecl, nil
	default:
		return openapiScope{}.declareNamed(def)
	}
}

// readGroupVersionKinds reads a definition's x-kubernetes-group-version-kind: the kinds whose root
// type it is.
func readGroupVersionKinds(def *yamltree.Node, name string) ([]kindDecl, error) {
	gvks := def.Get("x-kubernetes-group-version-kind")
	if gvks.IsNull() {
		return nil, nil
	}
	items := []*yamltree.Node{gvks}
	if gvks.IsList() {
		items = gvks.Items
	}
	var out []kindDecl
	for _, item := range items {
		if err := expectMap(item, "x-kubernetes-group-version-kind"); err != nil {
			return nil, err
		}
		var parts [3]string
		for i, key := range [3]string{"group", "version", "kind"} {
			var err error
			if parts[i], err = stringAt(item, key); err != nil {
				return nil, err
			}
		}
		out = append(out, kindDecl{APIVersion: apiVersion(parts[0], parts[1]), Kind: parts[2], Type: name, pos: item.Pos})
	}
	return out, nil
}

// apiVersion joins a group and a version as documents write them: "v1" for the core group.
func apiVersion(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}
