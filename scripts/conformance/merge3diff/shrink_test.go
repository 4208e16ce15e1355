package merge3diff

import (
	"encoding/json"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// shrink makes a failing tree smaller while fails still holds: it drops entries and items,
// comments and styles, and shortens scalars, one change at a time, until no change keeps it
// failing. The tests report the shrunk tree, which is easier to read than the drawn one.
func shrink(tree *yaml.Node, fails func(*yaml.Node) bool) *yaml.Node {
	for changed := true; changed; {
		changed = false
		for _, cand := range candidates(tree) {
			if fails(cand) {
				tree, changed = cand, true
				break
			}
		}
	}
	return tree
}

// candidates lists the trees one change smaller than tree.
func candidates(tree *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	var walk func(path []int)
	walk = func(path []int) {
		n := at(tree, path)
		step := 1
		if n.Kind == yaml.MappingNode {
			step = 2
		}
		for i := 0; i+step <= len(n.Content); i += step {
			c := copyNode(tree)
			p := at(c, path)
			p.Content = append(p.Content[:i:i], p.Content[i+step:]...)
			out = append(out, c)
		}
		for _, edit := range []func(*yaml.Node) bool{
			func(x *yaml.Node) bool { ok := x.HeadComment != ""; x.HeadComment = ""; return ok },
			func(x *yaml.Node) bool { ok := x.LineComment != ""; x.LineComment = ""; return ok },
			func(x *yaml.Node) bool { ok := x.FootComment != ""; x.FootComment = ""; return ok },
			func(x *yaml.Node) bool { ok := x.Style != 0; x.Style = 0; return ok },
			func(x *yaml.Node) bool { ok := x.Kind == yaml.ScalarNode && x.Value != "a"; x.Value = "a"; return ok },
			func(x *yaml.Node) bool {
				ok := x.Tag != "!!str" && x.Kind == yaml.ScalarNode
				x.Tag = "!!str"
				return ok
			},
		} {
			c := copyNode(tree)
			if edit(at(c, path)) {
				out = append(out, c)
			}
		}
		for i := range n.Content {
			walk(append(path[:len(path):len(path)], i))
		}
	}
	walk(nil)
	return out
}

func at(n *yaml.Node, path []int) *yaml.Node {
	for _, i := range path {
		n = n.Content[i]
	}
	return n
}

// treeJSON writes a tree in the notation of Tree.
func treeJSON(n *yaml.Node) string {
	data, _ := json.Marshal(TreeOf(n))
	return string(data)
}
