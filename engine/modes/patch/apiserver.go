package patch

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// store works out the object the API server stores: the patched object less what the kind's Go
// type does not store (package apiserver). An object no patch targets, or one the patch leaves
// as it was, stays as live holds it: the API server writes nothing for a patch that changes
// nothing (kubectl prints "patched (no change)").
func (p *patched) store(in *modes.Input) {
	p.stored = apiserver.Stored{Root: p.result}
	if p.applied != nil && (p.triple.Live == nil || !yamltree.Equal(p.result, p.triple.Live.Root)) {
		p.stored = in.StoreOverPatched(p.triple, p.result, modes.RootOf(p.triple.Updated))
	}
}

// refuse adds the API server's refusal of the patched object (package apiserver); nothing for an
// object no patch targets.
func (p *patched) refuse(in *modes.Input, resp *contract.Response) {
	if p.applied != nil {
		in.Refuse(resp, p.triple, p.stored)
	}
}

// recordManagers writes into the patched object as stored the managedFields the API server leaves after
// the patch (managed.Written): an Update by kubectl-patch, which gains what the patch changed
// (live without managedFields stays without them). Observed with kubectl and kube-apiserver
// v1.37.2 (engine/modes/writer/testdata/observed.txt).
func (p *patched) recordManagers(in *modes.Input, now time.Time) error {
	if p.applied == nil {
		return nil
	}
	return managed.Written(managed.Write{Type: in.PatchType(p.triple.ID), Live: in.LiveAsStored(p.triple.ID, p.triple.Live.Root), Result: p.stored.Root,
		Manager: writer.ManagerPatch, Now: now})
}
