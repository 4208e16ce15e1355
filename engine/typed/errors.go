package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Error is a value the schema rejects: where it is (its position when it was read, and its path)
// and why.
type Error struct {
	Pos     yamltree.Pos
	Path    fieldpath.Path
	Message string
}

// Error formats the error as "path: message", led by the position when there is one.
func (e *Error) Error() string {
	where := e.Path.String()
	if where == "" {
		where = "the object"
	}
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + where + ": " + e.Message
	}
	return where + ": " + e.Message
}

// Located returns the error as a *yamltree.Error at its position, for the contract's errors.
func (e *Error) Located() *yamltree.Error {
	where := e.Path.String()
	if where == "" {
		where = "the object"
	}
	return yamltree.ErrorAt(e.Pos, where+": "+e.Message)
}
