package label

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

const live = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n    tier: front\n"

// TestWordsAsKubectlCarriesThemOut: each row is kubectl label's words on live (tier=front), and
// the labels after them or kubectl's refusal (observed with kubectl v1.37.2:
// engine/modes/writer/testdata/observed.txt).
func TestWordsAsKubectlCarriesThemOut(t *testing.T) {
	tests := []struct {
		args, labels, refusal, parseError string
	}{
		{args: "a=b", labels: `{"a":"b","tier":"front"}`},
		{args: "tier=front", labels: `{"tier":"front"}`},
		{args: "tier=back", refusal: "error: 'tier' already has a value (front), and --overwrite is false"},
		{args: "tier=back --overwrite", labels: `{"tier":"back"}`},
		{args: "--overwrite tier=back", labels: `{"tier":"back"}`},
		{args: "tier-", labels: ""},
		{args: "absent-", labels: `{"tier":"front"}`},
		{args: "tier- a=", labels: `{"a":""}`},
		{args: "bad", parseError: "at least one label update is required"},
		{args: "--overwrite", parseError: "at least one label update is required"},
		{args: "", parseError: "at least one label update is required"},
	}
	root, err := yamltree.ParseOne(yamltree.Live, live, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			w, err := labelVerb.parse(tt.args)
			if tt.parseError != "" {
				if err == nil || !strings.Contains(err.Error(), tt.parseError) {
					t.Fatalf("error %v, want one holding %q", err, tt.parseError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			out, refusal := labelVerb.edit(root, w)
			if refusal != tt.refusal {
				t.Fatalf("refusal %q, want %q", refusal, tt.refusal)
			}
			if refusal != "" {
				return
			}
			got := ""
			if l := out.Lookup("metadata", "labels"); l != nil {
				got, _ = yamltree.SortedJSON(l)
			}
			if got != tt.labels {
				t.Errorf("labels %s, want %s", got, tt.labels)
			}
			if root.Lookup("metadata", "labels", "tier").Str() != "front" {
				t.Errorf("live was changed")
			}
		})
	}
}

// TestAnnotateRefusesInItsOwnWords: kubectl annotate's refusal differs from label's.
func TestAnnotateRefusesInItsOwnWords(t *testing.T) {
	root, err := yamltree.ParseOne(yamltree.Live, "metadata:\n  annotations:\n    note: hello\n", yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, _ := annotateVerb.parse("note=bye")
	if _, refusal := annotateVerb.edit(root, w); refusal != "error: --overwrite is false but found the following declared annotation(s): 'note' already has a value (hello)" {
		t.Errorf("refusal %q", refusal)
	}
}
