package jsonmerge

import (
	"errors"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The kinds of bad input, as the reference library names them. Every error this package returns
// for a bad input is an *InputError wrapping one of them.
var (
	// ErrBadDocument: a document is missing, null where an object is needed, or of a type the
	// operation cannot take.
	ErrBadDocument = errors.New("invalid JSON document")
	// ErrBadPatch: a merge patch is missing, null, or neither an object nor a list.
	ErrBadPatch = errors.New("invalid JSON merge patch")
	// ErrMismatchedTypes: TwoWay was given one list of documents and one single document.
	ErrMismatchedTypes = errors.New("mismatched JSON documents")
	// ErrNotJSON: a value JSON cannot hold (an infinite or NaN number).
	ErrNotJSON = errors.New("value cannot be written as JSON")
)

// InputError is a bad input: which one, where, and why.
type InputError struct {
	// Role names the argument: "target", "patch", "original", "modified" or "current".
	Role string
	// Pos is the offending node's position, when it was read from an input.
	Pos yamltree.Pos
	// Reason says what is wrong, in words.
	Reason string
	// Err is one of the sentinel errors of this package.
	Err error
}

// Error formats e as "[input:line:column: ]role: kind: reason".
func (e *InputError) Error() string {
	msg := e.Role + ": " + e.Err.Error() + ": " + e.Reason
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + msg
	}
	return msg
}

// Unwrap returns the sentinel error e wraps.
func (e *InputError) Unwrap() error { return e.Err }

func inputError(role string, n *yamltree.Node, err error, reason string) *InputError {
	e := &InputError{Role: role, Reason: reason, Err: err}
	if n != nil {
		e.Pos = n.Pos
	}
	return e
}

// ConflictError reports that the changes a three-way patch makes to live overlap the deletions it
// makes since the original, as CreateThreeWayJSONMergePatch checks. Its paths use the
// structured-merge-diff syntax (".spec.items[0]").
type ConflictError struct {
	Paths []string
	// Changes holds the additions and changes (live to config); Deletions the deletions
	// (original to config).
	Changes, Deletions *yamltree.Node
}

// Error lists the conflicting paths.
func (e *ConflictError) Error() string {
	return "the changes from live to the config conflict with the deletions from the original at " +
		strings.Join(e.Paths, ", ")
}

// PreconditionError reports that a three-way patch would change a field kubectl requires to stay
// unchanged: apiVersion, kind or metadata.name.
type PreconditionError struct {
	// Paths are the fields the patch would change, e.g. ".metadata.name".
	Paths []string
	// Patch is the patch that failed the check.
	Patch *yamltree.Node
}

// Error names the fields the patch would change.
func (e *PreconditionError) Error() string {
	return "precondition failed: the patch changes " + strings.Join(e.Paths, ", ") +
		" (apiVersion, kind and metadata.name must not change)"
}

// Compile-time checks that the error types satisfy error.
var (
	_ error = (*InputError)(nil)
	_ error = (*ConflictError)(nil)
	_ error = (*PreconditionError)(nil)
)
