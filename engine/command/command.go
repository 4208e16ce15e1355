package command

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// ConfigFile is the name the commands give the config (the updated input) on disk.
const ConfigFile = "config.yaml"

// builders writes each mode's commands, by the contract's mode name.
var builders = map[string]func(*answer) []contract.Command{
	"apply":  applyCommands,
	"ssa":    ssaCommands,
	"patch":  patchCommands,
	"merge3": merge3Commands,
	"twoway": twowayCommands,
}

// answer is a request, its parsed inputs and the mode's response, with the resources' identities
// by their contract names.
type answer struct {
	in   *modes.Input
	resp *contract.Response
	ids  map[string]stream.ID
}

// For returns the commands a request stands for and what they print, read from the mode's
// response; none when the response carries errors or the mode is unknown.
func For(in *modes.Input, resp *contract.Response) []contract.Command {
	build, ok := builders[in.Request.Mode]
	if !ok || len(resp.Errors) > 0 {
		return []contract.Command{}
	}
	a := &answer{in: in, resp: resp, ids: map[string]stream.ID{}}
	for _, rs := range [][]*stream.Resource{in.Original, in.Updated, in.Live} {
		for _, r := range rs {
			a.ids[r.ID.String()] = r.ID
		}
	}
	return build(a)
}

// id returns the identity of a resource named as the contract names it.
func (a *answer) id(resource string) stream.ID {
	return a.ids[resource]
}
