package ynode

import (
	"strings"
	"unicode/utf8"

	"github.com/mergeplay/mergeplay/internal/verb"
)

// scalar writes a scalar at place p, after its tag when one is written. Continuation lines
// (a block scalar's content, a single-quoted text's later lines) are indented by indent+2. A
// block scalar ends its header line with comment and reports true: its line is ended.
func (w *writer) scalar(n *Node, indent int, p place, comment string) (ended bool) {
	if n.Kind == AliasNode {
		w.text("*" + n.Value)
		return false
	}
	if props := properties(n.Anchor, tagWritten(n)); props != "" {
		w.text(props)
		w.gap = true
	}
	switch chooseForm(n, p) {
	case formPlain:
		w.text(n.Value)
	case formSingle:
		w.single(n.Value, indent+2)
	case formDouble:
		w.double(n.Value)
	case formLiteral:
		w.block(n.Value, "|", indent+2, comment)
		return true
	case formFolded:
		w.block(n.Value, ">", indent+2, comment)
		return true
	}
	return false
}

// single writes text in single quotes: a quote doubled; a line break written twice (once alone
// it would read as a space), later lines indented.
func (w *writer) single(text string, indent int) {
	w.text("'")
	afterBreak := false
	prevBreak := false
	for i := 0; i < len(text); {
		if run := asciiRun(text[i:], singleAsItself); run > 0 {
			if afterBreak {
				w.indentLine(indent)
				afterBreak = false
			}
			prevBreak = false
			w.text(text[i : i+run])
			i += run
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r == '\n':
			if !prevBreak {
				w.newline()
			}
			w.newline()
			afterBreak, prevBreak = true, true
			continue
		case isBreak(r):
			w.otherBreak(r)
			afterBreak, prevBreak = true, true
			continue
		}
		if afterBreak {
			w.indentLine(indent)
			afterBreak = false
		}
		prevBreak = false
		if r == '\'' {
			w.text("''")
			continue
		}
		w.text(string(r))
	}
	w.text("'")
}

// singleAsItself reports whether ASCII byte c is written as itself in single quotes: not a line
// break, not the quote.
func singleAsItself(c byte) bool { return c != '\n' && c != '\'' }

// escapes are the characters double quotes write with a short escape; others that cannot be
// written as themselves take \x, \u or \U and their code in capital hex.
var escapes = map[rune]string{
	0x00: `\0`, 0x07: `\a`, 0x08: `\b`, '\t': `\t`, '\n': `\n`, 0x0B: `\v`, 0x0C: `\f`, '\r': `\r`,
	0x1B: `\e`, '"': `\"`, '\\': `\\`, 0x85: `\N`, 0x2028: `\L`, 0x2029: `\P`,
}

// double writes text in double quotes. Observed oddity: in a text that opens with a byte order
// mark, every character is escaped ("\uFEFF\x78" for a BOM and "x").
func (w *writer) double(text string) {
	w.text(`"`)
	escapeAll := strings.HasPrefix(text, "\uFEFF")
	for i := 0; i < len(text); {
		if run := asciiRun(text[i:], asciiAsItself); run > 0 && !escapeAll {
			w.text(text[i : i+run])
			i += run
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch e, short := escapes[r]; {
		case short:
			w.text(e)
		case !printable(r) || escapeAll:
			w.text(escapeCode(r))
		default:
			w.text(string(r))
		}
	}
	w.text(`"`)
}

// asciiRun returns the length of the run of ASCII bytes that keep accepts at text's start (each
// a whole character: written as a run, they read as written one by one).
func asciiRun(text string, keep func(c byte) bool) int {
	n := 0
	for n < len(text) && text[n] < utf8.RuneSelf && keep(text[n]) {
		n++
	}
	return n
}

// asciiAsItself reports whether byte c is a character double quotes write as itself: printable
// ASCII but the quote and the backslash.
func asciiAsItself(c byte) bool { return c >= 0x20 && c <= 0x7E && c != '"' && c != '\\' }

func escapeCode(r rune) string {
	switch {
	case r <= 0xFF:
		return `\x` + verb.HEX(uint64(r), 2)
	case r <= 0xFFFF:
		return `\u` + verb.HEX(uint64(r), 4)
	}
	return `\U` + verb.HEX(uint64(r), 8)
}

// block writes a literal (|) or folded (>) scalar: its header, with an indentation indicator
// when the text starts with a space or a line break and a chomping indicator (- no final line
// break, + more than one), then the text's lines at indent. Folded text writes one more line
// break after each line of text that a break ends, so that reading it back does not fold the
// break into a space.
func (w *writer) block(text, indicator string, indent int, comment string) {
	w.text(indicator + blockIndicators(text))
	w.endLine(comment, indent)
	folded := indicator == ">"
	prevBreak := true
	lineStart := rune(-1) // the first character of the current line, -1 before it
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			if folded && !prevBreak && lineStart != ' ' && lineStart != '\t' {
				w.newline()
			}
			lineStart = -1
			w.newline()
			prevBreak = true
			i += size
			continue
		case isBreak(r):
			w.otherBreak(r)
			prevBreak, lineStart = true, -1
			i += size
			continue
		}
		if prevBreak {
			w.indentLine(indent)
		}
		if lineStart < 0 {
			lineStart = r
		}
		prevBreak = false
		if run := asciiRun(text[i:], notNewline); run > 0 {
			size = run
		}
		w.text(text[i : i+size])
		i += size
	}
	if w.col > 0 {
		w.newline()
	}
}

// notNewline reports whether c is not "\n" (the other line breaks are not ASCII).
func notNewline(c byte) bool { return c != '\n' }

// blockIndicators returns a block scalar's indentation and chomping indicators.
func blockIndicators(text string) string {
	var b strings.Builder
	if r, _ := utf8.DecodeRuneInString(text); text != "" && (r == ' ' || isBreak(r)) {
		b.WriteString("2")
	}
	last, size := utf8.DecodeLastRuneInString(text)
	switch before, _ := utf8.DecodeLastRuneInString(text[:len(text)-size]); {
	case text == "" || !isBreak(last):
		b.WriteString("-")
	case size == len(text) || isBreak(before):
		b.WriteString("+")
	}
	return b.String()
}

// indentLine indents a scalar's later line; like any line, it is set apart by a blank line from
// a foot comment at its column.
func (w *writer) indentLine(indent int) {
	if w.col == 0 && w.blankAt == indent {
		w.newline()
	}
	w.blankAt = -1
	w.text(strings.Repeat(" ", indent))
}

// otherBreak writes U+2028 or U+2029 as itself; kyaml then goes on as at the start of a line
// (the next text is indented, and a line that ends there gets no "\n").
func (w *writer) otherBreak(r rune) {
	w.text(string(r))
	w.col = 0
}

// properties returns what is written before a node's content: its anchor, then its tag
// ("&a !!str x", observed with kyaml v0.21.2), "" for neither.
func properties(anchor, tag string) string {
	switch {
	case anchor == "":
		return tag
	case tag == "":
		return "&" + anchor
	}
	return "&" + anchor + " " + tag
}

// inline reports whether a node is written on its line as a scalar is: a scalar or an alias.
func (n *Node) inline() bool { return n.Kind == ScalarNode || n.Kind == AliasNode }
