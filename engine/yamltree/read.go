package yamltree

import (
	"strconv"
	"strings"
)

// reader reads one document of a stream into Nodes, in one pass over its bytes: block structure
// by indentation (read_block.go), flow collections (read_flow.go), scalars in each style
// (read_scalar.go, read_quoted.go, read_literal.go), tags, anchors and aliases (read_props.go),
// comments (read_comments.go). It keeps no token per character: each reading function starts at
// the cursor and leaves it past what it read.
type reader struct {
	cursor
	input   Input
	opts    Options
	budget  *int                // nodes the stream may still hold
	anchors map[string]anchored // anchors defined so far in the document
	pending []commentLine       // comment lines read and not yet given to a node
	depth   int                 // collections open around the cursor
	inKey   bool                // a map key is being read: its text is settled by keyText
	// tabsPassed is where the last plain scalar's reading stopped looking for a line to continue
	// it: the tabs on the lines it passed were read there (plainTab), not refused again.
	tabsPassed int

	blocks *blocks // where nodes, fields and items come from (read_entries.go)
	fields []Field // the entries of the maps being read, innermost last
	items  []*Node // the items of the lists being read, innermost last
}

// anchored is an anchor's node and the number of nodes it holds, keys included: an alias spends
// that many nodes from the budget before its copy is made.
type anchored struct {
	node *Node
	size int
}

// readChunk reads one document of a stream; its nodes come from the stream's blocks.
func readChunk(input Input, c chunk, opts Options, budget *int, b *blocks) (*Document, error) {
	r := &reader{cursor: newCursor(c.text, c.firstLine), input: input, opts: opts, budget: budget, blocks: b}
	doc := &Document{Input: input, Line: c.firstLine, Explicit: c.explicit}
	if c.explicit {
		r.at = len("---")
		doc.Comments.Line = r.trailingComment()
	}
	if err := r.skipSpace(); err != nil {
		return nil, err
	}
	if r.eof() {
		doc.Comments.Head = r.takeComments()
		return doc, nil
	}
	where := freshLine
	if r.line == c.firstLine && c.explicit {
		where = afterDash // content on the "---" line (YAML 1.2 only: a root tag)
	}
	root, err := r.blockNode(-1, where)
	if err != nil {
		return nil, err
	}
	if err := r.endOfDocument(root); err != nil {
		return nil, err
	}
	doc.Root = root
	doc.Comments.Foot = r.takeComments()
	return doc, nil
}

// endOfDocument checks that nothing but comments follows the document's root.
func (r *reader) endOfDocument(root *Node) error {
	if err := r.skipSpace(); err != nil {
		return err
	}
	if r.eof() {
		return nil
	}
	return r.unexpected(root)
}

// unexpected is the error for content where the structure read so far (ending with node) has
// no place for it.
func (r *reader) unexpected(root *Node) error {
	switch c := r.peek(); {
	case c == ':':
		return r.errorHere("mapping values are not allowed in this context: a key cannot start here (is the line indented as the keys around it, or does a value hold \": \" unquoted?)")
	case c == '-' && isBlankAt(r.text, r.at+1):
		return r.errorHere("a list item cannot start here: it is not indented as the items around it (did not find expected key)")
	case c == ']' || c == '}':
		return r.errorHere(strconv.Quote(string(c)) + " closes no flow collection")
	case r.at-r.lineStart == 0 && root != nil && root.Kind == ListNode && r.looksLikeKey():
		return r.errorHere("a key where a list item was expected: a map and a list cannot share an indentation (did not find expected '-' indicator)")
	}
	return r.errorHere("unexpected content: it is not indented as the entries around it, or follows a value on its line (did not find expected key)")
}

// looksLikeKey reports whether the cursor's line holds ": " or ends with ":", as a map entry does.
func (r *reader) looksLikeKey() bool {
	end := r.at
	for end < len(r.text) && r.text[end] != '\n' {
		end++
	}
	line := trimRightBlanks(r.text[r.at:end])
	return strings.Contains(line, ": ") || strings.HasSuffix(line, ":")
}

// pos is the position of the cursor.
func (r *reader) pos() Pos {
	return Pos{Input: r.input, Line: r.line, Column: r.column(r.lineStart, r.at)}
}

// posOf is the position of a mark.
func (r *reader) posOf(m mark) Pos {
	return Pos{Input: r.input, Line: m.line, Column: r.column(m.lineStart, m.at)}
}

// errorHere is an error at the cursor.
func (r *reader) errorHere(message string) *Error {
	p := r.pos()
	return &Error{Input: r.input, Line: p.Line, Column: p.Column, Message: message}
}

// errorAt is an error at a mark.
func (r *reader) errorAt(m mark, message string) *Error {
	return ErrorAt(r.posOf(m), message)
}

// spend takes n nodes from the stream's budget, for a node at p.
func (r *reader) spend(p Pos, n int) error {
	*r.budget -= n
	if *r.budget < 0 {
		return ErrorAt(p, "the input expands to more than "+strconv.Itoa(r.opts.MaxNodes)+" nodes (through aliases or sheer size); it is refused")
	}
	return nil
}

// enter counts one more collection open around the cursor, for a collection at p.
func (r *reader) enter(p Pos) error {
	r.depth++
	if r.depth > r.opts.MaxDepth {
		return ErrorAt(p, "nesting deeper than "+strconv.Itoa(r.opts.MaxDepth)+" levels is refused")
	}
	return nil
}

// isBlankAt reports whether the byte at i is a space, a tab, a line break or the end of text.
func isBlankAt(text string, i int) bool {
	return i >= len(text) || text[i] == ' ' || text[i] == '\t' || text[i] == '\n'
}
