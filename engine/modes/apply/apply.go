package apply

import (
	"context"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// PatchInfo describes what kubectl sends for one resource (the response's extra.patches).
type PatchInfo struct {
	_        incomparable.Field
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

	// printedName is the resource as kubectl names it in the line it prints for it
	// (command.PrintedName), written once with the outcome: a recalled piece's line is not
	// worked out again from the resource's name at every key.
	printedName string
}

// Run applies every resource of the config to live. A resource whose three documents are the
// ones of the last request (in.Memo) keeps its piece of that answer: an edit merges again only
// the resources it changed.
func Run(_ context.Context, in *modes.Input) *contract.Response {
	resp := contract.NewResponse()
	resp.Decisions = decision.Book{}
	triples, err := stream.Pair(stream.Inputs{Original: in.Original, Updated: in.Updated, Live: in.Live})
	if err != nil {
		resp.AddError("", err)
		return resp
	}
	resp.Decisions = make(decision.Book, len(triples)) // a log for each, at most: made once
	opts := in.Request.Options
	now, err := opts.Time()
	if err != nil {
		resp.AddError("request", err)
		return resp
	}
	answers := make([]answered, 0, len(triples))
	for _, t := range triples {
		a := answered{key: modes.DocumentsOf(t), request: request{typ: in.PatchType(t.ID), keys: keysOf(opts), readAnnotation: len(in.Original) == 0,
			overwrite: opts.Overwrite, prune: opts.Prune, decoded: decodedByServer(in, t.ID)}}
		if a.piece = recall(in.Memo, a.key, a.request); a.piece != nil {
			resp.Decisions[t.Identity()] = a.piece.log
			answers = append(answers, a)
			continue
		}
		if a.outcome, err = applyOne(t, a.request, resp.Decisions.For(t.Identity())); err != nil {
			resp.AddError(string(inputOf(t)), err)
			continue
		}
		a.outcome.store(in)
		a.outcome.refuse(in, resp)
		if err := a.outcome.recordManagers(in, now); err != nil {
			resp.AddError(string(inputOf(t)), err)
		}
		answers = append(answers, a)
	}
	noteSizes(resp, answers)
	if len(resp.Errors) > 0 {
		return resp
	}
	respond(resp, answers, in.Memo, in.Request.Skip)
	return resp
}

// decodedByServer reports whether the API server decodes the patched object into a Go type whose
// strictness the engine answers for: a built-in kind the user's schema does not declare, unless
// options.validate is ignore (the engine then merges values of the wrong type as written).
func decodedByServer(in *modes.Input, id stream.ID) bool {
	if in.Request.Options.Validate == contract.ValidateIgnore {
		return false
	}
	user, all := in.Roots(id.APIVersion, id.Kind)
	return user == nil && all != nil
}

// keysOf is the merge keys options.multiKeys asks for.
func keysOf(opts contract.Options) smp.Keys {
	if opts.MultiKeys {
		return smp.ServerSideApplyKeys
	}
	return smp.PatchMergeKeys
}

// respond writes the patches and the conflicts; without conflicts, the result stream and the
// marks, from each resource's piece (rendered now and kept in the memo, or recalled); with
// conflicts, their marks and no result. The patch text is left for later (PatchLater) when the
// request leaves the patches out (skip).
func respond(resp *contract.Response, answers []answered, memo *modes.Memo, skip []string) {
	conflicted := false
	infos := make([]PatchInfo, len(answers))
	for i, a := range answers {
		if a.piece != nil {
			infos[i] = a.piece.info
			continue
		}
		infos[i] = a.outcome.info()
		resp.Conflicts = append(resp.Conflicts, a.outcome.conflictEntries()...)
		conflicted = conflicted || len(a.outcome.conflicts) > 0
	}
	resp.Extra["patches"] = PatchInfos(infos)
	resp.SetPatch(skip, func() string { return patchText(infos) })
	if conflicted {
		for _, a := range answers {
			if a.outcome != nil {
				resp.Fields = append(resp.Fields, a.outcome.conflictMarks()...)
			}
		}
		return
	}
	pieces := make([]*piece, len(answers))
	for i, a := range answers {
		if a.piece == nil {
			a.piece = render(a, infos[i])
			memo.Keep(a.key, a.piece)
		}
		pieces[i] = a.piece
	}
	assemble(resp, pieces)
}

// info describes the outcome's patch: as describe worked it out, else at once.
func (o *outcome) info() PatchInfo {
	if o.described != nil {
		return *o.described
	}
	return o.patchInfo()
}

// describe works out info once the patch is final (in store, after sentAgainstStored, which may
// change it): its patch, which holds the whole config in its last-applied annotation, is
// then written as JSON once, not at each of the times a request asks (the refusals, the
// managedFields, the answer).
func (o *outcome) describe() {
	p := o.patchInfo()
	o.described = &p
}

// patchInfo describes the outcome's patch.
func (o *outcome) patchInfo() PatchInfo {
	p := PatchInfo{Resource: o.triple.Identity(), Action: o.action, printedName: command.PrintedName(o.triple.ID)}
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
	size := 2
	for _, p := range sent {
		size += len(p.Resource) + len(p.Patch) + 8
	}
	out := append(make([]byte, 0, size), '{')
	for i, p := range sent {
		if i > 0 {
			out = append(out, ",\n "...)
		}
		out = strconv.AppendQuote(out, p.Resource)
		out = append(out, ": "...)
		out = append(out, p.Patch...)
	}
	return string(append(out, '}'))
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
