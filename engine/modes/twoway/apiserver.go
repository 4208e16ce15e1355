package twoway

import (
	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// store works out the objects the API server stores: the two-way result less what the kind's Go
// type does not store (package apiserver), when Helm 2 sends it; the three-way result too, which
// Helm 3 would send, and the live edits left out of sync between the two as stored.
func (u *upgraded) store(in *modes.Input) {
	u.stored = apiserver.Stored{Root: u.two}
	if !u.sent() {
		return
	}
	u.stored = in.Store(u.triple.ID, u.two, modes.PatchKeys)
	if u.three != nil {
		u.three = in.Store(u.triple.ID, u.three, modes.PatchKeys).Root
		if u.action == Patch {
			u.outOfSync = drifts(u.stored.Root, u.three, u.schema)
		}
	}
}

// sent reports whether Helm 2 sends the resource: created, or patched by a patch that is not
// empty.
func (u *upgraded) sent() bool {
	return u.action == Create || (u.action == Patch && u.twoPatch != nil && len(u.twoPatch.Fields) > 0)
}

// refuse adds the API server's refusal of the object Helm 2's upgrade would store, the two-way
// result (package apiserver); nothing for a resource Helm deletes or leaves alone, nor for one
// whose two-way patch is empty: Helm sends no request then (it logs "Looks like there are no
// changes" and goes on), so a live object the server would refuse as it stands is not refused.
func (u *upgraded) refuse(in *modes.Input, resp *contract.Response) {
	if u.sent() {
		in.Refuse(resp, u.triple, u.stored.Root)
	}
}
