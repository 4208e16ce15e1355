package yamltree

import (
	"strconv"
	"unicode/utf8"
)

// Error is a problem found in an input, located by line and column (1-based; 0 when unknown).
type Error struct {
	Input   Input
	Line    int
	Column  int
	Message string
}

// Error formats e as "input:line:column: message".
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return string(e.Input) + ":" + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Message
	case e.Line > 0:
		return string(e.Input) + ":" + strconv.Itoa(e.Line) + ": " + e.Message
	default:
		return string(e.Input) + ": " + e.Message
	}
}

// ErrorAt returns an *Error at p with message.
func ErrorAt(p Pos, message string) *Error {
	return &Error{Input: p.Input, Line: p.Line, Column: p.Column, Message: message}
}

// Abbreviate shortens s for a message: past max bytes it keeps what fits before "..." and ends
// the cut on a character boundary, so that no UTF-8 sequence is split.
func Abbreviate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
