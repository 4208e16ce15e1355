package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// respond writes the result stream, the marks, the conflicts and the extra keys. When any
// resource stopped on conflicts there is no result: the conflicts and their marks at live's lines
// answer instead.
func respond(resp *contract.Response, outcomes []*outcome) {
	resp.Extra["managedFields"] = managedFieldsExtra(outcomes)
	resp.Extra["operations"] = operationsExtra(outcomes)
	resp.Extra["owners"] = []OwnerLine{}
	resp.Decisions = decision.Book{}
	for _, o := range outcomes {
		resp.Decisions[o.triple.ID.String()] = o.log
	}
	for _, o := range outcomes {
		resp.Conflicts = append(resp.Conflicts, o.conflictEntries()...)
	}
	if len(resp.Conflicts) > 0 {
		for _, c := range resp.Conflicts {
			resp.Fields = append(resp.Fields, contract.Field{Resource: c.Resource, Path: c.Path,
				Mark: contract.Conflicted, Line: c.Line, Reason: c.Message, Rule: string(managed.RuleConflict)})
		}
		return
	}
	var docs []*yamltree.Document
	for _, o := range outcomes {
		if o.result != nil {
			docs = append(docs, &yamltree.Document{Root: o.result})
			resp.ResultResources = append(resp.ResultResources, o.triple.ID.String())
		}
	}
	text, layout := yamltree.Emit(docs)
	resp.Result = text
	var owners []OwnerLine
	for _, o := range outcomes {
		resp.Fields = append(resp.Fields, o.marks(layout)...)
		owners = append(owners, o.ownerLines(layout)...)
	}
	if owners != nil {
		resp.Extra["owners"] = owners
	}
}

// marks explains one resource of the result.
func (o *outcome) marks(layout *yamltree.Layout) []contract.Field {
	e := &explainer{resource: o.triple.ID.String(), layout: layout, o: o, deduced: schema.Deduced()}
	if o.action == Leave {
		e.add(fieldpath.Path{}, contract.Ignored, layout.Line(o.result), e.endLine(o.result), sides{live: o.live, result: o.result})
		return e.marks
	}
	e.object()
	return e.marks
}
