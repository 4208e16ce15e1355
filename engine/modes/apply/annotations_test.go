package apply

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestAnnotationsAsKubectlReadsThem checks the reading of last-applied's and live's annotations
// row by row: the annotations as kubectl makes them (as sorted-key JSON, "-" when it drops them
// all) and the value it could not read. (A config holding such a value is refused before the
// mode runs: package objectmeta.)
func TestAnnotationsAsKubectlReadsThem(t *testing.T) {
	tests := []struct {
		name, annotations string
		want, unreadable  string
	}{
		{"strings", `{a: x, b: "1"}`, `{"a":"x","b":"1"}`, ""},
		{"a null becomes empty", `{a: ~, b: x}`, `{"a":"","b":"x"}`, ""},
		{"a boolean drops them all", `{a: x, b: true}`, "-", "b"},
		{"a YAML 1.1 boolean", `{a: yes}`, "-", "a"},
		{"a number", `{a: 1.5, b: ~}`, "-", "a"},
		{"a map", `{a: {x: y}}`, "-", "a"},
		{"a list", `{a: [x]}`, "-", "a"},
		{"the first one named", `{a: 1, b: true}`, "-", "a"},
		{"a quoted boolean is a string", `{a: "true"}`, `{"a":"true"}`, ""},
		{"annotations null", `~`, "", ""},
		{"annotations a list", `[a]`, "-", "(annotations)"},
	}
	for _, tt := range tests {
		obj := tree(t, "metadata:\n  name: n\n  annotations: "+tt.annotations+"\n")
		before := yamltree.EmitNode(obj)
		read := readAnnotations(obj)
		got := asKubectlReads(obj, read).Lookup("metadata", "annotations")
		gotText := ""
		switch {
		case read.dropped():
			gotText = "-"
			if got != nil {
				t.Errorf("%s: kept %s", tt.name, got)
			}
		case got != nil && !got.IsNull():
			text, err := yamltree.SortedJSON(got)
			if err != nil {
				t.Fatal(err)
			}
			gotText = text
		}
		if gotText != tt.want {
			t.Errorf("%s: annotations %s, want %s", tt.name, gotText, tt.want)
		}
		unreadable := read.key
		if read.dropped() && read.key == "" {
			unreadable = "(annotations)"
		}
		if unreadable != tt.unreadable {
			t.Errorf("%s: unreadable %q, want %q", tt.name, unreadable, tt.unreadable)
		}
		if yamltree.EmitNode(obj) != before {
			t.Errorf("%s: the config itself changed", tt.name)
		}
	}
}

// TestDecodedAnnotations checks the API server's decoding of a patched object's annotations.
func TestDecodedAnnotations(t *testing.T) {
	tests := []struct{ annotations, want string }{
		{`{a: x, b: ~}`, ""},
		{`{a: x, b: 1}`, "cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"},
		{`{a: on}`, "cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string"},
		{`[a]`, "cannot unmarshal array into Go struct field ObjectMeta.metadata.annotations of type map[string]string"},
	}
	for _, tt := range tests {
		err := decodedAnnotations(tree(t, "metadata:\n  annotations: "+tt.annotations+"\n"))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.annotations, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want %q", tt.annotations, err, tt.want)
		}
	}
	if err := decodedAnnotations(nil); err != nil {
		t.Errorf("no result: %v", err)
	}
}
