package merge3diff

import (
	"fmt"
	"strings"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// step is one step of a path through a tree: a map key or a list position.
type step struct {
	key   string
	index int
}

// site is a value of the original tree an edit can target.
type site struct {
	path []step
	kind yaml.Kind
}

// sites lists every value under n (not n itself), identity fields left out.
func sites(n *yaml.Node, path []step, out *[]site) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if len(path) == 0 && (k == "apiVersion" || k == "kind") {
				continue
			}
			if len(path) == 1 && path[0].key == "metadata" && (k == "name" || k == "namespace") {
				continue
			}
			p := append(append([]step{}, path...), step{key: k, index: -1})
			*out = append(*out, site{path: p, kind: n.Content[i+1].Kind})
			sites(n.Content[i+1], p, out)
		}
	case yaml.SequenceNode:
		for i, it := range n.Content {
			p := append(append([]step{}, path...), step{index: i})
			*out = append(*out, site{path: p, kind: it.Kind})
			sites(it, p, out)
		}
	}
}

// resolve returns the parent of path's last step in root and that step, nil when the path no
// longer exists.
func resolve(root *yaml.Node, path []step) (*yaml.Node, step) {
	n := root
	for _, st := range path[:len(path)-1] {
		n = child(n, st)
		if n == nil {
			return nil, step{}
		}
	}
	last := path[len(path)-1]
	if child(n, last) == nil {
		return nil, step{}
	}
	return n, last
}

func child(n *yaml.Node, st step) *yaml.Node {
	if st.index >= 0 {
		if n.Kind != yaml.SequenceNode || st.index >= len(n.Content) {
			return nil
		}
		return n.Content[st.index]
	}
	if n.Kind != yaml.MappingNode {
		return nil
	}
	return get(n, st.key)
}

// values are the scalars edits write: plain words, numbers, and words YAML 1.1 reads as
// booleans (which kyaml quotes when it writes them into a new field).
var values = []any{"alpha", "beta", "gamma", "v2", "on", "yes", "no", "off", "0755", 7, 42, true, "", "a b", "x:y", "1.5"}

// edit changes the value at path in root, one way drawn from what the value is.
func (g *gen) edit(root *yaml.Node, path []step) {
	parent, st := resolve(root, path)
	if parent == nil {
		return
	}
	target := child(parent, st)
	if st.index >= 0 {
		g.editItem(parent, st.index, target)
		return
	}
	switch target.Kind {
	case yaml.ScalarNode:
		g.editScalar(parent, st.key, target)
	case yaml.SequenceNode:
		g.editList(parent, st.key, target)
	case yaml.MappingNode:
		g.editMap(parent, st.key, target)
	}
}

func (g *gen) editScalar(parent *yaml.Node, key string, target *yaml.Node) {
	switch g.d.intn(12) {
	case 0, 1, 2, 3:
		set(parent, key, g.newScalar())
	case 4:
		del(parent, key)
	case 5:
		set(parent, key, g.null())
		if k := keyNode(parent, key); k != nil {
			// a comment after "key:" with nothing, at the end of a document, is the document's
			// for yaml.v3: a corner package ynode does not follow
			k.FootComment = ""
		}
	case 6:
		c := copyNode(target)
		c.LineComment = g.comment()
		set(parent, key, c)
	case 7:
		if k := keyNode(parent, key); k != nil {
			k.HeadComment = g.comment()
		}
	case 8:
		if g.d.chance(0.3) { // a scalar turned into a map: kyaml refuses the merge
			set(parent, key, m("nested", g.newScalar()))
		}
	case 9:
		c := copyNode(target)
		c.Style = pick(g.d, yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle, 0)
		if c.Tag != "!!str" || strings.Contains(c.Value, "\n") {
			c.Style = 0 // a multi-line quoted scalar with a comment after it is left out
		}
		set(parent, key, c)
	default:
		set(parent, g.newKey(), g.newScalar())
	}
}

func (g *gen) editList(parent *yaml.Node, key string, list *yaml.Node) {
	switch g.d.intn(11) {
	case 0, 1, 2:
		list.Content = append(list.Content, g.newItem(list))
	case 3, 4:
		if len(list.Content) > 0 {
			i := g.d.intn(len(list.Content))
			list.Content = append(list.Content[:i:i], list.Content[i+1:]...)
		}
	case 5:
		del(parent, key)
	case 6:
		set(parent, key, g.null())
	case 7:
		if k := keyNode(parent, key); k != nil {
			k.LineComment = g.comment()
		}
	case 8:
		if k := keyNode(parent, key); k != nil {
			k.LineComment = pick(g.d, `# {"$openapi":"setter"}`, `# {"type":"array","x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"name"}`, `# {"description":"a note"}`)
		}
	case 9:
		if len(list.Content) > 1 {
			i := g.d.intn(len(list.Content) - 1)
			list.Content[i], list.Content[i+1] = list.Content[i+1], list.Content[i]
		}
	default:
		if len(list.Content) > 0 {
			i := g.d.intn(len(list.Content))
			g.editItem(list, i, list.Content[i])
		}
	}
}

func (g *gen) editMap(parent *yaml.Node, key string, target *yaml.Node) {
	switch g.d.intn(8) {
	case 0, 1:
		set(target, g.newKey(), g.newScalar())
	case 2:
		del(parent, key)
	case 3:
		set(parent, key, g.null())
	case 4:
		if k := keyNode(parent, key); k != nil {
			k.LineComment = g.comment()
		}
	case 5:
		if k := keyNode(parent, key); k != nil {
			k.HeadComment = g.comment()
		}
	case 6:
		set(parent, key, m())
	default:
		if len(target.Content) >= 2 {
			i := 2 * g.d.intn(len(target.Content)/2)
			target.Content = append(target.Content[:i:i], target.Content[i+2:]...)
		}
	}
}

// editItem changes one item of a list.
func (g *gen) editItem(list *yaml.Node, i int, item *yaml.Node) {
	switch {
	case g.d.chance(0.25):
		list.Content = append(list.Content[:i:i], list.Content[i+1:]...)
	case item.Kind == yaml.MappingNode && g.d.chance(0.15) && len(heldKeys(item)) > 0:
		g.unkey(item)
	case item.Kind == yaml.MappingNode && len(item.Content) >= 2:
		j := 2 * g.d.intn(len(item.Content)/2)
		k := item.Content[j].Value
		switch g.d.intn(5) {
		case 0:
			del(item, k)
		case 1:
			set(item, g.newKey(), g.newScalar())
		case 2:
			if item.Content[j+1].Kind == yaml.ScalarNode {
				c := copyNode(item.Content[j+1])
				c.LineComment = g.comment()
				item.Content[j+1] = c
			}
		default:
			if item.Content[j+1].Kind == yaml.ScalarNode {
				item.Content[j+1] = g.newScalar()
			}
		}
	case item.Kind == yaml.ScalarNode:
		c := g.newScalar()
		if g.d.chance(0.3) {
			c.LineComment = g.comment()
		}
		list.Content[i] = c
	}
}

// newItem makes an item for list: a copy of one of its items under a new key, or a scalar.
// Now and then the copy keeps its key (two items with one key), or loses it (an item without
// its key).
func (g *gen) newItem(list *yaml.Node) *yaml.Node {
	if len(list.Content) == 0 || list.Content[0].Kind != yaml.MappingNode {
		return s(fmt.Sprintf("item-%d", g.d.intn(20)))
	}
	item := copyNode(list.Content[g.d.intn(len(list.Content))])
	switch {
	case g.d.chance(0.1):
		g.tell("a new item repeats a key")
		return item
	case g.d.chance(0.1):
		g.unkey(item)
		return item
	}
	for i := 0; i+1 < len(item.Content); i += 2 {
		v := item.Content[i+1]
		switch item.Content[i].Value {
		case "name", "mountPath":
			item.Content[i+1] = s(fmt.Sprintf("%s-%d", v.Value, g.d.intn(30)))
		case "containerPort", "port":
			item.Content[i+1] = s(1000 + g.d.intn(50))
		case "protocol":
			item.Content[i+1] = s(pick(g.d, "TCP", "UDP", "SCTP"))
		}
	}
	if g.d.chance(0.2) {
		item.HeadComment = g.comment()
	}
	return item
}

// keyFields are the fields the generator's keyed lists match their items by.
var keyFields = []string{"name", "mountPath", "containerPort", "port", "protocol"}

// heldKeys returns the key fields item holds.
func heldKeys(item *yaml.Node) []string {
	var held []string
	for _, k := range keyFields {
		if get(item, k) != nil {
			held = append(held, k)
		}
	}
	return held
}

// unkey takes the key text of one of an item's key fields away, one of three ways: the field
// removed, emptied or set to null. An item without key fields stays as it is.
func (g *gen) unkey(item *yaml.Node) {
	held := heldKeys(item)
	if len(held) == 0 {
		return
	}
	k := pick(g.d, held...)
	switch g.d.intn(3) {
	case 0:
		del(item, k)
	case 1:
		set(item, k, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "", Style: yaml.DoubleQuotedStyle})
	default:
		set(item, k, g.null())
		afterNull(item, k)
	}
	g.tell("an item loses its key text (%s)", k)
}

// afterNull clears the comments a reader could take for those of the null under key in map n:
// the key's foot comment and the next key's head comment. A comment after "key:" with nothing,
// followed by a blank line, is a corner package ynode does not follow (the package doc says so).
func afterNull(n *yaml.Node, key string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value != key {
			continue
		}
		n.Content[i].FootComment = ""
		if i+2 < len(n.Content) {
			n.Content[i+2].HeadComment = ""
		}
		return
	}
}

func (g *gen) newScalar() *yaml.Node {
	n := s(pick(g.d, values...))
	if n.Tag == "!!str" {
		if tag := yamlTag(n.Value); tag != "!!str" || n.Value == "" {
			n.Style = yaml.DoubleQuotedStyle
		}
	}
	return n
}

func (g *gen) null() *yaml.Node {
	if g.d.chance(0.5) {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: ""}
	}
	return s(nil)
}

func (g *gen) newKey() string { return pick(g.d, "extra", "note", "zone", "Alpha", "retries", "mode") }

func (g *gen) comment() string {
	return pick(g.d, "# set by upstream", "# local tweak", "# see docs", "#tight", "# TODO")
}

// yamlTag is the tag a YAML 1.2 reader gives a plain scalar (enough for the generator's words).
func yamlTag(text string) string {
	switch text {
	case "true", "false":
		return "!!bool"
	case "", "null", "~":
		return "!!null"
	}
	if _, err := fmt.Sscanf(text, "%g", new(float64)); err == nil && text != "" && (text[0] >= '0' && text[0] <= '9') {
		return "!!float"
	}
	return "!!str"
}
