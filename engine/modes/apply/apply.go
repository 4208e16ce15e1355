package apply

import (
	"context"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
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
	// Action is create, patch, delete (prune) or none.
	Action Action `json:"action"`
	// Type is strategic or merge; empty when nothing is patched.
	Type PatchType `json:"type"`
	// Patch is the patch as kubectl sends it (sorted-key JSON); "{}" when there is nothing to send.
	Patch string `json:"patch"`
}

// Run applies every resource of the config to live.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	opts := in.Request.Options
	readAnnotation := len(in.Original) == 0
	var outcomes []*outcome
	for _, t := range triples {
		sch := in.PatchSchema(t.ID)
		o, err := applyOne(t, sch, readAnnotation, opts.Overwrite, opts.Prune)
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

// respond writes the result stream, the patches, the marks and the conflicts.
func respond(resp *contract.Response, outcomes []*outcome) {
	var docs []*yamltree.Document
	var ids []string
	for _, o := range outcomes {
		if o.result != nil && len(conflictsOf(outcomes)) == 0 {
			docs = append(docs, &yamltree.Document{Root: o.result})
			ids = append(ids, o.triple.ID.String())
		}
	}
	text, layout := yamltree.Emit(docs)
	infos := []PatchInfo{}
	for _, o := range outcomes {
		infos = append(infos, o.info())
		resp.Conflicts = append(resp.Conflicts, o.conflictEntries()...)
	}
	resp.Extra["patches"] = infos
	resp.Patch = patchText(infos)
	if len(resp.Conflicts) > 0 {
		for _, o := range outcomes {
			resp.Fields = append(resp.Fields, o.conflictMarks()...)
		}
		return
	}
	resp.Result = text
	resp.ResultResources = ids
	for _, o := range outcomes {
		resp.Fields = append(resp.Fields, o.marks(layout)...)
	}
}

func conflictsOf(outcomes []*outcome) []smp.Conflict {
	var all []smp.Conflict
	for _, o := range outcomes {
		all = append(all, o.conflicts...)
	}
	return all
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

// marks explains one resource of the result.
func (o *outcome) marks(layout *yamltree.Layout) []contract.Field {
	w := &explain.Walker{Resource: o.triple.ID.String(), Layout: layout, Reasons: reasons{hasOriginal: o.original != nil, defaultedNamespace: o.defaultedNamespace()}}
	live := root(o.triple.Live)
	switch o.action {
	case Create:
		w.Mark(nil, contract.Added, layout.Line(o.result), w.EndLine(o.result), "not in the cluster: kubectl creates it from the config, with the last-applied annotation")
	case Prune:
		w.Mark(nil, contract.Deleted, live.Pos.Line, explain.LastLine(live), "--prune: last-applied had this resource and the config no longer does, so kubectl deletes it")
	case Leave:
		if o.result != nil {
			w.Mark(nil, contract.Ignored, layout.Line(o.result), w.EndLine(o.result), "not in the config: kubectl apply leaves resources it is not given alone (unless --prune deletes the ones it applied before)")
		}
	default:
		var sch smp.Schema
		if o.strategic {
			sch = o.schema
		}
		w.Object(explain.Versions{Original: o.original, Updated: o.modified, Live: live, Result: o.result}, sch)
	}
	return w.Fields()
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

// defaultedNamespace reports whether kubectl filled in the namespace the config left out.
func (o *outcome) defaultedNamespace() bool {
	return o.triple.Updated != nil && o.triple.ID.Namespace != "" && !o.triple.Updated.Root.Get("metadata").Has("namespace")
}
