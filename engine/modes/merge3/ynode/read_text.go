package ynode

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// What the reader finds in the text itself: where quoted scalars, flow collections and block
// scalars end, and where comments are.

// span is a stretch of text where "#" opens no comment: a quoted scalar or a flow collection,
// from its first character to its last, 0-based lines and columns (in runes).
type span struct{ line, col, endLine, endCol int }

func (s span) holds(line, col int) bool {
	after := line > s.line || line == s.line && col >= s.col
	before := line < s.endLine || line == s.endLine && col <= s.endCol
	return after && before
}

// quoted records the quoted scalar that opens at line, col and returns its last line.
func (r *reader) quoted(line, col int) int {
	end, endCol := r.scanQuoted(line, col)
	r.addSpan(span{line, col, end, endCol})
	return end
}

// scanQuoted finds the closing quote of the scalar opening at line, col (” is a quote inside
// single quotes, \" inside double ones).
func (r *reader) scanQuoted(line, col int) (int, int) {
	q := r.src.runeAt(line, col)
	for l, c := line, col+1; l < len(r.src.text); l, c = l+1, 0 {
		runes := r.src.runes(l)
		for ; c < len(runes); c++ {
			switch {
			case q == '"' && runes[c] == '\\':
				c++
			case runes[c] != q:
			case q == '\'' && c+1 < len(runes) && runes[c+1] == '\'':
				c++
			default:
				return l, c
			}
		}
	}
	return line, col
}

// flow converts a flow collection's children (with the comments yamltree attached inside it)
// and records its text; a comment after its closing bracket is its line comment.
func (r *reader) flow(n *yamltree.Node, out *Node) {
	line, col := n.Pos.Line-1, n.Pos.Column-1
	end, endCol := r.scanFlow(line, col)
	r.inFlowDepth++
	for _, f := range n.Fields {
		key := r.node(f.Key, nil)
		if key.Kind == ScalarNode && f.Key.Style == yamltree.Plain && !key.Tagged {
			key.Tag = plainTag(key.Value) // typed as in a block map: kyaml writes {0: ''} back plain
		}
		out.Content = append(out.Content, key, r.node(f.Value, nil))
	}
	for _, it := range n.Items {
		out.Content = append(out.Content, r.node(it, nil))
	}
	r.inFlowDepth--
	r.addSpan(span{line, col, end, endCol})
	if r.inFlowDepth == 0 {
		r.line(end).owner = out
	}
}

// scanFlow finds the bracket closing the flow collection opening at line, col, stepping over
// quoted scalars and comments.
func (r *reader) scanFlow(line, col int) (int, int) {
	depth := 0
	for l, c := line, col; l < len(r.src.text); {
		runes := r.src.runes(l)
		if c >= len(runes) {
			l, c = l+1, 0
			continue
		}
		switch ch := runes[c]; {
		case ch == '[' || ch == '{':
			depth++
		case ch == ']' || ch == '}':
			if depth--; depth == 0 {
				return l, c
			}
		case (ch == '"' || ch == '\'') && (c == 0 || !isPlainChar(runes[c-1])):
			l, c = r.scanQuoted(l, c)
		case ch == '#' && c > 0 && (runes[c-1] == ' ' || runes[c-1] == '\t'):
			c = len(runes)
			continue
		}
		c++
	}
	return line, col
}

// blockContent marks the lines of the block scalar whose header is at line, col: the following
// lines indented deeper than the line holding the header, with the blank lines between them.
func (r *reader) blockContent(line, col int) {
	base := indentOf(r.src.text[line])
	last := line
	for l := line + 1; l < len(r.src.text); l++ {
		text := r.src.text[l]
		if blankLine(text) {
			continue
		}
		if indentOf(text) <= base {
			break
		}
		last = l
	}
	for l := line + 1; l <= last; l++ {
		r.line(l).opaque = true
	}
}

// addSpan records a quoted scalar or flow collection; the lines strictly inside it hold no
// comment (its last line may, after it).
func (r *reader) addSpan(s span) {
	r.spans = append(r.spans, s)
	for l := s.line + 1; l < s.endLine; l++ {
		r.line(l).opaque = true
	}
}

// comment returns the comment on a line ("# text", trailing spaces dropped) and its column, or
// -1: a "#" at the start of the line or after a space or tab, outside quotes and flow
// collections.
func (r *reader) comment(line int) (string, int) {
	if !strings.Contains(r.src.text[line], "#") {
		return "", -1
	}
	runes := r.src.runes(line)
	for c, ch := range runes {
		if ch != '#' || (c > 0 && runes[c-1] != ' ' && runes[c-1] != '\t') || r.inSpan(line, c) {
			continue
		}
		end := len(runes)
		for end > c && (runes[end-1] == ' ' || runes[end-1] == '\t') {
			end--
		}
		return string(runes[c:end]), c
	}
	return "", -1
}

func (r *reader) inSpan(line, col int) bool {
	for _, s := range r.spans {
		if s.holds(line, col) {
			return true
		}
	}
	return false
}

func indentOf(text string) int {
	return len(text) - len(strings.TrimLeft(text, " "))
}

// blankLine reports whether a line holds nothing but spaces and tabs.
func blankLine(text string) bool { return strings.Trim(text, " \t") == "" }

// isPlainChar reports whether r may stand in a plain scalar right before a quote, which is then
// text ("it's").
func isPlainChar(r rune) bool {
	return r != ' ' && r != '\t' && r != '[' && r != '{' && r != ','
}
