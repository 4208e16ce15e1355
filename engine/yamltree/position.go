package yamltree

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Input names the editor, or other source, a text came from.
type Input string

// The inputs of a merge request, named as the contract names them.
const (
	Original Input = "original"
	Updated  Input = "updated"
	Live     Input = "live"
	Schema   Input = "schema"
	Result   Input = "result"
)

// Pos is where a node starts: the input and a 1-based line and column. The zero Pos means the
// node was made by the engine rather than read.
type Pos struct {
	_      incomparable.Field
	Input  Input
	Line   int
	Column int
}

// IsValid reports whether p points into an input.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as input:line:column.
func (p Pos) String() string {
	if !p.IsValid() {
		return string(p.Input)
	}
	return string(p.Input) + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}
