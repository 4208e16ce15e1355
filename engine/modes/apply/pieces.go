package apply

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// piece is one resource's part of an answer without conflicts: its result document written as
// if it were the result's only one, its marks placed there, its patch. assemble moves the pieces
// to their places in the result stream. A piece is kept in the request's memo (modes.Memo) and
// answers the next request whose three documents are the same, asked the same way (request):
// it is worked out from the documents, the request and the options alone.
type piece struct {
	// Piece is the result document, the layout and the marks (contract.Piece).
	contract.Piece
	request request
	log     *decision.Log
	info    PatchInfo
	// dropped are the dropped marks' reasons: they name the result line of the item kept, which
	// moves with the document.
	dropped []droppedReason
	// size is the size of the resource's annotations when they pass half the API server's
	// limit, else nil (extra.annotationSizes).
	size *AnnotationSize
}

// answered is one resource of a request: its outcome, worked out now, or its piece, recalled
// from the memo (then its outcome is nil).
type answered struct {
	_       incomparable.Field
	key     modes.Documents
	request request
	outcome *outcome
	piece   *piece
}

// recall returns the piece the memo holds for the resource asked the same way, else nil.
func recall(memo *modes.Memo, key modes.Documents, r request) *piece {
	v, ok := memo.Recall(key)
	if !ok {
		return nil
	}
	p, ok := v.(*piece)
	if !ok || p.request != r {
		return nil
	}
	return p
}

// render writes one resource's piece from its outcome (an answer without conflicts).
func render(a answered, info PatchInfo) *piece {
	o := a.outcome
	p := &piece{Piece: contract.Piece{Resource: info.Resource}, request: a.request, log: o.log, info: info, size: o.annotationSize()}
	stored := o.stored.Root
	var docs []*yamltree.Document
	if stored != nil {
		docs = []*yamltree.Document{{Root: stored}}
	}
	text, layout := yamltree.Emit(docs)
	layout.Alias(o.stored.Copies)
	if stored != nil {
		p.Text, p.Lines, p.RootEnd = text, strings.Count(text, "\n"), layout.EndLine(stored)
		p.Layout = explain.ResultLayout(layout, docs)
	}
	spot := explain.Spot{Result: o.result, Live: root(o.triple.Live)}
	marking := modes.Marking{Mode: "apply", Source: "the config", Layout: layout, Spot: spot, Triple: o.triple, Log: o.log}
	p.Fields = o.noteResent(marking.StoredMarks(o.stored, o.marks(layout, spot)))
	for i, f := range p.Fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && len(p.dropped) < len(o.dropped) {
			d := o.dropped[len(p.dropped)]
			p.dropped = append(p.dropped, droppedReason{field: i, fact: d, note: strings.TrimPrefix(f.Reason, reasons[ruleDroppedRepeatedKey](d))})
		}
	}
	return p
}

// droppedReason is what a dropped mark's reason is written from: the mark's index in the
// piece's marks, its fact, and the note it carries after the sentence (noteResent).
type droppedReason struct {
	field int
	fact  fact
	note  string
}

// reasonAt is the dropped mark's reason with its document moved down by lines.
func (d droppedReason) reasonAt(lines int) string {
	f := d.fact
	f.resultLine = explain.Down(f.resultLine, lines)
	return reasons[ruleDroppedRepeatedKey](f) + d.note
}

// assemble makes the pieces, in order, the response's result stream, marks and layout
// (contract.Response.SetPieces), a piece with dropped marks with their reasons written for
// where its document stands.
func assemble(resp *contract.Response, pieces []*piece) {
	joined := make([]*contract.Piece, len(pieces))
	for i, p := range pieces {
		joined[i] = &p.Piece
	}
	placed := contract.PlacePieces(joined)
	for i, p := range pieces {
		if len(p.dropped) == 0 {
			continue
		}
		fields := append([]contract.Field(nil), p.Fields...)
		for _, d := range p.dropped {
			fields[d.field].Reason = d.reasonAt(placed[i].Lines)
		}
		placed[i].Fields = fields
	}
	resp.SetPieces(placed)
}
