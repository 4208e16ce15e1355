package jsonwire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// valueSeeds are JSON texts well and badly formed, for FuzzValue and TestValueAsEncodingJSON.
var valueSeeds = []string{
	`{"a":1,"b":[true,false,null],"c":{"d":"e"}}`, ` { "a" : 1 , "a" : 2 } `, `{"a":{"x":1},"a":null}`,
	`"\u0041\ud83d\ude00\u00e9\u2028"`, `"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800x"`, `"\ud83d\uZZZZ"`,
	`"\u12"`, `"\x"`, `"a` + "\x01" + `"`, `"` + "\xff\xfe" + `é"`, `"\/\b\f\n\r\t\"\\"`, `"` + "\xed\xa0\x80" + `"`,
	`0`, `-0`, `-`, `01`, `1.`, `1.5e`, `1e+5`, `-1.25E-3`, `1e400`, `-1e400`, `1e-400`, `123456789012345678901234567890`,
	`[]`, `{}`, `[1,]`, `{"a":1,}`, `{"a"}`, `{1:2}`, `[1 2]`, `nul`, `truex`, `true false`, `[`, `{"a":`, ``, ` `,
	`{"a":1}x`, `{"a":1} {}`, `{"a":1}]`, "\t[\r\n1\n]\n", `"\u0000"`, "[\"a\"\u00a0]", `{"":""}`, `{"é":{"é":[]}}`,
}

// compareValue reads data with Value and ValueKeepingNumbers and with encoding/json, and fails
// when they differ in accepting it or in what they read.
func compareValue(t *testing.T, data []byte) {
	t.Helper()
	var want any
	wantErr := json.Unmarshal(data, &want)
	got, gotErr := Value(data)
	// On an error, what encoding/json leaves in its value is not compared ("[1e700]" leaves
	// [nil]): only that both refuse.
	if (gotErr == nil) != (wantErr == nil) || (wantErr == nil && !reflect.DeepEqual(got, want)) {
		t.Fatalf("Value(%q) = %#v, %v; encoding/json: %#v, %v", data, got, gotErr, want, wantErr)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var wantNumbers any
	wantErr = dec.Decode(&wantNumbers)
	if wantErr == nil && dec.InputOffset() != int64(len(bytes.TrimRight(data, " \t\r\n"))) {
		wantErr, wantNumbers = errTrailing, nil
	}
	gotNumbers, gotErr := ValueKeepingNumbers(data)
	if (gotErr == nil) != (wantErr == nil) || (wantErr == nil && !reflect.DeepEqual(gotNumbers, fromJSONNumbers(wantNumbers))) {
		t.Fatalf("ValueKeepingNumbers(%q) = %#v, %v; encoding/json: %#v, %v", data, gotNumbers, gotErr, wantNumbers, wantErr)
	}
}

var errTrailing = &SyntaxError{Message: "trailing data"}

// fromJSONNumbers turns encoding/json's json.Number into Number, throughout v.
func fromJSONNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return Number(x)
	case []any:
		for i := range x {
			x[i] = fromJSONNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = fromJSONNumbers(x[k])
		}
	}
	return v
}

// compareWrite writes v with Writer.Value and with encoding/json (HTML escaping off), and fails
// when the bytes differ.
func compareWrite(t *testing.T, v any) {
	t.Helper()
	var w Writer
	w.Value(v)
	got, err := w.Bytes()
	if err != nil {
		t.Fatalf("writing %#v: %v", v, err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
		t.Fatalf("writing %#v:\ngot  %s\nwant %s", v, got, want.Bytes())
	}
}

func TestValueAsEncodingJSON(t *testing.T) {
	for _, s := range valueSeeds {
		compareValue(t, []byte(s))
	}
}

func TestNestingLimitAsEncodingJSON(t *testing.T) {
	for _, depth := range []int{maxDepth, maxDepth + 1} {
		compareValue(t, []byte(strings.Repeat("[", depth)+strings.Repeat("]", depth)))
		compareValue(t, []byte(strings.Repeat(`{"a":`, depth)+"1"+strings.Repeat("}", depth)))
	}
}

// FuzzValue checks that Value and ValueKeepingNumbers read any text as encoding/json does, and
// that Writer writes what they read back as encoding/json writes it.
func FuzzValue(f *testing.F) {
	for _, s := range valueSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		compareValue(t, data)
		if v, err := ValueKeepingNumbers(data); err == nil {
			compareWrite(t, fromNumbersToStrings(v))
		}
	})
}

// fromNumbersToStrings replaces each Number by its text, a string (encoding/json writes a
// Number of its own, json.Number, not ours).
func fromNumbersToStrings(v any) any {
	switch x := v.(type) {
	case Number:
		return string(x)
	case []any:
		for i := range x {
			x[i] = fromNumbersToStrings(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = fromNumbersToStrings(x[k])
		}
	}
	return v
}

// FuzzWriteString checks that any text, valid UTF-8 or not, is written as encoding/json writes it.
func FuzzWriteString(f *testing.F) {
	for _, s := range []string{"", "a<b>&c", "\x00\x1f\x7f\b\f\n\r\t\"\\/", "é\u2028\u2029\ufffd", "\xff\xfe", "\xed\xa0\x80", "😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compareWrite(t, s)
		compareWrite(t, map[string]any{s: []any{s, true, nil, 7}, "k": map[string]string{s: s}})
	})
}
