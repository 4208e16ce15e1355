package explain

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Short renders a value for a sentence, cut to a readable length: strings quoted, maps and lists
// in flow style, "nothing" for an absent value.
func Short(n *yamltree.Node) string {
	if n == nil {
		return "nothing"
	}
	s := n.String()
	if n.Kind == yamltree.ScalarNode && n.Tag == yamltree.StrTag {
		s = strconv.Quote(n.Value)
	}
	return yamltree.Abbreviate(s, 60)
}
