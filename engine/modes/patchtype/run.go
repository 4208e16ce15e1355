package patchtype

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/jsonpatch"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// kind is the patch's --type.
type kind int

const (
	merge kind = iota
	jsonPatch
)

// Printed words of the API server's refusals, as kubectl prints them (observed: the package's
// documentation).
const (
	printedInvalid = "The request is invalid: the server rejected our request due to an error in our request"
	// printedCrash: the API server drops the request (jsonpatch.Crash).
	printedCrash = "Unable to connect to the server: stream error: stream ID 3; INTERNAL_ERROR; received from peer"
)

// target is one patch and the live object it acts on.
type target struct {
	patch *yamltree.Node
	live  *stream.Resource
}

// run applies each patch to its object and sends the results as kubectl-patch's update.
func run(k kind) func(context.Context, *modes.Input) *contract.Response {
	return func(_ context.Context, in *modes.Input) *contract.Response {
		resp := contract.NewResponse()
		targets, err := k.targets(in)
		if err != nil {
			resp.AddError(string(yamltree.Updated), err)
			return resp
		}
		sent := make([]*stream.Resource, 0, len(targets))
		for _, t := range targets {
			if obj := k.patched(resp, t); obj != nil {
				sent = append(sent, writer.Sent(t.live, obj))
			}
		}
		if len(resp.Errors) > 0 {
			return resp
		}
		return ssa.Write(in, ssa.Writer{Manager: writer.ManagerPatch, Objects: sent})
	}
}

// targets pairs the patches with their objects: a merge patch by its identity, or the one live
// object when one patch without the same identity meets it; a JSON patch, which names none, with
// the one live object.
func (k kind) targets(in *modes.Input) ([]target, error) {
	if len(in.Live) == 0 {
		return nil, errors.New("kubectl patch acts on an object the cluster holds: live is empty (the API server answers NotFound)")
	}
	if k == jsonPatch {
		if len(in.UpdatedDocs) != 1 {
			return nil, errors.New("a JSON patch is one document (a list of operations), found " + strconv.Itoa(len(in.UpdatedDocs)))
		}
		if len(in.Live) != 1 {
			return nil, yamltree.ErrorAt(in.UpdatedDocs[0].Root.Pos, "a JSON patch names no object: live must hold the one object kubectl patch names, it holds "+strconv.Itoa(len(in.Live)))
		}
		return []target{{patch: in.UpdatedDocs[0].Root, live: in.Live[0]}}, nil
	}
	if len(in.Updated) == 0 {
		return nil, errors.New("the merge patch is empty: kubectl patch needs -p")
	}
	live := map[stream.ID]*stream.Resource{}
	for _, r := range in.Live {
		live[r.ID] = r
	}
	out := make([]target, 0, len(in.Updated))
	for _, u := range in.Updated {
		l := live[u.ID]
		if l == nil && len(in.Updated) == 1 && len(in.Live) == 1 {
			l = in.Live[0]
		}
		if l == nil {
			return nil, yamltree.ErrorAt(u.Root.Pos, "this patch targets "+u.ID.String()+", which live does not hold: kubectl patch answers "+writer.NotFound(u.ID, ""))
		}
		out = append(out, target{patch: u.Root, live: l})
	}
	return out, nil
}

// patched is the object the API server makes of one target, or nil when it refuses the patch
// (the refusal recorded in resp).
func (k kind) patched(resp *contract.Response, t target) *yamltree.Node {
	var obj *yamltree.Node
	var err error
	printed := printedInvalid
	switch k {
	case merge:
		obj, err = jsonmerge.Apply(t.live.Root, t.patch)
		printed = "Error from server (BadRequest): error decoding patch"
	case jsonPatch:
		var p jsonpatch.Patch
		if p, err = jsonpatch.Read(t.patch); err != nil {
			printed = decodeRefusal(err)
			break
		}
		obj, _, err = jsonpatch.Apply(t.live.Root, p)
		if _, ok := errors.AsType[*jsonpatch.Crash](err); ok {
			printed = printedCrash
		}
	}
	if err != nil {
		pos, msg := where(err, t.patch)
		writer.Refuse(resp, yamltree.Updated, pos, msg+"; the API server refuses the patch: kubectl patch prints "+strconv.Quote(printed), printed)
		return nil
	}
	withoutEmptyMetadataMaps(obj)
	if name := obj.Lookup("metadata", "name").Str(); name != t.live.ID.Name {
		printed = "Error from server (BadRequest): the name of the object (" + name + ") does not match the name on the URL (" + t.live.ID.Name + ")"
		writer.Refuse(resp, yamltree.Updated, t.patch.Pos, "the patch renames the object: kubectl patch prints "+strconv.Quote(printed), printed)
		return nil
	}
	return obj
}

// where is an error's position (the patch's when it has none) and its words.
func where(err error, patch *yamltree.Node) (yamltree.Pos, string) {
	if e, ok := errors.AsType[*yamltree.Error](err); ok && e.Line > 0 {
		return yamltree.Pos{Input: e.Input, Line: e.Line, Column: e.Column}, e.Message
	}
	if d, ok := errors.AsType[*jsonpatch.DecodeError](err); ok {
		msg := strings.TrimPrefix(d.Error(), yamltree.ErrorAt(d.Pos, "").Error())
		return d.Pos, msg
	}
	if ie, ok := errors.AsType[*jsonmerge.InputError](err); ok && ie.Pos.IsValid() {
		return ie.Pos, ie.Role + ": " + ie.Reason
	}
	return patch.Pos, err.Error()
}

// decodeRefusal is what kubectl prints when the API server cannot decode a JSON patch (observed:
// the package's documentation).
func decodeRefusal(err error) string {
	d, ok := errors.AsType[*jsonpatch.DecodeError](err)
	if !ok {
		return printedInvalid
	}
	into := "[]handlers.jsonPatchOp"
	if d.Item {
		into = "handlers.jsonPatchOp"
	}
	return "Error from server (BadRequest): error decoding patch: json: cannot unmarshal " + d.Found + " into Go value of type " + into
}

// withoutEmptyMetadataMaps drops the labels and annotations a patch left empty: ObjectMeta stores
// an empty map as none, so no manager owns it (observed on kube-apiserver v1.37.2: a merge patch
// deleting the last label leaves no labels, and kubectl-patch's entry no f:labels;
// engine/modes/writer/testdata/observed.txt, sequence H).
func withoutEmptyMetadataMaps(obj *yamltree.Node) {
	meta := obj.Get("metadata")
	if !meta.IsMap() {
		return
	}
	for _, key := range []string{"labels", "annotations"} {
		if m := meta.Get(key); m.IsMap() && len(m.Fields) == 0 {
			meta.Delete(key)
		}
	}
}
