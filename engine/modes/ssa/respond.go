package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// respond writes the result stream, the marks, the conflicts and the extra keys. When any
// resource stopped on conflicts there is no result: the conflicts and their marks at live's lines
// answer instead.
func respond(resp *contract.Response, outcomes []*outcome) {
	resp.Extra["managedFields"] = ManagedFieldsList(managedFieldsExtra(outcomes))
	resp.Extra["operations"] = Operations(operationsExtra(outcomes))
	resp.Extra["owners"] = OwnerLines{}
	resp.Decisions = decision.Book{}
	for _, o := range outcomes {
		resp.Decisions[o.triple.ID.String()] = o.log
	}
	for _, o := range outcomes {
		resp.Conflicts = append(resp.Conflicts, o.conflictEntries()...)
	}
	if len(resp.Conflicts) > 0 {
		for _, o := range outcomes {
			resp.Fields = append(resp.Fields, o.conflictMarks()...)
		}
		return
	}
	var docs []*yamltree.Document
	results, lives := make([]*yamltree.Node, len(outcomes)), make([]*yamltree.Node, len(outcomes))
	for i, o := range outcomes {
		if o.stored.Root != nil {
			docs = append(docs, &yamltree.Document{Root: o.stored.Root})
			resp.ResultResources = append(resp.ResultResources, o.triple.ID.String())
			results[i] = o.stored.Root
		}
		lives[i] = o.live
	}
	text, layout := yamltree.Emit(docs)
	for _, o := range outcomes {
		layout.Alias(o.stored.Copies)
	}
	resp.Result = text
	resp.Layout = explain.ResultLayout(layout, docs)
	spots := explain.Spots(layout, results, lives)
	var owners []OwnerLine
	for i, o := range outcomes {
		marking := modes.Marking{Mode: "ssa", Source: "the config", Layout: layout, Spot: spots[i], Triple: o.triple, Log: o.log}
		marks := marking.StoredMarks(o.stored, o.marks(layout, spots[i]))
		resp.Fields = append(resp.Fields, marks...)
		owners = append(owners, o.ownerLines(layout)...)
	}
	if owners != nil {
		resp.Extra["owners"] = OwnerLines(owners)
	}
}

// conflictMarks marks the lines of live that the conflicts of one resource are about, each
// mark covering the disputed value's lines.
func (o *outcome) conflictMarks() []contract.Field {
	var out []contract.Field
	for i, c := range o.conflictEntries() {
		end := explain.LastLine(valueAt(o.live, o.done.Conflicts[i].Path, o.typ))
		if end <= c.Line {
			end = 0
		}
		out = append(out, contract.Field{Resource: c.Resource, Path: c.Path, Mark: contract.Conflicted, Line: c.Line,
			EndLine: end, Reason: c.Message, Rule: string(managed.RuleConflict)})
	}
	return out
}

// marks explains one resource of the result; spot is where it stands in the result.
func (o *outcome) marks(layout *yamltree.Layout, spot explain.Spot) []contract.Field {
	e := &explainer{resource: o.triple.ID.String(), layout: layout, spot: spot, o: o, deduced: schema.Deduced()}
	switch o.action {
	case Leave:
		e.add(fieldpath.Path{}, contract.Ignored, layout.Line(o.result), layout.EndLine(o.result), sides{live: o.live, result: o.result})
		return e.marks
	case Delete:
		line := o.live.Pos.Line
		e.marks = append(e.marks, contract.Field{Resource: e.resource, Mark: contract.Deleted, Line: line, EndLine: explain.LastLine(o.live),
			Reason: o.deletion.Reason, Rule: string(o.deletion.Rule), Place: spot.Removed(layout, nil, line)})
		return e.marks
	}
	e.object()
	return e.marks
}
