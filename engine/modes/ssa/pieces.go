package ssa

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// piece is one resource's part of an answer: its result document written as if it were the
// result's only one, its marks and owner lines placed there, its managedFields and operation;
// or, for a resource whose apply stopped on conflicts, those conflicts. assemble moves the pieces to their places in the result stream. A piece is kept
// in the request's memo (modes.Memo) and answers the next request whose two documents are the
// same: it is worked out from the documents and the options alone (the memo holds one request's
// options; a writer's update, whose options are its own, keeps none).
type piece struct {
	// Piece is the result document, the layout and the marks (contract.Piece).
	contract.Piece
	log    *decision.Log
	warned []contract.Warned
	// owners are the owners of the document's lines, counted from its first line.
	owners        []OwnerLine
	managedFields ManagedFields
	operation     Operation
	// conflicts and conflictMarks are a resource's conflicts and their marks at live's lines
	// (a piece with conflicts has no result document: the answer has none).
	conflicts     []contract.Conflict
	conflictMarks []contract.Field
}

// answered is one resource of a request: its outcome, worked out now, or its piece, recalled from
// the memo (then outcome is nil).
type answered struct {
	key     modes.Documents
	outcome *outcome
	piece   *piece
}

// recall returns the piece the memo holds for the resource, else nil.
func recall(memo *modes.Memo, key modes.Documents) *piece {
	v, ok := memo.Recall(key)
	if !ok {
		return nil
	}
	p, _ := v.(*piece)
	return p
}

// render writes one resource's piece from its outcome (an answer without conflicts).
func render(o *outcome, mf ManagedFields, op Operation) *piece {
	p := &piece{Piece: contract.Piece{Resource: o.triple.ID.String()}, log: o.log, warned: o.warned, managedFields: mf, operation: op}
	var docs []*yamltree.Document
	if o.stored.Root != nil {
		docs = []*yamltree.Document{{Root: o.stored.Root}}
	}
	text, layout := yamltree.Emit(docs)
	layout.Alias(o.stored.Copies)
	if o.stored.Root != nil {
		p.Text, p.Lines, p.RootEnd = text, strings.Count(text, "\n"), layout.EndLine(o.stored.Root)
		p.Layout = explain.ResultLayout(layout, docs)
	}
	spot := explain.Spot{Result: o.stored.Root, Live: o.live}
	marking := modes.Marking{Mode: "ssa", Source: "the config", Layout: layout, Spot: spot, Triple: o.triple, Log: o.log}
	p.Fields = marking.StoredMarks(o.stored, o.marks(layout, spot))
	p.owners = o.ownerLines(layout)
	return p
}

// conflicted writes the piece of a resource whose apply stopped on conflicts.
func conflicted(o *outcome, mf ManagedFields, op Operation) *piece {
	return &piece{Piece: contract.Piece{Resource: o.triple.ID.String()}, log: o.log, warned: o.warned, managedFields: mf, operation: op,
		conflicts: o.conflictEntries(), conflictMarks: o.conflictMarks()}
}

// assemble makes the pieces, in order, the response's result stream, marks and layout
// (contract.Response.SetPieces), and writes their owner lines moved to where each document
// stands in it.
func assemble(resp *contract.Response, pieces []*piece) {
	joined := make([]*contract.Piece, len(pieces))
	for i, p := range pieces {
		joined[i] = &p.Piece
	}
	placed := contract.PlacePieces(joined)
	owners := OwnerLines{}
	for i, at := range placed {
		for _, o := range pieces[i].owners {
			o.Line, o.EndLine = explain.Down(o.Line, at.Lines), explain.Down(o.EndLine, at.Lines)
			owners = append(owners, o)
		}
	}
	resp.SetPieces(placed)
	resp.Extra["owners"] = owners
}
