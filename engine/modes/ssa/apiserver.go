package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refusals is the API server's refusal of the object the operation would store (package
// apiserver). None for a resource the config leaves alone, and on conflicts (the field manager
// refuses first).
func (o *outcome) refusals(in *modes.Input) []contract.Error {
	if o.action == Leave || o.action == Conflict {
		return nil
	}
	return in.Refusals(o.triple, o.result)
}
