package explain

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestLayouts finds the blocks and the foldable blocks of a result as written, and of live as
// read (where live's own indentation holds).
func TestLayouts(t *testing.T) {
	const text = "metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      {}\n  managedFields:\n  - manager: a\n    fieldsV1: {}\n  name: x\nspec: {a: 1}\n"
	folds := []contract.Fold{
		{Path: ".metadata.managedFields", Line: 5, EndLine: 7},
		{Path: ".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration", Line: 3, EndLine: 4},
	}
	docs, err := yamltree.Parse(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, layout := yamltree.Emit(docs)
	if out != text {
		t.Fatalf("written %q", out)
	}
	for name, got := range map[string]contract.Layout{
		"result": ResultLayout(layout, docs),
		"live":   LiveLayout([]*yamltree.Node{docs[0].Root}),
	} {
		blocks := map[[2]int]bool{}
		for _, b := range got.Blocks {
			blocks[b] = true
		}
		if len(blocks) != 3 || !blocks[[2]int{1, 8}] || !blocks[[2]int{2, 4}] || !blocks[[2]int{5, 7}] {
			t.Errorf("%s: blocks %v", name, got.Blocks)
		}
		if len(got.Folds) != 2 || got.Folds[0] != folds[0] || got.Folds[1] != folds[1] {
			t.Errorf("%s: folds %+v, want %+v", name, got.Folds, folds)
		}
	}
}
