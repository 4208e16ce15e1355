// Package create is the create mode: `kubectl create -f config.yaml`, every object of the config
// created as sent, by the manager kubectl-create (an Update entry owning every field it sets),
// answered as the ssa mode answers an update (ssa.Write). An object live already holds is refused
// as the API server refuses it, and left as it was (observed with kubectl and kube-apiserver
// v1.37.2, engine/modes/writer/testdata/observed.txt: `Error from server (AlreadyExists): error
// when creating "web.yaml": deployments.apps "web" already exists`). Without --save-config: no
// last-applied annotation is written.
package create

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

// Mode is the create mode, for the handler's registry.
func Mode() modes.Mode {
	return writer.SendsConfig(writer.Mode(modes.Mode{
		Name:    "create",
		Short:   "kubectl create",
		Title:   "kubectl create",
		Summary: "kubectl create: the config's objects created as sent, by kubectl-create, who owns every field; an object the cluster holds is refused (AlreadyExists).",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "config", Hint: "the objects to create"},
			{Input: yamltree.Live, Label: "live object", Hint: "what the cluster already holds (usually nothing)"},
		},
		Options: []modes.Option{
			writer.TimeOption,
		},
		Commands: commands,
		GoesOn:   true,
		Marks:    []contract.Mark{contract.Added, contract.Ignored},
		Run:      run,
	}))
}

// run creates the config's objects live lacks, and refuses the others.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	held := map[stream.ID]bool{}
	for _, r := range in.Live {
		held[r.ID] = true
	}
	for _, r := range in.Updated {
		if held[r.ID] {
			printed := writer.AlreadyExists(r.ID, command.ConfigFile)
			writer.RefuseObject(resp, r.ID, r.Root.Pos, "live already holds "+r.ID.String()+": kubectl create refuses it ("+printed+")", printed)
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
	return ssa.Write(in, ssa.Writer{Manager: writer.ManagerCreate, Objects: sent})
}

// commands is kubectl create -f config.yaml, printing "TYPE/NAME created" for each object.
func commands(in *modes.Input, resp *contract.Response) []contract.Command {
	cmd := contract.Command{Tool: "kubectl", Line: shell.Join("kubectl", "create", "-f", command.ConfigFile),
		About: "a create of each object of the config: kubectl-create owns every field it sets"}
	if len(resp.Errors) == 0 {
		for _, r := range in.Updated {
			cmd.Output = append(cmd.Output, command.Printed(r.ID, command.PrintedCreated))
		}
	}
	return []contract.Command{cmd}
}
