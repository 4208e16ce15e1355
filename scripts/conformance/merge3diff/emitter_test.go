package merge3diff

import (
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// TestEmitterMatchesYAMLv3 writes random trees (every scalar style, flow and block collections,
// comments in every slot yaml.v3 has) with yaml.v3's encoder as kyaml sets it up and with
// package ynode's port, and wants the same text.
func TestEmitterMatchesYAMLv3(t *testing.T) {
	bad, compared := 0, 0
	for i := range 3000 {
		g := &gen{d: newDice(11, i)}
		tree := g.randomTree(0)
		want, err := yaml.String(tree)
		if err != nil {
			continue // yaml.v3 refuses it too
		}
		compared++
		if got := ynode.EmitNode(toYnode(tree)); got != want {
			if bad++; bad <= 5 {
				t.Errorf("tree %d:\n--- yaml.v3\n%s--- ynode\n%s", i, want, got)
			}
		}
	}
	if bad > 0 || compared < 2500 {
		t.Errorf("%d of %d trees written differently", bad, compared)
	}
}

// randomTree draws a node: maps and lists nest up to depth 3.
func (g *gen) randomTree(depth int) *yaml.Node {
	var n *yaml.Node
	switch k := g.d.intn(10); {
	case depth == 0 || (k < 3 && depth < 3):
		n = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for i := g.d.between(0, 4); i > 0; i-- {
			key := s(pick(g.d, "a", "b", "key", "x y", "on", "1", "-k", "k:"))
			key.HeadComment = g.maybeComment(0.2)
			n.Content = append(n.Content, key, g.randomTree(depth+1))
		}
	case k < 5 && depth < 3:
		n = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for i := g.d.between(0, 3); i > 0; i-- {
			n.Content = append(n.Content, g.randomTree(depth+1))
		}
	default:
		n = g.randomScalar()
	}
	if n.Kind != yaml.ScalarNode && g.d.chance(0.15) {
		n.Style = yaml.FlowStyle
	}
	if depth > 0 {
		n.HeadComment = g.maybeComment(0.1)
		n.LineComment = g.maybeComment(0.15)
		n.FootComment = g.maybeComment(0.05)
	}
	return n
}

func (g *gen) randomScalar() *yaml.Node {
	v := pick(g.d, "plain", "two words", "", "on", "0755", "12", "1.5", "true", "null", "-", "- a", "a: b", "#x", "a #b",
		"multi\nline", "multi\nline\n", "trail ", " lead", "tab\there", "quote's", "é", "\U0001F600", "---", "[x]", "{y}", "a,b", "x\n\n y")
	n := s(v)
	n.Tag = pick(g.d, "!!str", "!!str", "!!int", "!!bool", "!!null", "")
	switch g.d.intn(6) {
	case 0:
		n.Style = yaml.DoubleQuotedStyle
	case 1:
		n.Style = yaml.SingleQuotedStyle
	case 2:
		n.Style = yaml.LiteralStyle
	case 3:
		n.Style = yaml.FoldedStyle
	}
	return n
}

func (g *gen) maybeComment(p float64) string {
	if !g.d.chance(p) {
		return ""
	}
	return pick(g.d, "# c", "#tight", "# two\n# lines")
}

// toYnode copies a yaml.v3 tree into package ynode's nodes, field for field.
func toYnode(n *yaml.Node) *ynode.Node {
	out := &ynode.Node{Tag: n.Tag, Value: n.Value, Style: ynode.Style(n.Style),
		HeadComment: n.HeadComment, LineComment: n.LineComment, FootComment: n.FootComment}
	switch n.Kind {
	case yaml.MappingNode:
		out.Kind = ynode.MappingNode
	case yaml.SequenceNode:
		out.Kind = ynode.SequenceNode
	case yaml.ScalarNode:
		out.Kind = ynode.ScalarNode
	default:
		panic(fmt.Sprintf("kind %d", n.Kind))
	}
	for _, c := range n.Content {
		out.Content = append(out.Content, toYnode(c))
	}
	return out
}
