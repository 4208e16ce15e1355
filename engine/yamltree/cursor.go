package yamltree

import "unicode/utf8"

// cursor walks the bytes of one document's text, knowing the line it is on. Columns are counted
// in characters (1-based), as an editor shows them; they are computed only when a position is
// asked for, counting from the last position asked on the same line, so that a long line costs
// its length once.
type cursor struct {
	text      string
	at        int // byte offset of the next byte to read
	line      int // 1-based line of at, in the stream
	lineStart int // byte offset where that line starts

	// the last column computed: byte offset and 1-based column on the line starting at colLine
	colLine, colAt, col int
}

// newCursor starts a cursor at the beginning of text, whose first line is line firstLine of
// its stream.
func newCursor(text string, firstLine int) cursor {
	return cursor{text: text, line: firstLine, colLine: -1}
}

// eof reports whether the text is read.
func (c *cursor) eof() bool { return c.at >= len(c.text) }

// peek returns the next byte, or 0 at the end.
func (c *cursor) peek() byte {
	if c.at < len(c.text) {
		return c.text[c.at]
	}
	return 0
}

// peekAt returns the byte k bytes ahead, or 0 past the end.
func (c *cursor) peekAt(k int) byte {
	if c.at+k < len(c.text) {
		return c.text[c.at+k]
	}
	return 0
}

// breakLine steps over the line break at the cursor.
func (c *cursor) breakLine() {
	c.at++
	c.line++
	c.lineStart = c.at
}

// skipBlanks steps over spaces and tabs on the line.
func (c *cursor) skipBlanks() {
	for c.at < len(c.text) && (c.text[c.at] == ' ' || c.text[c.at] == '\t') {
		c.at++
	}
}

// skipToLineEnd steps to the line break (or the end) of the line.
func (c *cursor) skipToLineEnd() {
	for c.at < len(c.text) && c.text[c.at] != '\n' {
		c.at++
	}
}

// column returns the 1-based column, in characters, of byte offset at on the line starting at
// lineStart.
func (c *cursor) column(lineStart, at int) int {
	from, col := lineStart, 1
	if c.colLine == lineStart && c.colAt <= at {
		from, col = c.colAt, c.col
	}
	for i := from; i < at; {
		if b := c.text[i]; b < utf8.RuneSelf {
			i++
		} else {
			_, size := utf8.DecodeRuneInString(c.text[i:at])
			i += size
		}
		col++
	}
	c.colLine, c.colAt, c.col = lineStart, at, col
	return col
}

// mark is a remembered place of the cursor: where a node starts or ends.
type mark struct {
	at, line, lineStart int
}

// mark returns the cursor's place.
func (c *cursor) mark() mark { return mark{at: c.at, line: c.line, lineStart: c.lineStart} }

// reset moves the cursor back to a place it was.
func (c *cursor) reset(m mark) { c.at, c.line, c.lineStart = m.at, m.line, m.lineStart }
