package twoway

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refuse adds the API server's refusal of the object Helm 2's upgrade would store, the two-way
// result (package apiserver); nothing for a resource Helm deletes or leaves alone.
func (u *upgraded) refuse(in *modes.Input, resp *contract.Response) {
	if u.action == Create || u.action == Patch {
		in.Refuse(resp, u.triple, u.two)
	}
}
