package applydiff

import (
	"context"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// BenchmarkApplySpeed runs the engine and kubectl's steps alternately on streams of 10 to 2,000
// resources (pair.Sizes), the same YAML text in, merged YAML text out, and reports each side's
// time and their ratio (pair.Run); 200 resources is the budget's size: the engine no slower than
// kubectl's steps. make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench ApplySpeed/n=200 -count 5 ./applydiff
//
// The engine's side is the handler's whole answer (result, patches, marks and reasons, line
// diff), every input parsed on every run (pair.Uncached: the handler's parse cache would skip
// the unchanged ones); kubectl's is readInputs, GetModifiedConfiguration,
// CreateThreeWayMergePatch and StrategicMergePatch per resource, the results written back as
// YAML (KubectlText).
func BenchmarkApplySpeed(b *testing.B) {
	h := pair.Handler()
	for _, n := range pair.Sizes() {
		var c *Case
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				c = streamCase(b, n)
			}
			if err := pair.Fits(c.Request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				if d := Compare(Reference(c), Engine(context.Background(), h, c)); len(d) > 0 {
					b.Fatalf("the %d-resource stream does not merge alike: %v", n, d)
				}
			}
			next := pair.Uncached(c.Request())
			pair.Run(b, func() error {
				return pair.Errors(h.Handle(context.Background(), next()))
			}, func() error {
				_, err := KubectlText(c)
				return err
			})
		})
	}
}
