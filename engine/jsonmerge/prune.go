package jsonmerge

import "github.com/mergeplay/mergeplay/engine/yamltree"

// pruned returns a copy of n without the null-valued keys of any object in it, however deep,
// lists included. Null list items stay. This is what the reference does to a patch value it
// adds where the target holds nothing to merge into.
func pruned(n *yamltree.Node) *yamltree.Node {
	switch {
	case n.IsMap():
		out := mapLike(n)
		for _, f := range n.Fields {
			if !f.Value.IsNull() {
				out.Fields = append(out.Fields, field(f.Key, pruned(f.Value)))
			}
		}
		return out
	case n.IsList():
		out := *n
		out.Items = make([]*yamltree.Node, len(n.Items))
		for i, it := range n.Items {
			out.Items[i] = pruned(it)
		}
		return &out
	}
	return n.Clone()
}
