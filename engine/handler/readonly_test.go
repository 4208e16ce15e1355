package handler

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/examples"
)

// TestReadOnlyModesLeaveTheCacheAlone answers every example of the modes that read the parse
// cache's own documents (modes.Mode.ReadOnly), then wants each input's kept documents to be what a
// fresh parse of its text reads: the merge changed none of them.
func TestReadOnlyModesLeaveTheCacheAlone(t *testing.T) {
	all, err := examples.Load(os.DirFS(filepath.Join("..", "..", "examples")))
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, ex := range all {
		m, ok := Default().modes[ex.Request.Mode]
		if !ok || !m.ReadOnly {
			continue
		}
		tried++
		h := Default()
		h.Handle(context.Background(), ex.Request)
		for _, input := range m.Reads() {
			text := ex.Request.Input(string(input))
			opts := yamltree.Options{Rules: m.Rules, MaxNodes: h.limits.MaxNodes}
			kept, err := h.cache.parseShared(input, text, opts)
			if err != nil {
				continue // the example's answer is this error
			}
			fresh, _ := yamltree.Parse(input, text, opts)
			if !reflect.DeepEqual(kept, fresh) {
				t.Errorf("%s: the merge changed the kept documents of %s", ex.Name, input)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no example of a read-only mode")
	}
}
