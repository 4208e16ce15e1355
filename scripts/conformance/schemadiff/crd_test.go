package schemadiff

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	yamlv3 "go.yaml.in/yaml/v3"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/yaml"
)

// crdRoot names the root type of testdata/crd-keywords.yaml's kind.
const crdRoot = "com.example.v1.Widget"

// TestCRDAsTheAPIServerConvertsIt compares the engine's conversion of testdata/crd-keywords.yaml
// (loaded over the built-in schema, for ObjectMeta) with the API server's, recorded by crdprobe in
// testdata/crd-keywords.ssa.yaml, with spec.preserveUnknownFields false and true: the root type,
// field by field, five levels down, named types by name and top level.
func TestCRDAsTheAPIServerConvertsIt(t *testing.T) {
	crdText, err := os.ReadFile("testdata/crd-keywords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	recorded, err := readRecordedSchemas("testdata/crd-keywords.ssa.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(recorded) != 2 {
		t.Fatalf("%d recorded schemas, want 2 (preserveUnknownFields false, true)", len(recorded))
	}
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for i, preserve := range []bool{false, true} {
		var crd map[string]any
		if err := yaml.Unmarshal(crdText, &crd); err != nil {
			t.Fatal(err)
		}
		crd["spec"].(map[string]any)["preserveUnknownFields"] = preserve
		doc, err := json.Marshal(crd)
		if err != nil {
			t.Fatal(err)
		}
		set, err := schema.Load(string(doc), builtin)
		if err != nil {
			t.Fatal(err)
		}
		var differences []string
		report := func(format string, args ...any) { differences = append(differences, fmt.Sprintf(format, args...)) }
		compareShapes(report, "Widget", recorded[i], smdschema.TypeRef{NamedType: ptr(crdRoot)}, set.Named(crdRoot), 0)
		root, _ := recorded[i].FindNamedType(crdRoot)
		compareMapParts(report, "Widget", recorded[i], root.Map, set.Named(crdRoot), 5)
		for _, d := range differences {
			t.Errorf("preserveUnknownFields %v: %s", preserve, d)
		}
	}
}

// readRecordedSchemas reads the YAML documents of file as structured-merge-diff schemas.
func readRecordedSchemas(file string) ([]*smdschema.Schema, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	decoder := yamlv3.NewDecoder(strings.NewReader(string(text)))
	var out []*smdschema.Schema
	for {
		s := &smdschema.Schema{}
		err := decoder.Decode(s)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
}

func ptr[T any](v T) *T { return &v }
