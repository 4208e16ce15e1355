// Package verb writes what a few fmt verbs write, for the packages the wasm links: fmt (with
// reflect and internal/fmtsort, which only fmt needs) weighs about 150 KB of the wasm's code, so
// the engine builds its messages with strconv, concatenation and these helpers instead. Each
// function names the verb whose output it reproduces byte for byte; verb_test.go checks them
// against fmt.
package verb

import (
	"strconv"
	"strings"
)

// Quotes writes a list of strings as %q does: ["a" "b"].
func Quotes(list []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, s := range list {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Quote(s))
	}
	b.WriteByte(']')
	return b.String()
}

// Hex writes n in lower-case hexadecimal, padded with zeros to width digits: %0<width>x.
func Hex(n uint64, width int) string {
	return pad(strconv.FormatUint(n, 16), width)
}

// HEX writes n in upper-case hexadecimal, padded with zeros to width digits: %0<width>X.
func HEX(n uint64, width int) string {
	return strings.ToUpper(Hex(n, width))
}

// Unicode writes a rune as %U does: U+ and at least four upper-case hexadecimal digits.
func Unicode(r rune) string {
	return "U+" + HEX(uint64(r), 4)
}

// Int writes n in decimal padded with zeros to width characters, the sign included: %0<width>d.
func Int(n int64, width int) string {
	if n < 0 {
		return "-" + pad(strconv.FormatUint(uint64(-n), 10), width-1)
	}
	return pad(strconv.FormatInt(n, 10), width)
}

// pad puts zeros before digits until it is width characters long.
func pad(digits string, width int) string {
	if len(digits) >= width {
		return digits
	}
	return strings.Repeat("0", width-len(digits)) + digits
}

// Value writes a recovered panic's value as %v does for the values a panic carries: an error's
// message, a string, a Stringer's text, an integer; any other value is named by its kind alone.
func Value(v any) string {
	switch x := v.(type) {
	case nil:
		return "<nil>"
	case error:
		return x.Error()
	case interface{ String() string }:
		return x.String()
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	}
	return "(a value of another type)"
}

// Wrap returns an error whose message is prefix followed by err's, and which unwraps to err: what
// fmt.Errorf(prefix+"%w", err) returns.
func Wrap(prefix string, err error) error {
	return &wrapped{prefix: prefix, err: err}
}

// wrapped is the error Wrap returns.
type wrapped struct {
	prefix string
	err    error
}

// Error returns the prefix and the wrapped error's message.
func (w *wrapped) Error() string {
	return w.prefix + w.err.Error()
}

// Unwrap returns the wrapped error.
func (w *wrapped) Unwrap() error {
	return w.err
}
