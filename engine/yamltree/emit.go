package yamltree

import (
	"strconv"
	"strings"
)

// Layout records where the emitter wrote each node: the line (1-based) it starts on, the last
// line of each block scalar and block collection, the column of each collection's keys or "-"
// (or where they would stand, for a collection written empty or in flow style), and the lines
// that open a block collection.
type Layout struct {
	lines   map[*Node]int
	ends    map[*Node]int
	indents map[*Node]int
	blocks  [][2]int
}

// Line returns the line where n was written: for a map entry's value, the line of its key; for a
// list item, the line of its "-". It returns 0 for a node that was not written.
func (l *Layout) Line(n *Node) int {
	if l == nil {
		return 0
	}
	return l.lines[n]
}

// EndLine returns the last line of n's text: a block collection's last line of content (its
// trailing comments left out), a block scalar's last line of content, else n's Line (a string
// holding newlines that had to be quoted takes one line, a flow collection one line).
func (l *Layout) EndLine(n *Node) int {
	if l == nil {
		return 0
	}
	if end, ok := l.ends[n]; ok {
		return end
	}
	return l.lines[n]
}

// Indent returns the column (0-based) of the keys of map n, or of the "-" of list n's items, as
// written; for a collection written empty or in flow style, where they would stand in block
// style. It returns 0 for a scalar or a node that was not written.
func (l *Layout) Indent(n *Node) int {
	if l == nil {
		return 0
	}
	return l.indents[n]
}

// Blocks returns the lines that open a block collection (a key whose value is a block map or
// list, a "-" whose item is a block list), each with the collection's last line: [line, end],
// in the order written.
func (l *Layout) Blocks() [][2]int {
	if l == nil {
		return nil
	}
	return l.blocks
}

// Alias makes each node of copies a key (an original) stand where its value (the copy written)
// stands: Line, EndLine and Indent of an original answer as of its copy. A caller that writes a
// copy of a tree in which some maps and lists changed finds the unchanged tree's nodes so.
func (l *Layout) Alias(copies map[*Node]*Node) {
	if l == nil {
		return
	}
	for original, written := range copies {
		if line, ok := l.lines[written]; ok {
			l.lines[original] = line
		}
		if end, ok := l.ends[written]; ok {
			l.ends[original] = end
		}
		if indent, ok := l.indents[written]; ok {
			l.indents[original] = indent
		}
	}
}

// Emit writes documents as a YAML stream in block style, each document after the first opened by
// "---" (the first too when it was written so). It keeps the nodes' comments, key order and
// scalar styles, quotes a string wherever its plain form would read back as another value under
// either rule set, and returns where each node landed.
func Emit(docs []*Document) (string, *Layout) {
	values, collections := 0, 0
	for _, d := range docs {
		v, c := countValues(d.Root)
		values, collections = values+v, collections+c
	}
	// the layout's maps made at their final size: growing them was a tenth of the emitter's time
	// on a long stream
	e := &emitter{layout: &Layout{lines: make(map[*Node]int, values), ends: make(map[*Node]int, collections),
		indents: make(map[*Node]int, collections)}, line: 1}
	e.b.Grow(values * bytesPerValue)
	return e.emit(docs), e.layout
}

// bytesPerValue is about what a value of a Kubernetes object takes written (its key, indentation
// and line): the text's first allocation, which a doubling or two may follow.
const bytesPerValue = 24

// countValues counts the values of a tree (map keys aside) and, of them, the maps and lists.
func countValues(n *Node) (values, collections int) {
	if n == nil {
		return 0, 0
	}
	values = 1
	if n.Kind == MapNode || n.Kind == ListNode {
		collections = 1
	}
	for _, f := range n.Fields {
		v, c := countValues(f.Value)
		values, collections = values+v, collections+c
	}
	for _, it := range n.Items {
		v, c := countValues(it)
		values, collections = values+v, collections+c
	}
	return values, collections
}

// EmitText writes the documents as Emit does, without recording their layout (which costs as
// much as the text on a long stream: a map entry per node), for a caller that needs the text
// alone.
func EmitText(docs []*Document) string {
	e := &emitter{line: 1}
	return e.emit(docs)
}

// emit writes the documents, recording their layout when e has one.
func (e *emitter) emit(docs []*Document) string {
	for i, d := range docs {
		if i > 0 || d.Explicit {
			e.write("---\n")
		}
		e.comments(d.Comments.Head, 0)
		if d.Root != nil {
			e.root(d.Root)
		}
		e.comments(d.Comments.Foot, 0)
	}
	return e.b.String()
}

// EmitNode writes one node as a YAML document.
func EmitNode(n *Node) string {
	return EmitText([]*Document{{Root: n}})
}

type emitter struct {
	b    strings.Builder
	line int
	// layout records where each node was written; nil for EmitText.
	layout *Layout
}

// setLine records the line n starts on (nothing without a layout).
func (l *Layout) setLine(n *Node, line int) {
	if l != nil {
		l.lines[n] = line
	}
}

// setEnd records the last line of n (nothing without a layout).
func (l *Layout) setEnd(n *Node, line int) {
	if l != nil {
		l.ends[n] = line
	}
}

// setIndent records the column of n's keys or items (nothing without a layout).
func (l *Layout) setIndent(n *Node, column int) {
	if l != nil {
		l.indents[n] = column
	}
}

func (e *emitter) write(s string) {
	e.b.WriteString(s)
	e.line += strings.Count(s, "\n")
}

func (e *emitter) indent(n int) { e.write(strings.Repeat(" ", n)) }

// comments writes comment lines at an indentation.
func (e *emitter) comments(text string, indent int) {
	if text == "" {
		return
	}
	for _, l := range strings.Split(text, "\n") {
		e.indent(indent)
		e.write(strings.TrimSpace(l) + "\n")
	}
}

func (e *emitter) lineComment(n *Node) {
	if n.Comments().Line != "" {
		e.write(" " + strings.ReplaceAll(n.Comments().Line, "\n", " "))
	}
}

func (e *emitter) root(n *Node) {
	e.layout.setLine(n, e.line)
	e.indentAt(n, 0)
	switch {
	case n.Kind == MapNode && !keepsFlow(n, 0) && len(n.Fields) > 0:
		e.comments(n.Comments().Head, 0)
		e.mapBody(n, 0, false)
	case n.Kind == ListNode && !keepsFlow(n, 0) && len(n.Items) > 0:
		e.comments(n.Comments().Head, 0)
		e.listBody(n, 0, false)
	default:
		e.comments(n.Comments().Head, 0)
		e.inline(n, 2, false)
		e.comments(n.Comments().Foot, 0)
	}
}

// mapBody writes the entries of a block map, each at indent. With inlineFirst the first key
// continues a line already begun (after a list item's "- "), its head comment written before.
func (e *emitter) mapBody(n *Node, indent int, inlineFirst bool) {
	for i, f := range n.Fields {
		if i > 0 || !inlineFirst {
			e.comments(f.Key.Comments().Head, indent)
			e.indent(indent)
		}
		e.write(keyText(f.Key.Value) + ":")
		e.afterKey(f.Value, indent)
		e.comments(f.Key.Comments().Foot, indent)
	}
	e.layout.setEnd(n, e.layout.EndLine(n.Fields[len(n.Fields)-1].Value))
	e.comments(n.Comments().Foot, indent)
}

// afterKey writes a map entry's value, the entry's key having been written.
func (e *emitter) afterKey(v *Node, indent int) {
	line := e.line
	e.layout.setLine(v, line)
	in := indent + 2
	if v.Kind == ListNode && !v.IndentedItems {
		in = indent
	}
	e.indentAt(v, in)
	switch {
	case v.Kind == MapNode && !keepsFlow(v, indent) && len(v.Fields) > 0:
		e.lineComment(v)
		e.write("\n")
		e.mapBody(v, in, false)
		e.opened(line, v)
	case v.Kind == ListNode && !keepsFlow(v, indent) && len(v.Items) > 0:
		e.lineComment(v)
		e.write("\n")
		e.listBody(v, in, !v.IndentedItems)
		e.opened(line, v)
	case v.Kind == ScalarNode && v.Tag == NullTag && v.Value == "" && v.Style == Plain:
		e.lineComment(v)
		e.write("\n")
		e.comments(v.Comments().Foot, indent)
	default:
		e.write(" ")
		e.inline(v, indent+2, false)
		e.comments(v.Comments().Foot, indent)
	}
}

// listBody writes the items of a block list, each "-" at indent. A list written at its key's
// column (kubectl's style) writes a last null item as "- null" rather than a bare "-": the next
// key, at the same column, would otherwise read as that item's content (goccy/go-yaml reads
// "a:\n-\nb: 1" as {a: [{b: 1}]}).
func (e *emitter) listBody(n *Node, indent int, atKeyColumn bool) {
	for i, it := range n.Items {
		e.comments(it.Comments().Head, indent)
		if it.Kind == MapNode && !keepsFlow(it, indent) && len(it.Fields) > 0 {
			e.comments(it.Fields[0].Key.Comments().Head, indent)
		}
		e.indent(indent)
		e.write("-")
		line := e.line
		e.layout.setLine(it, line)
		e.indentAt(it, indent+2)
		switch {
		case it.Kind == MapNode && !keepsFlow(it, indent) && len(it.Fields) > 0:
			e.write(" ")
			e.lineCommentAbove(it, indent+2)
			e.mapBody(it, indent+2, true)
		case it.Kind == ListNode && !keepsFlow(it, indent) && len(it.Items) > 0:
			e.lineComment(it)
			e.write("\n")
			e.listBody(it, indent+2, false)
			e.opened(line, it)
		case it.Kind == ScalarNode && it.Tag == NullTag && it.Value == "" && it.Style == Plain && !(atKeyColumn && i == len(n.Items)-1):
			e.lineComment(it)
			e.write("\n")
		default:
			e.write(" ")
			e.inline(it, indent+2, false)
		}
	}
	e.layout.setEnd(n, e.layout.EndLine(n.Items[len(n.Items)-1]))
	e.comments(n.Comments().Foot, indent)
}

// indentAt records the column of a collection's keys or items.
func (e *emitter) indentAt(n *Node, column int) {
	if n.Kind != ScalarNode {
		e.layout.setIndent(n, column)
	}
}

// opened records a line that opened block collection n, with n's last line.
func (e *emitter) opened(line int, n *Node) {
	if e.layout != nil {
		e.layout.blocks = append(e.layout.blocks, [2]int{line, e.layout.EndLine(n)})
	}
}

// lineCommentAbove handles a line comment of a map written as a list item: there is no line of its
// own for it, so it goes above the first entry.
func (e *emitter) lineCommentAbove(n *Node, indent int) {
	if n.Comments().Line == "" {
		return
	}
	e.write(strings.ReplaceAll(n.Comments().Line, "\n", " ") + "\n")
	e.indent(indent)
}

// inline writes a scalar, an empty or flow collection, ending the line. indent is the
// indentation of block-scalar content.
func (e *emitter) inline(n *Node, indent int, _ bool) {
	if n.Kind == ScalarNode && (n.Style == Literal || n.Style == Folded || n.Style == Plain) {
		if header, body, ok := blockScalar(n, indent); ok {
			e.write(header)
			e.lineComment(n)
			e.write("\n" + body)
			e.layout.setEnd(n, e.line-1)
			return
		}
	}
	if n.Kind == ScalarNode {
		e.write(scalarText(n, false))
	} else {
		e.recordFlow(n)
		var b strings.Builder
		writeFlow(&b, n)
		e.write(b.String())
	}
	e.lineComment(n)
	e.write("\n")
}

// maxFlowWidth is the widest line a flow collection may make before it is written in block style.
const maxFlowWidth = 100

// keepsFlow reports whether a collection is written in flow style: when it was read so and its
// flow form still fits on a line (a merge may have added long values to it).
func keepsFlow(n *Node, indent int) bool {
	if n.Style != Flow {
		return false
	}
	var b strings.Builder
	writeFlow(&b, n)
	return indent+b.Len() <= maxFlowWidth
}

// recordFlow notes every node of a flow collection as written on the current line.
func (e *emitter) recordFlow(n *Node) {
	if e.layout == nil {
		return
	}
	if _, seen := e.layout.lines[n]; !seen {
		e.layout.lines[n] = e.line
	}
	for _, f := range n.Fields {
		e.recordFlow(f.Value)
	}
	for _, it := range n.Items {
		e.recordFlow(it)
	}
}

// blockScalar renders a multi-line string as a literal block scalar when it can be written so
// without changing its value; ok is false when it must be quoted instead.
func blockScalar(n *Node, indent int) (header, body string, ok bool) {
	v := n.Value
	if n.Tag != StrTag || !strings.Contains(strings.TrimRight(v, "\n"), "\n") && n.Style != Literal && n.Style != Folded {
		return "", "", false
	}
	if strings.TrimLeft(v, "\n") == "" || !printable(v, true) || strings.ContainsAny(v, "\r") {
		return "", "", false
	}
	// As go-yaml's writer: no block scalar for a value ending in a space or with a space before
	// a line break; a reader may take a last line of spaces for an empty one ("0\n " would read
	// back as "0\n").
	if strings.HasSuffix(v, " ") || strings.Contains(v, " \n") {
		return "", "", false
	}
	content := strings.TrimRight(v, "\n")
	trailing := len(v) - len(content)
	header = "|"
	if first := strings.TrimLeft(content, "\n"); first[0] == ' ' || first[0] == '\t' {
		header += "2"
	}
	switch {
	case trailing == 0:
		header += "-"
	case trailing > 1:
		header += "+"
	}
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	for _, l := range strings.Split(content, "\n") {
		if l != "" {
			b.WriteString(pad)
		}
		b.WriteString(l + "\n")
	}
	if trailing > 1 {
		b.WriteString(strings.Repeat("\n", trailing-1))
	}
	return header, b.String(), true
}

// writeFlow writes n in flow style on one line.
func writeFlow(b *strings.Builder, n *Node) {
	switch {
	case n == nil:
		b.WriteString("null")
	case n.Kind == MapNode:
		b.WriteString("{")
		for i, f := range n.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(flowKeyText(f.Key.Value) + ": ")
			writeFlow(b, f.Value)
		}
		b.WriteString("}")
	case n.Kind == ListNode:
		b.WriteString("[")
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeFlow(b, it)
		}
		b.WriteString("]")
	default:
		b.WriteString(scalarText(n, true))
	}
}

// scalarText writes a scalar on one line, honouring its style where that keeps its value.
func scalarText(n *Node, flow bool) string {
	switch {
	case n.Tag == NullTag && n.Value == "":
		return "null"
	case n.Tag != StrTag:
		if n.Style == Plain && n.Value != "" {
			return n.Value // read back as the same value under the rules it was read with
		}
		return n.Canonical()
	case n.Style == SingleQuoted && printable(n.Value, false):
		return "'" + strings.ReplaceAll(n.Value, "'", "''") + "'"
	case n.Style == DoubleQuoted:
		return doubleQuote(n.Value)
	case plainSafe(n.Value, flow):
		return n.Value
	}
	return doubleQuote(n.Value)
}

// keyText writes a map key in block context.
func keyText(k string) string {
	if plainSafe(k, false) {
		return k
	}
	return doubleQuote(k)
}

func flowKeyText(k string) string {
	if plainSafe(k, true) {
		return k
	}
	return doubleQuote(k)
}

// doubleQuote writes s as a YAML double-quoted scalar. Every escape Go's strconv.Quote writes
// (\a \b \f \n \r \t \v \\ \" \xNN \uNNNN \UNNNNNNNN) is one YAML reads alike; it never escapes a
// single quote.
func doubleQuote(s string) string {
	return strconv.Quote(s)
}

// plainSafe reports whether s can be written as a plain scalar and read back as the same string
// under both rule sets.
func plainSafe(s string, flow bool) bool {
	return longWord(s) || plainByRules(s, flow)
}

// plainByRules is plainSafe's answer for any s, by the resolution rules and the indicators.
func plainByRules(s string, flow bool) bool {
	if s == "" || s != strings.TrimSpace(s) || !printable(s, false) {
		return false
	}
	// "<<" anywhere is quoted: goccy reads the key "0<<" back as a merge key.
	if YAML11.Resolve(s) != StrTag || YAML12.Resolve(s) != StrTag || strings.Contains(s, "<<") {
		return false
	}
	if strings.ContainsRune("-?:,[]{}#&*!|>'\"%@`", rune(s[0])) {
		if !(s[0] == '-' || s[0] == '?' || s[0] == ':') || len(s) == 1 || s[1] == ' ' || flow {
			return false
		}
	}
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") || strings.Contains(s, "\t") {
		return false
	}
	// In flow context a YAML 1.1 reader (kubectl's) ends a plain scalar at ':' and '?' too.
	if flow && strings.ContainsAny(s, ",[]{}:?") {
		return false
	}
	// Like go-yaml's writer, never start a plain scalar with "---" or "...": "...00" is not a
	// marker to YAML, but readers (goccy's among them) take it for one.
	return !strings.HasPrefix(s, "---") && !strings.HasPrefix(s, "...")
}

// longWord reports whether s is a letter then letters, digits and "-_./", six bytes or more:
// plain in any context. Every word YAML 1.1 or 1.2 reads as other than a string (true, off,
// null, ...) is five bytes or less, and every number, date or special float starts with a digit,
// a sign or a dot. Most keys and many values are such words (apiVersion, metadata, nginx:1.27
// is not), so most scalars skip the resolution rules here.
func longWord(s string) bool {
	if len(s) < 6 || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && (c < '0' || c > '9') && c != '-' && c != '_' && c != '.' && c != '/' {
			return false
		}
	}
	return true
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// printable reports whether s holds only characters YAML lets a document carry unescaped.
func printable(s string, allowNewline bool) bool {
	for _, r := range s {
		switch {
		case r == '\n':
			if !allowNewline {
				return false
			}
		case r == '\t':
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0xfeff || r == '\uFFFD' || r == 0x2028 || r == 0x2029:
			return false // U+0085, U+2028 and U+2029 are line breaks to YAML 1.1 readers
		case r >= 0xd800 && r <= 0xdfff:
			return false
		}
	}
	return true
}
