package smp

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Error is a failure to compute or apply a patch, with the reference's message and, when known,
// where in an input the problem lies: the patch entry the API server would reject, the item of
// the config or of live that lacks its merge key.
type Error struct {
	Pos     yamltree.Pos
	Message string
	// KeyFields is, for a refusal of list items that lack their merge key, the key's fields.
	KeyFields []string
	// Lacking is then every item of that list, on every side compared, that lacks one of them
	// (side by side, each in its list's order; the error is at the first).
	Lacking []*yamltree.Node
}

func (e *Error) Error() string { return e.Message }

// errorAt returns an *Error at n's position.
func errorAt(n *yamltree.Node, message string) *Error {
	e := &Error{Message: message}
	if n != nil {
		e.Pos = n.Pos
	}
	return e
}

// located gives err, when it is an *Error without a position, the position of n: errors raised
// where no node is at hand (a list whose items' kind cannot be told, a field the schema lacks)
// then point at the patch entry or field whose merge failed.
func located(err error, n *yamltree.Node) error {
	if e, ok := errors.AsType[*Error](err); n != nil && ok && !e.Pos.IsValid() {
		e.Pos = n.Pos
	}
	return err
}

// Located returns err as a *yamltree.Error when it is an *Error that knows where in an input it
// lies, with prefix before its message; other errors come back unchanged.
func Located(err error, prefix string) error {
	if e, ok := errors.AsType[*Error](err); ok && e.Pos.IsValid() {
		return yamltree.ErrorAt(e.Pos, prefix+e.Message)
	}
	return err
}
