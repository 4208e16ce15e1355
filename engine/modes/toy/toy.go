// Package toy is the smallest mode there is, for the tests that show what a new mode takes: a
// package returning its modes.Mode, and one line registering it (handler.Default's list, or
// handler.New). Nothing else names it: the handler, the commands, the validation and the page's
// mode table read its descriptor.
//
// It reads one input, the config (updated), and answers it as written, without marks; it
// validates the config as kubectl apply does (options.validate), and its one command is
// `cat config.yaml`. Only tests register it.
package toy

import (
	"context"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the toy mode.
func Mode() modes.Mode {
	return modes.Mode{
		Name:      "toy",
		Short:     "toy",
		Title:     "the toy mode",
		Summary:   "A mode for tests: the config, answered as written.",
		Rules:     yamltree.YAML11,
		Inputs:    []modes.Role{{Input: yamltree.Updated, Label: "config", Hint: "any YAML stream"}},
		Options:   []modes.Option{{Key: "validate", Label: "validate", Help: "how strictly the config is checked", Sent: true}},
		Validates: true,
		Commands:  commands,
		Again:     modes.Again{Help: "The result becomes live."},
		Marks:     []contract.Mark{},
		Run:       run,
	}
}

// run answers the config as written.
func run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	docs := make([]*yamltree.Document, len(in.Updated))
	for i, r := range in.Updated {
		docs[i] = &yamltree.Document{Root: r.Root}
	}
	resp.Result = yamltree.EmitText(docs)
	return resp
}

// commands is the toy's one command.
func commands(*modes.Input, *contract.Response) []contract.Command {
	return []contract.Command{{Tool: "sh", Line: shell.Join("cat", command.ConfigFile), About: "the config, as written"}}
}
