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
// answer instead. A resource recalled from the memo answers with its piece; the others' pieces
// are worked out now and kept in memo (a resource without conflicts only when the answer has a
// result, which its piece is a part of).
func respond(resp *contract.Response, answers []answered, memo *modes.Memo) {
	mfs, ops := make([]ManagedFields, len(answers)), make([]Operation, len(answers))
	pieces := make([]*piece, len(answers))
	resp.Decisions = decision.Book{}
	for i, a := range answers {
		if a.piece == nil {
			mfs[i], ops[i] = managedFieldsOf(a.outcome), operationOf(a.outcome)
			resp.Decisions[a.outcome.triple.ID.String()] = a.outcome.log
			if a.outcome.action == Conflict {
				a.piece = conflicted(a.outcome, mfs[i], ops[i])
				memo.Keep(a.key, a.piece)
			}
		}
		if pieces[i] = a.piece; a.piece != nil {
			mfs[i], ops[i] = a.piece.managedFields, a.piece.operation
			resp.Decisions[a.piece.Resource] = a.piece.log
			resp.Conflicts = append(resp.Conflicts, a.piece.conflicts...)
		}
	}
	resp.Extra["managedFields"] = ManagedFieldsList(mfs)
	resp.Extra["operations"] = Operations(ops)
	resp.Extra["owners"] = OwnerLines{}
	if len(resp.Conflicts) > 0 {
		for _, p := range pieces {
			if p != nil {
				resp.Fields = append(resp.Fields, p.conflictMarks...)
			}
		}
		return
	}
	for i, a := range answers {
		if pieces[i] == nil {
			pieces[i] = render(a.outcome, mfs[i], ops[i])
			memo.Keep(a.key, pieces[i])
		}
	}
	assemble(resp, pieces)
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
