package yamldiff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
	yaml2 "go.yaml.in/yaml/v2"
	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// resolveSpellings generates plain scalars around the edges of every rule of both rule sets:
// signs, prefixes in both cases, underscores, dots and exponents, infinities, sexagesimal
// numbers, timestamps, the boolean and null words in every capitalisation.
func resolveSpellings() []string {
	bodies := []string{
		"0", "00", "1", "7", "8", "08", "010", "0755", "0778", "12", "1_000", "1__0", "_1", "1_", "0_7",
		"0b101", "0B101", "0b", "0b102", "0b_1", "0o17", "0O17", "0o", "0o8", "0x1F", "0X1a", "0x", "0xg", "0x_1F",
		"9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
		"0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000",
		"0b1111111111111111111111111111111111111111111111111111111111111111",
		"0b11111111111111111111111111111111111111111111111111111111111111111",
		"1.5", "1.", ".5", ".", "1.2.3", "1e3", "1E3", "1e+3", "1e-3", "1.5e3", ".5e3", "1.e3", "e3", "1e", "1e3.5",
		"1_000.5", "1.5_0", "0.1", "1.5e300", "1e400", "123456789012345678901234567890",
		".inf", ".Inf", ".INF", ".iNf", "inf", "Infinity", ".nan", ".NaN", ".NAN", ".nAn", "nan", "NaN",
		"190:20:30", "1:30", "1:30.5", "0x1p3", "1_0e3",
		"2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-12-14T21:59:43Z",
		"2001-1-4", "2001-12-14T21:59", "20011-12-14",
		".5_0", ".5_", "._5", ".5__0", ".5e3", ".5E+3", ".e3", "0.5_0", "1._5", "1e+_3", "1e_3", "0x1p3", "0_b1",
		"00x1", "0b_", "0x10.5", "1e3_0", "0e0", "0.0", "00.5", "1__", "9_223_372_036_854_775_808",
	}
	var out []string
	for _, b := range bodies {
		out = append(out, b, "+"+b, "-"+b)
	}
	for _, w := range []string{"y", "yes", "n", "no", "on", "off", "true", "false", "null", "~"} {
		out = append(out, w, strings.ToUpper(w), strings.ToUpper(w[:1])+w[1:], strings.ToUpper(w[len(w)-1:])+w[:len(w)-1])
	}
	return append(out, "", "NULL", "nULL", "TRUE", "tRUE", "oN", "yEs", "Yes", "YeS", "NO", "No", "nO")
}

// TestResolveMatchesReferences reads every spelling as a map value with the references and wants
// yamltree's rules to agree: under YAML 1.1 the type go.yaml.in/yaml/v2 (kubectl's reader, under
// sigs.k8s.io/yaml) decodes and the JSON kubectl makes of it, under YAML 1.2 the tag yaml.v3
// (kyaml's reader) resolves.
func TestResolveMatchesReferences(t *testing.T) {
	for _, s := range resolveSpellings() {
		text := "a: " + s + "\n"
		if want, ok := yaml11Type(text); ok {
			if got := yamltree.YAML11.Resolve(s); got != want {
				t.Errorf("YAML 1.1 %q: yamltree reads %v, kubectl's reader %v", s, got, want)
			}
		}
		wantJSON, refErr := yaml.YAMLToJSON([]byte(text))
		root, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
		switch {
		case refErr != nil && err == nil:
			t.Errorf("YAML 1.1 %q: kubectl refuses it (%v), yamltree reads it", s, refErr)
		case refErr == nil && err != nil:
			t.Errorf("YAML 1.1 %q: kubectl reads %s, yamltree refuses it (%v)", s, wantJSON, err)
		case err == nil && !bigUnsigned(wantJSON):
			// kubectl's -0 is 0 once it reads its JSON back (the bignumber class compares it)
			want := strings.Replace(string(wantJSON), ":-0}", ":0}", 1)
			if got, jerr := yamltree.SortedJSON(root); jerr != nil || got != want {
				t.Errorf("YAML 1.1 %q: yamltree writes %s, kubectl %s", s, got, wantJSON)
			}
		}
		if want, ok := yaml12Tag(text); ok {
			if got := yamltree.YAML12.Resolve(s); got != want {
				t.Errorf("YAML 1.2 %q: yamltree reads %v, kyaml's reader %v", s, got, want)
			}
		}
	}
}

// bigUnsigned reports whether kubectl's JSON holds an integer past 2^63: written exactly by
// sigs.k8s.io/yaml, it becomes a float64 once kubectl decodes the object (observed:
// 18446744073709551615 is 18446744073709552000 in last-applied; the bignumber class compares it).
func bigUnsigned(json []byte) bool {
	digits := strings.TrimSuffix(strings.TrimPrefix(string(json), `{"a":`), "}")
	return strings.Trim(digits, "0123456789") == "" &&
		(len(digits) > 19 || (len(digits) == 19 && digits > "9223372036854775807"))
}

// yaml11Type is the type go.yaml.in/yaml/v2 decodes the value of "a" to; ok is false when it
// refuses the text.
func yaml11Type(text string) (yamltree.Tag, bool) {
	var m map[string]any
	if err := yaml2.Unmarshal([]byte(text), &m); err != nil {
		return 0, false
	}
	switch v := m["a"].(type) {
	case nil:
		return yamltree.NullTag, true
	case bool:
		return yamltree.BoolTag, true
	case int, int64, uint64, uint:
		return yamltree.IntTag, true
	case float64:
		return yamltree.FloatTag, true
	case string:
		return yamltree.StrTag, true
	default:
		panic(fmt.Sprintf("yaml.v2 decoded %T", v))
	}
}

// yaml12Tag is the tag yaml.v3 resolves the value of "a" to (a timestamp is a string to
// yamltree, as both references keep it when reading into untyped data).
func yaml12Tag(text string) (yamltree.Tag, bool) {
	var doc yaml3.Node
	if err := yaml3.Unmarshal([]byte(text), &doc); err != nil {
		return 0, false
	}
	v := doc.Content[0].Content[1]
	switch v.ShortTag() {
	case "!!null":
		return yamltree.NullTag, true
	case "!!bool":
		return yamltree.BoolTag, true
	case "!!int":
		return yamltree.IntTag, true
	case "!!float":
		return yamltree.FloatTag, true
	}
	return yamltree.StrTag, true
}
