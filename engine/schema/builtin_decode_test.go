package schema

import (
	"encoding/json"
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
