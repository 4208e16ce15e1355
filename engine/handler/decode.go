package handler

import (
	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/objectmeta"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// metadataRefusals are, for a mode whose reference decodes the config's metadata
// (modes.Mode.DecodesMetadata: apply, and ssa sent by kubectl, whose commands are kubectl apply
// --server-side or, for an update, kubectl replace -f, observed to refuse alike with kubectl
// v1.37.2, as kubectl create -f does; the API server's apply alone decodes no file), kubectl's refusals of the config's documents whose metadata does not
// decode as ObjectMeta, one for each such document, in kubectl's words (`unable to decode
// "config.yaml": json: cannot unmarshal ...`, the file the response's commands name) at the
// refused value. Whatever options.validate says, kubectl refuses them before any merge (and
// applies the file's other documents: the engine refuses the whole request). A List is one
// document: kubectl decodes its own metadata so, not its items' (observed with kubectl v1.37.2:
// an item's bad label reaches the API server, which refuses the object as it decodes it, as
// strict validation says here).
func metadataRefusals(m modes.Mode, in *modes.Input) []contract.Error {
	if m.DecodesMetadata == nil || !m.DecodesMetadata(in.Request.Options) {
		return nil
	}
	var out []contract.Error
	seen := map[*yamltree.Document]bool{}
	for _, r := range in.Updated {
		if r.Doc == nil || seen[r.Doc] {
			continue
		}
		seen[r.Doc] = true
		if p := objectmeta.Check(r.Doc.Root); p != nil {
			out = append(out, contract.Error{Input: string(p.Pos.Input), Line: p.Pos.Line, Column: p.Pos.Column,
				Message: `unable to decode "` + command.ConfigFile + `": ` + p.Message})
		}
	}
	return out
}
