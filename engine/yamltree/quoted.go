package yamltree

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// A double-quoted scalar is decoded here from the source text rather than taken from
// goccy/go-yaml, whose decoding differs from the references' readers (go-yaml v2 under kubectl,
// go-yaml v3 under kyaml; observed with apimachinery v0.37.2 and kyaml v0.21.2,
// scripts/conformance/yamldiff): goccy accepts "\/" and yields garbage for "\xZZ" or a
// surrogate "\uDFFF", where both references refuse them, and refuses "\'" and a continuation line
// indented with a tab, which both accept.

// simpleQuoted returns the value of a double-quoted scalar that closes on its own line without a
// backslash or a tab: its text as written, which the parser's value already is.
func simpleQuoted(lines []string, tk *token.Token) (string, bool) {
	if tk.Position.Line < 1 || tk.Position.Line > len(lines) {
		return "", false
	}
	text := lines[tk.Position.Line-1]
	at := byteOffset(text, tk.Position.Column-1)
	if at >= len(text) || text[at] != '"' {
		return "", false
	}
	rest := text[at+1:]
	end := strings.IndexByte(rest, '"')
	if end < 0 || strings.ContainsAny(rest[:end], "\\\t") || rest[:end] != tk.Value {
		return "", false
	}
	return tk.Value, true
}

// quotedReader walks a double-quoted scalar through the lines of its document.
type quotedReader struct {
	lines []string
	line  int // 0-based index in lines
	at    int // byte offset in lines[line]
	out   strings.Builder
	space strings.Builder // unescaped white space not yet known to be content
}

// decodeDoubleQuoted reads the double-quoted scalar whose opening quote is at the 1-based line and
// column (in characters) of lines. It returns the value, or the position (0-based line, byte
// offset) and message of the first problem.
func decodeDoubleQuoted(lines []string, line, column int) (string, *quotedError) {
	if line < 1 || line > len(lines) {
		return "", &quotedError{line: line - 1, message: "double-quoted text out of range"}
	}
	r := &quotedReader{lines: lines, line: line - 1, at: byteOffset(lines[line-1], column-1)}
	if r.at >= len(lines[r.line]) || lines[r.line][r.at] != '"' {
		// the parser's column is off by one after a tag at times: the quote is the next one
		next := strings.IndexByte(lines[r.line][min(r.at, len(lines[r.line])):], '"')
		if next < 0 {
			return "", &quotedError{line: r.line, at: r.at, message: "double-quoted text not found"}
		}
		r.at += next
	}
	r.at++
	for {
		if r.line >= len(r.lines) {
			return "", &quotedError{line: len(r.lines) - 1, message: "found unexpected end of stream in double-quoted text"}
		}
		text := r.lines[r.line]
		if r.at >= len(text) {
			r.fold(false)
			continue
		}
		switch c := text[r.at]; c {
		case '"':
			r.flushSpace()
			return r.out.String(), nil
		case '\\':
			if err := r.escape(); err != nil {
				return "", err
			}
		case ' ', '\t':
			r.space.WriteByte(c)
			r.at++
		default:
			r.flushSpace()
			_, size := utf8.DecodeRuneInString(text[r.at:])
			r.out.WriteString(text[r.at : r.at+size])
			r.at += size
		}
	}
}

// quotedError is a problem inside a double-quoted scalar.
type quotedError struct {
	line, at int
	message  string
}

func (r *quotedReader) flushSpace() {
	r.out.WriteString(r.space.String())
	r.space.Reset()
}

// fold handles the end of a line: trailing white space is dropped, then one line break becomes a
// space and n+1 line breaks n newlines; the next line's leading white space is dropped. After an
// escaped line break (escaped), nothing is added.
func (r *quotedReader) fold(escaped bool) {
	r.space.Reset()
	empty := 0
	r.line++
	for r.line < len(r.lines) && strings.TrimLeft(r.lines[r.line], " \t") == "" {
		empty++
		r.line++
	}
	switch {
	case empty > 0:
		r.out.WriteString(strings.Repeat("\n", empty))
	case !escaped:
		r.out.WriteByte(' ')
	}
	if r.line < len(r.lines) {
		text := r.lines[r.line]
		r.at = len(text) - len(strings.TrimLeft(text, " \t"))
	}
}

// escape reads the escape sequence at the reader's position.
func (r *quotedReader) escape() *quotedError {
	text := r.lines[r.line]
	r.flushSpace()
	if r.at+1 >= len(text) {
		r.fold(true)
		return nil
	}
	c := text[r.at+1]
	if i := strings.IndexByte(escapeChars, c); i >= 0 {
		r.out.WriteString(escapeValues[i])
		r.at += 2
		return nil
	}
	digits := hexDigits(c)
	end := min(r.at+2+digits, len(text))
	code, err := strconv.ParseUint(text[r.at+2:end], 16, 32)
	switch {
	case digits == 0:
		return r.fail("found unknown escape character " + text[r.at:r.at+2] + " in double-quoted text")
	case err != nil || end-r.at-2 < digits:
		return r.fail("did not find expected hexadecimal number after " + text[r.at:r.at+2])
	case (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF:
		return r.fail("found invalid Unicode character escape code " + text[r.at:end])
	}
	r.out.WriteRune(rune(code))
	r.at = end
	return nil
}

// fail is a problem at the reader's position.
func (r *quotedReader) fail(message string) *quotedError {
	return &quotedError{line: r.line, at: r.at, message: message}
}
