package ssadiff

import (
	"bytes"
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	smdpath "sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// The FieldsV1 form, probed: each text is read by structured-merge-diff's fieldpath.Set (what
// the API server reads managedFields with) and written back, and read and written by
// engine/fieldset. Both must fail together or write the same bytes. With -v the reference's
// writing of each text is printed: the facts engine/fieldset/fieldsv1.go states come from it.
//
//	cd scripts/conformance && go test ./ssadiff -run TestFieldsV1 -v
//
// known, when set, says how the engine is known to differ: the text it writes instead, or
// "refused" for a text it refuses; the test then expects exactly that.
var fieldsV1Probes = []struct{ name, text, known string }{
	{"empty", `{}`, ""},
	{"one member", `{"f:a":{}}`, ""},
	{"member with children: dot first", `{"f:a":{"f:b":{},".":{}}}`, ""},
	{"element kinds in order", `{"i:0":{},"v:1":{},"k:{\"a\":1}":{},"f:z":{}}`, ""},
	{"fields by name, bytewise", `{"f:b":{},"f:B":{},"f:a":{},"f:ab":{}}`, ""},
	{"keys: numbers by value", `{"k:{\"p\":10}":{},"k:{\"p\":9}":{},"k:{\"p\":-1.5}":{}}`, ""},
	{"keys: name before value, shorter first", `{"k:{\"b\":1}":{},"k:{\"a\":2,\"b\":1}":{},"k:{\"a\":2}":{}}`, ""},
	{"keys: written sorted by name", `{"k:{\"z\":1,\"a\":\"x\"}":{}}`, ""},
	{"values by kind", `{"v:null":{},"v:{}":{},"v:[1]":{},"v:true":{},"v:false":{},"v:\"s\"":{},"v:2":{},"v:1.5":{}}`, ""},
	{"values: maps by sorted key and value", `{"v:{\"b\":1}":{},"v:{\"a\":1,\"b\":1}":{},"v:{\"a\":2}":{},"v:{\"a\":1}":{}}`, ""},
	{"values: number forms", `{"v:1.0":{},"v:1e2":{},"v:0.5":{}}`, ""},
	// yamltree writes every zero as 0; encoding/json keeps the sign of a float's zero.
	{"values: negative zero", `{"v:-0":{}}`, `{"v:0":{}}`},
	{"indexes numerically", `{"i:10":{},"i:2":{}}`, ""},
	{"strings escaped as encoding/json", `{"f:a<b>&":{},"v:\"\\u003c\"":{}}`, ""},
	{"dot alone is a member", `{"f:a":{".":{}}}`, ""},
	{"dot with a value", `{"f:a":{".":{"f:x":{}},"f:b":{}}}`, ""},
	{"unknown kind skipped", `{"z:future":{},"f:a":{}}`, ""},
	{"only unknown kinds below: a member", `{"f:a":{"z:x":{}}}`, ""},
	{"unknown kind with children", `{"f:a":{"z:x":{"f:y":{}},"f:b":{}}}`, ""},
	{"two texts, one element, both members", `{"v:1":{},"v:1.0":{}}`, ""},
	{"two texts, one element, children then member", `{"f:a":{"v:1":{"f:x":{}},"v:1.0":{}}}`, ""},
	{"two texts, one element, both with children", `{"f:a":{"v:1":{"f:x":{}},"v:1.0":{"f:y":{}}}}`, ""},
	{"two texts, one element, member then children", `{"f:a":{"k:{\"a\":1,\"b\":2}":{},"k:{\"b\":2,\"a\":1}":{"f:y":{}}}}`, ""},
	{"null below an element", `{"f:a":null}`, ""},
	{"a key too short", `{"f":{}}`, ""},
	{"an empty key", `{"":{}}`, ""},
	{"no colon second", `{"ff:a":{}}`, ""},
	{"colon later", `{"fa:b":{}}`, ""},
	{"a field with a colon", `{"f:a:b":{}}`, ""},
	{"an empty field", `{"f:":{}}`, ""},
	{"keys not an object", `{"k:[1]":{}}`, ""},
	{"keys empty object", `{"k:{}":{}}`, ""},
	{"a value not JSON", `{"v:x":{}}`, ""},
	{"a value with trailing data", `{"v:1 2":{}}`, ""},
	{"an index not a number", `{"i:a":{}}`, ""},
	{"a negative index", `{"i:-1":{}}`, ""},
	{"an index with a sign", `{"i:+1":{}}`, ""},
	{"an element not an object", `{"f:a":1}`, ""},
	{"an element a list", `{"f:a":[]}`, ""},
	{"top level a list", `[]`, ""},
	{"top level null", `null`, ""},
	{"trailing data", `{"f:a":{}} {}`, ""},
	{"field names: quotes, backslashes, controls", `{"f:a\"b":{},"f:a\\b":{},"f:a\tb":{},"f:a\u0001b":{},"f:a\u2028b":{}}`, ""},
	// The engine reads FieldsV1 inside live's YAML, where kubectl and kyaml both refuse the escape
	// "\/" (yamldiff's TestRefusedAsKubectl); the field manager reads JSON, which allows it.
	{"field names: an escaped slash", `{"f:a\/b":{}}`, "refused"},
	{"field names: other controls", `{"f:\b\f\n\r\u0000\u007f\u001f":{},"f:\u2029<>&":{}}`, ""},
	// The engine reads FieldsV1 as YAML (as it reads live), whose reader refuses a lone surrogate;
	// the reference reads it as U+FFFD ("f:\ufffdx").
	{"field names: a lone surrogate", `{"f:\ud800x":{}}`, "refused"},
	{"key names: controls", `{"k:{\"\\b\\n\\u2028&\":\"\\b\\n&\"}":{}}`, ""},
	{"key names and values escaped inside", `{"k:{\"a<\":\"b>\\u2028\"}":{}}`, ""},
	{"two texts, one element, later text first", `{"f:a":{"v:1.0":{"f:y":{}},"v:1":{"f:x":{}}}}`, ""},
	{"keys null", `{"k:null":{}}`, ""},
	{"keys empty content", `{"k:":{}}`, ""},
	{"value empty content", `{"v:":{}}`, ""},
	{"index empty content", `{"i:":{}}`, ""},
	{"index huge", `{"i:99999999999999999999":{}}`, ""},
	{"two texts, one element, later member only", `{"f:a":{"v:1.0":{"f:y":{}},"v:1":{}}}`, ""},
}

func TestFieldsV1MatchesFieldManager(t *testing.T) {
	for _, p := range fieldsV1Probes {
		var ref smdpath.Set
		refErr := ref.FromJSON(bytes.NewReader([]byte(p.text)))
		var refText []byte
		if refErr == nil {
			refText, refErr = ref.ToJSON()
		}
		set, engErr := fieldset.Parse(p.text)
		var engText string
		if engErr == nil {
			engText, engErr = set.JSON()
		}
		t.Logf("%-48s %s -> %s (error %v)", p.name, p.text, refText, refErr)
		switch {
		case p.known == "refused":
			if engErr == nil {
				t.Errorf("%s: %s: the engine read it, known to refuse it", p.name, p.text)
			}
		case p.known != "":
			if engText != p.known {
				t.Errorf("%s: %s: the engine wrote %s (error %v), known to write %s", p.name, p.text, engText, engErr, p.known)
			}
		case (refErr == nil) != (engErr == nil):
			t.Errorf("%s: %s: reference error %v, engine error %v", p.name, p.text, refErr, engErr)
		case refErr == nil && string(refText) != engText:
			t.Errorf("%s: %s:\n  reference %s\n  engine    %s", p.name, p.text, refText, engText)
		}
	}
}
