package merge3

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// commands is the package update kpt runs with kyaml's three-way merge. kpt writes files;
// what it prints is not stated (modes.Mode.Commands).
func commands(*modes.Input, *contract.Response) []contract.Command {
	return []contract.Command{{Tool: "kpt", Line: shell.Join("kpt", "pkg", "update", "PACKAGE@NEW_VERSION", "--strategy", "resource-merge"),
		About: "kpt rebases the local copy (live) on the new upstream (updated) from the old one (original); it changes the package's files, not the cluster"}}
}
