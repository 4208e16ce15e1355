package yamltree

import "strings"

// Kind says which of the three YAML shapes a node has.
type Kind uint8

// The shapes of a node.
const (
	ScalarNode Kind = iota // a string, number, boolean or null
	MapNode                // an ordered mapping of keys to nodes
	ListNode               // a sequence of nodes
)

// String names the kind as a user reads it.
func (k Kind) String() string {
	switch k {
	case MapNode:
		return "map"
	case ListNode:
		return "list"
	default:
		return "scalar"
	}
}

// Tag is the resolved type of a scalar.
type Tag uint8

// The scalar types. A timestamp is kept as a string, as both references do when reading into
// untyped data.
const (
	StrTag Tag = iota
	IntTag
	FloatTag
	BoolTag
	NullTag
)

// String returns the YAML core tag name, e.g. "!!int".
func (t Tag) String() string {
	switch t {
	case IntTag:
		return "!!int"
	case FloatTag:
		return "!!float"
	case BoolTag:
		return "!!bool"
	case NullTag:
		return "!!null"
	default:
		return "!!str"
	}
}

// Style is how a node was, or should be, written.
type Style uint8

// The styles. Block is the zero value for maps and lists; Plain for scalars.
const (
	Plain        Style = iota // a plain scalar, or a block map or list
	SingleQuoted              // 'text'
	DoubleQuoted              // "text"
	Literal                   // | block scalar
	Folded                    // > block scalar
	Flow                      // {a: 1} or [1, 2]
)

// Comments are the comment lines attached to a node, without their leading "#" removed: each
// string holds whole comment lines ("# text"), joined by newlines.
type Comments struct {
	Head string // lines above the node (for a map entry: above its key)
	Line string // the comment at the end of the node's line
	Foot string // lines after the node's content, at its indentation
}

// Node is one YAML value with its position, style and comments.
//
// A scalar has Tag and Value; a map has Fields in document order; a list has Items. Value holds
// the scalar's content as text: for a string its characters, for a number, boolean or null the text
// as written (see Canonical for a normalized form).
type Node struct {
	// Kind, Tag, Style and IndentedItems stand together: a byte each, where apart each took a
	// word. A node takes 144 bytes (232 when its comments, tag, anchor and alias were fields of
	// its own: see Written); three 4 MiB inputs hold over a million.
	Kind  Kind
	Tag   Tag
	Style Style
	// IndentedItems records, for a block list that is the value of a map key, whether its "- "
	// items were indented under the key (true) or written at the key's column (false, kubectl's
	// style). The emitter follows it.
	IndentedItems bool
	Value         string
	Fields        []Field
	Items         []*Node
	Pos           Pos
	// End is where the node's text ends: the line and column just past its last character
	// (a flow collection's closing bracket, a block collection's last entry, a block scalar's
	// last line of content). A node without text (the null of "key:") ends where it starts;
	// the zero End means the node was made by the engine.
	End Pos
	// written holds what few nodes have (comments, a tag, an anchor or an alias); nil when the
	// node has none. It is shared with the node's copies and never changed in place: the setters
	// give the node a new one.
	written *Written
}

// Written is what a node's text wrote besides its value and style, which few nodes have. It
// stands apart from Node (which holds a pointer to it) so that the many nodes without any take
// 88 bytes less each.
type Written struct {
	Comments Comments
	// ExplicitTag is the tag written before the node, as written ("!!int", "!foo",
	// "!<tag:yaml.org,2002:str>"); empty when none was. Tag is what it resolved to.
	ExplicitTag string
	// Anchor is the name of the anchor written on the node ("&name"); empty when none was.
	Anchor string
	// Alias is the name of the anchor an alias ("*name") referred to, when the node is the copy
	// of that anchor's node that the alias was read as; empty otherwise.
	Alias string
}

// Comments returns the node's comments (none for a nil node).
func (n *Node) Comments() Comments {
	if n == nil || n.written == nil {
		return Comments{}
	}
	return n.written.Comments
}

// ExplicitTag returns the tag written before the node, as written; "" when none was.
func (n *Node) ExplicitTag() string {
	if n == nil || n.written == nil {
		return ""
	}
	return n.written.ExplicitTag
}

// Anchor returns the name of the anchor written on the node; "" when none was.
func (n *Node) Anchor() string {
	if n == nil || n.written == nil {
		return ""
	}
	return n.written.Anchor
}

// Alias returns the name of the anchor an alias referred to when the node is the copy of that
// anchor's node that the alias was read as; "" otherwise.
func (n *Node) Alias() string {
	if n == nil || n.written == nil {
		return ""
	}
	return n.written.Alias
}

// SetComments sets the node's comments.
func (n *Node) SetComments(c Comments) {
	w := n.own()
	w.Comments = c
	n.settle(w)
}

// CopyComments gives n the comments of from (its tag, anchor and alias stay n's own). When n has
// none of those and from has nothing but comments, the two share from's Written: no copy.
func (n *Node) CopyComments(from *Node) {
	w := from.written
	if n.written == nil && (w == nil || (w.ExplicitTag == "" && w.Anchor == "" && w.Alias == "")) {
		n.written = w
		return
	}
	n.SetComments(from.Comments())
}

// CommentPlace names one of a node's comments (see Comments).
type CommentPlace uint8

// A node's comments: above it, at the end of its line, after its content.
const (
	HeadComment CommentPlace = iota
	LineComment
	FootComment
)

// SetComment sets one of the node's comments.
func (n *Node) SetComment(at CommentPlace, text string) {
	if text == "" && n.written == nil {
		return // the reader sets the empty comments of most nodes: nothing to change
	}
	w := n.own()
	switch at {
	case HeadComment:
		w.Comments.Head = text
	case LineComment:
		w.Comments.Line = text
	default:
		w.Comments.Foot = text
	}
	n.settle(w)
}

// SetExplicitTag sets the tag written before the node, as written.
func (n *Node) SetExplicitTag(tag string) {
	w := n.own()
	w.ExplicitTag = tag
	n.settle(w)
}

// SetAnchor sets the name of the anchor written on the node.
func (n *Node) SetAnchor(name string) {
	w := n.own()
	w.Anchor = name
	n.settle(w)
}

// own returns a copy of the node's Written to change (a node's copies share the one it has).
func (n *Node) own() Written {
	if n.written == nil {
		return Written{}
	}
	return *n.written
}

// settle gives the node w, or nothing when w holds nothing. The copy is made only when w holds
// something: taking w's address would move every call's w to the heap, and the reader sets
// empty comments on most nodes.
func (n *Node) settle(w Written) {
	if w == (Written{}) {
		n.written = nil
		return
	}
	kept := new(Written)
	*kept = w
	n.written = kept
}

// Field is one entry of a map: a scalar key and its value.
type Field struct {
	Key   *Node
	Value *Node
}

// Name returns the key's text.
func (f Field) Name() string { return f.Key.Value }

// NewScalar returns a scalar node of the given type and text.
func NewScalar(tag Tag, value string) *Node {
	return &Node{Kind: ScalarNode, Tag: tag, Value: value}
}

// NewString returns a string scalar.
func NewString(s string) *Node { return NewScalar(StrTag, s) }

// NewNull returns a null scalar.
func NewNull() *Node { return NewScalar(NullTag, "null") }

// NewMap returns an empty map.
func NewMap() *Node { return &Node{Kind: MapNode} }

// NewList returns a list holding items.
func NewList(items ...*Node) *Node { return &Node{Kind: ListNode, Items: items} }

// IsNull reports whether n is absent or a null scalar.
func (n *Node) IsNull() bool { return n == nil || (n.Kind == ScalarNode && n.Tag == NullTag) }

// IsMap reports whether n is a map.
func (n *Node) IsMap() bool { return n != nil && n.Kind == MapNode }

// IsList reports whether n is a list.
func (n *Node) IsList() bool { return n != nil && n.Kind == ListNode }

// IsScalar reports whether n is a scalar.
func (n *Node) IsScalar() bool { return n != nil && n.Kind == ScalarNode }

// Index returns the position of key among the fields of map n, or -1.
func (n *Node) Index(key string) int {
	if n == nil || n.Kind != MapNode {
		return -1
	}
	for i, f := range n.Fields {
		if f.Key.Value == key {
			return i
		}
	}
	return -1
}

// Get returns the value of key in map n, or nil when n is not a map or lacks the key.
func (n *Node) Get(key string) *Node {
	if i := n.Index(key); i >= 0 {
		return n.Fields[i].Value
	}
	return nil
}

// Has reports whether map n holds key (even with a null value).
func (n *Node) Has(key string) bool { return n.Index(key) >= 0 }

// Lookup follows a path of keys through nested maps and returns the node at its end, or nil.
func (n *Node) Lookup(keys ...string) *Node {
	for _, k := range keys {
		n = n.Get(k)
		if n == nil {
			return nil
		}
	}
	return n
}

// Set puts value under key in map n: in place when the key exists, else appended.
func (n *Node) Set(key string, value *Node) {
	if i := n.Index(key); i >= 0 {
		n.Fields[i].Value = value
		return
	}
	n.Fields = append(n.Fields, Field{Key: NewString(key), Value: value})
}

// Delete removes key from map n and reports whether it was there.
func (n *Node) Delete(key string) bool {
	i := n.Index(key)
	if i < 0 {
		return false
	}
	n.Fields = append(n.Fields[:i:i], n.Fields[i+1:]...)
	return true
}

// Keys returns the keys of map n in order.
func (n *Node) Keys() []string {
	if n == nil || n.Kind != MapNode {
		return nil
	}
	keys := make([]string, len(n.Fields))
	for i, f := range n.Fields {
		keys[i] = f.Key.Value
	}
	return keys
}

// Str returns the text of a scalar, or "" for anything else.
func (n *Node) Str() string {
	if n == nil || n.Kind != ScalarNode || n.Tag == NullTag {
		return ""
	}
	return n.Value
}

// Clone returns a deep copy of n. The copy's nodes, fields and items are allocated in three
// blocks rather than one by one (allocation is what copying costs, in WebAssembly above all); each
// slice of the copy has its own capacity, so appending to one never writes into another.
func (n *Node) Clone() *Node {
	if n == nil {
		return nil
	}
	var size cloneSize
	size.count(n)
	c := cloner{nodes: make([]Node, size.nodes), fields: make([]Field, size.fields), items: make([]*Node, size.items)}
	return c.clone(n)
}

// cloneSize counts what a copy allocates.
type cloneSize struct{ nodes, fields, items int }

func (s *cloneSize) count(n *Node) {
	if n == nil {
		return
	}
	s.nodes++
	s.fields += len(n.Fields)
	s.items += len(n.Items)
	for _, f := range n.Fields {
		s.count(f.Key)
		s.count(f.Value)
	}
	for _, it := range n.Items {
		s.count(it)
	}
}

// cloner hands out the blocks a copy was counted to need.
type cloner struct {
	nodes  []Node
	fields []Field
	items  []*Node
}

func (c *cloner) clone(n *Node) *Node {
	if n == nil {
		return nil
	}
	out := &c.nodes[0]
	c.nodes = c.nodes[1:]
	*out = *n
	if n.Fields != nil {
		k := len(n.Fields)
		out.Fields = c.fields[:k:k]
		c.fields = c.fields[k:]
		for i, f := range n.Fields {
			out.Fields[i] = Field{Key: c.clone(f.Key), Value: c.clone(f.Value)}
		}
	}
	if n.Items != nil {
		k := len(n.Items)
		out.Items = c.items[:k:k]
		c.items = c.items[k:]
		for i, it := range n.Items {
			out.Items[i] = c.clone(it)
		}
	}
	return out
}

// Size returns the number of nodes in the tree rooted at n (keys not counted).
func (n *Node) Size() int {
	if n == nil {
		return 0
	}
	size := 1
	for _, f := range n.Fields {
		size += f.Value.Size()
	}
	for _, it := range n.Items {
		size += it.Size()
	}
	return size
}

// String renders n as compact flow-style YAML, for messages and debugging.
func (n *Node) String() string {
	var b strings.Builder
	writeFlow(&b, n)
	return b.String()
}
