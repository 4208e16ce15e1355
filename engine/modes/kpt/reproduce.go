package kpt

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// localCopyFile is the file of the package's folder a reproduce script writes the local copy to.
const localCopyFile = packageDir + "/resources.yaml"

// replay replays kpt pkg update as what it leaves: kpt is not run (its modules do not build
// here), the merged local copy (extra.localCopy: the engine's merge, which
// scripts/conformance/historydiff checks against kyaml's merge3) is written to the package's
// folder, and kubectl apply -f pkg/ runs as written (modes.Reproduction.Replay). A merge the
// playground refuses cannot be replayed: kyaml's refusal is not run either.
func replay(_ *modes.Input, resp *contract.Response) ([]modes.Replayed, error) {
	local, ok := resp.Extra["localCopy"].(string)
	if !ok {
		return nil, errors.New("kpt pkg update fails in the playground; kpt is not run by a reproduce script (only the local copy it leaves is written), so no cluster replays the refusal")
	}
	return []modes.Replayed{{
		Note: "kpt is not run: the local copy kpt pkg update leaves is the playground's merge (kyaml's three-way\n" +
			"merge of upstream before, upstream after and the local copy; mergeplay checks it against kyaml in\n" +
			"scripts/conformance/historydiff), written to " + localCopyFile + "; kubectl apply -f " + packageDir + "/ then runs as written\n" +
			"(config.yaml, above, is upstream's new version, kept for reference).",
		Files: []modes.File{{Name: localCopyFile, Text: local}},
		Line:  shell.Join("test", "-s", localCopyFile),
	}}, nil
}
