package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A CustomResourceDefinition gives one root type per served version, named as Kubernetes names
// its OpenAPI definition (group stable.example.com, version v1, kind CronTab:
// "com.example.stable.v1.CronTab"), converted from the version's openAPIV3Schema (v1beta1: or
// spec.validation's) as OpenAPI schemas are, then completed as the API server completes it:
// apiVersion and kind are strings and metadata is ObjectMeta, at the root and in every
// x-kubernetes-embedded-resource (crdDialect). spec.preserveUnknownFields (true by default in v1beta1) lets every
// map admit undeclared keys. A version without a schema admits any field, deduced.

// readCRD adds the root types and kinds of a CustomResourceDefinition to file.
func readCRD(root *yamltree.Node, base *Set, file *fileDecl) error {
	version, err := stringAt(root, "apiVersion")
	if err != nil {
		return err
	}
	v1beta1 := version == "apiextensions.k8s.io/v1beta1"
	if version != "apiextensions.k8s.io/v1" && !v1beta1 {
		return errAt(root, "a CustomResourceDefinition's apiVersion must be apiextensions.k8s.io/v1 or v1beta1, not "+strconv.Quote(version))
	}
	spec := root.Get("spec")
	if spec == nil {
		return errAt(root, "a CustomResourceDefinition needs a spec (group, names, versions)")
	}
	if err = expectMap(spec, "spec"); err != nil {
		return err
	}
	crd, err := readCRDSpec(spec, v1beta1)
	if err != nil {
		return err
	}
	scope := openapiScope{preservesUnknown: crd.preserveUnknownFields, crd: newCRDDialect(base)}
	for _, v := range crd.versions {
		atom, err := crdVersionAtom(scope, v.schema)
		if err != nil {
			return err
		}
		name := crdTypeName(crd.group, v.name, crd.kind)
		file.Types = append(file.Types, typeDecl{Name: name, atomDecl: atom, pos: v.pos})
		file.Kinds = append(file.Kinds, kindDecl{APIVersion: apiVersion(crd.group, v.name), Kind: crd.kind,
			Type: name, Scope: crd.scope, pos: v.pos, fromCRD: true})
	}
	return nil
}

// crdSpec is what a CRD's spec says of its kinds.
type crdSpec struct {
	group, kind, scope    string
	preserveUnknownFields bool
	versions              []crdVersion
}

// crdVersion is one served version of a CRD.
type crdVersion struct {
	_      incomparable.Field
	name   string
	schema *yamltree.Node // nil when the version has none
	pos    yamltree.Pos
}

// readCRDSpec reads a CRD's group, kind, scope and served versions.
func readCRDSpec(spec *yamltree.Node, v1beta1 bool) (crdSpec, error) {
	var crd crdSpec
	var err error
	if crd.group, err = stringAt(spec, "group"); err != nil {
		return crd, err
	}
	if crd.kind, err = stringAt(spec.Get("names"), "kind"); err != nil {
		return crd, err
	}
	if crd.group == "" || crd.kind == "" {
		return crd, errAt(spec, "a CustomResourceDefinition needs spec.group and spec.names.kind")
	}
	if crd.scope, err = stringAt(spec, "scope"); err != nil {
		return crd, err
	}
	if crd.scope != "" && crd.scope != "Namespaced" && crd.scope != "Cluster" {
		return crd, errAt(spec.Get("scope"), "unknown scope "+strconv.Quote(crd.scope)+" (want Namespaced or Cluster)")
	}
	crd.preserveUnknownFields = v1beta1 // its default
	if spec.Has("preserveUnknownFields") {
		if crd.preserveUnknownFields, err = boolAt(spec, "preserveUnknownFields"); err != nil {
			return crd, err
		}
	}
	crd.versions, err = readCRDVersions(spec)
	return crd, err
}

// readCRDVersions reads the served versions of a CRD: spec.versions, or v1beta1's spec.version.
func readCRDVersions(spec *yamltree.Node) ([]crdVersion, error) {
	shared := spec.Lookup("validation", "openAPIV3Schema")
	versions := spec.Get("versions")
	if versions.IsNull() {
		name, err := stringAt(spec, "version")
		if err != nil || name == "" {
			return nil, orError(err, errAt(spec, "a CustomResourceDefinition needs spec.versions"))
		}
		return []crdVersion{{name: name, schema: shared, pos: spec.Get("version").Pos}}, nil
	}
	if err := expectList(versions, "spec.versions"); err != nil {
		return nil, err
	}
	var out []crdVersion
	for _, item := range versions.Items {
		if err := expectMap(item, "a version"); err != nil {
			return nil, err
		}
		name, err := stringAt(item, "name")
		if err != nil || name == "" {
			return nil, orError(err, errAt(item, "a version needs a name"))
		}
		served := true
		if item.Has("served") {
			if served, err = boolAt(item, "served"); err != nil {
				return nil, err
			}
		}
		if !served {
			continue
		}
		schema := item.Lookup("schema", "openAPIV3Schema")
		if schema == nil {
			schema = shared
		}
		out = append(out, crdVersion{name: name, schema: schema, pos: item.Pos})
	}
	return out, nil
}

// crdVersionAtom converts a version's openAPIV3Schema into its root type, completed with
// apiVersion, kind and metadata.
func crdVersionAtom(scope openapiScope, schema *yamltree.Node) (atomDecl, error) {
	atom := atomDecl{Map: &mapDecl{ElementType: &refDecl{NamedType: DeducedName}}}
	if schema != nil {
		var err error
		if atom, err = scope.declareNamed(schema); err != nil {
			return atom, err
		}
		if atom.Map == nil || atom.List != nil || atom.Scalar != "" {
			return atom, errAt(schema, "openAPIV3Schema must be of type object")
		}
	}
	scope.crd.complete(atom.Map)
	return atom, nil
}

// crdDialect is what the API server does to a CRD's schema before converting it as an OpenAPI
// schema (observed with apiextensions-apiserver v0.37.2 builder.BuildOpenAPIV3, which
// scripts/conformance/schemadiff/crd_test.go runs): the root, and every map with
// x-kubernetes-embedded-resource, gets apiVersion and kind as strings and metadata as ObjectMeta,
// in place of what the schema declares under those names; x-kubernetes-patch-* are dropped
// (openapiScope.listFromPatch).
type crdDialect struct {
	_ incomparable.Field
	// metadata is the type of metadata: ObjectMeta, or deduced values when the base set lacks it.
	metadata refDecl
}

// newCRDDialect returns the dialect of CRDs loaded over base (which may be nil).
func newCRDDialect(base *Set) *crdDialect {
	if base.Named(objectMetaName) != nil {
		return &crdDialect{metadata: refDecl{NamedType: objectMetaName}}
	}
	return &crdDialect{metadata: refDecl{NamedType: DeducedName}}
}

// complete gives map m the fields the API server gives a resource: declared ones take the implied
// type, missing ones are appended.
func (d *crdDialect) complete(m *mapDecl) {
	str := refDecl{atomDecl: atomDecl{Scalar: string(ScalarString)}}
	implied := []fieldDecl{{Name: "apiVersion", Type: str}, {Name: "kind", Type: str}, {Name: "metadata", Type: d.metadata}}
	for _, f := range implied {
		i := slices.IndexFunc(m.Fields, func(declared fieldDecl) bool { return declared.Name == f.Name })
		if i < 0 {
			m.Fields = append(m.Fields, f)
			continue
		}
		m.Fields[i].Type = f.Type
	}
}

// crdTypeName names a custom resource's root type as Kubernetes names its OpenAPI definition: the
// group's domain reversed, the version, the kind.
func crdTypeName(group, version, kind string) string {
	parts := strings.Split(group, ".")
	slices.Reverse(parts)
	return strings.Join(parts, ".") + "." + version + "." + kind
}

// orError returns err when it is not nil, else fallback.
func orError(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}
