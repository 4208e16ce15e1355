package schema

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// keywordCase is a row of testdata/openapi-keywords.yaml.
type keywordCase struct {
	keyword, name string
	// document is an OpenAPI v2 document declaring the row's definitions and thing.x.
	document string
	// field is the declaration expected of x, nil when an error is expected.
	field any
	err   string
}

// readKeywordCases reads testdata/openapi-keywords.yaml.
func readKeywordCases(t *testing.T) []keywordCase {
	t.Helper()
	text, err := os.ReadFile("testdata/openapi-keywords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	root, err := yamltree.ParseOne(yamltree.Schema, string(text), yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	definitions, err := yamltree.JSON(root.Get("definitions"))
	if err != nil {
		t.Fatal(err)
	}
	var out []keywordCase
	for _, row := range root.Get("rows").Items {
		schema, err := yamltree.JSON(row.Get("schema"))
		if err != nil {
			t.Fatal(err)
		}
		document := `{"swagger": "2.0", "definitions": ` + strings.TrimSuffix(definitions, "}") +
			`, "thing": {"type": "object", "properties": {"x": ` + schema + `}}}}`
		c := keywordCase{keyword: row.Get("keyword").Value, name: row.Get("name").Value, document: document,
			err: row.Get("error").Str()}
		if row.Has("field") {
			c.field = withoutNulls(plainValue(row.Get("field")))
		}
		out = append(out, c)
	}
	return out
}

// TestOpenAPIKeywordRows checks every row of the keyword table: the declaration the engine makes of
// the row's schema, or the error it gives.
func TestOpenAPIKeywordRows(t *testing.T) {
	for _, c := range readKeywordCases(t) {
		t.Run(c.keyword+"/"+c.name, func(t *testing.T) {
			_, loadErr := Load(c.document, nil)
			if c.field == nil {
				if loadErr == nil || !strings.Contains(loadErr.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", loadErr, c.err)
				}
				return
			}
			if loadErr != nil {
				t.Fatalf("Load: %v", loadErr)
			}
			got := declarationOfX(t, c.document)
			if !reflect.DeepEqual(got, c.field) {
				gotJSON, _ := json.Marshal(got)
				wantJSON, _ := json.Marshal(c.field)
				t.Errorf("x declared as\n got %s\nwant %s", gotJSON, wantJSON)
			}
		})
	}
}

// TestOpenAPIKeywordRowsCoverTheTable checks that every keyword of the table has a row, and that
// every row's keyword is in the table.
func TestOpenAPIKeywordRowsCoverTheTable(t *testing.T) {
	rows := map[string]int{}
	for _, c := range readKeywordCases(t) {
		rows[c.keyword]++
	}
	for _, k := range openapiKeywords {
		if rows[k.name] == 0 {
			t.Errorf("keyword %s has no row in testdata/openapi-keywords.yaml", k.name)
		}
		delete(rows, k.name)
	}
	for k := range rows {
		t.Errorf("rows for %s, which the keyword table does not hold", k)
	}
}

// declarationOfX returns the declaration of thing.x in document, as plain JSON values without
// nulls and without its name.
func declarationOfX(t *testing.T, document string) any {
	t.Helper()
	root, err := yamltree.ParseOne(yamltree.Schema, document, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var file fileDecl
	if err := readOpenAPI(root, root.Get("definitions"), "definitions", &file); err != nil {
		t.Fatal(err)
	}
	for _, d := range file.Types {
		if d.Name != "thing" {
			continue
		}
		data, err := json.Marshal(d.Map.Fields[0])
		if err != nil {
			t.Fatal(err)
		}
		var field map[string]any
		if err := json.Unmarshal(data, &field); err != nil {
			t.Fatal(err)
		}
		delete(field, "name")
		return withoutNulls(field)
	}
	t.Fatal("no type thing")
	return nil
}

// withoutNulls returns v with every null map value left out, recursively.
func withoutNulls(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if x != nil {
				out[k] = withoutNulls(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutNulls(x)
		}
		return out
	default:
		return v
	}
}

// TestKeywordValueForms checks the check of each value form, row by row: values it accepts and
// values it refuses.
func TestKeywordValueForms(t *testing.T) {
	rows := []struct {
		form             valueForm
		accepts, refuses []string
	}{
		{form: anyForm, accepts: []string{"x", "[1, {a: b}]", "{a: [1]}"}},
		{form: textForm, accepts: []string{"x", "1", "true"}, refuses: []string{"[x]", "{a: b}"}},
		{form: typeForm, accepts: []string{"string", "[string, 'null']", "[]"}, refuses: []string{"[[string]]", "{a: b}", "[{a: b}, string]"}},
		{form: textsForm, accepts: []string{"[a, b]", "[]"}, refuses: []string{"a", "[a, [b]]", "[a, null]", "{a: b}"}},
		{form: flagForm, accepts: []string{"true", "false"}, refuses: []string{"maybe", "1", "[true]"}},
		{form: mapForm, accepts: []string{"{}", "{a: {type: string}}"}, refuses: []string{"[a]", "a"}},
		{form: strategyForm, accepts: []string{"merge", "retainKeys", "merge,retainKeys", "replace"}, refuses: []string{"foo", "merge,foo", "[merge]"}},
		{form: allOfForm, accepts: []string{"[{$ref: x}]", "[{$ref: x}, {$ref: y}]", "[{type: string}]", "[a]", "x"}, refuses: []string{"[{$ref: [x]}]", "[{$ref: {a: b}}]"}},
	}
	covered := map[valueForm]bool{}
	for _, row := range rows {
		covered[row.form] = true
		for _, text := range row.accepts {
			if err := formChecks[row.form](parseValue(t, text), "k"); err != nil {
				t.Errorf("form %d refuses %s: %v", row.form, text, err)
			}
		}
		for _, text := range row.refuses {
			if err := formChecks[row.form](parseValue(t, text), "k"); err == nil {
				t.Errorf("form %d accepts %s", row.form, text)
			}
		}
	}
	for form := range formCount {
		if !covered[form] {
			t.Errorf("form %d has no row", form)
		}
	}
}

// TestValueRulesHaveRows checks that every value rule of type, x-kubernetes-list-type and
// x-kubernetes-map-type is exercised by a row of testdata/openapi-keywords.yaml, its schema giving
// the keyword the rule's value (or leaving it out, for the rule of "").
func TestValueRulesHaveRows(t *testing.T) {
	used := map[valueRule]bool{}
	for _, c := range readKeywordCases(t) {
		root, err := yamltree.ParseOne(yamltree.Schema, c.document, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f, err := readFacts(root.Get("definitions").Get("thing").Get("properties").Get("x"))
		if err != nil {
			continue // a row refusing the schema's form
		}
		for _, r := range valueRules {
			if r.value == f.text(r.keyword) {
				used[r] = true
			}
		}
	}
	for _, r := range valueRules {
		if !used[r] {
			t.Errorf("no row gives %s the value %q", openapiKeywords[r.keyword].name, r.value)
		}
	}
}

// parseValue parses text as one YAML value.
func parseValue(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	n, err := yamltree.ParseOne(yamltree.Schema, text, yamltree.Options{})
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return n
}
