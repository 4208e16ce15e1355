package schemadiff

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/validation/spec"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/yaml"
)

// crdRoot names the root type of testdata/crd-keywords.yaml's kind.
const crdRoot = "com.example.v1.Widget"

// TestCRDAsTheAPIServerConvertsIt compares the engine's conversion of testdata/crd-keywords.yaml
// (loaded over the built-in schema, for ObjectMeta) with the API server's (serverConversion), with
// spec.preserveUnknownFields false and true: the root type, field by field, five levels down,
// named types by name and top level.
func TestCRDAsTheAPIServerConvertsIt(t *testing.T) {
	crdText, err := os.ReadFile("testdata/crd-keywords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, preserve := range []bool{false, true} {
		reference, err := serverConversion(crdText, preserve)
		if err != nil {
			t.Fatalf("preserveUnknownFields %v: the API server's conversion: %v", preserve, err)
		}
		set, err := engineConversion(crdText, preserve, builtin)
		if err != nil {
			t.Fatalf("preserveUnknownFields %v: the engine's conversion: %v", preserve, err)
		}
		var differences []string
		report := func(format string, args ...any) { differences = append(differences, fmt.Sprintf(format, args...)) }
		compareShapes(report, "Widget", reference, smdschema.TypeRef{NamedType: ptr(crdRoot)}, set.Named(crdRoot), 0)
		root, ok := reference.FindNamedType(crdRoot)
		if !ok {
			t.Fatalf("preserveUnknownFields %v: the API server's conversion has no type %s", preserve, crdRoot)
		}
		compareMapParts(report, "Widget", reference, root.Map, set.Named(crdRoot), 5)
		for _, d := range differences {
			t.Errorf("preserveUnknownFields %v: %s", preserve, d)
		}
	}
}

// serverConversion converts the CRD in crdText for server-side apply as the API server does: the
// CRD read as apiextensions.k8s.io/v1 (unknown fields dropped, as the patch extensions are), its
// first version built into OpenAPI by apiextensions-apiserver's builder.BuildOpenAPIV3, the result
// converted by kube-openapi's schemaconv.ToSchemaFromOpenAPI; spec.preserveUnknownFields set to
// preserve.
func serverConversion(crdText []byte, preserve bool) (*smdschema.Schema, error) {
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(crdText, &crd); err != nil {
		return nil, err
	}
	crd.Spec.PreserveUnknownFields = preserve
	doc, err := builder.BuildOpenAPIV3(&crd, crd.Spec.Versions[0].Name, builder.Options{})
	if err != nil {
		return nil, err
	}
	models := map[string]*spec.Schema{}
	for name, s := range doc.Components.Schemas {
		models[name] = s
	}
	return schemaconv.ToSchemaFromOpenAPI(models, preserve)
}

// engineConversion loads the CRD in crdText over base, spec.preserveUnknownFields set to preserve.
func engineConversion(crdText []byte, preserve bool, base *schema.Set) (*schema.Set, error) {
	var crd map[string]any
	if err := yaml.Unmarshal(crdText, &crd); err != nil {
		return nil, err
	}
	crd["spec"].(map[string]any)["preserveUnknownFields"] = preserve
	doc, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	return schema.Load(string(doc), base)
}

func ptr[T any](v T) *T { return &v }
