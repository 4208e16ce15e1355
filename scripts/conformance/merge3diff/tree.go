package merge3diff

import (
	"encoding/json"
	"fmt"
	"strings"

	"sigs.k8s.io/kustomize/kyaml/kio"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// Tree is a YAML node written as JSON, the notation of the writer corpus
// (engine/modes/merge3/ynode/testdata/writer.json) and of the probe (./merge3diff/probe):
//
//	{"kind": "map", "tag": "!!map", "style": "flow", "head": "# c", "line": "# c", "foot": "# c", "items": [key, value, ...]}
//	{"kind": "seq", "items": [...]}   {"kind": "doc", "head": "# c", "items": [root]}
//	{"kind": "scalar", "tag": "!!str", "value": "text", "style": "double"}
//
// style is one of plain, double, single, literal, folded, flow, or several joined by "|". A JSON
// string stands for a scalar tagged !!str, a number for !!int or !!float, true or false for
// !!bool and null for !!null, all plain.
type Tree struct {
	Kind  string `json:"kind"`
	Tag   string `json:"tag,omitempty"`
	Value string `json:"value,omitempty"`
	Style string `json:"style,omitempty"`
	Head  string `json:"head,omitempty"`
	Line  string `json:"line,omitempty"`
	Foot  string `json:"foot,omitempty"`
	Items []Tree `json:"items,omitempty"`
}

// UnmarshalJSON reads a tree, or a shorthand scalar.
func (t *Tree) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case string:
		*t = Tree{Kind: "scalar", Tag: "!!str", Value: x}
	case float64:
		tag := "!!int"
		if strings.ContainsAny(string(data), ".eE") {
			tag = "!!float"
		}
		*t = Tree{Kind: "scalar", Tag: tag, Value: string(data)}
	case bool:
		*t = Tree{Kind: "scalar", Tag: "!!bool", Value: fmt.Sprint(x)}
	case nil:
		*t = Tree{Kind: "scalar", Tag: "!!null", Value: "null"}
	default:
		type plain Tree
		var p plain
		if err := json.Unmarshal(data, &p); err != nil {
			return err
		}
		*t = Tree(p)
	}
	return nil
}

var treeKinds = map[string]yaml.Kind{"doc": yaml.DocumentNode, "map": yaml.MappingNode, "seq": yaml.SequenceNode, "scalar": yaml.ScalarNode}

var treeStyles = map[string]yaml.Style{"plain": 0, "tagged": yaml.TaggedStyle, "double": yaml.DoubleQuotedStyle,
	"single": yaml.SingleQuotedStyle, "literal": yaml.LiteralStyle, "folded": yaml.FoldedStyle, "flow": yaml.FlowStyle}

// Node turns the tree into yaml.v3's node.
func (t Tree) Node() (*yaml.Node, error) {
	kind, ok := treeKinds[t.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown kind %q", t.Kind)
	}
	n := &yaml.Node{Kind: kind, Tag: t.Tag, Value: t.Value, HeadComment: t.Head, LineComment: t.Line, FootComment: t.Foot}
	if t.Style != "" {
		for _, name := range strings.Split(t.Style, "|") {
			st, ok := treeStyles[name]
			if !ok {
				return nil, fmt.Errorf("unknown style %q", name)
			}
			n.Style |= st
		}
	}
	for _, it := range t.Items {
		c, err := it.Node()
		if err != nil {
			return nil, err
		}
		n.Content = append(n.Content, c)
	}
	return n, nil
}

// TreeOf turns yaml.v3's node into a tree (the probe prints what yaml.v3 read).
func TreeOf(n *yaml.Node) Tree {
	t := Tree{Tag: n.Tag, Value: n.Value, Head: n.HeadComment, Line: n.LineComment, Foot: n.FootComment}
	for name, k := range treeKinds {
		if k == n.Kind {
			t.Kind = name
		}
	}
	if n.Kind == yaml.AliasNode {
		t.Kind = "alias"
	}
	var styles []string
	for _, name := range []string{"tagged", "double", "single", "literal", "folded", "flow"} {
		if n.Style&treeStyles[name] != 0 {
			styles = append(styles, name)
		}
	}
	t.Style = strings.Join(styles, "|")
	for _, c := range n.Content {
		t.Items = append(t.Items, TreeOf(c))
	}
	return t
}

// WriteAsKio writes trees as kio's ByteWriter writes resources: one document each.
func WriteAsKio(trees []Tree) (string, error) {
	var nodes []*yaml.RNode
	for _, t := range trees {
		n, err := t.Node()
		if err != nil {
			return "", err
		}
		nodes = append(nodes, yaml.NewRNode(n))
	}
	var b strings.Builder
	err := kioWrite(&b, nodes)
	return b.String(), err
}

// WriteAsString writes trees with kyaml's yaml.String, one after the other.
func WriteAsString(trees []Tree) (string, error) {
	var b strings.Builder
	for _, t := range trees {
		n, err := t.Node()
		if err != nil {
			return "", err
		}
		text, err := yaml.String(n)
		if err != nil {
			return "", err
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// kioWrite is kio's ByteWriter with its defaults.
func kioWrite(w *strings.Builder, nodes []*yaml.RNode) error {
	return kio.ByteWriter{Writer: w}.Write(nodes)
}

// ReadAsKio reads a stream as kio's ByteReader does (no reader annotations) and returns each
// resource's document node as yaml.v3 read it (its root when kio kept no document).
func ReadAsKio(text string) ([]*yaml.Node, error) {
	rs, err := (&kio.ByteReader{Reader: strings.NewReader(text), OmitReaderAnnotations: true}).Read()
	if err != nil {
		return nil, err
	}
	var out []*yaml.Node
	for _, r := range rs {
		if d := r.Document(); d != nil {
			out = append(out, d)
			continue
		}
		out = append(out, r.YNode())
	}
	return out, nil
}
