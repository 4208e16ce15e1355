package ynode

import "github.com/mergeplay/mergeplay/engine/yamltree"

// Kind is the shape of a node.
type Kind uint8

// The kinds. The zero Kind is a node with no value at all.
const (
	DocumentNode Kind = iota + 1 // a document: Content holds its root
	MapNode                      // Content holds keys and values alternately
	ListNode                     // Content holds the items
	ScalarNode                   // Value holds the text
	AliasNode                    // Value holds the name of the anchor it refers to ("*name")
)

// String names the kind for messages.
func (k Kind) String() string {
	switch k {
	case DocumentNode:
		return "document"
	case MapNode:
		return "map"
	case ListNode:
		return "list"
	case ScalarNode:
		return "scalar"
	case AliasNode:
		return "alias"
	}
	return "nothing"
}

// Style is how a node was written, and how it should be written again when it can be.
type Style uint8

// The styles. Plain is the zero value: a plain scalar, or a block map or list. A style that does
// not fit the node (Flow on a scalar, a quote on a map) is ignored when writing.
const (
	Plain        Style = iota
	SingleQuoted       // 'text'
	DoubleQuoted       // "text"
	Literal            // |
	Folded             // >
	Flow               // {a: 1} or [1, 2]
)

// The tags the reader gives. A node made by the merge may have no tag.
const (
	NullTag      = "!!null"
	BoolTag      = "!!bool"
	StrTag       = "!!str"
	IntTag       = "!!int"
	FloatTag     = "!!float"
	TimestampTag = "!!timestamp"
	MergeTag     = "!!merge"
	SeqTag       = "!!seq"
	MapTag       = "!!map"
)

// Node is one YAML node as kyaml holds it: its tag and style as read, and three comments.
type Node struct {
	Kind  Kind
	Style Style
	// Tag is the node's short tag ("!!str"), empty for a node the merge made.
	Tag string
	// Tagged records that the input wrote the tag ("!!str 12"): it is written again.
	Tagged bool
	// Anchor is the anchor written on the node ("&name"), written again; kyaml keeps it with
	// the node's value (a value set over the node brings its own anchor, or none).
	Anchor string
	// Value is a scalar's text.
	Value string
	// Content holds a list's items, or a map's keys and values alternately.
	Content []*Node
	// HeadComment, LineComment and FootComment are comment lines ("# text"), joined by "\n".
	HeadComment string
	LineComment string
	FootComment string
	// Src is the node of the input this one was read from, nil for a node the merge made.
	Src *yamltree.Node
}

// Set makes n hold what v holds (kyaml's SetYNode: a copy of the node's fields). Every holder
// of n sees the new value.
func (n *Node) Set(v *Node) { *n = *v }

// IsNull reports whether n is missing or tagged null (kyaml's IsMissingOrNull).
func (n *Node) IsNull() bool { return n == nil || n.Tag == NullTag }

// IsTaggedNull reports whether n exists and is tagged null.
func (n *Node) IsTaggedNull() bool { return n != nil && n.Tag == NullTag }

// IsEmptyMap reports whether n is missing, null, or a map without entries.
func (n *Node) IsEmptyMap() bool {
	return n.IsNull() || (n.Kind == MapNode && len(n.Content) == 0)
}

// IsNilOrEmpty reports whether n is missing, null, an empty map, an empty list or a zero node
// (kyaml's IsNilOrEmpty).
func (n *Node) IsNilOrEmpty() bool {
	switch {
	case n.IsNull():
		return true
	case (n.Kind == MapNode || n.Kind == ListNode) && len(n.Content) == 0:
		return true
	}
	return n.Kind == 0 && n.Style == Plain && n.Tag == "" && n.Value == "" && n.Content == nil &&
		n.HeadComment == "" && n.LineComment == "" && n.FootComment == ""
}

// IsString reports whether n is a string scalar, or a scalar without a tag.
func (n *Node) IsString() bool {
	return n != nil && n.Kind == ScalarNode && (n.Tag == StrTag || n.Tag == "")
}

// Text returns a scalar's value, "" for a missing or null node (kyaml's GetValue).
func (n *Node) Text() string {
	if n.IsNull() {
		return ""
	}
	return n.Value
}

// Field returns the key and value of the first entry called name in map n; nil, nil when n is
// not a map or has no such entry.
func (n *Node) Field(name string) (key, value *Node) {
	if n == nil || n.Kind != MapNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == name {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}

// Get returns the value of the first entry called name in map n, or nil.
func (n *Node) Get(name string) *Node {
	_, v := n.Field(name)
	return v
}

// Keys returns the keys of map n in order (nil when n is not a map).
func (n *Node) Keys() []string {
	if n == nil || n.Kind != MapNode {
		return nil
	}
	keys := make([]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i].Value)
	}
	return keys
}

// Delete removes the first entry called name from map n and returns its value, or nil.
func (n *Node) Delete(name string) *Node {
	if n == nil || n.Kind != MapNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == name {
			v := n.Content[i+1]
			n.Content = append(n.Content[:i:i], n.Content[i+2:]...)
			return v
		}
	}
	return nil
}

// Append adds an entry at the end of map n.
func (n *Node) Append(key, value *Node) { n.Content = append(n.Content, key, value) }

// NewMap returns an empty map without a tag, as kyaml makes them.
func NewMap() *Node { return &Node{Kind: MapNode} }

// NewList returns an empty list without a tag.
func NewList() *Node { return &Node{Kind: ListNode} }

// NewScalar returns a scalar without a tag, as kyaml's NewScalarRNode makes them.
func NewScalar(value string) *Node { return &Node{Kind: ScalarNode, Value: value} }

// NewString returns a string scalar (kyaml's NewStringRNode).
func NewString(value string) *Node { return &Node{Kind: ScalarNode, Tag: StrTag, Value: value} }

// Copy returns a deep copy of n (kyaml's CopyYNode).
func (n *Node) Copy() *Node {
	if n == nil {
		return nil
	}
	c := *n
	if n.Content != nil {
		c.Content = make([]*Node, len(n.Content))
		for i, ch := range n.Content {
			c.Content[i] = ch.Copy()
		}
	}
	return &c
}
