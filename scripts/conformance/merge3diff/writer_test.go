package merge3diff

import (
	"flag"
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

var treesFlag = flag.Int("merge3.trees", 3*defaultCases/5, "number of random trees TestWriterMatchesKyaml writes")

// TestWriterMatchesKyaml writes random trees (every scalar style, flow and block collections,
// comments in every slot a node has) as kyaml writes them and with package ynode, and wants the
// same text; and the same for the text kyaml compares values by (ynode.CompareText). A
// difference is reported on the smallest tree that still shows it.
func TestWriterMatchesKyaml(t *testing.T) {
	for _, w := range []struct {
		name         string
		kyaml, ynode func(*yaml.Node) string
	}{
		{"written", kyamlString, writeWithYnode},
		{"compared", kyamlCompareText, compareWithYnode},
	} {
		bad, compared := 0, 0
		trees := *treesFlag
		if testing.Short() {
			trees /= 10 // make check's quick loop
		}
		for i := range trees {
			g := &gen{d: newDice(11, i)}
			tree := g.randomTree(0, false)
			want := w.kyaml(tree)
			if want == "" {
				continue // kyaml refuses it
			}
			compared++
			if got := w.ynode(tree); got != want {
				if bad++; bad <= 5 {
					small := shrink(tree, func(n *yaml.Node) bool {
						k := w.kyaml(n)
						return k != "" && k != w.ynode(n)
					})
					t.Errorf("%s, tree %d, shrunk: %s\n--- kyaml\n%s--- ynode\n%s", w.name, i, treeJSON(small), w.kyaml(small), w.ynode(small))
				}
			}
		}
		if bad > 0 || compared < trees*5/6 {
			t.Errorf("%s: %d of %d trees written differently", w.name, bad, compared)
		}
	}
}

func kyamlString(n *yaml.Node) string {
	text, err := yaml.String(n)
	if err != nil {
		return ""
	}
	return text
}

// kyamlCompareText is how kyaml's three-way merge writes a value to compare it: the node itself
// in flow style and single quotes, its children as they are.
func kyamlCompareText(n *yaml.Node) string {
	c := *n
	c.Style = yaml.FlowStyle | yaml.SingleQuotedStyle
	return kyamlString(&c)
}

func compareWithYnode(n *yaml.Node) string { return ynode.CompareText(ToYnode(n)) }

func writeWithYnode(n *yaml.Node) string {
	text, _ := ynode.Emit([]*ynode.Node{ToYnode(n)})
	return text
}

// randomTree draws a node: maps and lists nest up to depth 3, with comments in the slots kyaml's
// reader fills (package ynode's reader fills the same): head comments on keys, list items and
// collections; line comments on keys, scalars and flow collections; foot comments on keys,
// scalars and flow collections. A line comment is one line. Nodes inside a flow collection carry
// no comments (the reader does not read them there), though kyaml's comparison text writes block
// trees with their comments in flow style, which TestWriterMatchesKyaml checks too.
func (g *gen) randomTree(depth int, inFlow bool) *yaml.Node {
	var n *yaml.Node
	flow := inFlow || g.d.chance(0.15)
	switch k := g.d.intn(10); {
	case depth == 0 || (k < 3 && depth < 3):
		n = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for i := g.d.between(0, 4); i > 0; i-- {
			key := s(pick(g.d, "a", "b", "key", "x y", "on", "1", "-k", "k:"))
			if !flow {
				key.HeadComment = g.maybeComment(0.2)
				key.LineComment = g.maybeLineComment(0.1)
				key.FootComment = g.maybeComment(0.05)
			}
			n.Content = append(n.Content, key, g.randomTree(depth+1, flow))
		}
	case k < 5 && depth < 3:
		n = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for i := g.d.between(0, 3); i > 0; i-- {
			n.Content = append(n.Content, g.randomTree(depth+1, flow))
		}
	default:
		n = g.randomScalar()
	}
	if n.Kind != yaml.ScalarNode && flow {
		n.Style = yaml.FlowStyle
	}
	if depth > 0 && !inFlow {
		n.HeadComment = g.maybeComment(0.1)
		if n.Kind == yaml.ScalarNode || flow {
			n.LineComment = g.maybeLineComment(0.15)
			n.FootComment = g.maybeComment(0.05)
		}
	}
	return n
}

func (g *gen) maybeLineComment(p float64) string {
	if !g.d.chance(p) {
		return ""
	}
	return pick(g.d, "# c", "#tight")
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

// ToYnode copies a yaml.v3 tree into package ynode's nodes, field for field (one style flag
// at most, besides TaggedStyle).
func ToYnode(n *yaml.Node) *ynode.Node {
	out := &ynode.Node{Tag: n.Tag, Value: n.Value, Tagged: n.Style&yaml.TaggedStyle != 0,
		HeadComment: n.HeadComment, LineComment: n.LineComment, FootComment: n.FootComment}
	for flag, st := range map[yaml.Style]ynode.Style{yaml.DoubleQuotedStyle: ynode.DoubleQuoted,
		yaml.SingleQuotedStyle: ynode.SingleQuoted, yaml.LiteralStyle: ynode.Literal,
		yaml.FoldedStyle: ynode.Folded, yaml.FlowStyle: ynode.Flow} {
		if n.Style&flag != 0 {
			out.Style = st
		}
	}
	switch n.Kind {
	case yaml.DocumentNode:
		out.Kind = ynode.DocumentNode
	case yaml.MappingNode:
		out.Kind = ynode.MapNode
	case yaml.SequenceNode:
		out.Kind = ynode.ListNode
	case yaml.ScalarNode:
		out.Kind = ynode.ScalarNode
	default:
		panic(fmt.Sprintf("kind %d", n.Kind))
	}
	for _, c := range n.Content {
		out.Content = append(out.Content, ToYnode(c))
	}
	return out
}
