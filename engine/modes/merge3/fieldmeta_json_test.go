package merge3

import (
	"encoding/json"
	"reflect"
	"testing"
)

// classifyWithEncodingJSON is classifyComment as it was written with encoding/json, the
// reference of FuzzCommentJSON.
func classifyWithEncodingJSON(text string, defs *schemas) (commentKind, map[string]any) {
	var js map[string]any
	if err := json.Unmarshal([]byte(text), &js); err != nil || len(js) == 0 {
		return commentPlain, nil
	}
	var short map[string]string
	if json.Unmarshal([]byte(text), &short) == nil && short[shorthandKey] != "" {
		return commentSetter, js
	}
	if ref, ok := js["$ref"].(string); ok && ref != "" && defs.named(ref) != nil {
		return commentDefinition, js
	}
	return commentInline, js
}

// commentJSONSeeds are comment texts: plain, schemas, setters, and JSON that encoding/json reads
// in its own ways (repeated keys, nulls, numbers out of range, invalid UTF-8).
var commentJSONSeeds = []string{
	` just words`, ` {}`, ` ["a list"]`, ` {"$openapi":"replicas"}`, ` {"$openapi":""}`, ` null`, ` "s"`, ` 1`,
	` {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`, ` {"$ref":"#/definitions/unknown","type":"array"}`,
	`{"$openapi":"x","$openapi":null}`, `{"$openapi":1,"$openapi":"x"}`, `{"$openapi":"x","a":null}`, `{"$openapi":"x","a":1}`,
	`{"$OPENAPI":"x"}`, `{"$openapi":"x"} trailing`, `{"$openapi":"x","n":1e400}`, `{"$openapi":"\ud800` + "\xff" + `"}`,
	`{"type":"array","x-kubernetes-patch-merge-key":"name","x-kubernetes-patch-strategy":"merge"}`, `{"$openapi":"x",}`,
}

// FuzzCommentJSON checks that a comment is classified, and its JSON read, as encoding/json
// read them.
func FuzzCommentJSON(f *testing.F) {
	for _, s := range commentJSONSeeds {
		f.Add(s)
	}
	defs := testSchemas(f)
	f.Fuzz(func(t *testing.T, text string) {
		gotKind, got := classifyComment(text, defs)
		wantKind, want := classifyWithEncodingJSON(text, defs)
		if gotKind != wantKind || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %d %#v, want %d %#v", text, gotKind, got, wantKind, want)
		}
	})
}

// TestKyamlRulesAsEncodingJSON reads kyaml121.json both ways.
func TestKyamlRulesAsEncodingJSON(t *testing.T) {
	got, err := loadKyamlRules()
	if err != nil {
		t.Fatal(err)
	}
	var want kyamlRules
	if err := json.Unmarshal(kyaml121JSON, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || len(got) == 0 {
		t.Errorf("kyaml121.json read as %d kinds, encoding/json %d", len(got), len(want))
	}
}
