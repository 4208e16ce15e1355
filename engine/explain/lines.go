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
	last := w.Layout.ScalarEnd(n)
	for _, f := range n.Fields {
		last = max(last, w.EndLine(f.Value))
	}
	for _, it := range n.Items {
		last = max(last, w.EndLine(it))
	}
	return last
}
