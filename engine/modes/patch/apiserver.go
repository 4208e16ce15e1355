package patch

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refusals is the API server's refusal of the patched object (package apiserver); none for an
// object no patch targets.
func (p *patched) refusals(in *modes.Input) []contract.Error {
	if p.applied == nil {
		return nil
	}
	return in.Refusals(p.triple, p.result)
}
