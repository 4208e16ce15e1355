package merge3diff

import (
	"context"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// benchStream builds a package of n resources with upstream changes and local edits (no
// refusals), the same text for both sides.
func benchStream(b *testing.B, n int) *Case {
	b.Helper()
	g := &gen{d: newDice(7, 0)}
	var original, updated, live []*yaml.Node
	for i := 0; len(original) < n; i++ {
		o, u, l := g.triple()
		name := s(fmt.Sprintf("res-%d", i))
		for _, r := range []*yaml.Node{o, u, l} {
			if md := get(r, "metadata"); md != nil && md.Kind == yaml.MappingNode {
				set(md, "name", name)
			} else {
				set(r, "metadata", m("name", name))
			}
		}
		if one := mustWrite(b, g, o, u, l); Reference(one).Failed() {
			continue // a refusal would stop kyaml at the first one
		}
		original, updated, live = append(original, o), append(updated, u), append(live, l)
	}
	c := &Case{}
	var err error
	if c.Original, err = g.write(original); err != nil {
		b.Fatal(err)
	}
	if c.Updated, err = g.write(updated); err != nil {
		b.Fatal(err)
	}
	if c.Live, err = g.write(live); err != nil {
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

// mustWrite writes one resource's three versions as a case.
func mustWrite(b *testing.B, g *gen, o, u, l *yaml.Node) *Case {
	b.Helper()
	c := &Case{}
	var err error
	for _, p := range []struct {
		to   *string
		node *yaml.Node
	}{{&c.Original, copyNode(o)}, {&c.Updated, copyNode(u)}, {&c.Live, copyNode(l)}} {
		if *p.to, err = g.write([]*yaml.Node{p.node}); err != nil {
			b.Fatal(err)
		}
	}
	return c
}
