package yamltree

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Quoted scalars are decoded as both references read them (go-yaml v2 under kubectl, go-yaml v3
// under kyaml; observed with apimachinery v0.37.2 and kyaml v0.21.2, scripts/conformance/yamldiff):
// "\'" is a single quote, a continuation line may be indented with tabs, and "\/", "\c", a
// malformed "\xZZ" or "\uZZZZ" and a surrogate are refused. Line breaks fold as in plain
// scalars: white space around a break is dropped, one break becomes a space, n+1 breaks n line
// breaks; in double quotes an escaped break ("\" at the end of a line) joins the lines.

// quoted reads the single- or double-quoted scalar at the cursor; the cursor stops past its
// closing quote. An unterminated scalar is refused at its opening quote.
func (r *reader) quoted() (*Node, error) {
	start := r.mark()
	quote := r.peek()
	r.at++
	value, ok := r.simpleQuoted(quote)
	if !ok {
		var err error
		if value, err = r.foldedQuoted(quote, start); err != nil {
			return nil, err
		}
	}
	n := r.newNode(ScalarNode)
	n.Tag, n.Value, n.Style = StrTag, value, SingleQuoted
	if quote == '"' {
		n.Style = DoubleQuoted
	}
	n.Pos, n.End = r.posOf(start), r.pos()
	return n, r.spend(n.Pos, 1)
}

// simpleQuoted reads a quoted scalar that closes on its line with nothing to decode: its text as
// written, which needs no copy.
func (r *reader) simpleQuoted(quote byte) (string, bool) {
	for i := r.at; i < len(r.text); i++ {
		switch c := r.text[i]; {
		case c == quote:
			if quote == '\'' && i+1 < len(r.text) && r.text[i+1] == '\'' {
				return "", false
			}
			value := r.text[r.at:i]
			r.at = i + 1
			return value, true
		case c == '\n' || (c == '\\' && quote == '"'):
			return "", false
		}
	}
	return "", false
}

// foldedQuoted decodes a quoted scalar from the cursor, past its opening quote.
func (r *reader) foldedQuoted(quote byte, start mark) (string, error) {
	var out strings.Builder
	space := -1 // where white space not yet known to be content starts
	for {
		if r.eof() {
			name := "single"
			if quote == '"' {
				name = "double"
			}
			p := r.posOf(start)
			return "", r.errorHere("found unexpected end of stream: the " + name + "-quoted text that opens at line " + strconv.Itoa(p.Line) + ", column " + strconv.Itoa(p.Column) + " never closes")
		}
		c := r.peek()
		if c != ' ' && c != '\t' && space >= 0 {
			if c != '\n' {
				out.WriteString(r.text[space:r.at])
			}
			space = -1
		}
		switch {
		case c == quote && quote == '\'' && r.peekAt(1) == '\'':
			out.WriteByte('\'')
			r.at += 2
		case c == quote:
			r.at++
			return out.String(), nil
		case c == '\\' && quote == '"':
			if err := r.escape(&out); err != nil {
				return "", err
			}
		case c == ' ' || c == '\t':
			if space < 0 {
				space = r.at
			}
			r.at++
		case c == '\n':
			r.foldBreak(&out, false)
		default:
			out.WriteByte(c)
			r.at++
		}
	}
}

// foldBreak reads the line break at the cursor and the empty lines after it, and writes what
// they stand for: nothing after an escaped break, else a space for one break and n line breaks
// for n empty lines. The cursor stops at the next line's text, its indentation skipped.
func (r *reader) foldBreak(out *strings.Builder, escaped bool) {
	r.breakLine()
	empty := 0
	for {
		r.skipBlanks()
		if r.eof() || r.peek() != '\n' {
			break
		}
		r.breakLine()
		empty++
	}
	switch {
	case empty > 0:
		for range empty {
			out.WriteByte('\n')
		}
	case !escaped:
		out.WriteByte(' ')
	}
}

// escape decodes the escape sequence at the cursor, in double-quoted text.
func (r *reader) escape(out *strings.Builder) error {
	next := r.peekAt(1)
	if r.at+1 >= len(r.text) {
		r.at++ // the text ends: the scalar never closes
		return nil
	}
	if next == '\n' {
		r.at++
		r.foldBreak(out, true)
		return nil
	}
	if i := strings.IndexByte(escapeChars, next); i >= 0 {
		out.WriteString(escapeValues[i])
		r.at += 2
		return nil
	}
	digits := hexDigits(next)
	end := min(r.at+2+digits, len(r.text))
	code, err := strconv.ParseUint(r.text[r.at+2:end], 16, 32)
	sequence := r.text[r.at:min(r.at+2, len(r.text))]
	switch {
	case digits == 0:
		_, size := utf8.DecodeRuneInString(r.text[r.at+1:])
		return r.errorHere("found unknown escape character " + r.text[r.at:r.at+1+size] + " in double-quoted text")
	case err != nil || end-r.at-2 < digits:
		return r.errorHere("did not find expected hexadecimal number after " + sequence)
	case (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF:
		return r.errorHere("found invalid Unicode character escape code " + r.text[r.at:end])
	}
	out.WriteRune(rune(code))
	r.at = end
	return nil
}

// escapeChars lists the characters that may follow a backslash, as both references read them,
// and escapeValues what each stands for. "\/" is not among them: both refuse it, although YAML
// 1.2 lists it. (A table of two strings, not a map: a map costs its initialisation code in the
// WebAssembly build.)
const escapeChars = "0abt\tnvfre \"'\\N_LP"

var escapeValues = [...]string{"\x00", "\a", "\b", "\t", "\t", "\n", "\v", "\f", "\r", "\x1b", " ", "\"", "'", "\\",
	"\u0085", "\u00a0", "\u2028", "\u2029"}

// hexDigits gives the number of hex digits after \x, \u and \U, 0 for any other character.
func hexDigits(c byte) int {
	switch c {
	case 'x':
		return 2
	case 'u':
		return 4
	case 'U':
		return 8
	}
	return 0
}
