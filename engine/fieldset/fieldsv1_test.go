package fieldset

import (
	"strings"
	"testing"
)

// Each text read and written again, with what the API server writes for it: recorded from
// structured-merge-diff v6.4.2's fieldpath.Set (scripts/conformance/ssadiff/fieldsv1probe_test.go,
// which checks the engine against it directly).
func TestFieldsV1AsTheAPIServerWritesIt(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", `{}`, `{}`},
		{"labels", `{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:replicas":{}}}`, ""},
		{"keyed items", `{"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{}}}}}}}`, ""},
		{"set items", `{"f:finalizers":{"v:1":{},"v:\"a\\u003cb\"":{}}}`, ""},
		{"indexes", `{"f:args":{"i:0":{},"i:10":{}}}`, ""},
		{"member mark first", `{"f:a":{"f:b":{},".":{}}}`, `{"f:a":{".":{},"f:b":{}}}`},
		{"kinds in order", `{"i:0":{},"v:1":{},"k:{\"a\":1}":{},"f:z":{}}`, `{"f:z":{},"k:{\"a\":1}":{},"v:1":{},"i:0":{}}`},
		{"fields bytewise", `{"f:b":{},"f:B":{},"f:a":{},"f:ab":{}}`, `{"f:B":{},"f:a":{},"f:ab":{},"f:b":{}}`},
		{"keys: numbers by value", `{"k:{\"p\":10}":{},"k:{\"p\":9}":{},"k:{\"p\":-1.5}":{}}`, `{"k:{\"p\":-1.5}":{},"k:{\"p\":9}":{},"k:{\"p\":10}":{}}`},
		{"keys: name, value, shorter first", `{"k:{\"b\":1}":{},"k:{\"a\":2,\"b\":1}":{},"k:{\"a\":2}":{}}`, `{"k:{\"a\":2}":{},"k:{\"a\":2,\"b\":1}":{},"k:{\"b\":1}":{}}`},
		{"keys sorted by name", `{"k:{\"z\":1,\"a\":\"x\"}":{}}`, `{"k:{\"a\":\"x\",\"z\":1}":{}}`},
		{"values by kind", `{"v:null":{},"v:{}":{},"v:[1]":{},"v:true":{},"v:false":{},"v:\"s\"":{},"v:2":{},"v:1.5":{}}`, `{"v:1.5":{},"v:2":{},"v:\"s\"":{},"v:false":{},"v:true":{},"v:[1]":{},"v:{}":{},"v:null":{}}`},
		{"map values", `{"v:{\"b\":1}":{},"v:{\"a\":1,\"b\":1}":{},"v:{\"a\":2}":{},"v:{\"a\":1}":{}}`, `{"v:{\"a\":1}":{},"v:{\"a\":1,\"b\":1}":{},"v:{\"a\":2}":{},"v:{\"b\":1}":{}}`},
		{"number forms", `{"v:1.0":{},"v:1e2":{},"v:0.5":{}}`, `{"v:0.5":{},"v:1":{},"v:100":{}}`},
		{"key quoting", `{"f:a<b>&":{},"f:a\u2028b":{},"f:\b\f\n\r\t\u0001\"\\/":{}}`, `{"f:\u0008\u000c\n\r\t\u0001\"\\/":{},"f:a<b>&":{},"f:a` + "\u2028" + `b":{}}`},
		{"key-field names as keys, values as data", `{"k:{\"a<\":\"b>\\u2028\"}":{}}`, `{"k:{\"a<\":\"b\\u003e\\u2028\"}":{}}`},
		{"key values: backspace and form feed by number", `{"k:{\"a\":\"\\b\\f\\\\b\"}":{}}`, `{"k:{\"a\":\"\\u0008\\u000c\\\\b\"}":{}}`},
		{"member mark alone", `{"f:a":{".":{}}}`, `{"f:a":{}}`},
		{"member mark's value ignored", `{"f:a":{".":{"f:x":{}},"f:b":{}}}`, `{"f:a":{".":{},"f:b":{}}}`},
		{"unknown kinds skipped", `{"z:future":{},"f:a":{"z:x":{}},"f:c":{"z:x":{"f:y":{}},"f:b":{}}}`, `{"f:a":{},"f:c":{"f:b":{}}}`},
		{"one element twice: members", `{"v:1":{},"v:1.0":{}}`, `{"v:1":{}}`},
		{"one element twice: later paths replace", `{"f:a":{"v:1.0":{"f:y":{}},"v:1":{"f:x":{}}}}`, `{"f:a":{"v:1":{"f:x":{}}}}`},
		{"one element twice: later member keeps paths", `{"f:a":{"v:1.0":{"f:y":{}},"v:1":{}}}`, `{"f:a":{"v:1":{".":{},"f:y":{}}}}`},
		{"null under an element", `{"f:a":null}`, `{"f:a":{}}`},
		{"null at the top", `null`, `{}`},
		{"odd but valid", `{"f:a:b":{},"f:":{},"k:{}":{},"k:null":{},"i:-1":{},"i:+2":{}}`, `{"f:":{},"f:a:b":{},"k:{}":{},"i:-1":{},"i:2":{}}`},
	}
	for _, tc := range tests {
		want := tc.want
		if want == "" {
			want = tc.text
		}
		s, err := Parse(tc.text)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got, jsonErr := s.JSON(); got != want || jsonErr != nil {
			t.Errorf("%s: %s\n got  %s (%v)\n want %s", tc.name, tc.text, got, jsonErr, want)
		}
		n, err := s.Node()
		if err != nil {
			t.Fatal(err)
		}
		if back, readErr := FromNode(n); readErr != nil || !back.Equal(s) {
			t.Errorf("%s: the node form reads back as %v (%v)", tc.name, back, readErr)
		}
	}
}

func TestFieldsV1Errors(t *testing.T) {
	tests := map[string]string{
		`{"x":{}}`:                      "shorter than a kind letter",
		`{"":{}}`:                       "shorter than a kind letter",
		`{"fx":{}}`:                     "no colon",
		`{"ff:a":{}}`:                   "no colon",
		`{"k:[1]":{}}`:                  "JSON object",
		`{"k:":{}}`:                     "invalid JSON",
		`{"v:x":{}}`:                    "invalid JSON",
		`{"v:1 2":{}}`:                  "after the value",
		`{"i:a":{}}`:                    "not a number",
		`{"i:":{}}`:                     "not a number",
		`{"i:99999999999999999999":{}}`: "not a number",
		`{"f:a":1}`:                     "expected an object",
		`{"f:a":[]}`:                    "expected an object",
		`[]`:                            "expected an object",
	}
	for text, want := range tests {
		_, err := Parse(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one mentioning %q", text, err, want)
		}
	}
}

func TestKeyFieldsSortedByName(t *testing.T) {
	e, _, err := ParseElement(`k:{"protocol":"TCP","containerPort":80}`)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := ElementText(e)
	if text != `k:{"containerPort":80,"protocol":"TCP"}` {
		t.Errorf("got %s", text)
	}
}

func TestParseElementSelectsNothing(t *testing.T) {
	for _, text := range []string{".", "z:future"} {
		if _, ok, err := ParseElement(text); ok || err != nil {
			t.Errorf("%s: ok %v, error %v; want neither", text, ok, err)
		}
	}
}
