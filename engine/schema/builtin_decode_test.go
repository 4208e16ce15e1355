package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestBuiltinDecoderMatchesEncodingJSON checks the hand-written decoder against encoding/json on
// the whole built-in file.
func TestBuiltinDecoderMatchesEncodingJSON(t *testing.T) {
	var want fileDecl
	if err := json.NewDecoder(strings.NewReader(builtinJSON)).Decode(&want); err != nil {
		t.Fatal(err)
	}
	parsed, err := parseJSON(builtinJSON)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeFile(&parsed)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, &want) {
		t.Fatal("the hand-written decoder reads the built-in file differently from encoding/json")
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
		return v, p.errorf("unexpected data after the value")
	}
	return v, nil
}

// decodeFile turns the parsed built-in file into declarations.
func decodeFile(v *jsonValue) (*fileDecl, error) {
	if v.kind != 'o' {
		return nil, fmt.Errorf("built-in schema: not an object")
	}
	file := &fileDecl{}
	if kinds := v.get("kinds"); kinds != nil {
		for i := range kinds.items {
			k := &kinds.items[i]
			file.Kinds = append(file.Kinds, kindDecl{APIVersion: k.string("apiVersion"), Kind: k.string("kind"), Type: k.string("type"), Scope: k.string("scope")})
		}
	}
	if types := v.get("types"); types != nil {
		file.Types = make([]typeDecl, len(types.items))
		for i := range types.items {
			t := &types.items[i]
			file.Types[i] = typeDecl{Name: t.string("name"), atomDecl: decodeAtom(t)}
		}
	}
	return file, nil
}
