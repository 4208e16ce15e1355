package schemadiff

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	openapiv2 "github.com/google/gnostic-models/openapiv2"
	"github.com/mergeplay/mergeplay/engine/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/util/proto"
	"k8s.io/kube-openapi/pkg/validation/spec"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	"sigs.k8s.io/yaml"
)

// keywordRows is engine/schema/testdata/openapi-keywords.yaml: the rows of the engine's OpenAPI
// keyword table.
type keywordRows struct {
	Definitions map[string]any `json:"definitions"`
	Rows        []struct {
		Keyword string `json:"keyword"`
		Name    string `json:"name"`
		Schema  any    `json:"schema"`
		Differs string `json:"differs"`
	} `json:"rows"`
}

// TestOpenAPIKeywordsAsKubernetesConvertsThem replays every row of the engine's OpenAPI keyword
// table (engine/schema/testdata/openapi-keywords.yaml: a schema put as property x of a type thing)
// through Kubernetes's conversions and compares the engine's answer with theirs:
//   - server-side apply: schemaconv.ToSchemaFromOpenAPI (what managedfields.NewTypeConverter
//     runs), its type of x compared with the engine's (kind, scalar, list type and keys, map type,
//     fields, the type of undeclared keys, named types by name), and x's default;
//   - strategic merge patch: x's patch strategies and merge key as PatchMetaFromOpenAPIV3 looks
//     them up (the document with #/components/schemas/ references), and PatchMetaFromOpenAPI (v2)
//     where gnostic reads the document, compared with the engine's Field.
//
// An error on one side must be an error (or, for server-side apply, a reference that resolves to
// nothing) on the other. A row whose `differs` gives a reason must differ; any other must not.
func TestOpenAPIKeywordsAsKubernetesConvertsThem(t *testing.T) {
	data, err := os.ReadFile("../../../engine/schema/testdata/openapi-keywords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var table keywordRows
	if err := yaml.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	v2Read := 0
	for _, row := range table.Rows {
		defs := map[string]any{"thing": map[string]any{"type": "object", "properties": map[string]any{"x": row.Schema}}}
		for name, d := range table.Definitions {
			defs[name] = d
		}
		var differences []string
		report := func(format string, args ...any) { differences = append(differences, fmt.Sprintf(format, args...)) }
		engine, engineErr := engineField(defs)
		ssaType, ssa, ssaErr := referenceSSA(defs)
		switch {
		case (engineErr != nil) != (ssaErr != nil):
			report("server-side apply: engine error %v, reference error %v", engineErr, ssaErr)
		case engineErr == nil:
			compareShapes(report, "x", ssa, ssaType.Type, engine.Type, 4)
			if !sameJSON(ssaType.Default, engine.Default) {
				report("default: engine %v, reference %v", engine.Default, ssaType.Default)
			}
		}
		if engineErr == nil {
			v3, v3Err := referencePatchV3(defs)
			comparePatch(report, "v3", v3, v3Err, engine)
			if v2, v2Err, read := referencePatchV2(defs); read {
				v2Read++
				comparePatch(report, "v2", v2, v2Err, engine)
			}
		}
		where := row.Keyword + " / " + row.Name
		switch {
		case row.Differs == "" && len(differences) > 0:
			t.Errorf("%s:\n  %s", where, strings.Join(differences, "\n  "))
		case row.Differs != "" && len(differences) == 0:
			t.Errorf("%s: said to differ (%s), but the engine answers as Kubernetes does", where, row.Differs)
		case row.Differs != "":
			t.Logf("%s: differs as said: %s", where, strings.Join(differences, "; "))
		}
	}
	fmt.Printf("openapi keywords: %d rows replayed (%d also through the v2 patch lookup)\n", len(table.Rows), v2Read)
}

// engineField loads the definitions with the engine and returns thing's field x.
func engineField(defs map[string]any) (*schema.Field, error) {
	doc, err := json.Marshal(map[string]any{"swagger": "2.0", "definitions": defs})
	if err != nil {
		return nil, err
	}
	set, err := schema.Load(string(doc), nil)
	if err != nil {
		return nil, err
	}
	return set.Named("thing").Field("x"), nil
}

// models reads the definitions as kube-openapi's spec package does, references rewritten to
// refPrefix.
func models(defs map[string]any, refPrefix string) (map[string]*spec.Schema, error) {
	data, err := json.Marshal(defs)
	if err != nil {
		return nil, err
	}
	data = []byte(strings.ReplaceAll(string(data), "#/definitions/", refPrefix))
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := map[string]*spec.Schema{}
	for name, text := range raw {
		s := &spec.Schema{}
		if err := json.Unmarshal(text, s); err != nil {
			return nil, fmt.Errorf("definition %s: %w", name, err)
		}
		out[name] = s
	}
	return out, nil
}

// referenceSSA converts the definitions for server-side apply and returns thing's field x; a
// type that does not resolve is an error.
func referenceSSA(defs map[string]any) (smdschema.StructField, *smdschema.Schema, error) {
	m, err := models(defs, "#/definitions/")
	if err != nil {
		return smdschema.StructField{}, nil, err
	}
	ssa, err := schemaconv.ToSchemaFromOpenAPI(m, false)
	if err != nil {
		return smdschema.StructField{}, nil, err
	}
	thing, _ := ssa.FindNamedType("thing")
	x, _ := thing.Map.FindField("x")
	if _, ok := ssa.Resolve(x.Type); !ok {
		return x, ssa, fmt.Errorf("x's type does not resolve")
	}
	return x, ssa, nil
}

// compareShapes compares an engine type with a server-side-apply type, depth levels down; a named
// type is compared by name and its top level.
func compareShapes(report func(string, ...any), path string, ssa *smdschema.Schema, ref smdschema.TypeRef, t *schema.Type, depth int) {
	atom, ok := ssa.Resolve(ref)
	switch {
	case !ok:
		report("%s: the reference's type does not resolve", path)
		return
	case t == nil:
		report("%s: the engine has no type", path)
		return
	}
	top := &differ{}
	top.compareSSA(path, atom, t)
	for _, d := range top.differences {
		report("%s", d)
	}
	if ref.NamedType != nil && t.Name != *ref.NamedType {
		report("%s: engine type %q, reference %q", path, t.Name, *ref.NamedType)
	}
	if ref.NamedType != nil || depth == 0 || len(top.differences) > 0 {
		return
	}
	if atom.List != nil {
		compareShapes(report, path+"[]", ssa, atom.List.ElementType, t.ListElem(), depth-1)
	}
	if atom.Map != nil {
		compareMapParts(report, path, ssa, atom.Map, t, depth)
	}
}

// compareMapParts compares the fields (in any order) and the type of undeclared keys of a map part.
func compareMapParts(report func(string, ...any), path string, ssa *smdschema.Schema, m *smdschema.Map, t *schema.Type, depth int) {
	var want, got []string
	for _, f := range m.Fields {
		want = append(want, f.Name)
	}
	for _, f := range t.Fields() {
		got = append(got, f.Name)
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		report("%s: fields: engine %v, reference %v", path, got, want)
		return
	}
	for _, f := range m.Fields {
		compareShapes(report, path+"."+f.Name, ssa, f.Type, t.Field(f.Name).Type, depth-1)
	}
	switch {
	case m.ElementType == (smdschema.TypeRef{}) && t.Elem() != nil:
		report("%s{}: the engine admits undeclared keys, the reference does not", path)
	case m.ElementType != (smdschema.TypeRef{}) && t.Elem() == nil:
		report("%s{}: the reference admits undeclared keys, the engine does not", path)
	case m.ElementType != (smdschema.TypeRef{}):
		compareShapes(report, path+"{}", ssa, m.ElementType, t.Elem(), depth-1)
	}
}

// referencePatchV3 looks x up as strategicpatch does in an OpenAPI v3 document.
func referencePatchV3(defs map[string]any) (meta strategicpatch.PatchMeta, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	m, err := models(defs, "#/components/schemas/")
	if err != nil {
		return meta, err
	}
	lookup := strategicpatch.PatchMetaFromOpenAPIV3{SchemaList: m, Schema: m["thing"]}
	_, meta, err = lookup.LookupPatchMetadataForStruct("x")
	return meta, err
}

// referencePatchV2 looks x up as strategicpatch does in an OpenAPI v2 document; read is false
// when gnostic or kube-openapi's proto models refuse the document.
func referencePatchV2(defs map[string]any) (meta strategicpatch.PatchMeta, err error, read bool) {
	doc, err := json.Marshal(map[string]any{"swagger": "2.0", "info": map[string]any{"title": "t", "version": "1"},
		"paths": map[string]any{}, "definitions": defs})
	if err != nil {
		return meta, err, false
	}
	parsed, err := openapiv2.ParseDocument(doc)
	if err != nil {
		return meta, err, false
	}
	ms, err := proto.NewOpenAPIData(parsed)
	if err != nil {
		return meta, err, false
	}
	_, meta, err = strategicpatch.NewPatchMetaFromOpenAPI(ms.LookupModel("thing")).LookupPatchMetadataForStruct("x")
	return meta, err, true
}

// comparePatch compares the engine field's strategy and merge key with a patch lookup's.
func comparePatch(report func(string, ...any), lookup string, meta strategicpatch.PatchMeta, err error, f *schema.Field) {
	if err != nil {
		report("patch %s: reference error %v", lookup, err)
		return
	}
	want := strings.Join(meta.GetPatchStrategies(), ",")
	if got := f.Strategy.String(); got != want {
		report("patch %s: strategy: engine %q, reference %q", lookup, got, want)
	}
	if f.MergeKey != meta.GetPatchMergeKey() {
		report("patch %s: merge key: engine %q, reference %q", lookup, f.MergeKey, meta.GetPatchMergeKey())
	}
}

// sameJSON reports whether two values write the same JSON.
func sameJSON(a, b any) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		return false
	}
	var u, v any
	_ = json.Unmarshal(x, &u)
	_ = json.Unmarshal(y, &v)
	return reflect.DeepEqual(u, v)
}
