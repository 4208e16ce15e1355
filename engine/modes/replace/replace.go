// Package replace is the replace mode: `kubectl replace -f config.yaml`, every object of the
// config sent whole in place of live's (a PUT), by the manager kubectl-replace, answered as the
// ssa mode answers an update (ssa.Write): what the config changes or leaves out leaves every
// other manager, and kubectl-replace owns what it changed. An object live lacks is refused as the
// API server refuses it (observed with kubectl and kube-apiserver v1.37.2,
// engine/modes/writer/testdata/observed.txt: `Error from server (NotFound): error when
// replacing "gone.yaml": deployments.apps "gone" not found`). A replace drops what the config
// does not hold, a last-applied annotation and labels included (observed there).
package replace

import (
	"context"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the replace mode, for the handler's registry.
func Mode() modes.Mode {
	return writer.SendsConfig(writer.Mode(modes.Mode{
		Name:    "replace",
		Short:   "kubectl replace",
		Title:   "kubectl replace",
		Summary: "kubectl replace: the config's objects sent whole in place of live's, by kubectl-replace, who owns what it changed; an object the cluster lacks is refused (NotFound).",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "config", Hint: "the objects, whole, as they should be stored"},
			{Input: yamltree.Live, Label: "live object", Hint: "with metadata.managedFields"},
		},
		Options: []modes.Option{
			writer.TimeOption,
		},
		Commands: commands,
		GoesOn:   true,
		Marks:    []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored},
		Run:      run,
	}))
}

// run replaces the config's objects live holds, and refuses the others.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	held := map[stream.ID]bool{}
	for _, r := range in.Live {
		held[r.ID] = true
	}
	for _, r := range in.Updated {
		if !held[r.ID] {
			printed := writer.NotFound(r.ID, command.ConfigFile)
			writer.RefuseObject(resp, r.ID, r.Root.Pos, "live lacks "+r.ID.String()+": kubectl replace refuses it ("+printed+")", printed)
		}
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	sent, err := writer.SentByCreate(in.Updated) // kubectl rewrites a last-applied annotation
	if err != nil {
		resp.AddError(string(yamltree.Updated), err)
		return resp
	}
	return ssa.Write(in, ssa.Writer{Manager: writer.ManagerReplace, Objects: sent})
}

// commands is kubectl replace -f config.yaml, printing "TYPE/NAME replaced" for each object.
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	cmd := contract.Command{Tool: "kubectl", Line: shell.Join("kubectl", "replace", "-f", command.ConfigFile),
		About: "a PUT of each object of the config, whole: what it changes moves to kubectl-replace"}
	if len(resp.Errors) == 0 {
		for _, r := range in.Updated {
			cmd.Output = append(cmd.Output, command.Printed(r.ID, command.PrintedReplaced))
		}
	}
	return []contract.Command{cmd}
}
