package patch

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
)

// refuse adds the API server's refusal of the patched object (package apiserver); nothing for an
// object no patch targets.
func (p *patched) refuse(in *modes.Input, resp *contract.Response) {
	if p.applied != nil {
		in.Refuse(resp, p.triple, p.result)
	}
}

// recordManagers writes into the patched object the managedFields the API server leaves after
// the patch (managed.Written): an Update by kubectl-patch, which gains what the patch changed
// (live without managedFields stays without them). Observed with kubectl and kube-apiserver
// v1.37.2 (engine/modes/writer/testdata/observed.txt).
func (p *patched) recordManagers(in *modes.Input, now time.Time) error {
	if p.applied == nil {
		return nil
	}
	return managed.Written(in.PatchType(p.triple.ID), p.triple.Live.Root, p.result, writer.ManagerPatch, now)
}
