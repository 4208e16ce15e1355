// Command crdprobe records how the API server converts a CustomResourceDefinition's schema for
// server-side apply: the CRD is read as the API server reads it (apiextensions.k8s.io/v1, unknown
// fields dropped), its first version built into OpenAPI by apiextensions-apiserver's
// builder.BuildOpenAPIV3, and the result converted by kube-openapi's schemaconv, once with
// spec.preserveUnknownFields false and once true. It prints the two structured-merge-diff schemas
// as YAML documents, in that order.
//
// It is a module of its own because the builder brings in k8s.io/apiserver, which the
// conformance module does without. Refresh the record that schemadiff's crd_test.go replays:
//
//	cd scripts/conformance/schemadiff/crdprobe
//	go run . ../testdata/crd-keywords.yaml > ../testdata/crd-keywords.ssa.yaml
package main

import (
	"cmp"
	"fmt"
	"os"
	"slices"

	yamlv2 "go.yaml.in/yaml/v2"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/validation/spec"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/yaml"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: crdprobe crd.yaml")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "crdprobe:", err)
		os.Exit(1)
	}
}

// run prints the server-side-apply schemas of the CRD in file.
func run(file string) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(text, &crd); err != nil {
		return err
	}
	fmt.Printf("# Recorded by crdprobe from %s: apiextensions-apiserver builder.BuildOpenAPIV3, then\n", file)
	fmt.Println("# kube-openapi schemaconv.ToSchemaFromOpenAPI; spec.preserveUnknownFields false, then true.")
	for _, preserve := range []bool{false, true} {
		crd.Spec.PreserveUnknownFields = preserve
		doc, err := builder.BuildOpenAPIV3(&crd, crd.Spec.Versions[0].Name, builder.Options{})
		if err != nil {
			return err
		}
		models := map[string]*spec.Schema{}
		for name, s := range doc.Components.Schemas {
			models[name] = s
		}
		ssa, err := schemaconv.ToSchemaFromOpenAPI(models, preserve)
		if err != nil {
			return err
		}
		sortSchema(ssa)
		out, err := yamlv2.Marshal(ssa)
		if err != nil {
			return err
		}
		fmt.Printf("---\n%s", out)
	}
	return nil
}

// sortSchema sorts the types by name and every map's fields by name: the builder declares
// properties in no fixed order, and the record should not change from run to run.
func sortSchema(s *smdschema.Schema) {
	slices.SortFunc(s.Types, func(a, b smdschema.TypeDef) int { return cmp.Compare(a.Name, b.Name) })
	for i := range s.Types {
		sortAtom(&s.Types[i].Atom)
	}
}

// sortAtom sorts the fields of an atom's map part, and of the inline types below it.
func sortAtom(a *smdschema.Atom) {
	if a.List != nil {
		sortAtom(&a.List.ElementType.Inlined)
	}
	if a.Map == nil {
		return
	}
	slices.SortFunc(a.Map.Fields, func(x, y smdschema.StructField) int { return cmp.Compare(x.Name, y.Name) })
	for i := range a.Map.Fields {
		sortAtom(&a.Map.Fields[i].Type.Inlined)
	}
	sortAtom(&a.Map.ElementType.Inlined)
}
