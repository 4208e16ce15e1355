package patchdiff

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// speedSeed is the seed of the benchmarks' streams.
const speedSeed = 7

// speedPatchCase builds a patch case of n live objects: the generator's cases (seed speedSeed)
// that the API server accepts, whose patches all name their targets and do not depend on Go's
// map order (EitherOrder), their objects renamed so that every identity is unique.
func speedPatchCase(tb testing.TB, n int) *PatchCase {
	tb.Helper()
	var lives, patches []string
	count := 0
	for i := 0; count < n; i++ {
		c, err := NewPatchCase(speedSeed, i)
		if err != nil {
			tb.Fatal(err)
		}
		ref := ReferencePatch(c)
		if ref.Error != "" || !allNamed(tb, c.Patch) {
			continue
		}
		either := false
		for _, o := range ref.Outcomes {
			either = either || o.EitherOrder
		}
		if either {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		l := pair.Renamed(tb, c.Live, suffix)
		lives, patches = append(lives, l...), append(patches, pair.Renamed(tb, c.Patch, suffix)...)
		count += len(l)
	}
	return &PatchCase{Live: strings.Join(lives, "---\n"), Patch: strings.Join(patches, "---\n")}
}

// allNamed reports whether every patch of a stream names its target.
func allNamed(tb testing.TB, text string) bool {
	objs, _, err := readObjects(text)
	if err != nil {
		tb.Fatal(err)
	}
	for _, o := range objs {
		if !named(o) {
			return false
		}
	}
	return true
}

// patchText answers a patch stream as kubectl patch and the API server do, from text to text:
// the documents read as kubectl reads YAML, each patch applied to the live object it names by
// strategicpatch.StrategicMergePatch with its kind's struct, every object written back as YAML.
func patchText(c *PatchCase) (string, error) {
	lives, liveDocs, err := readObjects(c.Live)
	if err != nil {
		return "", err
	}
	patches, patchDocs, err := readObjects(c.Patch)
	if err != nil {
		return "", err
	}
	at := indexByIdentity(lives)
	results := append([][]byte(nil), liveDocs...)
	for i, p := range patches {
		t, ok := at[applydiff.IdentityOfData(p)]
		if !ok {
			return "", fmt.Errorf("patch %d: no target", i)
		}
		obj, ok := versioned(lives[t])
		if !ok {
			return "", fmt.Errorf("patch %d: a custom resource", i)
		}
		if results[t], err = strategicpatch.StrategicMergePatch(liveDocs[t], patchDocs[i], obj); err != nil {
			return "", err
		}
	}
	return yamlStream(results)
}

// yamlStream writes JSON documents as one YAML stream.
func yamlStream(docs [][]byte) (string, error) {
	out := make([]string, len(docs))
	for i, d := range docs {
		y, err := yaml.JSONToYAML(d)
		if err != nil {
			return "", err
		}
		out[i] = string(y)
	}
	return strings.Join(out, "---\n"), nil
}

// BenchmarkPatchSpeed runs the engine and the API server's strategic merge patch alternately on
// streams of 10 to 2,000 live objects with patches for some of them (pair.Sizes; speedPatchCase),
// the same YAML text in, patched YAML text out (patchText), and reports each side's time and
// their ratio (pair.Run). 200 objects is the budget's size: the engine no slower than the
// reference. make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench PatchSpeed/n=200 -count 5 ./patchdiff
func BenchmarkPatchSpeed(b *testing.B) {
	h := pair.Handler()
	for _, n := range pair.Sizes() {
		var c *PatchCase
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				c = speedPatchCase(b, n)
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
				_, err := patchText(c)
				return err
			})
		})
	}
}

// speedTwoWayCase builds a Helm upgrade of about n resources: the generator's cases (seed
// speedSeed) that upgrade without an error, their objects renamed so that every identity is
// unique.
func speedTwoWayCase(tb testing.TB, n int) *TwoWayCase {
	tb.Helper()
	var prev, next, live []string
	count := 0
	for i := 0; count < n; i++ {
		c, err := NewTwoWayCase(speedSeed, i)
		if err != nil {
			tb.Fatal(err)
		}
		if c.WantError {
			continue
		}
		ref := ReferenceTwoWay(c)
		if ref.Error != "" {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		prev = append(prev, pair.Renamed(tb, c.Previous, suffix)...)
		next = append(next, pair.Renamed(tb, c.Next, suffix)...)
		live = append(live, pair.Renamed(tb, c.Live, suffix)...)
		count += len(ref.Outcomes)
	}
	join := func(docs []string) string { return strings.Join(docs, "---\n") }
	return &TwoWayCase{Previous: join(prev), Next: join(next), Live: join(live)}
}

// twoWayText answers an upgrade as Helm 2 and the API server do (ReferenceTwoWay's steps), from
// text to text: the renders and live read as kubectl reads YAML; each resource of the new render
// created, or patched with the two-way patch from the previous render (StrategicMergePatch, or a
// JSON merge patch for kinds the scheme lacks); those the new render dropped deleted, live's
// others left; every resulting object written back as YAML.
func twoWayText(c *TwoWayCase) (string, error) {
	prev, prevDocs, err := readObjects(c.Previous)
	if err != nil {
		return "", err
	}
	next, nextDocs, err := readObjects(c.Next)
	if err != nil {
		return "", err
	}
	live, liveDocs, err := readObjects(c.Live)
	if err != nil {
		return "", err
	}
	prevAt, nextAt, liveAt := indexByIdentity(prev), indexByIdentity(next), indexByIdentity(live)
	var results []map[string]any
	for i, n := range next {
		id := applydiff.IdentityOfData(n)
		l, inLive := liveAt[id]
		p, inPrev := prevAt[id]
		switch {
		case !inLive:
			results = append(results, n)
		case !inPrev:
			return "", fmt.Errorf("%s: not in the previous release", id)
		default:
			o := &TwoWayOutcome{Resource: id, next: n}
			o.upgrade(prevDocs[p], nextDocs[i], liveDocs[l], prev[p], live[l])
			if o.Error != "" {
				return "", fmt.Errorf("%s: %s", id, o.Error)
			}
			results = append(results, o.Result)
		}
	}
	for _, l := range live {
		id := applydiff.IdentityOfData(l)
		if _, inNext := nextAt[id]; inNext {
			continue
		}
		if _, inPrev := prevAt[id]; !inPrev {
			results = append(results, l) // left alone; those the previous render had are deleted
		}
	}
	docs := make([]string, len(results))
	for i, r := range results {
		y, err := yaml.Marshal(r)
		if err != nil {
			return "", err
		}
		docs[i] = string(y)
	}
	return strings.Join(docs, "---\n"), nil
}

// BenchmarkTwowaySpeed runs the engine and Helm 2's upgrade (CreateTwoWayMergePatch and the
// server's StrategicMergePatch) alternately on upgrades of about 10 to 2,000 resources
// (pair.Sizes; speedTwoWayCase), the same three YAML texts in, the result text out (twoWayText),
// and reports each side's time and their ratio (pair.Run). 200 resources is the budget's size:
// the engine no slower than the reference. make bench runs it; alone:
//
//	cd scripts/conformance && go test -run '^$' -bench TwowaySpeed/n=200 -count 5 ./patchdiff
func BenchmarkTwowaySpeed(b *testing.B) {
	h := pair.Handler()
	for _, n := range pair.Sizes() {
		var c *TwoWayCase
		checked := false
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if c == nil {
				c = speedTwoWayCase(b, n)
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
				_, err := twoWayText(c)
				return err
			})
		})
	}
}
