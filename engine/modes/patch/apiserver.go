package patch

import (
	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// store works out the object the API server stores: the patched object less what the kind's Go
// type does not store (package apiserver); an object no patch targets stays as live holds it.
func (p *patched) store(in *modes.Input) {
	p.stored = apiserver.Stored{Root: p.result}
	if p.applied != nil {
		p.stored = in.Store(p.triple.ID, p.result, modes.PatchKeys)
	}
}

// refuse adds the API server's refusal of the patched object (package apiserver); nothing for an
// object no patch targets.
func (p *patched) refuse(in *modes.Input, resp *contract.Response) {
	if p.applied != nil {
		in.Refuse(resp, p.triple, p.stored.Root)
	}
}
