package merge3diff

import (
	"context"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// kyamlUpTo is the largest stream BenchmarkMerge3Speed also gives kyaml (its time grows faster
// than the stream: 500 resources take it over 6 seconds).
const kyamlUpTo = 500

// BenchmarkMerge3Speed runs the engine and kyaml (kio readers, filters.Merge3, kio writer)
// alternately on packages of 10 to 2,000 resources (pair.Sizes), the
// same three texts in, the result text out, and reports each side's time and their ratio
// (pair.Run); 200 resources is the budget's size: the engine at least twice as fast as kyaml.
// make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench Merge3Speed/n=200 -count 5 ./merge3diff
func BenchmarkMerge3Speed(b *testing.B) {
	h := pair.Handler()
	for _, n := range pair.Sizes() {
		var c *Case
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				c = benchStream(b, n)
			}
			if err := pair.Fits(c.Request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				if n <= kyamlUpTo {
					ref := Reference(c)
					if eng, _ := Engine(context.Background(), h, c); ref.Failed() || Compare(ref, eng) != "" {
						b.Fatalf("the %d-resource stream does not merge alike: %v %s", n, ref.Err, Compare(ref, eng))
					}
				}
			}
			var kyaml pair.Side
			if n <= kyamlUpTo {
				kyaml = func() error {
					if ans := Reference(c); ans.Failed() {
						return fmt.Errorf("kyaml failed: %v", ans.Err)
					}
					return nil
				}
			}
			next := pair.Uncached(c.Request())
			pair.Run(b, func() error { return pair.Errors(h.Handle(context.Background(), next())) }, kyaml)
		})
	}
}
