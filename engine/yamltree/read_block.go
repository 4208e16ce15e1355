package yamltree

// place says where a block node starts, which decides what it may be.
type place uint8

const (
	// freshLine: the node starts a line of its own (or the document); its column is its
	// indentation.
	freshLine place = iota
	// afterDash: after "- ", "? " or ": " of an explicit entry; a map or list may start on the
	// same line (compact notation), at the column where its first entry starts.
	afterDash
	// afterColon: after "key:"; only a scalar, a flow collection or a block scalar may start on
	// the same line, a block map or list on the next lines.
	afterColon
)

// blockNode reads the node that starts at the cursor (after white space and comments) within a
// collection indented parent (-1 for a document's root). A node whose content is not there (an
// entry "key:" followed by a less indented line) is an empty null scalar.
func (r *reader) blockNode(parent int, where place) (*Node, error) {
	start := r.mark()
	note := r.trailingComment()
	newLine := false
	if r.eof() || r.peek() == '\n' {
		if err := r.skipSpace(); err != nil {
			return nil, err
		}
		newLine = true
		if !r.continues(parent, where) {
			return r.emptyNode(start, note), nil
		}
	}
	props, err := r.readProperties()
	if err != nil {
		return nil, err
	}
	if !props.empty() {
		if n, done, perr := r.propertiesAlone(parent, where, props, note); done || perr != nil {
			return n, perr
		}
		if r.line != props.at.line {
			newLine = true
		}
	}
	at := where
	if newLine {
		at = freshLine
	}
	n, err := r.content(parent, at, props)
	if err != nil {
		return nil, err
	}
	if note != "" {
		giveLineNote(n, note, where)
	}
	return n, nil
}

// giveLineNote gives a comment written after "key:" or "- " (where) to the node on the lines
// below: a list item's or a scalar's Head comment, a collection's Line comment after a key.
func giveLineNote(n *Node, note string, where place) {
	if n.Kind == ScalarNode || where == afterDash {
		n.SetComment(HeadComment, joinComments(note, n.Comments().Head))
		return
	}
	n.SetComment(LineComment, joinComments(note, n.Comments().Line))
}

// continues reports whether the content at the cursor, the first of its line, belongs to a node
// of a collection indented parent: deeper, or a list item at a key's own column.
func (r *reader) continues(parent int, where place) bool {
	if r.eof() {
		return false
	}
	indent := r.at - r.lineStart
	if indent > parent {
		return true
	}
	return indent == parent && where == afterColon && r.peek() == '-' && isBlankAt(r.text, r.at+1)
}

// emptyNode is the null of an entry without content ("key:" then a less indented line).
func (r *reader) emptyNode(at mark, note string) *Node {
	n := r.newNode(ScalarNode)
	n.Tag = NullTag
	n.Pos = r.posOf(at)
	n.End = n.Pos
	n.SetComment(LineComment, note)
	return n
}

// propertiesAlone handles properties (a tag, an anchor) followed by the end of their line: the
// node they describe is on the next lines, or absent (an empty scalar). done is false when the
// content follows on the properties' line or on the next lines.
func (r *reader) propertiesAlone(parent int, where place, props properties, note string) (*Node, bool, error) {
	after := r.trailingComment()
	if !r.eof() && r.peek() != '\n' {
		return nil, false, nil // content on the same line
	}
	note = joinComments(note, after)
	if err := r.skipSpace(); err != nil {
		return nil, true, err
	}
	if r.continues(parent, where) {
		n, err := r.content(parent, freshLine, props)
		if err == nil && note != "" {
			giveLineNote(n, note, where)
		}
		return n, true, err
	}
	n := r.newNode(ScalarNode)
	n.Tag, n.Pos, n.End = NullTag, r.posOf(props.at), r.posOf(props.end)
	n.SetComment(LineComment, note)
	if err := r.spend(n.Pos, 1); err != nil {
		return nil, true, err
	}
	n, err := r.applyProperties(n, props)
	return n, true, err
}

// content reads a node's content at the cursor, its properties read.
func (r *reader) content(parent int, where place, props properties) (*Node, error) {
	start := r.mark()
	switch c := r.peek(); {
	case c == '-' && isBlankAt(r.text, r.at+1):
		if where == afterColon {
			return nil, r.errorHere("block sequence entries are not allowed in this context: start the list on the next line")
		}
		if !props.empty() && r.line == props.at.line {
			return nil, r.errorHere("a list cannot start on the line of its tag or anchor: start it on the next line")
		}
		n, err := r.blockList(r.at - r.lineStart)
		return r.withProperties(n, err, props)
	case c == '?' && isBlankAt(r.text, r.at+1):
		if where == afterColon {
			return nil, r.errorHere("mapping keys are not allowed in this context: start the map on the next line")
		}
		n, err := r.blockMap(r.at-r.lineStart, nil, properties{})
		return r.withProperties(n, err, props)
	case c == '|' || c == '>':
		n, err := r.blockScalar(parent)
		if err != nil {
			return nil, err
		}
		n.SetComment(HeadComment, r.takeComments())
		return r.applyProperties(n, props)
	}
	key, isKey, err := r.keyOrScalar(parent, start)
	if err != nil || !isKey {
		if err == nil {
			// comment lines above a value that is not a block collection are its Head
			key.SetComment(HeadComment, joinComments(r.takeComments(), key.Comments().Head))
			key, err = r.applyProperties(key, props)
		}
		return key, err
	}
	if where == afterColon {
		return nil, r.errorHere("mapping values are not allowed in this context: a value cannot hold \": \" unquoted, and a map starts on the line after its key")
	}
	if !props.empty() && r.line != props.at.line {
		// properties alone on the line above the first key are the map's
		n, err := r.blockMap(start.at-start.lineStart, key, properties{})
		return r.withProperties(n, err, props)
	}
	// properties on the key's line are the key's, and the map's entries stand where they start
	// ("! k: v" then "b: x" at the "!"'s column; checked with kubectl's reader and kyaml)
	indent := start.at - start.lineStart
	if !props.empty() {
		indent = props.at.at - props.at.lineStart
	}
	return r.blockMap(indent, key, props)
}

// withProperties applies properties to a node just read.
func (r *reader) withProperties(n *Node, err error, props properties) (*Node, error) {
	if err != nil {
		return nil, err
	}
	return r.applyProperties(n, props)
}

// keyOrScalar reads a scalar, alias or flow collection at the cursor. When a ":" follows it on
// its line it is a map's first key (isKey), read as a key and not yet given its properties;
// otherwise it is the node, a plain scalar continued over the lines below parent's indentation.
func (r *reader) keyOrScalar(parent int, start mark) (n *Node, isKey bool, err error) {
	switch r.peek() {
	case '[', '{':
		n, err = r.flowCollection()
	case '*':
		n, err = r.alias()
	case '"', '\'':
		n, err = r.quoted()
	default:
		n, err = r.plain(parent, plainBlock)
	}
	if err != nil {
		return nil, false, err
	}
	if n.End.Line != start.line || !r.keyColon() {
		if n.Kind == ScalarNode && n.Style == Plain && r.peek() == ':' && r.line != start.line {
			return nil, false, r.errorHere("mapping values are not allowed in this context: a key cannot span lines, and a value cannot hold \": \" unquoted")
		}
		return n, false, r.endInline(n)
	}
	if n.Kind != ScalarNode {
		return nil, false, r.errorAt(start, "only scalar map keys are supported")
	}
	return n, true, nil
}

// keyColon reports whether the cursor, after white space on its line, is at the ":" that ends
// an implicit key; it stops there.
func (r *reader) keyColon() bool {
	m := r.mark()
	r.skipBlanks()
	if r.peek() == ':' && isBlankAt(r.text, r.at+1) {
		return true
	}
	r.reset(m)
	return false
}

// endInline reads what may end the line of a node written on one line: a comment, which becomes
// its Line comment. Anything else there is refused.
func (r *reader) endInline(n *Node) error {
	if note := r.trailingComment(); note != "" {
		n.SetComment(LineComment, joinComments(n.Comments().Line, note))
	}
	if r.eof() || r.peek() == '\n' {
		return nil
	}
	return r.unexpected(n)
}
