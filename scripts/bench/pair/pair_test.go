package pair

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestSpacedChangesEveryDocumentNotItsData: Spaced writes each document differently (so the
// handler's reuse of documents it has just read cannot skip any) and the documents read alike.
func TestSpacedChangesEveryDocumentNotItsData(t *testing.T) {
	stream := "a: 1\n---\nb: |\n  text\n---\n# c\nc: [1, 2]\n--- \nd: {}\n"
	spaced := Spaced(stream)
	if got, want := spaced, "\na: 1\n---\n\nb: |\n  text\n---\n\n# c\nc: [1, 2]\n--- \n\nd: {}\n"; got != want {
		t.Errorf("Spaced = %q, want %q", got, want)
	}
	before, err := yamltree.Parse(yamltree.Live, stream, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	after, err := yamltree.Parse(yamltree.Live, spaced, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(before) != len(after) {
		t.Fatalf("%d documents, then %d", len(before), len(after))
	}
	for i := range before {
		if b, a := yamltree.EmitNode(before[i].Root), yamltree.EmitNode(after[i].Root); b != a {
			t.Errorf("document %d: %q, spaced %q", i, b, a)
		}
	}
}

func TestUncachedAlternates(t *testing.T) {
	req := &contract.Request{Mode: "apply", Updated: "a: 1\n", Live: "a: 2\n---\nb: 1\n"}
	next := Uncached(req)
	first, second, third := next(), next(), next()
	if first != req || third != req {
		t.Error("odd calls: want the request itself")
	}
	if second.Updated != "\na: 1\n" || second.Original != "" || !strings.HasPrefix(second.Live, "\na: 2\n---\n\n") {
		t.Errorf("even calls: %+v", second)
	}
}
