package explain

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// LastLine is the last line a node spans in the input it was read from, or 0 when unknown.
func LastLine(n *yamltree.Node) int {
	if n == nil {
		return 0
	}
	last := n.Pos.Line
	for _, f := range n.Fields {
		last = max(last, LastLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, LastLine(it))
	}
	if n.Style == yamltree.Literal || n.Style == yamltree.Folded {
		last = n.Pos.Line + strings.Count(n.Value, "\n")
	}
	return last
}

// EndLine is the last line a node of the result spans.
func (w *Walker) EndLine(n *yamltree.Node) int {
	last := w.Layout.Line(n) + blockLines(n)
	for _, f := range n.Fields {
		last = max(last, w.EndLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, w.EndLine(it))
	}
	return last
}

// blockLines counts the lines a string written as a block scalar takes after its header.
func blockLines(n *yamltree.Node) int {
	if n.Kind != yamltree.ScalarNode || n.Tag != yamltree.StrTag {
		return 0
	}
	content := strings.TrimRight(n.Value, "\n")
	if !strings.Contains(content, "\n") && n.Style != yamltree.Literal && n.Style != yamltree.Folded {
		return 0
	}
	trailing := len(n.Value) - len(content)
	return strings.Count(content, "\n") + 1 + max(trailing-1, 0)
}
