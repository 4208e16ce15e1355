package yamltree

import (
	"strings"
	"testing"
)

// TestRefusedAsBothReferences checks the last classes of issue 30 (item 2), refused under both
// rule sets at the line kubectl names, with the reference's words in the message. Each was
// observed with apimachinery v0.37.2 (kubectl's reading of a file) and kyaml v0.21.3
// (scripts/conformance/yamldiff, classes directives, tablines and anchornames).
func TestRefusedAsBothReferences(t *testing.T) {
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n"
	tests := []struct {
		name, text, at, message string
	}{
		{"%YAML 1.2", "%YAML 1.2\n---\n" + cm, "1:1", "found incompatible YAML document"},
		{"%YAML 2.0", "%YAML 2.0\n---\n" + cm, "1:1", "found incompatible YAML document"},
		{"%YAML 1.2 after a document", cm + "---\n%YAML 1.2\n---\n" + cm, "6:1", "found incompatible YAML document"},
		{"%YAML 1.1 cut from its ---", "%YAML 1.1\n---\n" + cm, "2:1", "did not find expected <document start>"},
		{"%TAG cut from its ---", "%TAG !e! tag:example.com,2000:\n---\n" + cm, "2:1", "did not find expected <document start>"},
		{"%YAML 1.1 after a comment", "# head\n%YAML 1.1\n--- # c\n" + cm, "3:1", "did not find expected <document start>"},
		{"%YAML 1.1 before content", "%YAML 1.1\n" + cm, "2:1", "did not find expected <document start>"},
		{"%YAML 1.1 alone", "%YAML 1.1\n", "2:1", "did not find expected <document start>"},
		{"a second %YAML", "%YAML 1.1\n%YAML 1.1\n---\n" + cm, "2:1", "found duplicate %YAML directive"},
		{"an unknown directive", "%FOO bar\n---\n" + cm, "1:1", "found unknown directive name"},
		{"a tab line after a plain scalar", cm + "\t\ndata:\n  x: 'y'\n", "5:1", "found a tab character that violates indentation"},
		{"a tab line after spaces, where the map's keys stand", cm + "  \t\ndata: {}\n", "5:3", "found a tab character that violates indentation"},
		{"a tab line after a quoted scalar", cm + "data:\n  x: 'y'\n\t\n  z: 'w'\n", "7:1", "found character that cannot start any token"},
		{"a tab before a comment", cm + "data:\n  x: 'y'\n\t# c\n", "7:1", "found character that cannot start any token"},
		{"a tab line after a key", cm + "data:\n\t\n  x: 'y'\n", "6:1", "found character that cannot start any token"},
		{"a tab line at the start", "\t\n" + cm, "1:1", "found character that cannot start any token"},
		{"a tab line in a block scalar", cm + "data:\n  x: |\n    a\n  \t\n    b\n", "8:3", "found a tab character where an indentation space is expected"},
		{"a tab line ending a block scalar", cm + "data:\n  x: |\n    a\n\t\n  z: w\n", "8:1", "found a tab character where an indentation space is expected"},
		{"an anchor with a dot", cm + "data:\n  x: &a-1.x 'y'\n", "6:10", "did not find expected alphabetic or numeric character"},
		{"an anchor with a letter outside ASCII", cm + "data:\n  x: &ä 'y'\n", "6:7", "did not find expected alphabetic or numeric character"},
		{"an alias with a dot", cm + "data:\n  x: &a 'y'\n  z: *a.b\n", "7:8", "did not find expected alphabetic or numeric character"},
		{"an anchor without a name", cm + "data:\n  x: & 'y'\n", "6:7", "did not find expected alphabetic or numeric character"},
	}
	for _, tt := range tests {
		for _, rules := range []Rules{YAML11, YAML12} {
			t.Run(tt.name, func(t *testing.T) {
				_, err := Parse(Live, tt.text, Options{Rules: rules})
				e, ok := err.(*Error)
				if !ok {
					t.Fatalf("rules %v: got %v, want an error at %s", rules, err, tt.at)
				}
				if at := strings.TrimPrefix(e.Error(), "live:"); !strings.HasPrefix(at, tt.at+":") || !strings.Contains(e.Message, tt.message) {
					t.Errorf("rules %v: got %v, want live:%s with %q", rules, e, tt.at, tt.message)
				}
			})
		}
	}
}

// TestReadAsBothReferences checks what the references read near those refusals: a tab a plain
// scalar's reading passes where a continuing line could stand, a tab inside a block scalar's
// content or a flow collection, anchor names of letters, digits, "-" and "_", and an alias used
// as a key (kubectl's key is the anchored value).
func TestReadAsBothReferences(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"a tab past where a continuing line stands", "m:\n  a: b\n   \t\nc: d\n", `{"m":{"a":"b"},"c":"d"}`},
		{"a tab after a comment past it", "m:\n  a: b\n    \t# c\nc: d\n", `{"m":{"a":"b"},"c":"d"}`},
		{"a tab in a block scalar's content", "a: |\n  x\n  \t\n  y\n", `{"a":"x\n\t\ny\n"}`},
		{"a tab line in a flow list", "a: [x,\n\t\n  z]\n", `{"a":["x","z"]}`},
		{"a tab line in quotes", "a: 'x\n\t\n  y'\n", `{"a":"x\ny"}`},
		{"anchor names", "a: &a_b-C9 x\nb: *a_b-C9\nc: [&x-1 z, *x-1]\n", `{"a":"x","b":"x","c":["z","z"]}`},
		{"an alias as a key", "a: &k name\n*k : v\n", `{"a":"name","name":"v"}`},
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
