package jsonwire

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// String reads a string and returns its text.
func (r *Reader) String() (string, error) {
	if r.next() != '"' {
		return "", r.want("a string")
	}
	start := r.at + 1
	for i := start; i < len(r.data); i++ {
		c := r.data[i]
		if c == '"' {
			if !utf8.Valid(r.data[start:i]) {
				break
			}
			r.at = i + 1
			return string(r.data[start:i]), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	return r.escapedString(start)
}

// escapedString reads the rest of a string starting at start (after its quote) that holds
// escapes or invalid UTF-8, and returns its text.
func (r *Reader) escapedString(start int) (string, error) {
	var b strings.Builder
	b.Grow(r.rawLength(start))
	i := start
	for i < len(r.data) {
		run := i
		for i < len(r.data) && plain(r.data[i]) {
			i++
		}
		b.Write(r.data[run:i])
		if i == len(r.data) {
			break
		}
		switch c := r.data[i]; {
		case c == '"':
			r.at = i + 1
			return b.String(), nil
		case c == '\\':
			n := Unescape(&b, r.data[i:])
			if n == 0 {
				r.at = i
				return "", r.Errorf("invalid escape in a string")
			}
			i += n
		case c < 0x20:
			r.at = i
			return "", r.Errorf("control character in a string: escape it")
		default:
			ch, size := utf8.DecodeRune(r.data[i:])
			if ch == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.Write(r.data[i : i+size])
			}
			i += size
		}
	}
	r.at = len(r.data)
	return "", r.Errorf("the text ends inside a string")
}

// rawLength returns the length of the string's text as written, from start to its closing
// quote (or the end of the data): what its unquoted text takes at most, but for invalid UTF-8.
func (r *Reader) rawLength(start int) int {
	for i := start; i < len(r.data); i++ {
		switch r.data[i] {
		case '\\':
			i++
		case '"':
			return i - start
		}
	}
	return len(r.data) - start
}

// plain reports whether c stands for itself in a string: printable ASCII but the quote and the
// backslash.
func plain(c byte) bool { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\' }

// Unescape appends the character the escape at the start of data stands for and returns the
// escape's length; 0 when it is not an escape JSON allows. A \u escape of a UTF-16 surrogate
// pair is one character; a surrogate outside a pair reads as U+FFFD (and what follows it is
// read on its own).
func Unescape(b *strings.Builder, data []byte) int {
	if len(data) < 2 {
		return 0
	}
	if c := shortEscapes[data[1]]; c != 0 {
		b.WriteByte(c)
		return 2
	}
	ch := hex4(data, 1)
	switch {
	case ch < 0:
		return 0
	case !utf16.IsSurrogate(ch):
		b.WriteRune(ch)
		return 6
	}
	if len(data) > 6 && data[6] == '\\' {
		if pair := utf16.DecodeRune(ch, hex4(data, 7)); pair != utf8.RuneError {
			b.WriteRune(pair)
			return 12
		}
	}
	b.WriteRune(utf8.RuneError)
	return 6
}

// shortEscapes maps the letter of a two-byte escape to the byte it stands for.
var shortEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hex4 reads "u" and four hex digits at data[at:]; -1 when they are not there.
func hex4(data []byte, at int) rune {
	if len(data) < at+5 || data[at] != 'u' {
		return -1
	}
	var v rune
	for _, c := range data[at+1 : at+5] {
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + rune(c-'0')
		case c >= 'a' && c <= 'f':
			v = v*16 + rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v*16 + rune(c-'A'+10)
		default:
			return -1
		}
	}
	return v
}
