package jsonmerge

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// parse reads a document written as JSON or flow YAML; "" gives nil (no document).
func parse(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	if text == "" {
		return nil
	}
	// YAML 1.2: under YAML 1.1, as kubectl reads, an infinity is refused before any merge
	n, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return n
}

// parseAll parses each text and returns the nodes with deep copies to check against later.
func parseAll(t *testing.T, texts ...string) (nodes, copies []*yamltree.Node) {
	t.Helper()
	for _, text := range texts {
		n := parse(t, text)
		nodes = append(nodes, n)
		copies = append(copies, n.Clone())
	}
	return nodes, copies
}

// checkUnchanged fails when an input was modified.
func checkUnchanged(t *testing.T, nodes, copies []*yamltree.Node) {
	t.Helper()
	for i := range nodes {
		if !yamltree.SameOrder(nodes[i], copies[i]) {
			t.Errorf("input %d was modified: %v, was %v", i, nodes[i], copies[i])
		}
	}
}

// checkResult compares got with the JSON text want, key order included.
func checkResult(t *testing.T, got *yamltree.Node, want string) {
	t.Helper()
	wantNode := parse(t, want)
	if !yamltree.SameOrder(got, wantNode) {
		gotJSON, _ := yamltree.JSON(got)
		t.Errorf("got %s, want %s", gotJSON, want)
	}
}
