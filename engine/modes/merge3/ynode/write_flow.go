package ynode

// inline writes a node on the current line: a scalar at place p, or a flow collection.
func (w *writer) inline(n *Node, indent int, p place) {
	w.start(n)
	defer w.end(n)
	if n.inline() {
		w.scalar(n, indent, p, "")
		return
	}
	w.flow(n, indent, false)
}

// flow writes a collection in flow style (every collection inside a flow one is flow too; an
// empty one is {} or []). With headInside, its head comment goes inside it, below its opening
// bracket (not for an empty list, whose head comment waits as a scalar's does).
//
// Comments inside a flow collection, observed with kyaml (they show in the text kyaml compares
// values by, where a block collection is written in flow style): an item's head comment goes on
// the lines before it; after a scalar item with a line or foot comment (or, in a map, a value
// with a head comment) kyaml writes the comma, the line comment, and the foot and head comments
// on the lines below; after a collection item, its line comment, then the comma at the start of
// the next line. After a comment, a list's closing bracket is indented as the list's line, a
// map's starts the line. Later lines are indented two columns deeper than the collection's line.
func (w *writer) flow(n *Node, indent int, inside bool) {
	w.collectionTag(n)
	opening, closing := "[", "]"
	if n.Kind == MapNode {
		opening, closing = "{", "}"
	}
	w.text(opening)
	f := &flowList{w: w, indent: indent + 2}
	if inside && headInside(n) {
		f.head = n.HeadComment
	}
	if n.Kind == MapNode {
		for i := 0; i+1 < len(n.Content) && !w.full(); i += 2 {
			f.entry(n.Content[i], n.Content[i+1])
		}
		if n.FootComment != "" && len(n.Content) > 0 && !f.commaWritten {
			w.text(",")
		}
	} else {
		for _, it := range n.Content {
			if w.full() {
				break
			}
			f.item(it)
		}
	}
	if f.head != "" {
		if w.col > 0 {
			w.newline()
		}
		w.comments(f.head, f.indent)
	}
	if w.col == 0 && n.Kind == ListNode {
		w.to(indent)
	}
	w.text(closing)
}

// flowList writes the items of one flow collection.
type flowList struct {
	w      *writer
	indent int // the column of lines inside the collection
	count  int // items written
	// head is a comment to write before the next item (the collection's own head, or a map
	// value's head waiting for the next entry).
	head string
	// commaWritten: the last item's comma is written already (before its comments); sepAtStart:
	// its comments ended the line, and the next comma starts the next one.
	commaWritten, sepAtStart bool
}

// begin writes what comes before an item: the separator, its head comment.
func (f *flowList) begin(head string) {
	w := f.w
	head = first(head, f.head)
	f.head = ""
	switch {
	case f.count == 0:
	case f.commaWritten:
		w.gap = w.col > 0
	case f.sepAtStart:
		w.text(",")
		w.gap = head == ""
	case head != "":
		w.text(",")
	default:
		w.text(", ")
	}
	if head != "" {
		if w.col > 0 {
			w.newline()
		}
		w.comments(head, f.indent)
		w.to(f.indent)
	} else if w.col == 0 && f.count > 0 {
		w.to(f.indent)
	}
	f.count++
	f.commaWritten, f.sepAtStart = false, false
}

// end writes what comes after an item: its line comment, its foot comment and, for a map entry,
// the key's foot comment; a map value's head comment waits for the next entry. A scalar takes
// its comma before all of them; a collection takes its line and foot comments first, then the
// comma, at the start of a line.
func (f *flowList) end(scalar bool, line, head, foot, keyFoot string) {
	w := f.w
	if scalar {
		if line != "" || foot != "" || keyFoot != "" || head != "" {
			f.comma()
			if line != "" || foot != "" || keyFoot != "" {
				w.endLine(line, f.indent)
			}
			w.foot(foot, f.indent)
			w.foot(keyFoot, f.indent)
		}
		f.head = head
		return
	}
	if line != "" {
		w.endLine(line, f.indent)
		f.sepAtStart = true
	}
	if foot != "" {
		if w.col > 0 {
			w.newline()
		}
		w.foot(foot, f.indent)
		f.sepAtStart = true
	}
	if keyFoot != "" || head != "" {
		f.comma()
		if keyFoot != "" {
			if w.col > 0 {
				w.newline()
			}
			w.foot(keyFoot, f.indent)
		}
	}
	f.head = head
}

// comma writes the comma after an item, unless it is written already.
func (f *flowList) comma() {
	if !f.commaWritten {
		f.w.text(",")
	}
	f.commaWritten, f.sepAtStart = true, false
}

func (f *flowList) item(it *Node) {
	f.begin(it.HeadComment)
	f.value(it, false)
	f.end(it.inline(), it.LineComment, "", it.FootComment, "")
}

// entry writes "key: value" in a flow map; a key holding a line break is written "? key : value".
func (f *flowList) entry(key, value *Node) {
	w := f.w
	f.begin(key.HeadComment)
	explicit := needsExplicitKey(key)
	if explicit {
		w.text("? ")
	}
	w.inline(key, f.indent, inFlow)
	line := first(value.LineComment, key.LineComment)
	switch {
	case explicit:
		w.text(" : ")
	case key.LineComment != "" && !value.inline():
		// observed: "key:," and the key's comment, the collection at the start of the next line,
		// and no comma before the next entry
		w.text(":,")
		w.endLine(key.LineComment, f.indent)
		f.commaWritten, line = true, value.LineComment
	default:
		w.text(": ")
	}
	f.value(value, true)
	head := value.HeadComment
	if headInside(value) {
		head = ""
	}
	f.end(value.inline(), line, head, value.FootComment, key.FootComment)
}

// value writes an item or a map value; a map value's head comment goes inside it when it is a
// map or a list with items.
func (f *flowList) value(n *Node, mapValue bool) {
	w := f.w
	if n.inline() {
		w.inline(n, f.indent, inFlow)
		return
	}
	w.start(n)
	w.flow(n, f.indent, mapValue && headInside(n))
	w.end(n)
}

// headInside reports whether a collection's head comment is written inside its brackets.
func headInside(n *Node) bool {
	return n.Kind == MapNode || (n.Kind == ListNode && len(n.Content) > 0)
}

// collectionTag writes a flow collection's tag, when one is written.
func (w *writer) collectionTag(n *Node) {
	if props := properties(n.Anchor, collectionTagWritten(n)); props != "" {
		w.text(props + " ")
	}
}

// collectionTagWritten returns the tag written before a collection: one the input wrote, or one
// that is not the default of its kind (!!map, !!seq).
func collectionTagWritten(n *Node) string {
	switch t := n.Tag; {
	case t == "", n.Tagged:
		return t
	case n.Kind == MapNode && t == MapTag, n.Kind == ListNode && t == SeqTag:
		return ""
	}
	return n.Tag
}
