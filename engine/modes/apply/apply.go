package apply

import (
	"context"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Mode is the apply mode, for the handler's registry.
func Mode() modes.Mode {
	return modes.Mode{
		Name:    "apply",
		Summary: "client-side kubectl apply (and Helm 3): last-applied, config and live, merged by a three-way strategic merge patch",
		Rules:   yamltree.YAML11,
		Reads:   []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live},
		Run:     Run,
	}
}

// PatchInfo describes what kubectl sends for one resource (the response's extra.patches).
type PatchInfo struct {
	Resource string `json:"resource"`
	// Action is create, patch, delete (prune) or none: none for a resource only live holds, and
	// for one whose patch is empty (kubectl then sends nothing and prints "unchanged").
	Action Action `json:"action"`
	// Type is strategic or merge: the kind of patch kubectl computed; empty for a resource the
	// config does not hold.
	Type PatchType `json:"type"`
	// Patch is the patch as kubectl computes it (sorted-key JSON): "{}" for an unchanged
	// resource, "" where none is computed.
	Patch string `json:"patch"`
}

// Run applies every resource of the config to live.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	resp.Decisions = decision.Book{}
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	opts := in.Request.Options
	var outcomes []*outcome
	for _, t := range triples {
		r := request{typ: in.PatchType(t.ID), keys: keysOf(opts), readAnnotation: len(in.Original) == 0,
			overwrite: opts.Overwrite, prune: opts.Prune, decoded: decodedByServer(in, t.ID)}
		o, err := applyOne(t, r, resp.Decisions.For(t.ID.String()))
		if err != nil {
			resp.AddError(string(inputOf(t)), err)
			continue
		}
		outcomes = append(outcomes, o)
	}
	if len(resp.Errors) > 0 {
		return resp
	}
	respond(resp, outcomes)
	return resp
}

// decodedByServer reports whether the API server decodes the patched object into a Go type whose
// strictness the engine answers for: a built-in kind the user's schema does not declare, unless
// options.validate is ignore (the engine then merges values of the wrong type as written).
func decodedByServer(in *modes.Input, id stream.ID) bool {
	return in.Request.Options.Validate != contract.ValidateIgnore && in.User.Root(id.APIVersion, id.Kind) == nil &&
		in.Schema.Root(id.APIVersion, id.Kind) != nil
}

// keysOf is the merge keys options.multiKeys asks for.
func keysOf(opts contract.Options) smp.Keys {
	if opts.MultiKeys {
		return smp.ServerSideApplyKeys
	}
	return smp.PatchMergeKeys
}

// respond writes the result stream, the patches, the marks and the conflicts.
func respond(resp *contract.Response, outcomes []*outcome) {
	conflicted := false
	for _, o := range outcomes {
		conflicted = conflicted || len(o.conflicts) > 0
	}
	var docs []*yamltree.Document
	var ids []string
	results, lives := make([]*yamltree.Node, len(outcomes)), make([]*yamltree.Node, len(outcomes))
	for i, o := range outcomes {
		if o.result != nil && !conflicted {
			docs = append(docs, &yamltree.Document{Root: o.result})
			ids = append(ids, o.triple.ID.String())
			results[i] = o.result
		}
		lives[i] = root(o.triple.Live)
	}
	text, layout := yamltree.Emit(docs)
	infos := []PatchInfo{}
	for _, o := range outcomes {
		infos = append(infos, o.info())
		resp.Conflicts = append(resp.Conflicts, o.conflictEntries()...)
	}
	resp.Extra["patches"] = PatchInfos(infos)
	resp.Patch = patchText(infos)
	if conflicted {
		for _, o := range outcomes {
			resp.Fields = append(resp.Fields, o.conflictMarks()...)
		}
		return
	}
	resp.Result = text
	resp.ResultResources = ids
	resp.Layout = explain.ResultLayout(layout, docs)
	spots := explain.Spots(layout, results, lives)
	for i, o := range outcomes {
		resp.Fields = append(resp.Fields, o.marks(layout, spots[i])...)
	}
}

// info describes the outcome's patch.
func (o *outcome) info() PatchInfo {
	p := PatchInfo{Resource: o.triple.ID.String(), Action: o.action}
	if o.action == Patch {
		p.Type = o.patchType
		p.Patch = "{}"
		if o.patch != nil {
			if text, err := yamltree.SortedJSON(o.patch); err == nil {
				p.Patch = text
			}
		}
		if p.Patch == "{}" {
			p.Action = Leave // nothing to send: kubectl skips the request
		}
	}
	return p
}

// patchText is the response's patch: the one patch kubectl sends, or for several resources a
// JSON object from each resource to its patch.
func patchText(infos []PatchInfo) string {
	var sent []PatchInfo
	for _, p := range infos {
		if p.Action == Patch {
			sent = append(sent, p)
		}
	}
	switch len(sent) {
	case 0:
		return ""
	case 1:
		return sent[0].Patch
	}
	parts := make([]string, len(sent))
	for i, p := range sent {
		parts[i] = fmt.Sprintf("%q: %s", p.Resource, p.Patch)
	}
	return "{" + strings.Join(parts, ",\n ") + "}"
}

// inputOf names the input an error of this triple most likely lies in.
func inputOf(t stream.Triple) yamltree.Input {
	switch {
	case t.Updated != nil:
		return yamltree.Updated
	case t.Live != nil:
		return yamltree.Live
	}
	return yamltree.Original
}
