package jsonpatch

import (
	"errors"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzJSONPatch reads any patch and applies it to any document.
//
// Invariants checked:
//   - no panic;
//   - an error of Read or Apply is at a line of the patch, and an error of Apply names the
//     operation that failed ("operation N (...)");
//   - Apply leaves the document and the patch as they were;
//   - a patch of tests only that passes returns the document unchanged (as data);
//   - a patch that passes, followed by a test of the whole document against its result, passes
//     (or crashes, as the library does on a list holding a null: Crash).
//
// Seeds: TestApply's patches on its document, and a few on a Deployment.
func FuzzJSONPatch(f *testing.F) {
	for _, p := range []string{
		`[{"op": add, "path": /a/c/-, "value": 4}]`, `[{"op": add, "path": /a/c/-4, "value": 9}]`,
		`[{"op": remove, "path": /a/c/-1}]`, `[{"op": replace, "path": /a/z, "value": 1}]`,
		`[{"op": move, "from": /a/b, "path": /a/c/0}]`, `[{"op": copy, "from": /z, "path": /q}]`,
		`[{"op": test, "path": /a/z, "value": null}]`, `[{"op": bogus}]`, `[null]`, `null`, `[1]`,
		`[{"op": add, "path": "/a~1b", "value": 1}]`, `[{"op": replace, "path": "", "value": [1]}]`,
		"- op: add\n  path: /spec/template/spec/containers/-\n  value: {name: side, image: busybox}\n- op: test\n  path: /spec/replicas\n  value: 2\n",
	} {
		f.Add(p, doc)
	}
	f.Add("- {op: remove, path: /spec/replicas}\n", "apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers: [{name: web}]\n")
	f.Fuzz(func(t *testing.T, patchText, docText string) {
		if len(patchText)+len(docText) > 1<<14 {
			return
		}
		opts := yamltree.Options{Rules: yamltree.YAML11, MaxDepth: 64, MaxNodes: 4096}
		pdoc, err1 := yamltree.Parse(yamltree.Updated, patchText, opts)
		ddoc, err2 := yamltree.Parse(yamltree.Live, docText, opts)
		if err1 != nil || err2 != nil || len(pdoc) != 1 || len(ddoc) != 1 || ddoc[0].Root == nil {
			return
		}
		root, live := pdoc[0].Root, ddoc[0].Root
		patchBefore, liveBefore := yamltree.EmitNode(root), yamltree.EmitNode(live)
		patch, err := Read(root)
		if err != nil {
			checkLocated(t, err, false)
			return
		}
		out, _, err := Apply(live, patch)
		if yamltree.EmitNode(root) != patchBefore || yamltree.EmitNode(live) != liveBefore {
			t.Fatal("Apply modified its inputs")
		}
		if err != nil {
			checkLocated(t, err, true)
			return
		}
		if testsOnly(patch) && !yamltree.Equal(out, live) {
			t.Fatalf("a patch of tests changed the document: %s", yamltree.EmitNode(out))
		}
		check := Patch{{Number: 1, Kind: Test, Path: Pointer{}, Value: out, Node: yamltree.NewMap()}}
		var crash *Crash
		if _, _, err := Apply(out, check); err != nil && !errors.As(err, &crash) {
			t.Fatalf("the result does not test equal to itself: %v", err)
		}
	})
}

// checkLocated fails unless err is an error at a line of the patch (naming an operation when
// Apply raised it).
func checkLocated(t *testing.T, err error, applied bool) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "updated:") {
		t.Fatalf("error not at a line of the patch: %v", err)
	}
	if applied && !strings.Contains(msg, "operation ") {
		t.Fatalf("error names no operation: %v", err)
	}
}

func testsOnly(p Patch) bool {
	for _, op := range p {
		if op.Kind != Test {
			return false
		}
	}
	return true
}
