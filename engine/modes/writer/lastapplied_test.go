package writer

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestSentByCreate checks the annotation kubectl create and replace send, row by row, against
// what kube-apiserver v1.37.2 stored (2026-12-06, kubectl create and replace of a ConfigMap in
// namespace default; make apiserver-diff seed 1, ssa-1, ssa-2, ssa-8, ssa-16).
func TestSentByCreate(t *testing.T) {
	const stored = `{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"lat","namespace":"default"}}` + "\n"
	tests := []struct {
		name, annotation, want string
	}{
		{"a JSON object is rewritten", `'{"metadata":{"name":"lat"}}'`, stored},
		{"any other text is rewritten", `x`, stored},
		{"an empty one is kept", `""`, ""},
		{"none stays none", "", "-"},
	}
	for _, tt := range tests {
		text := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: lat\n"
		if tt.annotation != "" {
			text += "  annotations:\n    " + LastAppliedAnnotation + ": " + tt.annotation + "\n"
		}
		text += "data:\n  a: \"1\"\n"
		root, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		before := yamltree.EmitNode(root)
		r := &stream.Resource{ID: stream.ID{APIVersion: "v1", Kind: "ConfigMap", Namespace: "default", Name: "lat"}, Root: root}
		sent, err := SentByCreate([]*stream.Resource{r})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := "-"
		if v := sent[0].Root.Lookup("metadata", "annotations", LastAppliedAnnotation); v != nil {
			got = v.Str()
		}
		if got != tt.want {
			t.Errorf("%s: sent %q, want %q", tt.name, got, tt.want)
		}
		if yamltree.EmitNode(root) != before {
			t.Errorf("%s: the config was changed", tt.name)
		}
	}
}
