package explain

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// LastLine is the last line a node spans in the input it was read from (its End: a block
// scalar's last line of content, a flow collection's closing bracket, a plain or quoted scalar
// continued over several lines), or 0 when unknown.
func LastLine(n *yamltree.Node) int {
	if n == nil {
		return 0
	}
	if n.End.IsValid() && n.End.Line >= n.Pos.Line {
		return n.End.Line
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
	return w.Layout.EndLine(n)
}
