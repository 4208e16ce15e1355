package yamltree

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Comments are read as the cursor passes them and given to nodes by these rules:
//   - a comment at the end of a line holding a scalar or a flow collection is that node's Line
//     comment; one after "key:" or "- " with the value on the next lines is the value's Line
//     comment (for a list item, its Head comment);
//   - comment lines before a map key or a list item are its Head comment;
//   - comment lines after the last entry of a block collection, indented at least as the
//     collection, are the Foot comment of its last key (a map) or of the list, when the next
//     content is less indented or the document ends; the innermost collection takes them first;
//   - inside a flow collection, as kyaml reads them, a comment on the line where an entry ends
//     (after its "," too) is the Line comment of the entry's value, comment lines on their own
//     are the Head comment of the entry after them, or the Foot comment of the last entry's key
//     (a map) or item (a list) before the closing bracket;
//   - comment lines of a document without content are the document's Head comment, the comment
//     on its "---" line its Line comment, comments after a root that is not a block collection
//     its Foot comment.
// Blank lines between the comment lines of one comment are kept as empty lines of its text when
// Options.KeepBlankLines asks for it.

// commentLine is a comment read and not yet given to a node.
type commentLine struct {
	_      incomparable.Field
	text   string // "# ..." without the line break and trailing white space
	indent int    // the comment's column, 0-based
	line   int    // the comment's line
	blank  int    // blank lines between the comment line before it and this one
}

// skipSpace steps over white space, line breaks and comment lines to the next content (or the
// end of the text), keeping the comments in pending. In block context a tab cannot indent a
// line that holds content, nor stand among the leading white space of a line without content
// (checkTabLine).
func (r *reader) skipSpace() error {
	for !r.eof() {
		switch r.peek() {
		case ' ':
			r.at++
		case '\t':
			if err := r.checkTabLine(); err != nil {
				return err
			}
			r.at++
		case '\n':
			r.breakLine()
		case '#':
			if r.at > r.lineStart && !isBlankAt(r.text, r.at-1) {
				return nil // "#" inside a token, not a comment: the caller refuses it
			}
			r.readCommentLine()
		default:
			return r.checkIndentTab()
		}
	}
	return nil
}

// checkIndentTab refuses content whose indentation holds a tab: at the first content of a line,
// the bytes before the cursor are its indentation.
func (r *reader) checkIndentTab() error {
	for i := r.lineStart; i < r.at; i++ {
		if r.text[i] == '\t' && r.onlyIndentBefore() {
			m := mark{at: i, line: r.line, lineStart: r.lineStart}
			return r.errorAt(m, "a tab cannot indent YAML: indent with spaces")
		}
	}
	return nil
}

// checkTabLine refuses the tab at the cursor when it stands among the leading white space of a
// line that holds nothing else but a comment: both references refuse such a line in block
// context ("found character that cannot start any token"; observed with apimachinery v0.37.2
// and kyaml v0.21.3, scripts/conformance/yamldiff, class tablines), but where a plain scalar's
// reading passed it (r.tabsPassed; see plainTab).
func (r *reader) checkTabLine() error {
	if r.at < r.tabsPassed || !r.onlyIndentBefore() || !isBlankOrComment(r.text, r.at) {
		return nil
	}
	return r.errorHere("a tab on a line without content, among block entries (found character that cannot start any token)")
}

// isBlankOrComment reports whether only spaces and tabs follow offset i on its line, or a comment
// after them.
func isBlankOrComment(text string, i int) bool {
	for ; i < len(text) && text[i] != '\n'; i++ {
		switch text[i] {
		case ' ', '\t':
		case '#':
			return true
		default:
			return false
		}
	}
	return true
}

// onlyIndentBefore reports whether only spaces and tabs precede the cursor on its line.
func (r *reader) onlyIndentBefore() bool {
	for i := r.lineStart; i < r.at; i++ {
		if r.text[i] != ' ' && r.text[i] != '\t' {
			return false
		}
	}
	return true
}

// readCommentLine reads the comment at the cursor into pending; the cursor stops at the line
// break.
func (r *reader) readCommentLine() {
	c := commentLine{indent: r.at - r.lineStart, line: r.line}
	if n := len(r.pending); n > 0 {
		c.blank = r.line - r.pending[n-1].line - 1
	}
	start := r.at
	r.skipToLineEnd()
	c.text = trimRightBlanks(r.text[start:r.at])
	r.pending = append(r.pending, c)
}

// trailingComment reads the comment ending the cursor's line, after white space, and returns it
// ("" when there is none). The cursor stops at the comment's end or at the first content.
func (r *reader) trailingComment() string {
	before := r.at
	r.skipBlanks()
	if r.peek() != '#' || (r.at == before && r.at > r.lineStart) {
		return ""
	}
	start := r.at
	r.skipToLineEnd()
	return trimRightBlanks(r.text[start:r.at])
}

// takeComments returns every pending comment line, joined, and forgets them.
func (r *reader) takeComments() string {
	return r.takeFoot(-1)
}

// takeFoot returns the pending comment lines at the front of pending indented at least indent,
// joined, and forgets them.
func (r *reader) takeFoot(indent int) string {
	n := 0
	for n < len(r.pending) && r.pending[n].indent >= indent {
		n++
	}
	if n == 0 {
		return ""
	}
	text := r.joinLines(r.pending[:n])
	r.pending = append(r.pending[:0], r.pending[n:]...)
	return text
}

// joinLines joins comment lines, with the blank lines between them when the options keep them.
func (r *reader) joinLines(lines []commentLine) string {
	if len(lines) == 1 {
		return lines[0].text
	}
	var b strings.Builder
	for i, c := range lines {
		if i > 0 {
			b.WriteByte('\n')
			if r.opts.KeepBlankLines {
				b.WriteString(strings.Repeat("\n", c.blank))
			}
		}
		b.WriteString(c.text)
	}
	return b.String()
}

// trimRightBlanks drops spaces and tabs at the end of s.
func trimRightBlanks(s string) string {
	end := len(s)
	for end > 0 && (s[end-1] == ' ' || s[end-1] == '\t' || s[end-1] == '\r') {
		end--
	}
	return s[:end]
}

func joinComments(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n" + b
}
