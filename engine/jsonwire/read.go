package jsonwire

import (
	"strconv"
)

// maxDepth is how deep objects and arrays may nest, as encoding/json allows.
const maxDepth = 10000

// Reader reads one JSON text, value by value, from the start of its data. Every method skips
// the white space before what it reads; a method that fails leaves the Reader where the problem
// is, and returns a *SyntaxError.
type Reader struct {
	data  []byte
	at    int
	depth int
}

// NewReader returns a Reader at the start of data.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

// Errorf returns a *SyntaxError at the Reader's place: for a value that reads but is not what
// the caller accepts (an unknown key).
func (r *Reader) Errorf(message string) error { return errorAt(r.data, r.at, message) }

// AtEnd reports whether nothing but white space is left.
func (r *Reader) AtEnd() bool {
	r.space()
	return r.at == len(r.data)
}

// space skips JSON's white space.
func (r *Reader) space() {
	for r.at < len(r.data) {
		switch r.data[r.at] {
		case ' ', '\t', '\n', '\r':
			r.at++
		default:
			return
		}
	}
}

// next skips white space and returns the next byte, 0 at the end.
func (r *Reader) next() byte {
	r.space()
	if r.at < len(r.data) {
		return r.data[r.at]
	}
	return 0
}

// want returns the error of finding something else than what, at the Reader's place.
func (r *Reader) want(what string) error {
	return r.Errorf("want " + what + ", found " + kindAt(r.next(), r.at == len(r.data)))
}

// literal reads the word (true, false, null) when it is next.
func (r *Reader) literal(word string) bool {
	r.space()
	if len(r.data)-r.at < len(word) || string(r.data[r.at:r.at+len(word)]) != word {
		return false
	}
	r.at += len(word)
	return true
}

// Null reads null when it is next, and reports whether it did.
func (r *Reader) Null() bool { return r.literal("null") }

// Bool reads true or false.
func (r *Reader) Bool() (bool, error) {
	switch {
	case r.literal("true"):
		return true, nil
	case r.literal("false"):
		return false, nil
	}
	return false, r.want("true or false")
}

// Int reads a number that is a whole int, written without fraction or exponent (as
// encoding/json reads one into an int).
func (r *Reader) Int() (int, error) {
	start := r.at
	text, err := r.number()
	if err != nil {
		return 0, err
	}
	n, convErr := strconv.Atoi(text)
	if convErr != nil {
		r.at = start
		return 0, r.Errorf("want a whole number within an int, found " + text)
	}
	return n, nil
}

// number reads a number by JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *Reader) number() (string, error) {
	if c := r.next(); c != '-' && (c < '0' || c > '9') {
		return "", r.want("a number")
	}
	start, i := r.at, r.at
	if r.byteAt(i) == '-' {
		i++
	}
	switch c := r.byteAt(i); {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		i = r.digits(i)
	default:
		r.at = i
		return "", r.Errorf("want a digit in a number")
	}
	if r.byteAt(i) == '.' {
		if i = r.digits(i + 1); !isDigit(r.byteAt(i - 1)) {
			r.at = i
			return "", r.Errorf("want a digit after a number's decimal point")
		}
	}
	if c := r.byteAt(i); c == 'e' || c == 'E' {
		i++
		if c := r.byteAt(i); c == '+' || c == '-' {
			i++
		}
		if j := r.digits(i); j > i {
			i = j
		} else {
			r.at = i
			return "", r.Errorf("want a digit in a number's exponent")
		}
	}
	r.at = i
	return string(r.data[start:i]), nil
}

// digits returns the offset after the digits starting at i.
func (r *Reader) digits(i int) int {
	for isDigit(r.byteAt(i)) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// byteAt returns data[i], 0 past the end.
func (r *Reader) byteAt(i int) byte {
	if i < len(r.data) {
		return r.data[i]
	}
	return 0
}

// Object reads an object, calling field with each key, the Reader standing at its value, which
// field must read. Keys come in the order written, a repeated one as often as it is written.
func (r *Reader) Object(field func(key string) error) error {
	if r.next() != '{' {
		return r.want("an object")
	}
	return r.container('}', func() error {
		key, err := r.String()
		if err != nil {
			return err
		}
		if r.next() != ':' {
			return r.want("':' after an object key")
		}
		r.at++
		return field(key)
	})
}

// Array reads an array, calling item for each item, the Reader standing at it.
func (r *Reader) Array(item func() error) error {
	if r.next() != '[' {
		return r.want("an array")
	}
	return r.container(']', item)
}

// container reads the members of an object or array whose opening byte is next, up to closing.
func (r *Reader) container(closing byte, member func() error) error {
	if r.depth++; r.depth > maxDepth {
		return r.Errorf("objects and arrays nest deeper than 10000")
	}
	r.at++
	if r.next() == closing {
		r.at++
		r.depth--
		return nil
	}
	for {
		if err := member(); err != nil {
			return err
		}
		switch r.next() {
		case ',':
			r.at++
		case closing:
			r.at++
			r.depth--
			return nil
		default:
			return r.want("',' or '" + string(closing) + "'")
		}
	}
}
