package merge3diff

import (
	"context"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

// benchStream is SpeedStream for a benchmark: it fails b on an error.
func benchStream(b *testing.B, n int) *Case {
	b.Helper()
	c, err := SpeedStream(n)
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkMerge3 times one package update of a 200-resource stream, from the three texts to the
// result text: kyaml (kio readers, filters.Merge3, kio writer) and the engine (the handler's
// whole answer: result, marks with reasons, line diff).
//
//	cd scripts/conformance && go test ./merge3diff -run '^$' -bench Merge3 -benchmem
func BenchmarkMerge3(b *testing.B) {
	c := benchStream(b, 200)
	ref := Reference(c)
	h := handler.Default()
	if eng, _ := Engine(context.Background(), h, c); ref.Failed() || Compare(ref, eng) != "" {
		b.Fatalf("the benchmark stream does not merge alike: %s %s", ref.Err, Compare(ref, eng))
	}
	b.Run("kyaml", func(b *testing.B) {
		for b.Loop() {
			Reference(c)
		}
	})
	b.Run("engine", func(b *testing.B) {
		for b.Loop() {
			h.Handle(context.Background(), c.Request())
		}
	})
}
