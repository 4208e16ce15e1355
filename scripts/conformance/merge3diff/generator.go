package merge3diff

import (
	"bytes"
	"fmt"
	"strings"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// Case is one generated merge: three streams and the option, with the story of how they were made.
type Case struct {
	Index                   int
	Original, Updated, Live string
	InferKeys               bool
	Story                   []string
}

// Generator builds cases from a seed; the same seed and index always give the same case.
type Generator struct {
	Seed uint64
}

type gen struct {
	d     dice
	story []string
}

func (g *gen) tell(format string, args ...any) {
	g.story = append(g.story, fmt.Sprintf(format, args...))
}

// Case builds case index.
func (gn Generator) Case(index int) (*Case, error) {
	g := &gen{d: newDice(gn.Seed, index)}
	c := &Case{Index: index, InferKeys: g.d.chance(0.15)}
	n := 1
	if g.d.chance(0.45) {
		n = g.d.between(2, 4)
	}
	var original, updated, live []*yaml.Node
	for i := 0; i < n; i++ {
		o, u, lv := g.triple()
		if md := get(o, "metadata"); md != nil && i > 0 {
			// distinct names: package stream (before the mode) and kio disagree on whether
			// "namespace: default" and no namespace name one resource
			name := s(fmt.Sprintf("%s-r%d", get(md, "name").Value, i))
			for _, r := range []*yaml.Node{o, u, lv} {
				if m := get(r, "metadata"); m != nil {
					set(m, "name", name)
				}
			}
		}
		original, updated, live = append(original, o), append(updated, u), append(live, lv)
	}
	updated, live = g.streamEdits(original, updated, live)
	var err error
	if c.Original, err = g.write(original); err != nil {
		return nil, err
	}
	if c.Updated, err = g.write(updated); err != nil {
		return nil, err
	}
	if c.Live, err = g.write(live); err != nil {
		return nil, err
	}
	c.Story = g.story
	return c, nil
}

// triple draws a resource and its upstream and local edits; some edits hit the same place.
func (g *gen) triple() (original, updated, live *yaml.Node) {
	original = g.resource()
	g.decorate(original)
	var all []site
	sites(original, nil, &all)
	updated, live = copyNode(original), copyNode(original)
	var upstreamSites []site
	for i := g.d.between(0, 4); i > 0 && len(all) > 0; i-- {
		st := all[g.d.intn(len(all))]
		upstreamSites = append(upstreamSites, st)
		g.edit(updated, st.path)
		g.tell("upstream edits %s", pathString(st.path))
	}
	for i := g.d.between(0, 3); i > 0 && len(all) > 0; i-- {
		st := all[g.d.intn(len(all))]
		if len(upstreamSites) > 0 && g.d.chance(0.4) {
			st = upstreamSites[g.d.intn(len(upstreamSites))]
		}
		g.edit(live, st.path)
		g.tell("local edits %s", pathString(st.path))
	}
	g.scenarios(original, updated, live, all)
	g.repeatItem(updated, live, all)
	if g.d.chance(0.03) {
		g.breakShape(updated)
	}
	return original, updated, live
}

// scenarios sets up, now and then, situations random edits rarely meet: one scalar changed on
// both sides, and an item upstream removes while the local copy adds to it.
func (g *gen) scenarios(original, updated, live *yaml.Node, all []site) {
	if g.d.chance(0.15) {
		for _, st := range all {
			if st.kind != yaml.ScalarNode || st.path[len(st.path)-1].index >= 0 || g.d.chance(0.7) {
				continue
			}
			pu, lu := resolveParent(updated, st.path), resolveParent(live, st.path)
			if pu == nil || lu == nil {
				continue
			}
			key := st.path[len(st.path)-1].key
			set(pu, key, s("from-upstream"))
			set(lu, key, s("from-local"))
			g.tell("both change %s", pathString(st.path))
			break
		}
	}
	if g.d.chance(0.15) {
		for _, st := range all {
			last := st.path[len(st.path)-1]
			if st.kind != yaml.MappingNode || last.index < 0 || g.d.chance(0.5) {
				continue
			}
			pu, lu := resolveParent(updated, st.path), resolveParent(live, st.path)
			if pu == nil || lu == nil || last.index >= len(pu.Content) || last.index >= len(lu.Content) {
				continue
			}
			set(lu.Content[last.index], "addedLocally", s("yes"))
			pu.Content = append(pu.Content[:last.index:last.index], pu.Content[last.index+1:]...)
			g.tell("upstream removes %s, local adds to it", pathString(st.path))
			break
		}
	}
}

// repeatItem copies, now and then, an item of a list into upstream's or the local version of
// that list, after it: two items with one key.
func (g *gen) repeatItem(updated, live *yaml.Node, all []site) {
	if !g.d.chance(0.06) {
		return
	}
	for _, st := range all {
		last := st.path[len(st.path)-1]
		if st.kind != yaml.MappingNode || last.index < 0 || g.d.chance(0.5) {
			continue
		}
		side, name := updated, "upstream"
		if g.d.chance(0.5) {
			side, name = live, "the local copy"
		}
		list := resolveParent(side, st.path)
		if list == nil || list.Kind != yaml.SequenceNode || last.index >= len(list.Content) {
			continue
		}
		at := last.index + 1
		list.Content = append(list.Content[:at:at], append([]*yaml.Node{copyNode(list.Content[last.index])}, list.Content[at:]...)...)
		g.tell("%s repeats %s", name, pathString(st.path))
		return
	}
}

// resolveParent returns the node holding path's last step in root, or nil.
func resolveParent(root *yaml.Node, path []step) *yaml.Node {
	parent, _ := resolve(root, path)
	return parent
}

// breakShape turns a map upstream into a scalar: kyaml refuses such a merge.
func (g *gen) breakShape(n *yaml.Node) {
	if spec := get(n, "spec"); spec != nil {
		set(n, "spec", s("none"))
		g.tell("upstream turns spec into a scalar")
	}
}

// decorate puts comments on the original: above keys, after scalars, after "key:" of
// collections.
func (g *gen) decorate(n *yaml.Node) {
	var all []site
	sites(n, nil, &all)
	for i := g.d.between(0, 3); i > 0 && len(all) > 0; i-- {
		st := all[g.d.intn(len(all))]
		parent, last := resolve(n, st.path)
		if parent == nil || last.index >= 0 {
			continue
		}
		k, v := keyNode(parent, last.key), get(parent, last.key)
		switch {
		case g.d.chance(0.1) && v.Kind == yaml.ScalarNode:
			// written with a blank line after it; after a nested block, yaml.v3 reads such a
			// comment back at depths package ynode does not always follow, so those are left out
			k.FootComment = g.comment()
		case g.d.chance(0.4):
			k.HeadComment = g.comment()
		case v.Kind == yaml.ScalarNode:
			v.LineComment = g.comment()
		default:
			k.LineComment = g.comment()
		}
	}
	if g.d.chance(0.05) {
		if spec := get(n, "spec"); spec != nil {
			if k := keyNode(n, "spec"); k != nil {
				k.LineComment = `# {"$openapi":"spec"}`
			}
		}
	}
}

// streamEdits deletes, adds and restores whole resources.
func (g *gen) streamEdits(original, updated, live []*yaml.Node) ([]*yaml.Node, []*yaml.Node) {
	if len(original) > 1 && g.d.chance(0.3) {
		i := g.d.intn(len(updated))
		updated = append(updated[:i:i], updated[i+1:]...)
		g.tell("upstream deletes resource %d", i)
	}
	if len(original) > 1 && g.d.chance(0.25) {
		i := g.d.intn(len(live))
		live = append(live[:i:i], live[i+1:]...)
		g.tell("local deletes resource %d", i)
	}
	if len(original) > 1 && g.d.chance(0.3) {
		updated = append(updated, g.fresh())
		g.tell("upstream adds a resource")
	}
	if len(original) > 1 && g.d.chance(0.3) {
		live = append(live, g.fresh())
		g.tell("local adds a resource")
	}
	if len(original) > 1 && g.d.chance(0.1) {
		r := g.fresh()
		updated, live = append(updated, r), append(live, copyNode(r))
		g.tell("both add the same resource")
	}
	if len(updated) > 1 && g.d.chance(0.2) {
		updated[0], updated[1] = updated[1], updated[0]
	}
	return updated, live
}

// fresh draws a resource with a name no other one uses.
func (g *gen) fresh() *yaml.Node {
	r := g.resource()
	if md := get(r, "metadata"); md != nil {
		set(md, "name", s(fmt.Sprintf("fresh-%d", g.d.intn(1000))))
	}
	return r
}

// write encodes a stream as kyaml does, sometimes with lists indented under their key.
func (g *gen) write(docs []*yaml.Node) (string, error) {
	for _, d := range docs {
		sanitize(d)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	if g.d.chance(0.3) {
		enc.DefaultSeqIndent()
	}
	for _, d := range docs {
		doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{d}}
		if g.d.chance(0.1) {
			doc.HeadComment = "# Copyright 2026 Example Authors\n# SPDX-License-Identifier: Apache-2.0"
		}
		if err := enc.Encode(doc); err != nil {
			return "", err
		}
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

func pathString(path []step) string {
	var parts []string
	for _, st := range path {
		if st.index >= 0 {
			parts = append(parts, fmt.Sprintf("[%d]", st.index))
		} else {
			parts = append(parts, st.key)
		}
	}
	return strings.Join(parts, ".")
}

// sanitize moves the comment of "key: # comment" to the value when the value is an empty
// collection: yaml.v3 writes that as "key: # comment" and "[]" on the next line, which no YAML
// reader should accept (yaml.v3 refuses it, goccy/go-yaml does not).
func sanitize(n *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Kind != yaml.MappingNode {
			break
		}
		k, v := n.Content[i], n.Content[i+1]
		if k.LineComment != "" && (v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode) && len(v.Content) == 0 {
			v.LineComment, k.LineComment = k.LineComment, ""
		}
	}
	for _, c := range n.Content {
		sanitize(c)
	}
}
