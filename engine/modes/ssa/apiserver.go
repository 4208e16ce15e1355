package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
)

// refuse adds the API server's refusal of the object the operation would store (package
// apiserver). Nothing for a resource the config leaves alone, and on conflicts (the field manager
// refuses first).
func (o *outcome) refuse(in *modes.Input, resp *contract.Response) {
	if o.action != Leave && o.action != Conflict {
		in.Refuse(resp, o.triple, o.result)
	}
}
