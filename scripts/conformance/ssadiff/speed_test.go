package ssadiff

import (
	"context"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// BenchmarkSSASpeed runs the engine and the API server's field manager alternately on streams
// of 10 to 2,000 resources (pair.Sizes): kubectl's server-side applies of built-in objects that
// other managers applied and updated before (NewSpeedStream), the same YAML text in, merged YAML
// text out (ReferenceText), and reports each side's time and their ratio (pair.Run). 200
// resources is the budget's size: the engine no slower than the reference. make bench runs it;
// alone:
//
//	cd scripts/conformance && go test -run '^$' -bench SSASpeed/n=200 -count 5 ./ssadiff
func BenchmarkSSASpeed(b *testing.B) {
	h := pair.Handler()
	ref, err := NewReference()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range pair.Sizes() {
		var s *SpeedStream
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if s == nil {
				if s, err = NewSpeedStream(ref, n); err != nil {
					b.Fatal(err)
				}
			}
			if err := pair.Fits(s.Request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				want, err := ReferenceText(ref, s.Request())
				if err != nil {
					b.Fatal(err)
				}
				resp := h.Handle(context.Background(), s.Request())
				if err := pair.Errors(resp); err != nil || len(resp.Conflicts) > 0 {
					b.Fatalf("the engine: %v, conflicts %+v", err, resp.Conflicts)
				}
				if err := SameStreams(want, resp.Result); err != nil {
					b.Fatalf("the %d-resource stream does not merge alike: %v", n, err)
				}
			}
			next := pair.Uncached(s.Request())
			pair.Run(b, func() error {
				return pair.Errors(h.Handle(context.Background(), next()))
			}, func() error {
				_, err := ReferenceText(ref, s.Request())
				return err
			})
		})
	}
}
