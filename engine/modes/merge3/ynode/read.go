package ynode

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Source is an input's text, in lines. yamltree reads the data and the positions; the reader
// finds the comments again in the text and places them as kyaml's reader does.
type Source struct {
	text []string
	// lines holds a line's runes once a reader needed them (columns count runes), by line.
	lines map[int][]rune
	// separators marks the lines kio's reader cuts documents at: "---" after a line break.
	separators map[int]bool
}

// region returns the first and last lines of the document holding line, as kio's reader cuts a
// stream: at "---" lines after a line break.
func (s Source) region(line int) (int, int) {
	start, end := 0, len(s.text)-1
	for l := line; l > 0; l-- {
		if s.separators[l] {
			start = l + 1
			break
		}
	}
	for l := line + 1; l < len(s.text); l++ {
		if s.separators[l] {
			end = l - 1
			break
		}
	}
	return start, end
}

// NewSource prepares an input's text (a byte order mark dropped, CRLF and a lone CR read as LF,
// as yamltree reads them, so that positions agree: a lone CR is a line break to YAML).
func NewSource(text string) Source {
	text = strings.TrimPrefix(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\ufeff")
	s := Source{text: strings.Split(text, "\n"), separators: map[int]bool{}, lines: map[int][]rune{}}
	for i, l := range s.text {
		if i > 0 && strings.HasPrefix(l, "---") {
			s.separators[i] = true
		}
	}
	return s
}

// runeAt returns the rune at column col of line l, 0 past its end.
func (s Source) runeAt(l, col int) rune {
	text := s.text[l]
	if col < len(text) && isASCII(text[:col+1]) {
		return rune(text[col])
	}
	if runes := s.runes(l); col < len(runes) {
		return runes[col]
	}
	return 0
}

func isASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			return false
		}
	}
	return true
}

// runes returns line l as runes.
func (s Source) runes(l int) []rune {
	runes, ok := s.lines[l]
	if !ok {
		runes = []rune(s.text[l])
		s.lines[l] = runes
	}
	return runes
}

// ReadDocument converts one document's root, as yamltree read it from source, into the nodes
// kyaml reads: plain scalars typed by plainTag, styles and written tags kept, and the comments of
// the document's text where kyaml's reader attaches them (read_comments.go). It returns the root
// and the document's own head comment, which kyaml keeps apart from the root's.
func ReadDocument(root *yamltree.Node, source Source) (*Node, string) {
	r := &reader{src: source}
	r.start, r.end = source.region(root.Pos.Line - 1)
	r.facts = make([]lineFacts, r.end-r.start+1)
	n := r.node(root, nil)
	return n, r.placeComments()
}

// reader converts one document.
type reader struct {
	src Source
	// anchors are the keys and list items in the order of the text: what comments attach to.
	anchors []*anchor
	// start and end are the document's first and last lines; facts holds what is known of each.
	start, end int
	facts      []lineFacts
	none       lineFacts // what is known of a line outside the document: nothing
	// inFlowDepth counts the flow collections the reader is in.
	inFlowDepth int
	// spans are the quoted scalars and flow collections of the document, where "#" is text.
	spans []span
	// dashHeads maps the line of an item's "-" to the item when the item is a scalar, an alias
	// or a flow collection written on a later line ("- # c" then "x"): a comment starting on the
	// "-" line is its head comment.
	dashHeads map[int]*Node
}

// lineFacts are what the reader learns of one line of the document.
type lineFacts struct {
	// owner is the node a comment at the end of the line belongs to.
	owner *Node
	// opaque marks a line inside a block scalar, a quoted scalar or a flow collection, where a
	// "#" opens no comment the reader places (comments inside flow collections come from
	// yamltree, which attaches them where kyaml's reader does).
	opaque bool
}

// line returns what is known of line l.
func (r *reader) line(l int) *lineFacts {
	if l < r.start || l > r.end {
		r.none = lineFacts{}
		return &r.none
	}
	return &r.facts[l-r.start]
}

// anchor is a key of a block map or an item of a block list.
type anchor struct {
	_      incomparable.Field
	node   *Node // the key, or the item
	item   bool
	line   int // 0-based line of the key, or of the item's "-"
	col    int // 0-based column of the key, or of the "-"
	parent *anchor
	prev   *anchor // the anchor before this one in the same collection
}

// target reports whether a foot comment attaches to the anchor: a key, or an item that is a
// scalar (not a null one left empty) or a flow collection.
func (a *anchor) target() bool {
	if !a.item {
		return true
	}
	return !isBlock(a.node) && !(a.node.Kind == ScalarNode && a.node.Value == "" && a.node.Tag == NullTag)
}

// within reports whether b is a or inside a's value.
func (a *anchor) within(b *anchor) bool {
	for ; b != nil; b = b.parent {
		if b == a {
			return true
		}
	}
	return false
}

// node converts n; a is the anchor whose value n is (nil for the root).
func (r *reader) node(n *yamltree.Node, a *anchor) *Node {
	var out *Node
	switch {
	case n.Alias() != "":
		// yamltree reads an alias as a copy of its anchor's node; kyaml keeps the alias
		out = &Node{Kind: AliasNode, Value: n.Alias(), Src: n}
		if r.inFlowDepth == 0 {
			r.line(n.Pos.Line - 1).owner = out
		}
	case n.Kind == yamltree.MapNode:
		out = r.mapNode(n, a)
	case n.Kind == yamltree.ListNode:
		out = r.listNode(n, a)
	default:
		out = r.scalar(n)
	}
	out.Anchor = n.Anchor()
	if r.inFlowDepth > 0 {
		// inside a flow collection, yamltree attaches comments where kyaml's reader does
		// (observed with kyaml v0.21.2: a comment line is the head comment of the entry after
		// it, a comment after an item or value on its line that item's line comment)
		out.HeadComment, out.LineComment, out.FootComment = n.Comments().Head, n.Comments().Line, n.Comments().Foot
	}
	return out
}

func (r *reader) mapNode(n *yamltree.Node, a *anchor) *Node {
	out := &Node{Kind: MapNode, Tag: MapTag, Src: n}
	if tag := writtenTag(n); tag != "" {
		out.Tag, out.Tagged = tag, true
	}
	if n.Style == yamltree.Flow {
		out.Style = Flow
		r.flow(n, out)
		return out
	}
	out.Content = make([]*Node, 0, 2*len(n.Fields))
	var prev *anchor
	for _, f := range n.Fields {
		key := r.key(f.Key)
		if key.Kind == ScalarNode && f.Key.Style == yamltree.Plain && !key.Tagged {
			key.Tag = plainTag(key.Value) // yamltree keeps keys as strings; kyaml types them ("010: x" is an int)
		}
		ka := &anchor{node: key, line: f.Key.Pos.Line - 1, col: f.Key.Pos.Column - 1, parent: a, prev: prev}
		r.anchors = append(r.anchors, ka)
		prev = ka
		value := r.node(f.Value, ka)
		// "key: # comment": the key's, when the value is a block collection, starts on a later
		// line, or is nothing
		if isBlock(value) || f.Value.Pos.Line != f.Key.Pos.Line || (value.Tag == NullTag && value.Value == "") {
			r.line(ka.line).owner = key
		}
		out.Content = append(out.Content, key, value)
	}
	return out
}

// key converts a map's key. An alias used as a key stays an alias, named by its anchor's name
// (kyaml keeps it so: its field is named "k" for "*k : v", written "*k: v" where the local copy
// holds it and "k: v" where a merge appends it; observed with kyaml v0.21.3,
// scripts/conformance/yamldiff, class aliaskeys).
func (r *reader) key(k *yamltree.Node) *Node {
	if k.Alias() != "" {
		return &Node{Kind: AliasNode, Value: k.Alias(), Src: k}
	}
	key := r.scalar(k)
	key.Anchor = k.Anchor()
	return key
}

func (r *reader) listNode(n *yamltree.Node, a *anchor) *Node {
	out := &Node{Kind: ListNode, Tag: SeqTag, Src: n}
	if tag := writtenTag(n); tag != "" {
		out.Tag, out.Tagged = tag, true
	}
	if n.Style == yamltree.Flow {
		out.Style = Flow
		r.flow(n, out)
		return out
	}
	col := n.Pos.Column - 1
	out.Content = make([]*Node, 0, len(n.Items))
	var prev *anchor
	for _, it := range n.Items {
		ia := &anchor{item: true, line: r.dashLine(it.Pos.Line-1, col), col: col, parent: a, prev: prev}
		r.anchors = append(r.anchors, ia)
		prev = ia
		ia.node = r.node(it, ia)
		if it.Pos.Line-1 > ia.line || (ia.node.Tag == NullTag && ia.node.Value == "") {
			r.line(ia.line).owner = nil // "- # comment" opens the head comment of what follows
		}
		if it.Pos.Line-1 > ia.line && !isBlock(ia.node) {
			if r.dashHeads == nil {
				r.dashHeads = map[int]*Node{}
			}
			r.dashHeads[ia.line] = ia.node
		}
		out.Content = append(out.Content, ia.node)
	}
	return out
}

// dashLine finds the line of an item's "-": the item's own line, or the nearest one above with
// "-" at the list's column.
func (r *reader) dashLine(line, col int) int {
	for l := line; l >= 0; l-- {
		if r.src.runeAt(l, col) == '-' {
			return l
		}
	}
	return line
}

// scalar converts a scalar: its tag (the one written before it, else as kyaml types plain text),
// its style, and the lines it takes.
func (r *reader) scalar(n *yamltree.Node) *Node {
	out := &Node{Kind: ScalarNode, Value: n.Value, Tag: StrTag, Src: n}
	line, col := n.Pos.Line-1, n.Pos.Column-1
	switch n.Style {
	case yamltree.SingleQuoted, yamltree.DoubleQuoted:
		out.Style = SingleQuoted
		if n.Style == yamltree.DoubleQuoted {
			out.Style = DoubleQuoted
		}
		line = r.quoted(line, col)
	case yamltree.Literal, yamltree.Folded:
		out.Style = Literal
		if n.Style == yamltree.Folded {
			out.Style = Folded
		}
		r.blockContent(line, col)
	default:
		out.Tag = readTag(n)
	}
	if tag := writtenTag(n); tag != "" {
		out.Tag, out.Tagged = tag, true
	}
	if r.inFlowDepth == 0 {
		r.line(line).owner = out
	}
	return out
}

// nonSpecificTag is the tag "!" written alone.
const nonSpecificTag = "!"

// readTag types a plain scalar as kyaml's reader does (resolve.go), from the type yamltree gave
// it under YAML 1.2 rules: the two differ only where yamltree reads a string and kyaml a
// timestamp or a merge key.
func readTag(n *yamltree.Node) string {
	switch n.Tag {
	case yamltree.NullTag:
		return NullTag
	case yamltree.BoolTag:
		return BoolTag
	case yamltree.IntTag:
		return IntTag
	case yamltree.FloatTag:
		return FloatTag
	}
	switch {
	case n.Value == "<<":
		return MergeTag
	case n.Value != "" && numberLike(n.Value[0]) && isTimestamp(n.Value):
		return TimestampTag
	}
	return StrTag
}

// writtenTag returns the tag written on a node as kyaml writes it again, "" when none was
// written or when kyaml writes none. Observed with kyaml v0.21.2: a verbatim tag of the core
// schema is shortened ("!<tag:yaml.org,2002:str>" is written "!!str"), a verbatim local tag too
// ("!<!foo>" is "!foo"); the non-specific tag ("!", or "!<!>") is not written again, and its node
// is typed as if untagged ("! 12" is the int 12, "!" alone a null, as the results of
// scripts/conformance/fuzzfindings_test.go's tag-before-key cases show); any other tag is
// written as it was.
func writtenTag(n *yamltree.Node) string {
	if tag := shortTag(n.ExplicitTag()); tag != nonSpecificTag {
		return tag
	}
	return ""
}

// shortTag is a tag as kyaml spells it: a verbatim tag shortened where it can be.
func shortTag(tag string) string {
	inner, verbatim := strings.CutPrefix(tag, "!<")
	if !verbatim || !strings.HasSuffix(inner, ">") {
		return tag
	}
	inner = strings.TrimSuffix(inner, ">")
	if name, core := strings.CutPrefix(inner, "tag:yaml.org,2002:"); core {
		return "!!" + name
	}
	if strings.HasPrefix(inner, "!") {
		return inner
	}
	return tag
}
