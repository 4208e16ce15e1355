package patchdiff

import (
	"context"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// BenchmarkPatchSpeed runs the engine and the API server's strategic merge patch alternately on
// streams of 10 to 2,000 live objects with patches for some of them (pair.Sizes; SpeedPatchStream),
// the same YAML text in, patched YAML text out (PatchText), and reports each side's time and
// their ratio (pair.Run). 200 objects is the budget's size: the engine no slower than the
// reference. make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench PatchSpeed/n=200 -count 5 ./patchdiff
func BenchmarkPatchSpeed(b *testing.B) {
	h := pair.Handler()
	var err error
	for _, n := range pair.Sizes() {
		var c *PatchCase
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				if c, err = SpeedPatchStream(n); err != nil {
					b.Fatal(err)
				}
			}
			if err := pair.Fits(c.Request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				if d := ComparePatch(ReferencePatch(c), Engine(context.Background(), h, c.Request())); len(d) > 0 {
					b.Fatalf("the %d-object stream does not patch alike: %v", n, d)
				}
			}
			next := pair.Uncached(c.Request())
			pair.Run(b, func() error {
				return pair.Errors(h.Handle(context.Background(), next()))
			}, func() error {
				_, err := PatchText(c)
				return err
			})
		})
	}
}

// BenchmarkTwowaySpeed runs the engine and Helm 2's upgrade (CreateTwoWayMergePatch and the
// server's StrategicMergePatch) alternately on upgrades of about 10 to 2,000 resources
// (pair.Sizes; SpeedTwoWayStream), the same three YAML texts in, the result text out (TwoWayText),
// and reports each side's time and their ratio (pair.Run). 200 resources is the budget's size:
// the engine no slower than the reference. make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench TwowaySpeed/n=200 -count 5 ./patchdiff
func BenchmarkTwowaySpeed(b *testing.B) {
	h := pair.Handler()
	var err error
	for _, n := range pair.Sizes() {
		var c *TwoWayCase
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				if c, err = SpeedTwoWayStream(n); err != nil {
					b.Fatal(err)
				}
			}
			if err := pair.Fits(c.Request()); err != nil {
				b.Skip(err)
			}
			if !checked {
				checked = true
				if d := CompareTwoWay(ReferenceTwoWay(c), Engine(context.Background(), h, c.Request())); len(d) > 0 {
					b.Fatalf("the %d-resource upgrade does not merge alike: %v", n, d)
				}
			}
			next := pair.Uncached(c.Request())
			pair.Run(b, func() error {
				return pair.Errors(h.Handle(context.Background(), next()))
			}, func() error {
				_, err := TwoWayText(c)
				return err
			})
		})
	}
}
