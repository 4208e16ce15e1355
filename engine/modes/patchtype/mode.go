// Package patchtype is `kubectl patch --type merge` and `kubectl patch --type json` as two step
// modes, mergepatch and jsonpatch: the patch (updated) applied to the object live holds as the
// API server applies it (a JSON merge patch, RFC 7386, by package jsonmerge; a JSON patch, RFC
// 6902, by package jsonpatch), then stored by the manager kubectl-patch, answered as the ssa
// mode answers an update (ssa.Write): its marks, reasons, managedFields and owners. The patch
// mode stays `--type strategic`, the page's main mode; these two are a history's writers, kept
// apart because what they read differs (a JSON patch is a list of operations with no identity,
// not an object the API server validates).
//
// Observed with kubectl and kube-apiserver v1.37.2 (scripts/reproduce/observe-writers.sh,
// engine/modes/writer/testdata/observed.txt):
//   - both send as kubectl-patch, an Update entry that owns what the patch changed; a patch that
//     changes nothing prints "patched (no change)" and writes nothing;
//   - a merge patch acts on a custom resource as on a built-in kind (a strategic one is refused
//     with 415), and its nulls inside a value it adds are dropped;
//   - the API server decodes a merge patch as a map: a list or a scalar is refused, `Error from
//     server (BadRequest): error decoding patch: json: cannot unmarshal array into Go value of
//     type map[string]interface {}`;
//   - a JSON patch that cannot be carried out (a test that fails, a path that does not exist, an
//     unknown op) is refused whole with 422 and no detail: kubectl prints `The request is invalid:
//     the server rejected our request due to an error in our request`; the engine says which
//     operation failed and why;
//   - a JSON patch whose test compares lists holding a null makes the API server's library fail:
//     the API server drops the request and kubectl prints `Unable to connect to the server:
//     stream error: stream ID 3; INTERNAL_ERROR; received from peer` (jsonpatch.Crash);
//   - a patch that renames the object is refused: `Error from server (BadRequest): the name of
//     the object (other) does not match the name on the URL (web)`.
package patchtype

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// MergeMode is kubectl patch --type merge, for the handler's registry.
func MergeMode() modes.Mode {
	return writer.Mode(modes.Mode{
		Name:    "mergepatch",
		Short:   "kubectl patch --type merge",
		Title:   "kubectl patch --type merge",
		Summary: "kubectl patch --type merge: a JSON merge patch (maps merge, a null deletes, a list replaces the target's whole), applied by the API server and stored by kubectl-patch.",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "merge patch", Hint: "a JSON merge patch: a map; null deletes, lists replace"},
			{Input: yamltree.Live, Label: "live object", Hint: "the object patched, with its managedFields"},
		},
		Options:  []modes.Option{writer.TimeOption},
		Commands: commands(merge),
		Marks:    marks(),
		Run:      run(merge),
	})
}

// JSONMode is kubectl patch --type json, for the handler's registry.
func JSONMode() modes.Mode {
	return writer.Mode(modes.Mode{
		Name:    "jsonpatch",
		Short:   "kubectl patch --type json",
		Title:   "kubectl patch --type json",
		Summary: "kubectl patch --type json: a JSON patch (add, remove, replace, move, copy, test at JSON pointers), carried out in order by the API server and stored by kubectl-patch.",
		Inputs: []modes.Role{
			{Input: yamltree.Updated, Label: "JSON patch", Hint: "a list of operations: op, path, value (from for move and copy)"},
			{Input: yamltree.Live, Label: "live object", Hint: "the one object patched, with its managedFields"},
		},
		Options:  []modes.Option{writer.TimeOption},
		Unsplit:  true,
		Commands: commands(jsonPatch),
		Marks:    marks(),
		Run:      run(jsonPatch),
	})
}

// marks are the marks of an update (ssa.Write).
func marks() []contract.Mark {
	return []contract.Mark{contract.Added, contract.Changed, contract.Deleted, contract.Retained, contract.Ignored}
}
