package ynode

import "strings"

// Emit writes documents as one stream, as kio's ByteWriter writes resources: "---" between
// documents, each document's head comment and a blank line first. A node that is not a document
// is written as the root of one. The Layout says where each node landed.
func Emit(docs []*Node) (string, *Layout) {
	nodes := 0
	for _, d := range docs {
		nodes += count(d)
	}
	w := newWriter(nodes)
	w.documents(docs)
	return string(w.out), w.layout
}

// EmitAlone writes one document as Emit writes it, and reports whether the writer ends it
// holding something for the text that follows (a collection's line comment or a key's comment
// still waiting for a line, a line left open): only when it holds nothing does a document written
// after it in one stream read as it does written alone, after "---".
func EmitAlone(doc *Node) (text string, layout *Layout, holds bool) {
	w := newWriter(count(doc))
	w.documents([]*Node{doc})
	return string(w.out), w.layout, w.wait != (waiting{}) || w.col != 0 || w.gap || w.blankAt != -1
}

// documents writes documents with "---" between them.
func (w *writer) documents(docs []*Node) {
	for i, d := range docs {
		if i > 0 {
			w.text("---")
			w.newline()
		}
		w.document(d)
	}
}

// Layout records the lines each written node takes in the text, 1-based; and, for each
// collection, the line of the key it is the value of, the column of its keys or "-" (where they
// would stand, for a collection written empty or in flow style), and the lines that open a
// block collection.
type Layout struct {
	at     map[*Node]placed
	blocks [][2]int
}

// placed is where a node was written: its first and last lines, and for a collection the line
// of the key it is the value of and the column of its keys or "-" (one map entry a node, where
// four maps of one number each took twice the memory).
type placed struct{ first, last, key, indent int32 }

// KeyLine returns the line of the key whose value collection n is; 0 for a scalar, a list
// item or a document's root.
func (l *Layout) KeyLine(n *Node) int { return int(l.at[n].key) }

// Indent returns the column (0-based) of collection n's keys or "-", as written or as they
// would stand in block style; 0 for a scalar.
func (l *Layout) Indent(n *Node) int { return int(l.at[n].indent) }

// Blocks returns the lines that open a block collection (a key whose value is a block map or
// list, a "-" whose item is a block list), each with the collection's last line: [line, end],
// in the order written.
func (l *Layout) Blocks() [][2]int { return l.blocks }

// Line returns the line n starts on: a scalar's line, the "- " line of a list item, a block
// collection's first entry; 0 when n was not written.
func (l *Layout) Line(n *Node) int { return int(l.at[n].first) }

// EndLine returns the last line n takes; for a scalar, its only line (its last for a block
// scalar); 0 when n was not written.
func (l *Layout) EndLine(n *Node) int { return int(l.at[n].last) }

// writer writes nodes as text, keeping the comments that wait for their place.
type writer struct {
	out    []byte
	line   int // the line being written, 1-based
	col    int // bytes on it so far
	layout *Layout
	wait   waiting
	// blankAt is the column of the foot comment just written: a line that starts at this
	// column is set apart from it by a blank line (-1: none).
	blankAt int
	// gap asks for a space before the next text on this line (after "key:" or "-").
	gap bool
	// limit, when not 0, is the length past which a collection's later entries are not
	// written: the text so far is the start of the whole text (see comparePrefix).
	limit int
}

// Text writes documents as Emit does, without recording where each node landed.
func Text(docs []*Node) string {
	w := &writer{line: 1, blankAt: -1}
	w.documents(docs)
	return string(w.out)
}

// newWriter returns a writer whose layout has room for nodes nodes (so that its map does not
// grow a step at a time on a long stream).
func newWriter(nodes int) *writer {
	return &writer{line: 1, blankAt: -1, layout: &Layout{at: make(map[*Node]placed, nodes)}}
}

// count returns how many nodes n holds, itself included.
func count(n *Node) int {
	nodes := 1
	for _, c := range n.Content {
		nodes += count(c)
	}
	return nodes
}

// full reports whether the text has reached the writer's limit.
func (w *writer) full() bool { return w.limit > 0 && len(w.out) >= w.limit }

func (w *writer) text(s string) {
	if s == "" {
		return
	}
	if w.gap {
		w.out = append(w.out, ' ')
		w.col++
		w.gap = false
	}
	w.out = append(w.out, s...)
	w.col += len(s)
}

func (w *writer) newline() {
	w.out = append(w.out, '\n')
	w.line++
	w.col = 0
	w.gap = false
}

// to moves the cursor to column col: from the start of a line by indenting (after a blank line
// when a foot comment asks for one), on the same line when the cursor has not passed col (after
// "-"), else on a new line.
func (w *writer) to(col int) {
	w.gap = false
	if w.col > col {
		w.newline()
	}
	if w.col == 0 {
		if w.blankAt == col {
			w.newline()
		}
		w.blankAt = -1
	}
	for w.col < col {
		w.out = append(w.out, ' ')
		w.col++
	}
}

// endLine ends the current line, with a line comment when there is one; the comment's later
// lines go below it at col.
func (w *writer) endLine(comment string, col int) {
	first, rest, more := strings.Cut(comment, "\n")
	if first != "" {
		w.gap = false
		w.text(" " + first)
	}
	w.newline()
	if more {
		if col == 0 {
			w.newline()
		}
		w.comments(rest, col)
		w.blankAt = -1
	}
}

// comments writes comment lines at col, each on its own line; an empty line stays empty.
func (w *writer) comments(c string, col int) {
	if c == "" {
		return
	}
	if w.col > 0 && w.col > col {
		w.newline()
	}
	for _, line := range strings.Split(c, "\n") {
		if line == "" {
			if w.col > 0 {
				w.newline()
			}
			w.newline()
			continue
		}
		w.to(col)
		w.text(line)
		w.newline()
	}
}

// foot writes a foot comment at col; the next line starting at col is set apart by a blank line.
func (w *writer) foot(c string, col int) {
	if c == "" {
		return
	}
	w.comments(c, col)
	w.blankAt = col
}

// start and end record a node's first and last lines.
// A writer without a layout (comparison text) records nothing.
func (w *writer) start(n *Node) {
	if w.layout != nil {
		p := w.layout.at[n]
		p.first = int32(w.line)
		w.layout.at[n] = p
	}
}

func (w *writer) end(n *Node) {
	if w.layout == nil {
		return
	}
	p := w.layout.at[n]
	p.last = int32(w.line)
	if w.col == 0 && p.last > p.first {
		p.last--
	}
	w.layout.at[n] = p
}

// indentAt records the column of a collection's keys or items.
func (w *writer) indentAt(n *Node, column int) {
	if w.layout != nil && (n.Kind == MapNode || n.Kind == ListNode) {
		p := w.layout.at[n]
		p.indent = int32(column)
		w.layout.at[n] = p
	}
}

// opened records the line of the key or "-" that opened collection n, n being written; a
// block collection's lines are a block when they go on below that line (not "- - a", a list
// of one item written on its opener's line).
func (w *writer) opened(line int, n *Node, key bool) {
	if w.layout == nil {
		return
	}
	if key && (n.Kind == MapNode || n.Kind == ListNode) {
		p := w.layout.at[n]
		p.key = int32(line)
		w.layout.at[n] = p
	}
	if last := w.layout.EndLine(n); isBlock(n) && last > line {
		w.layout.blocks = append(w.layout.blocks, [2]int{line, last})
	}
}

// first returns the first non-empty comment.
func first(comments ...string) string {
	for _, c := range comments {
		if c != "" {
			return c
		}
	}
	return ""
}
