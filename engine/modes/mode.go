package modes

import (
	"context"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is one way Kubernetes merges configuration.
type Mode struct {
	// Name is the contract's name of the mode, e.g. "apply".
	Name string
	// Summary says in one line what the mode reproduces.
	Summary string
	// Rules is how the mode's reference reads YAML scalars.
	Rules yamltree.Rules
	// Reads lists the inputs the mode uses; the others are ignored and not parsed.
	Reads []yamltree.Input
	// Run merges. A nil Run means the mode is not built yet.
	Run func(ctx context.Context, in *Input) *contract.Response
}

// Built reports whether the mode can run.
func (m Mode) Built() bool { return m.Run != nil }

// ReadsInput reports whether the mode uses the named input.
func (m Mode) ReadsInput(name yamltree.Input) bool {
	for _, r := range m.Reads {
		if r == name {
			return true
		}
	}
	return false
}

// Input is what a mode receives: the request and its inputs, parsed and split into resources.
type Input struct {
	Request *contract.Request
	// Original, Updated and Live are the resources of each input, in document order; an input
	// the mode does not read is empty.
	Original, Updated, Live []*stream.Resource
	// Schema holds the built-in kinds with the user's schema (options.schema) on top.
	Schema *schema.Set
	// User is the user's schema alone (empty when none was given).
	User *schema.Set
	// Memo is what the mode kept from the last request with the same options (nil: nothing).
	Memo *Memo
}
