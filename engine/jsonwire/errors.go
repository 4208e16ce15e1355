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

// foundAt names what starts at offset in data, for a message: "a string", "the end of the text";
// a word JSON does not know (not, True, yes) is quoted, with how JSON writes a string.
func foundAt(data []byte, offset int) string {
	if offset >= len(data) {
		return "the end of the text"
	}
	switch word := wordAt(data, offset); word {
	case "", "true", "false", "null":
		return kindAt(data[offset])
	default:
		return fmt.Sprintf("the word %q, which is not JSON (a string is written in double quotes)", word)
	}
}

// wordAt returns the letters, digits and underscores from offset on, when a letter starts them.
func wordAt(data []byte, offset int) string {
	end := offset
	for end < len(data) && isWordByte(data[end], end == offset) {
		end++
	}
	return string(data[offset:end])
}

func isWordByte(c byte, first bool) bool {
	letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	return letter || !first && (c == '_' || c >= '0' && c <= '9')
}

// kindAt names what starts at the byte c, for a message: "a string", "an object".
func kindAt(c byte) string {
	switch {
	case c == '"':
		return "a string"
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	case c == '-' || (c >= '0' && c <= '9'):
		return "a number"
	}
	return fmt.Sprintf("the character %q", string([]byte{c}))
}
