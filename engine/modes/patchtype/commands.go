package patchtype

import (
	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// typeArg is the patch's --type, and what the command is in the playground's terms.
func (k kind) typeArg() (string, string) {
	if k == jsonPatch {
		return "json", "a JSON patch (RFC 6902), carried out by the API server; kubectl-patch owns what it changed"
	}
	return "merge", "a JSON merge patch (RFC 7386), applied by the API server; kubectl-patch owns what it changed"
}

// commands is one kubectl patch per patched object, the patch as JSON, and its line: patched,
// or "patched (no change)" when the object came out as it was.
func commands(k kind) func(*modes.Input, *contract.Response) []contract.Command {
	return func(in *modes.Input, resp *contract.Response) []contract.Command {
		targets, err := k.targets(in)
		if err != nil {
			return nil
		}
		typ, about := k.typeArg()
		out := make([]contract.Command, 0, len(targets))
		for _, t := range targets {
			text, err := yamltree.SortedJSON(t.patch)
			if err != nil {
				continue
			}
			words := append([]string{"kubectl", "patch"}, writer.Target(t.live.ID)...)
			cmd := contract.Command{Tool: "kubectl", Line: shell.Join(append(words, "--type", typ, "-p", text)...), About: about}
			if len(resp.Errors) == 0 {
				cmd.Output = []string{command.Printed(t.live.ID, printed(resp, t.live))}
			}
			out = append(out, cmd)
		}
		return out
	}
}

// printed is kubectl's word for one object: patched, or "patched (no change)" when the result
// holds it as live did.
func printed(resp *contract.Response, live *stream.Resource) string {
	docs, err := yamltree.Parse(yamltree.Input("result"), resp.Result, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != len(resp.ResultResources) {
		return command.PrintedPatched
	}
	for i, d := range docs {
		if resp.ResultResources[i] == live.ID.String() && yamltree.Equal(d.Root, live.Root) {
			return command.PrintedNoChange
		}
	}
	return command.PrintedPatched
}
