package patch

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refuse adds the API server's refusal of the patched object (package apiserver); nothing for an
// object no patch targets.
func (p *patched) refuse(in *modes.Input, resp *contract.Response) {
	if p.applied != nil {
		in.Refuse(resp, p.triple, p.result)
	}
}
