package apply_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzApply checks the apply mode's promises on any input: no internal error, a result that
// parses back, and applying the same config again changes nothing.
func FuzzApply(f *testing.F) {
	dirs, _ := filepath.Glob("../../../examples/apply-*")
	for _, d := range dirs {
		read := func(name string) string { b, _ := os.ReadFile(filepath.Join(d, name)); return string(b) }
		f.Add(read("original.yaml"), read("updated.yaml"), read("live.yaml"))
	}
	h := handler.Default()
	f.Fuzz(func(t *testing.T, original, updated, live string) {
		if len(original)+len(updated)+len(live) > 8000 {
			return
		}
		resp := h.Handle(context.Background(), &contract.Request{Mode: "apply", Original: original, Updated: updated, Live: live, Options: contract.DefaultOptions()})
		for _, e := range resp.Errors {
			if e.Input == "engine" {
				t.Fatalf("internal error: %s\noriginal: %q\nupdated: %q\nlive: %q", e.Message, original, updated, live)
			}
		}
		if len(resp.Errors) > 0 || resp.Result == "" {
			return
		}
		if _, err := yamltree.Parse(yamltree.Result, resp.Result, yamltree.Options{}); err != nil {
			t.Fatalf("the result does not parse: %v\n%s", err, resp.Result)
		}
		again := h.Handle(context.Background(), &contract.Request{Mode: "apply", Updated: updated, Live: resp.Result, Options: contract.DefaultOptions()})
		if len(again.Errors) > 0 {
			t.Fatalf("applying the result again fails: %+v\nresult:\n%s", again.Errors, resp.Result)
		}
		first, _ := yamltree.Parse(yamltree.Result, resp.Result, yamltree.Options{})
		second, _ := yamltree.Parse(yamltree.Result, again.Result, yamltree.Options{})
		if len(first) != len(second) {
			t.Fatalf("applying twice changed the number of resources:\n%s\n---\n%s", resp.Result, again.Result)
		}
		for i := range first {
			if !yamltree.Equal(first[i].Root, second[i].Root) {
				t.Fatalf("applying the same config twice changed the object\nconfig:\n%s\nafter one apply:\n%s\nafter two:\n%s", updated, resp.Result, again.Result)
			}
		}
	})
}
