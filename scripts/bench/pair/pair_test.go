package pair

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
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

// TestRunReportsBothSides: Run times both sides and reports each side's time and their ratio;
// without a reference, the engine's time alone.
func TestRunReportsBothSides(t *testing.T) {
	var engineRuns, referenceRuns int
	both := testing.Benchmark(func(b *testing.B) {
		engineRuns, referenceRuns = 0, 0 // testing.Benchmark calls this for each N it tries: count the last
		Run(b, func() error { engineRuns++; return nil }, func() error { referenceRuns++; return nil })
	})
	if engineRuns != both.N+1 || referenceRuns != both.N {
		t.Errorf("engine ran %d times, reference %d, for N=%d: want N+1 (a warm-up) and N", engineRuns, referenceRuns, both.N)
	}
	for _, metric := range []string{"engine-ns/op", "ref-ns/op", "engine/ref"} {
		if _, ok := both.Extra[metric]; !ok {
			t.Errorf("no %s in %v", metric, both.Extra)
		}
	}
	alone := testing.Benchmark(func(b *testing.B) { Run(b, func() error { return nil }, nil) })
	if _, ok := alone.Extra["ref-ns/op"]; ok {
		t.Errorf("a nil reference reports ref-ns/op: %v", alone.Extra)
	}
}

// TestHandlerReadsPastThePageLimits: Handler answers a stream larger than the page's bound on
// one input, which the default handler refuses; Fits refuses what even Handler cannot read, and
// Errors names the first error of a response.
func TestHandlerReadsPastThePageLimits(t *testing.T) {
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: " + strings.Repeat("v", 100<<10) + "\n"
	var docs []string
	for i := 0; i < 50; i++ { // 5 MiB, each document's last-applied annotation within the API server's limit
		docs = append(docs, strings.Replace(doc, "name: c", "name: c"+strconv.Itoa(i), 1))
	}
	req := &contract.Request{Mode: "apply", Updated: strings.Join(docs, "---\n"), Options: contract.DefaultOptions()}
	if err := Fits(req); err != nil {
		t.Fatalf("Fits: %v", err)
	}
	if err := Errors(handler.Default().Handle(context.Background(), req)); err == nil {
		t.Error("the default handler read 5 MiB in one input: the test no longer passes the page's bound")
	}
	if err := Errors(Handler().Handle(context.Background(), req)); err != nil {
		t.Errorf("Handler: %v", err)
	}
	huge := &contract.Request{Mode: "apply", Live: strings.Repeat("#", limits.MaxInputBytes+1)}
	if err := Fits(huge); err == nil || !strings.Contains(err.Error(), "live holds") {
		t.Errorf("Fits of a live past the limit: %v", err)
	}
}
