package twoway

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refusals is the API server's refusal of the object Helm 2's upgrade would store, the two-way
// result (package apiserver); none for a resource Helm deletes or leaves alone.
func (u *upgraded) refusals(in *modes.Input) []contract.Error {
	if u.action != Create && u.action != Patch {
		return nil
	}
	return in.Refusals(u.triple, u.two)
}
