package yamltree

import (
	"strconv"
)

// flowCollection reads a flow list ("[a, b]") or map ("{a: 1}") at the cursor, over as many
// lines as it takes; the cursor stops past its closing bracket. Comments inside it go where kyaml
// puts them (read_comments.go).
func (r *reader) flowCollection() (*Node, error) {
	start := r.mark()
	n := r.newNode(ListNode)
	closing := byte(']')
	if r.peek() == '{' {
		n.Kind, closing = MapNode, '}'
	}
	n.Style, n.Pos = Flow, r.posOf(start)
	if err := r.enter(n.Pos); err != nil {
		return nil, err
	}
	defer func() { r.depth-- }()
	if err := r.spend(n.Pos, 1); err != nil {
		return nil, err
	}
	r.at++
	f := flowReading{node: n, closing: closing, before: len(r.pending), base: len(r.items), m: r.startMap(n)}
	for {
		if err := r.skipFlowSpace(); err != nil {
			return nil, err
		}
		if r.eof() {
			return nil, r.unclosed(start, closing)
		}
		if r.peek() == closing {
			break
		}
		if err := r.flowEntry(&f); err != nil {
			return nil, err
		}
		if err := r.skipFlowSpace(); err != nil {
			return nil, err
		}
		if c := r.peek(); c == ',' {
			r.at++
			continue
		} else if c != closing {
			return nil, r.flowError(start, closing)
		}
		break
	}
	r.at++
	n.End = r.pos()
	if n.Kind == ListNode {
		n.Items = r.endItems(f.base)
	} else {
		r.endMap(&f.m)
	}
	if foot := r.flowComments(&f); f.holder != nil {
		f.holder.SetComment(FootComment, joinComments(f.holder.Comments().Foot, foot))
	} else {
		n.SetComment(FootComment, foot)
	}
	return n, nil
}

// flowReading is the state of a flow collection being read.
type flowReading struct {
	node    *Node
	closing byte
	before  int // the comments pending before the collection, which are not its own
	base    int // where its items start on the reader's stack of items (a list)
	m       mapBuilder
	value   *Node // the last entry's value (a list's item), which takes a comment on its line
	holder  *Node // the last entry's key (a list's item), which takes comments after it
	endLine int   // the line where the last entry ends
}

// flowComments sorts the comments read since the last entry of a flow collection: one on the
// line where it ends is its value's Line comment; the others are returned, joined.
func (r *reader) flowComments(f *flowReading) string {
	i := f.before
	for i < len(r.pending) && f.value != nil && r.pending[i].line == f.endLine {
		f.value.SetComment(LineComment, joinComments(f.value.Comments().Line, r.pending[i].text))
		i++
	}
	rest := ""
	if i < len(r.pending) {
		rest = r.joinLines(r.pending[i:])
	}
	r.pending = r.pending[:f.before]
	return rest
}

// flowError is the error for what stands between two entries of a flow collection: the end of
// the text, or another character than a ",".
func (r *reader) flowError(start mark, closing byte) error {
	if r.eof() {
		return r.unclosed(start, closing)
	}
	return r.errorHere("did not find expected ',' or '" + string(closing) + "' between the entries of a flow collection")
}

// unclosed is the error for a flow collection the document ends in: named where the references
// give up, at the end, with the place it opens.
func (r *reader) unclosed(start mark, closing byte) error {
	p := r.posOf(start)
	return r.errorHere("did not find expected ',' or '" + string(rune(closing)) + "': the flow collection that opens at line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column) + " never closes")
}

// flowEntry reads one entry of a flow collection: an item of a list (a single "key: value" pair
// there is a map of one entry), or a key and value of a map.
func (r *reader) flowEntry(f *flowReading) error {
	head := r.flowComments(f)
	if r.peek() == ',' {
		return r.errorHere("an empty entry in a flow collection: remove the extra ','")
	}
	key, value, pair, err := r.flowPair(f.node.Kind == MapNode)
	if err != nil {
		return err
	}
	f.endLine = r.line
	if f.node.Kind == MapNode {
		key.SetComment(HeadComment, joinComments(head, key.Comments().Head))
		f.value, f.holder = value, key
		return r.addEntry(&f.m, key, value)
	}
	item := key
	if pair {
		item = r.newNode(MapNode)
		item.Style, item.Pos, item.End = Flow, key.Pos, endOf(Field{Key: key, Value: value})
		item.Fields = []Field{{Key: key, Value: value}}
		if err := r.spend(item.Pos, 1); err != nil {
			return err
		}
	}
	item.SetComment(HeadComment, joinComments(head, item.Comments().Head))
	f.value, f.holder = item, item
	r.items = append(r.items, item)
	return nil
}

// flowPair reads a flow node and, when a ":" follows it, the value after it: pair says so. In a
// map (keyed) the node is a key, and one without ":" has a null value.
func (r *reader) flowPair(keyed bool) (key, value *Node, pair bool, err error) {
	explicit := r.peek() == '?' && isBlankAt(r.text, r.at+1)
	if explicit {
		r.at++
		if err = r.skipFlowSpace(); err != nil {
			return nil, nil, false, err
		}
	}
	r.inKey = keyed || explicit
	key, err = r.flowNode()
	r.inKey = false
	if err != nil {
		return nil, nil, false, err
	}
	after, pending := r.mark(), len(r.pending)
	if err = r.skipFlowSpace(); err != nil {
		return nil, nil, false, err
	}
	if r.peek() != ':' {
		r.reset(after) // the comments read are read again after the entry
		r.pending = r.pending[:pending]
		if !keyed && !explicit {
			return key, nil, false, nil
		}
		key, err = r.flowKey(key)
		return key, r.emptyNode(after, ""), true, err
	}
	if r.line != key.Pos.Line && !explicit {
		return nil, nil, false, r.errorHere("did not find expected ',' or '" + string(closingOf(keyed)) + "': a key and its \":\" in a flow collection are written on one line (or the collection is not closed)")
	}
	if key, err = r.flowKey(key); err != nil {
		return nil, nil, false, err
	}
	r.at++
	colon := r.mark()
	if err = r.skipFlowSpace(); err != nil {
		return nil, nil, false, err
	}
	if c := r.peek(); c == ',' || c == ']' || c == '}' || r.eof() {
		return key, r.emptyNode(colon, ""), true, nil
	}
	value, err = r.flowNode()
	return key, value, true, err
}

// closingOf is the closing bracket of a flow map (keyed) or list.
func closingOf(keyed bool) byte {
	if keyed {
		return '}'
	}
	return ']'
}

// flowKey makes a node read in a flow collection a key: a scalar, its text settled.
func (r *reader) flowKey(key *Node) (*Node, error) {
	if key.Kind != ScalarNode {
		return nil, ErrorAt(key.Pos, "only scalar map keys are supported")
	}
	if err := r.spend(key.Pos, 1); err != nil {
		return nil, err
	}
	return r.keyOnly(key)
}

// flowNode reads a node inside a flow collection: its properties, then a nested collection, an
// alias, a quoted or a plain scalar (empty when the entry ends at once).
func (r *reader) flowNode() (*Node, error) {
	props, err := r.readProperties()
	if err != nil {
		return nil, err
	}
	if !props.empty() {
		if err = r.skipFlowSpace(); err != nil {
			return nil, err
		}
	}
	var n *Node
	switch c := r.peek(); {
	case c == '[' || c == '{':
		n, err = r.flowCollection()
	case c == '*':
		n, err = r.alias()
	case c == '"' || c == '\'':
		n, err = r.quoted()
	case !props.empty() && (c == ',' || c == ']' || c == '}' || c == ':'):
		n = r.emptyNode(r.mark(), "")
		n.Pos, n.End = r.posOf(props.at), r.posOf(props.end)
		err = r.spend(n.Pos, 1)
	default:
		n, err = r.plain(-1, plainFlow)
	}
	if err != nil {
		return nil, err
	}
	return r.applyProperties(n, props)
}

// skipFlowSpace steps over white space, line breaks and comments inside a flow collection,
// keeping the comments in pending.
func (r *reader) skipFlowSpace() error {
	for !r.eof() {
		switch r.peek() {
		case ' ', '\t':
			r.at++
		case '\n':
			r.breakLine()
		case '#':
			if r.at > r.lineStart && !isBlankAt(r.text, r.at-1) {
				return nil
			}
			r.readCommentLine()
		default:
			return nil
		}
	}
	return nil
}
