package schema

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestBuiltinDecoderMatchesEncodingJSON checks the hand-written reading of the built-in file (its
// index, then each type's declaration) against encoding/json on the whole file.
func TestBuiltinDecoderMatchesEncodingJSON(t *testing.T) {
	var want fileDecl
	if err := json.NewDecoder(strings.NewReader(builtinJSON)).Decode(&want); err != nil {
		t.Fatal(err)
	}
	kinds, types, err := indexFile(builtinJSON)
	if err != nil {
		t.Fatal(err)
	}
	got := &fileDecl{Kinds: kinds}
	lazy := &lazyTypes{text: builtinJSON, types: types}
	for _, name := range types.names {
		d, err := lazy.declaration(name)
		if err != nil {
			t.Fatal(err)
		}
		got.Types = append(got.Types, *d)
	}
	if !reflect.DeepEqual(got, &want) {
		t.Fatal("the hand-written decoder reads the built-in file differently from encoding/json")
	}
}

// TestTypeDeclRefusesOtherForms: a declaration with a member the declaration form does not have,
// or a value of the wrong JSON type, is refused.
func TestTypeDeclRefusesOtherForms(t *testing.T) {
	for _, text := range []string{
		`{"name":"a","scalr":"string"}`,
		`{"name":"a","scalar":1}`,
		`{"name":"a","list":{"elementType":{"scalar":"string"},"keys":"name"}}`,
		`{"name":"a","list":{"elementType":"string"}}`,
		`{"name":"a","map":{"fields":[{"name":"f","type":{"scalar":"string"},"strategy":"merge"}]}}`,
		`{"name":"a","map":{"fields":{"name":"f"}}}`,
		`{"name":"a","map":{"elementType":{"namedType":1}}}`,
		`{"name":"a","map":{"fields":[{"name":"f","type":{"scalar":"string"}}]}`,
	} {
		if err := (&jsonParser{s: text}).typeDecl(&typeDecl{}); err == nil {
			t.Errorf("%s: accepted", text)
		}
	}
	var d typeDecl
	err := (&jsonParser{s: `{"name":"a","map":{"fields":[{"name":"f","type":{"namedType":"b","elementRelationship":"atomic"},"default":{"x":[1,"y",null]},"patchStrategy":"merge","patchMergeKey":"k","goType":"int64"}],"elementType":{"list":{"elementType":{"scalar":"string"},"keys":["p","q"]}}}}`}).typeDecl(&d)
	want := typeDecl{atomDecl: atomDecl{Map: &mapDecl{
		Fields:      []fieldDecl{{Name: "f", Type: refDecl{NamedType: "b", ElementRelationship: "atomic"}, Default: map[string]any{"x": []any{1.0, "y", nil}}, PatchStrategy: "merge", PatchMergeKey: "k", GoType: "int64"}},
		ElementType: &refDecl{atomDecl: atomDecl{List: &listDecl{ElementType: refDecl{atomDecl: atomDecl{Scalar: "string"}}, Keys: []string{"p", "q"}}}},
	}}}
	if err != nil || !reflect.DeepEqual(d, want) {
		t.Errorf("got %+v, %v", d, err)
	}
}

func TestParseJSONRefusesBrokenInput(t *testing.T) {
	for _, s := range []string{`{"a":`, `{"a" 1}`, `[1,]`, `"open`, `{"a":1} x`, `tru`} {
		if _, err := parseJSON(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	v, err := parseJSON(`{"s":"a\"b\u00e9","n":-1.5e2,"b":[true,false,null]}`)
	if err != nil || v.string("s") != "a\"bé" || v.get("n").num != -150 || len(v.get("b").items) != 3 {
		t.Errorf("got %+v, %v", v, err)
	}
}

// parseJSON parses a whole JSON text.
func parseJSON(s string) (jsonValue, error) {
	p := &jsonParser{s: s}
	v, err := p.value()
	if err != nil {
		return v, err
	}
	p.space()
	if p.pos != len(p.s) {
		return v, p.fail("unexpected data after the value")
	}
	return v, nil
}
