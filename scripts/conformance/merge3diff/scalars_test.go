package merge3diff

import (
	"fmt"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// TestScalarsMatchKyaml writes short texts, every one of length one and two over a wide
// alphabet and of length three over a narrow one, plus drawn longer ones, in every place a
// scalar can stand (a block value, a list item, inside flow collections, as a key of a block or
// a flow map), with every style wished (and the tag written, as when the input wrote it) and
// with a string, an int and no tag, as kyaml writes
// them and with package ynode, and wants the same text.
func TestScalarsMatchKyaml(t *testing.T) {
	styles := []yaml.Style{0, yaml.SingleQuotedStyle, yaml.DoubleQuotedStyle, yaml.LiteralStyle, yaml.FoldedStyle,
		yaml.TaggedStyle, yaml.TaggedStyle | yaml.DoubleQuotedStyle}
	bad := 0
	for _, text := range scalarTexts() {
		for _, style := range styles {
			for _, tag := range []string{"!!str", "", "!!int"} {
				if tag != "!!str" && style != 0 {
					continue
				}
				tree := scalarPlaces(&yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: text, Style: style})
				want := kyamlString(tree)
				if got := writeWithYnode(tree); want != "" && got != want {
					if bad++; bad <= 8 {
						t.Errorf("%q style %d tag %q:\n%s", text, style, tag, differingLines(want, got))
					}
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d scalars written differently", bad)
	}
}

// scalarPlaces puts a scalar in every place: block value, list item, flow list item, flow map
// value, block key, flow key.
func scalarPlaces(n *yaml.Node) *yaml.Node {
	c := func() *yaml.Node { return yaml.CopyYNode(n) }
	flowList := l(c())
	flowList.Style = yaml.FlowStyle
	flowMap := m("k", c())
	flowMap.Style = yaml.FlowStyle
	flowKey := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle, Content: []*yaml.Node{c(), s("x")}}
	root := m("v", c(), "l", l(c(), "x"), "f", flowList, "m", flowMap, "fk", flowKey)
	root.Content = append(root.Content, c(), s("x"))
	return root
}

// scalarTexts lists the texts TestScalarsMatchKyaml writes.
func scalarTexts() []string {
	wide := []string{"a", " ", ":", "#", "-", "?", ",", "[", "]", "{", "}", "\n", "\t", "'", "\"", ".", "0", "1",
		"é", "\u2028", "\u0085", "\x01", "\r", "\ufeff", "!", "&", "*", "|", ">", "%", "@", "`", "~", "\\", "\U0001F600"}
	narrow := []string{"a", " ", ":", "#", "-", "?", ",", "\n", "'", ".", "0", "\t"}
	var out []string
	for _, a := range wide {
		out = append(out, a)
		for _, b := range wide {
			out = append(out, a+b)
		}
	}
	for _, a := range narrow {
		for _, b := range narrow {
			for _, c := range narrow {
				out = append(out, a+b+c)
			}
		}
	}
	d := newDice(5, 0)
	for range 2000 {
		text := ""
		for j := d.between(4, 12); j > 0; j-- {
			text += wide[d.intn(len(wide))]
		}
		out = append(out, text)
	}
	words := []string{"---", "...", "--- x", "null", "Null", "true", "False", "0755", "0x1F", "1e3", ".inf", "2001-12-14",
		"<<", "on", "yes", "12", "1_000", "+1", "a: b", "a #b", "x" + fmt.Sprint(1<<40), "\ufeffx", "\ufeffé"}
	for n := 125; n <= 131; n++ {
		out = append(out, strings.Repeat("x", n), strings.Repeat("x", n-1)+":", " "+strings.Repeat("x", n-1),
			strings.Repeat("é", n/2), strings.Repeat("x", n-3)+"\t", "0"+strings.Repeat("1", n-1))
	}
	return append(out, words...)
}

// differingLines shows the lines of two texts that differ, side by side.
func differingLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "  line %d: kyaml %q, ynode %q\n", i+1, wl, gl)
		}
	}
	return b.String()
}
