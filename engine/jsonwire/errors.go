package jsonwire

import (
	"bytes"
	"fmt"
)

// SyntaxError is a JSON text that does not read: where, and what is wrong.
type SyntaxError struct {
	// Offset is the byte offset of the problem; Line and Column (1-based, in bytes) the same place.
	Offset, Line, Column int
	Message              string
}

// Error says where the problem is and what it is: "line 1, column 9: want a string, found ...".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Message)
}

// errorAt returns a SyntaxError at offset in data.
func errorAt(data []byte, offset int, message string) *SyntaxError {
	before := data[:min(offset, len(data))]
	line := bytes.Count(before, []byte{'\n'}) + 1
	column := len(before) - bytes.LastIndexByte(before, '\n')
	return &SyntaxError{Offset: offset, Line: line, Column: column, Message: message}
}

// kindAt names what starts at the byte c, for a message: "a string", "the end of the text"; a
// letter is named as itself ("the character "n""), not as the literal it may start: "not json"
// is no null.
func kindAt(c byte, atEnd bool) string {
	switch {
	case atEnd:
		return "the end of the text"
	case c == '"':
		return "a string"
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '-' || (c >= '0' && c <= '9'):
		return "a number"
	}
	return fmt.Sprintf("the character %q", string([]byte{c}))
}
