package jsonwire

import (
	"errors"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Marshaler is a type that writes itself as JSON.
type Marshaler interface {
	WriteJSON(w *Writer)
}

// List is a slice of Marshalers that writes itself as an array (null when nil, as
// encoding/json writes a nil slice).
type List[T Marshaler] []T

// WriteJSON writes the list as an array.
func (l List[T]) WriteJSON(w *Writer) { WriteList(w, l) }

// WriteList writes a list as an array (null when nil), as List does. Called as a function, not
// as List's method, it adds no method wrappers to the wasm (two a type, about 500 bytes).
func WriteList[T Marshaler](w *Writer, l []T) {
	if l == nil {
		w.Null()
		return
	}
	w.OpenArray()
	for _, it := range l {
		it.WriteJSON(w)
	}
	w.CloseArray()
}

// Writer appends JSON text to a buffer. Keys and values are written in the order called; the
// commas between them are the Writer's.
type Writer struct {
	buf []byte
	// comma is true after a value, when the next key or item needs a comma before it.
	comma bool
	err   error
}

// Bytes returns the text written, or the first error met (a value Value does not know).
func (w *Writer) Bytes() ([]byte, error) { return w.buf, w.err }

// Grow makes room for n more bytes.
func (w *Writer) Grow(n int) { w.buf = slices.Grow(w.buf, n) }

// separate writes the comma a key or item needs.
func (w *Writer) separate() {
	if w.comma {
		w.buf = append(w.buf, ',')
	}
}

// done marks that a value was written.
func (w *Writer) done() { w.comma = true }

// OpenObject starts an object.
func (w *Writer) OpenObject() { w.open('{') }

// CloseObject ends an object.
func (w *Writer) CloseObject() { w.close('}') }

// OpenArray starts an array.
func (w *Writer) OpenArray() { w.open('[') }

// CloseArray ends an array.
func (w *Writer) CloseArray() { w.close(']') }

func (w *Writer) open(c byte) {
	w.separate()
	w.buf = append(w.buf, c)
	w.comma = false
}

func (w *Writer) close(c byte) {
	w.buf = append(w.buf, c)
	w.done()
}

// Key writes an object's key; the value follows. It returns w, to write the value on.
func (w *Writer) Key(key string) *Writer {
	w.separate()
	w.buf = appendString(w.buf, key)
	w.buf = append(w.buf, ':')
	w.comma = false
	return w
}

// String writes a string.
func (w *Writer) String(s string) {
	w.separate()
	w.buf = appendString(w.buf, s)
	w.done()
}

// Int writes a whole number.
func (w *Writer) Int(n int) {
	w.separate()
	w.buf = strconv.AppendInt(w.buf, int64(n), 10)
	w.done()
}

// Bool writes true or false.
func (w *Writer) Bool(b bool) {
	w.separate()
	w.buf = strconv.AppendBool(w.buf, b)
	w.done()
}

// Null writes null.
func (w *Writer) Null() {
	w.separate()
	w.buf = append(w.buf, "null"...)
	w.done()
}

// Raw writes a value already written as JSON (by another Writer): the caller answers for it.
func (w *Writer) Raw(text []byte) {
	w.separate()
	w.buf = append(w.buf, text...)
	w.done()
}

// Strings writes a list of strings (null when nil).
func (w *Writer) Strings(list []string) {
	if list == nil {
		w.Null()
		return
	}
	w.OpenArray()
	for _, s := range list {
		w.String(s)
	}
	w.CloseArray()
}

// errUnknownType is the error of a value Value cannot write.
var errUnknownType = errors.New("jsonwire: a value of a type it cannot write (not a Marshaler)")

// Value writes nil, a string, a bool, an int, a Number, a []any, a map[string]any (keys
// sorted), a []string, a map[string]string or a Marshaler. Any other type (a float64 among
// them: the engine writes none) writes null and makes Bytes fail.
func (w *Writer) Value(v any) {
	switch x := v.(type) {
	case nil:
		w.Null()
	case string:
		w.String(x)
	case bool:
		w.Bool(x)
	case int:
		w.Int(x)
	case Number:
		w.separate()
		w.buf = append(w.buf, x...)
		w.done()
	case Marshaler:
		x.WriteJSON(w)
	case []string:
		w.Strings(x)
	case []any:
		w.anyList(x)
	case map[string]any:
		writeMap(w, x)
	case map[string]string:
		writeMap(w, x)
	default:
		w.Null()
		if w.err == nil {
			w.err = errUnknownType
		}
	}
}

func (w *Writer) anyList(list []any) {
	if list == nil {
		w.Null()
		return
	}
	w.OpenArray()
	for _, it := range list {
		w.Value(it)
	}
	w.CloseArray()
}

// writeMap writes a map as an object, its keys sorted (null when nil).
func writeMap[V any](w *Writer, m map[string]V) {
	if m == nil {
		w.Null()
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w.OpenObject()
	for _, k := range keys {
		w.Key(k).Value(m[k])
	}
	w.CloseObject()
}

// appendString appends s quoted (see the package doc for the escapes).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if plainByte[c] {
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[run:i]...)
			if letter := escapeLetters[c]; letter != 0 {
				b = append(b, '\\', letter)
			} else {
				b = appendUnicodeEscape(b, rune(c))
			}
			run = i + 1
			continue
		}
		ch, size := utf8.DecodeRuneInString(s[i:])
		if (ch == utf8.RuneError && size == 1) || ch == '\u2028' || ch == '\u2029' {
			b = append(b, s[run:i]...)
			b = appendUnicodeEscape(b, ch)
			run = i + size
		}
		i += size - 1
	}
	b = append(b, s[run:]...)
	return append(b, '"')
}

// plainByte marks the bytes appendString copies as they stand: ASCII from the space on, but for
// the quote and the backslash (one look-up a byte, where the four comparisons cost more in the
// wasm).
var plainByte = plainBytes()

// plainBytes builds plainByte.
func plainBytes() (plain [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
	}
	return plain
}

// escapeLetters maps the ASCII bytes written as a backslash and a letter to the letter.
var escapeLetters = [utf8.RuneSelf]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// appendUnicodeEscape appends \u and ch's four lowercase hex digits.
func appendUnicodeEscape(b []byte, ch rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[ch>>12&0xf], hex[ch>>8&0xf], hex[ch>>4&0xf], hex[ch&0xf])
}
