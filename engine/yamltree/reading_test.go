package yamltree

import (
	"strings"
	"testing"
	"time"
)

// TestReadAsKubectl checks values as kubectl reads them (YAML 1.1 through sigs.k8s.io/yaml),
// each observed with apimachinery v0.37.2 (scripts/conformance/yamldiff runs them all against
// the references): the JSON of the document, or an error at a line and column.
func TestReadAsKubectl(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"YAML 1.1 booleans written as true and false", "a: on\nb: !!bool yes\nc: N\n", `{"a":true,"b":true,"c":false}`},
		{"numbers written as JSON writes them", "a: 0755\nb: 0x1F\nc: 1_000\nd: +12\ne: .5\n", `{"a":493,"b":31,"c":1000,"d":12,"e":0.5}`},
		{"integers past 2^53 exact, past 2^63 a float", "a: 9007199254740993\nb: 9223372036854775808\nc: -0.0\nd: 1.0\n", `{"a":9007199254740993,"b":9223372036854776000,"c":0,"d":1}`},
		{"!!binary decoded", "a: !!binary aGVsbG8=\nb: !!binary |\n  aGVs\n  bG8=\n", `{"a":"hello","b":"hello"}`},
		{"invalid UTF-8 in !!binary as U+FFFD", "a: !!binary /w==\n", `{"a":"` + "\ufffd" + `"}`},
		{"verbatim tags", "a: !<tag:yaml.org,2002:str> 12\nb: !<tag:yaml.org,2002:int> '12'\n", `{"a":"12","b":12}`},
		{"float keys", "? .inf\n: 1\n? -.Inf\n: 2\n? .NaN\n: 3\n1e3: 4\n", `{".inf":1,"-.inf":2,".nan":3,"1000":4}`},
		{"big integer keys", "9223372036854775807: a\n18446744073709551616: b\n", `{"9223372036854775807":"a","1.8446744e+19":"b"}`},
		{"tab in a plain scalar", "a: a\tb\nb: [c\td, e]\n", `{"a":"a\tb","b":["c\td","e"]}`},
		{"tabs in double quotes", "a: \"\tx\"\nb: \"x\n\ty\"\nc: \"x\ty\"\n", `{"a":"\tx","b":"x y","c":"x\ty"}`},
		{"escaped quote", "a: \"x\\'y\"\n", `{"a":"x'y"}`},
		{"escapes", "a: \"\\x41\\u00e9\\U0001F600\\_\\L\"\n", `{"a":"Aé😀` + "\u00a0" + `\u2028"}`},
		{"folding", "a: \"x  \n\n  y \\\n  z\"\n", `{"a":"x\ny z"}`},
		{"empty keep block", "a: |+\nb: 1\nc: |+\n\nd: 1\n", `{"a":"","b":1,"c":"\n","d":1}`},
		{"comment in a flow map", "a: {x: 1,\n# c\n z: 2}\nb: [1,\n # c\n 2]\n", `{"a":{"x":1,"z":2},"b":[1,2]}`},
		{"a comment after ---", "--- # c\na: 1\n", `{"a":1}`},
		// a tag or anchor before a map's first key is the key's: the map's entries stand at its
		// column (issue 20's fuzz inputs tag-before-key and tag-before-key-2, FuzzMerge3)
		{"tag before a first key", "data:\n  ! k: v\n  b: x\n", `{"data":{"k":"v","b":"x"}}`},
		{"tag before a first key, deeper lines under it", "0:\n      ! 0: \n        1:", `{"0":{"0":{"1":null}}}`},
		{"anchor and tag before an item's first key", "- &a !foo k: v\n  b: *a\n- !!str 010: 2\n  g: 3\n", `[{"k":"v","b":"k"},{"010":2,"g":3}]`},
		{"the non-specific tag", "a: ! 12\nb: !\nc: !<!> true\n", `{"a":"12","b":"","c":"true"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := ParseOne(Updated, tt.text, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got, err := JSON(root); err != nil || got != tt.want {
				t.Errorf("got %s (%v), want %s", got, err, tt.want)
			}
		})
	}
}

// TestRefusedAsKubectl checks that what kubectl refuses is refused, at the right place.
func TestRefusedAsKubectl(t *testing.T) {
	tests := []struct {
		name, text, at, message string
	}{
		{"unknown escape", "a: \"x\\/y\"\n", "1:6", "unknown escape character \\/"},
		{"bad hex", "a: \"\\uZZZZ\"\n", "1:5", "hexadecimal"},
		{"surrogate", "a: \"\\uDFFF\"\n", "1:5", "invalid Unicode"},
		{"control character", "a: x\x01y\n", "1:5", "control character U+0001"},
		{"DEL", "a: x\x7fy\n", "1:5", "control character U+007F"},
		{"next line", "a: x\u0085y\n", "1:5", "line break"},
		{"undefined tag handle", "a: !e!foo x\n", "1:4", "undefined tag handle"},
		{"null key", "~: 1\n", "1:1", "unsupported map key"},
		{"null key spelt", "null: 1\n", "1:1", "unsupported map key"},
		{"integer key past 2^63", "9223372036854775808: a\n", "1:1", "unsupported map key"},
		{"infinity", "a: .inf\n", "1:4", "not a number JSON can hold"},
		{"NaN in a list", "a: [1, .NaN]\n", "1:8", "not a number JSON can hold"},
		{"content on ---", "--- a: 1\n", "1:5", "invalid document separator"},
		{"tag on ---", "--- !!map\na: 1\n", "1:5", "invalid document separator"},
		{"bad base64", "a: !!binary abc\n", "1:4", "invalid base64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(Live, tt.text, Options{})
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("got %v, want an error at %s", err, tt.at)
			}
			if at := strings.TrimPrefix(e.Error(), "live:"); !strings.HasPrefix(at, tt.at+":") || !strings.Contains(e.Message, tt.message) {
				t.Errorf("got %v, want live:%s with %q", e, tt.at, tt.message)
			}
		})
	}
}

// TestYAML12KeepsWhatKyamlKeeps checks that kyaml's reading keeps what the YAML 1.1 one changes
// or refuses: tags it cannot decode, YAML 1.1 spellings, float and null keys, infinities.
func TestYAML12KeepsWhatKyamlKeeps(t *testing.T) {
	root, err := ParseOne(Updated, "a: !!int abc\nb: on\n~: 1\nc: .inf\nd: 0755\ne: !!bool yes\n", Options{Rules: YAML12})
	if err != nil {
		t.Fatal(err)
	}
	if got := root.String(); got != "{a: abc, b: \"on\", \"~\": 1, c: .inf, d: 0755, e: \"yes\"}" {
		t.Errorf("got %s", got)
	}
	if tag := root.Get("a").ExplicitTag(); tag != "!!int" {
		t.Errorf("explicit tag %q", tag)
	}
}

// TestNestingRefusedBeforeParsing checks that deep flow nesting and list items opened on one line
// are refused in milliseconds: the parser would take seconds to minutes on them.
func TestNestingRefusedBeforeParsing(t *testing.T) {
	for name, text := range map[string]string{
		"brackets": strings.Repeat("[", 200_000),
		"braces":   "a: " + strings.Repeat("{a: ", 50_000),
		"dashes":   strings.Repeat("- ", 100_000) + "x\n",
	} {
		start := time.Now()
		_, err := Parse(Live, text, Options{})
		if err == nil || !strings.Contains(err.Error(), "nesting deeper than 100 levels") {
			t.Errorf("%s: got %v", name, err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: refused after %v", name, took)
		}
	}
	if _, err := Parse(Live, "a: '[[[['\nb: \"{{{{\" # [[[[\n", Options{MaxDepth: 3}); err != nil {
		t.Errorf("brackets in quotes and comments counted: %v", err)
	}
}

// TestEqualNegativeZero checks that -0.0 equals 0 as kubectl compares numbers.
func TestEqualNegativeZero(t *testing.T) {
	a, b := NewScalar(FloatTag, "-0.0"), NewScalar(IntTag, "0")
	if !Equal(a, b) {
		t.Error("-0.0 and 0 differ")
	}
}
