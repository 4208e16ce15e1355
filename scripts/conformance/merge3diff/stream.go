package merge3diff

import (
	"fmt"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// SpeedStream builds the speed benchmarks' package of n resources (seed 7): upstream changes and
// local edits on every resource, none that kyaml refuses (a refusal would stop it at the first
// one), each resource named res-<i>. The same n always gives the same case.
func SpeedStream(n int) (*Case, error) {
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
		one, err := writeOne(g, o, u, l)
		if err != nil {
			return nil, err
		}
		if Reference(one).Failed() {
			continue
		}
		original, updated, live = append(original, o), append(updated, u), append(live, l)
	}
	c := &Case{}
	var err error
	for _, p := range []struct {
		to   *string
		docs []*yaml.Node
	}{{&c.Original, original}, {&c.Updated, updated}, {&c.Live, live}} {
		if *p.to, err = g.write(p.docs); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// writeOne writes one resource's three versions as a case (copies: writing restyles nodes).
func writeOne(g *gen, o, u, l *yaml.Node) (*Case, error) {
	c := &Case{}
	var err error
	for _, p := range []struct {
		to   *string
		node *yaml.Node
	}{{&c.Original, copyNode(o)}, {&c.Updated, copyNode(u)}, {&c.Live, copyNode(l)}} {
		if *p.to, err = g.write([]*yaml.Node{p.node}); err != nil {
			return nil, err
		}
	}
	return c, nil
}
