package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
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
	for _, o := range outcomes {
		resp.Conflicts = append(resp.Conflicts, o.conflictEntries()...)
	}
	if len(resp.Conflicts) > 0 {
		for _, c := range resp.Conflicts {
			resp.Fields = append(resp.Fields, contract.Field{Resource: c.Resource, Path: c.Path,
				Mark: contract.Conflicted, Line: c.Line, Reason: c.Message})
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
	e := &explainer{Walker: &explain.Walker{Resource: o.triple.ID.String(), Layout: layout}, o: o, deduced: schema.Deduced()}
	if o.action == Leave {
		e.Mark(fieldpath.Path{}, contract.Ignored, layout.Line(o.result), e.EndLine(o.result),
			"only live has this object: server-side apply works on the objects it is given and leaves every other one alone; "+
				"its fields keep their owners")
		return e.Fields()
	}
	e.object()
	return e.Fields()
}
