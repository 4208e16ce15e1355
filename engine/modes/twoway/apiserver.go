package twoway

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refuse adds the API server's refusal of the object Helm 2's upgrade would store, the two-way
// result (package apiserver); nothing for a resource Helm deletes or leaves alone, nor for one
// whose two-way patch is empty: Helm sends no request then (it logs "Looks like there are no
// changes" and goes on), so a live object the server would refuse as it stands is not refused.
func (u *upgraded) refuse(in *modes.Input, resp *contract.Response) {
	sent := u.action == Create || (u.action == Patch && u.twoPatch != nil && len(u.twoPatch.Fields) > 0)
	if sent {
		in.Refuse(resp, u.triple, u.two)
	}
}
