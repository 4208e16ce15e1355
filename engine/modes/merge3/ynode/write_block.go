package ynode

// Where comments go. kyaml writes a scalar's comments around its line, but a block collection
// has no line of its own to end, so its comments, and some of its neighbours', wait for a later
// place. Observed with kyaml v0.21.2 through kio's ByteWriter (testdata/writer.json pins each):
//
//	a key's head comment                 above the key
//	a key's line comment                 after "key:" when the value is a collection; after a
//	                                     scalar value when the value has no line comment of its
//	                                     own, else at the end of the map's next key line
//	a key's foot comment                 below the entry, after the value's foot comment
//	a scalar value's line comment        after the value
//	a scalar value's head comment        above the map's next key unless that key has its own,
//	                                     else at the end of the map
//	a scalar value's or item's foot      below it
//	a list item's head comment           above its "-"
//	a block map value's head comment     above its first key unless that key has its own; the
//	                                     same for a block list value and its first item
//	a block collection's line comment    at the end of the next line: a map's next key line
//	                                     without a comment of its own, or the next item's line
//	                                     (lost if that item has its own); in the next document
//	                                     when none is left in this one, lost at the end
//	a block collection's foot comment    below the next value or item written (instead of that
//	                                     value's own foot comment), or after the document's
//	                                     content; a list item that is a map then starts on the
//	                                     line after its "-"
//	a root map's head comment            above its first key's head comment
//	a foot comment                       set apart by a blank line from a next line that starts
//	                                     at its column
//	a document's head comment            first, then a blank line; its foot comment last, after
//	                                     a blank line
type waiting struct {
	head string // a scalar value's head comment
	line string // a block collection's line comment
	key  string // a key's line comment that its value's own comment displaced
	foot string // a block collection's foot comment
}

// carry keeps a finished block collection's line and foot comments for a later place.
func (w *writer) carry(n *Node) {
	if n.LineComment != "" {
		w.wait.line = n.LineComment
	}
	if n.FootComment != "" {
		w.wait.foot = n.FootComment
	}
}

// document writes one document: its head comment, its root and what waits at its end.
func (w *writer) document(d *Node) {
	root := d
	if d.Kind == DocumentNode {
		if d.HeadComment != "" {
			w.comments(d.HeadComment, 0)
			w.newline()
		}
		root = nil
		if len(d.Content) > 0 {
			root = d.Content[0]
		}
	}
	if root != nil {
		w.root(root)
	}
	w.comments(w.wait.head, 0)
	w.wait.head = ""
	if w.wait.foot != "" {
		w.blankAt = 0
		w.foot(w.wait.foot, 0)
		w.wait.foot = ""
	}
	if d.Kind == DocumentNode && d.FootComment != "" {
		w.blankAt = 0
		w.foot(d.FootComment, 0)
	}
	w.blankAt = -1
}

// root writes a document's root at column 0.
func (w *writer) root(n *Node) {
	if props := properties(n.Anchor, collectionTagWritten(n)); props != "" && isBlock(n) {
		// observed: a root's anchor and tag ("--- &r !!map") on a line of their own
		w.text(props)
		w.newline()
	}
	switch {
	case isBlock(n) && n.Kind == MapNode:
		w.comments(n.HeadComment, 0)
		w.indentAt(n, 0)
		w.start(n)
		w.mapEntries(n, 0)
		w.end(n)
		w.carry(n)
	case isBlock(n):
		w.comments(n.HeadComment, 0)
		w.indentAt(n, 0)
		w.start(n)
		w.listItems(n, 0)
		w.end(n)
		w.carry(n)
	case n.inline():
		w.comments(n.HeadComment, 0)
		w.to(0)
		w.valueLine(n, 0, n.LineComment)
		w.foot(n.FootComment, 0)
	default:
		w.to(0)
		w.collectionLine(n, 0, true)
		w.foot(n.FootComment, 0)
	}
}

// isBlock reports whether n is written as a block map or list: one with entries and no flow
// style.
func isBlock(n *Node) bool {
	return (n.Kind == MapNode || n.Kind == ListNode) && n.Style != Flow && len(n.Content) > 0
}

// mapEntries writes a block map's entries at column indent; a value's head comment still
// waiting at the end is written there.
func (w *writer) mapEntries(m *Node, indent int) {
	for i := 0; i+1 < len(m.Content) && !w.full(); i += 2 {
		w.entry(m.Content[i], m.Content[i+1], indent)
	}
	w.comments(w.wait.head, indent)
	w.wait.head = ""
}

// entry writes one key and its value.
func (w *writer) entry(key, value *Node, indent int) {
	w.comments(first(key.HeadComment, w.wait.head), indent)
	w.wait.head = ""
	if needsExplicitKey(key) {
		w.explicitEntry(key, value, indent)
		return
	}
	w.to(indent)
	line := w.line
	w.inline(key, indent, asKey)
	w.text(":")
	w.gap = true
	if value.Kind == MapNode {
		w.indentAt(value, indent+2)
	} else {
		w.indentAt(value, indent)
	}
	switch {
	case isBlock(value):
		w.blockValue(key, value, indent)
	case value.inline():
		w.scalarValue(key, value, indent)
	default:
		w.collectionValue(key, value, indent)
	}
	w.opened(line, value, true)
	w.foot(key.FootComment, indent)
}

// scalarValue writes a scalar on its key's line.
func (w *writer) scalarValue(key, value *Node, indent int) {
	comment := value.LineComment
	switch {
	case comment != "" && key.LineComment != "":
		w.wait.key = key.LineComment
	case comment != "":
	case key.LineComment != "":
		comment, w.wait.key, w.wait.line = key.LineComment, "", ""
	case w.wait.line != "":
		comment, w.wait.line = w.wait.line, ""
	default:
		comment, w.wait.key = w.wait.key, ""
	}
	w.valueLine(value, indent, comment)
	w.foot(first(value.FootComment, w.wait.foot), indent)
	w.wait.foot = ""
	w.wait.head = value.HeadComment
}

// collectionValue writes a flow or empty collection under its key. Observed: a comment waiting
// for a line (the key's line comment, unless the collection is flow styled; a block
// collection's line comment, for an empty one) goes after "key:", and so does a waiting foot
// comment; the collection then starts the next line at the key's column ("labels: # note" and
// "{}" below it, for a map the merge emptied).
func (w *writer) collectionValue(key, value *Node, indent int) {
	before := ""
	if value.Style == Flow {
		if key.LineComment != "" {
			w.wait.key = key.LineComment
		}
	} else {
		before = first(key.LineComment, w.wait.key, w.wait.line)
		w.wait.key, w.wait.line = "", ""
	}
	w.inlineAfter(value, indent, before, true)
	if value.Kind == ListNode && len(value.Content) == 0 {
		w.wait.head = value.HeadComment
	}
}

// inlineAfter writes a flow or empty collection after its indicator, unless a comment must end
// the indicator's line first (before, or a waiting foot comment): then it starts the next line,
// at column 0 whatever the indentation (observed).
func (w *writer) inlineAfter(n *Node, indent int, before string, headInside bool) {
	footFirst := w.wait.foot
	w.wait.foot = ""
	if before == "" && footFirst == "" {
		w.collectionLine(n, indent, headInside)
		w.foot(n.FootComment, indent)
		return
	}
	w.endLine(before, indent)
	w.foot(footFirst, indent)
	w.collectionLine(n, indent, headInside)
	w.foot(n.FootComment, indent)
}

// collectionLine writes a flow or empty collection and ends its line with its line comment.
func (w *writer) collectionLine(n *Node, indent int, headInside bool) {
	w.start(n)
	w.flow(n, indent, headInside)
	w.endLine(n.LineComment, indent)
	w.end(n)
}

// blockValue writes a block map or list under its key (after its tag, when one is written).
func (w *writer) blockValue(key, value *Node, indent int) {
	w.text(properties(value.Anchor, collectionTagWritten(value)))
	w.endLine(first(key.LineComment, w.wait.key, w.wait.line), indent)
	w.wait.key, w.wait.line = "", ""
	w.foot(w.wait.foot, indent)
	w.wait.foot = ""
	w.wait.head = value.HeadComment
	w.start(value)
	if value.Kind == MapNode {
		w.mapEntries(value, indent+2)
	} else {
		w.listItems(value, indent)
	}
	w.end(value)
	w.carry(value)
}

// explicitEntry writes an entry whose key cannot stand on its own line: "? key" then ": value".
func (w *writer) explicitEntry(key, value *Node, indent int) {
	w.to(indent)
	w.text("?")
	w.gap = true
	w.item(key, indent)
	w.to(indent)
	w.text(":")
	w.gap = true
	w.item(value, indent)
}

// listItems writes a block list's items at column indent.
func (w *writer) listItems(l *Node, indent int) {
	for _, it := range l.Content {
		if w.full() {
			break
		}
		w.comments(first(it.HeadComment, w.wait.head), indent)
		w.wait.head = ""
		w.to(indent)
		w.text("-")
		w.gap = true
		line := w.line
		w.indentAt(it, indent+2)
		w.item(it, indent)
		if it.Kind == ListNode {
			w.opened(line, it, false)
		}
	}
}

// item writes what follows a "-" (or an explicit key's "?" or ":") written at column indent.
func (w *writer) item(it *Node, indent int) {
	switch {
	case it.inline():
		w.valueLine(it, indent, first(it.LineComment, w.wait.line))
		w.wait.line = ""
		w.foot(first(it.FootComment, w.wait.foot), indent)
		w.wait.foot = ""
	case !isBlock(it):
		before := w.wait.line
		w.wait.line = ""
		w.inlineAfter(it, indent, before, false)
	default:
		w.blockItem(it, indent)
	}
}

// blockItem writes a block map or list item: its first entry on the "-" line unless a waiting
// comment ends that line first.
func (w *writer) blockItem(it *Node, indent int) {
	if props := properties(it.Anchor, collectionTagWritten(it)); props != "" {
		// observed: "- &a !!map" ends its line, the entries start the next one
		w.text(props)
		w.endLine(w.wait.line, indent)
		w.wait.line = ""
	}
	if w.wait.line != "" {
		w.endLine(w.wait.line, indent)
		w.wait.line = ""
	}
	if w.wait.foot != "" {
		if w.col > 0 {
			w.newline()
		}
		w.foot(w.wait.foot, indent)
		w.wait.foot = ""
	}
	w.start(it)
	if it.Kind == MapNode {
		w.mapEntries(it, indent+2)
	} else {
		w.listItems(it, indent+2)
	}
	w.end(it)
	w.carry(it)
}

// valueLine writes a scalar and ends its line with comment.
func (w *writer) valueLine(n *Node, indent int, comment string) {
	w.start(n)
	if !w.scalar(n, indent, inBlock, comment) {
		w.endLine(comment, indent)
	}
	w.end(n)
}
