package handler

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestParseCacheHandsOutCopies checks that a cached reading is reused for the same text and
// rules, that each caller gets its own copy, and that another text or rule set is read anew.
func TestParseCacheHandsOutCopies(t *testing.T) {
	c := newParseCache()
	opts := yamltree.Options{}
	first, err := c.parse(yamltree.Live, "a: 1\nb: [x]\n", opts)
	if err != nil {
		t.Fatal(err)
	}
	first[0].Root.Fields[0].Value.Value = "changed"
	first[0].Root.Fields[1].Value.Items = nil
	second, err := c.parse(yamltree.Live, "a: 1\nb: [x]\n", opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := second[0].Root.Fields[0].Value.Value; got != "1" {
		t.Errorf("a caller's change reached the cache: a = %q", got)
	}
	if len(second[0].Root.Fields[1].Value.Items) != 1 {
		t.Error("a caller's change reached the cache: b lost its item")
	}
	other, _ := c.parse(yamltree.Live, "a: 2\n", opts)
	if other[0].Root.Fields[0].Value.Value != "2" {
		t.Error("a new text was not read")
	}
	yes11, _ := c.parse(yamltree.Updated, "v: yes\n", yamltree.Options{Rules: yamltree.YAML11})
	yes12, _ := c.parse(yamltree.Updated, "v: yes\n", yamltree.Options{Rules: yamltree.YAML12})
	if yes11[0].Root.Fields[0].Value.Tag == yes12[0].Root.Fields[0].Value.Tag {
		t.Error("one reading served two rule sets")
	}
}

// TestParseCacheKeepsErrors checks that a text that fails to parse fails again, with the same
// error, and that the next good text is read.
func TestParseCacheKeepsErrors(t *testing.T) {
	c := newParseCache()
	_, err1 := c.parse(yamltree.Original, "a: [", yamltree.Options{})
	_, err2 := c.parse(yamltree.Original, "a: [", yamltree.Options{})
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Fatalf("errors: %v, %v", err1, err2)
	}
	if docs, err := c.parse(yamltree.Original, "a: []", yamltree.Options{}); err != nil || len(docs) != 1 {
		t.Fatalf("good text after a bad one: %v %v", docs, err)
	}
}

// TestParseCacheSchemas checks that a user schema is loaded, and put on top of the base, once per
// text and base.
func TestParseCacheSchemas(t *testing.T) {
	c := newParseCache()
	base, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	text := "types:\n- name: t\n  scalar: string\n"
	a, merged, err := c.schema(text, base)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Named("t") == nil || merged.Named("io.k8s.api.core.v1.Container") == nil {
		t.Error("the merged set lacks the user's type or a built-in one")
	}
	if b, again, _ := c.schema(text, base); b != a || again != merged {
		t.Error("the same schema text was loaded, or merged, twice")
	}
	if b, _, _ := c.schema(text+"\n", base); b == a {
		t.Error("another text reused the last set")
	}
	if _, _, err := c.schema("types: [", base); err == nil {
		t.Error("a broken schema was accepted")
	}
}

// TestLineDiffAfterAnEdit answers a stream, then an edit of one of its resources, and wants the
// edit's line diff to be a fresh handler's: the documents compared in the first answer and
// reused in the second read the same.
func TestLineDiffAfterAnEdit(t *testing.T) {
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: v\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: v\n"
	first := &contract.Request{Mode: "apply", Live: live, Updated: strings.ReplaceAll(live, "k: v", "k: w"), Options: contract.DefaultOptions()}
	edit := *first
	edit.Updated = strings.Replace(first.Updated, "k: w", "k: x", 1)
	h := Default()
	h.Handle(context.Background(), first)
	got, err := json.Marshal(h.Handle(context.Background(), &edit).Extra["diff"])
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(Default().Handle(context.Background(), &edit).Extra["diff"])
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) || !strings.Contains(string(got), `k: x"`) || !strings.Contains(string(got), `k: w"`) {
		t.Errorf("after an edit:\n%s\nwant\n%s", got, want)
	}
}
