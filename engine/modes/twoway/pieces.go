package twoway

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// piece is one resource's part of an answer: its two-way result document written as if it were
// the result's only one, its marks and warnings placed there, its three-way result document, its
// repair and two-way patches. assemble moves the pieces to their places in the streams. A piece
// is kept in the request's memo (modes.Memo) and answers the next request whose three documents
// are the same: it is worked out from the documents and the options alone (the memo holds one
// request's options).
type piece struct {
	// Piece is the two-way result document, the layout and the marks (contract.Piece).
	contract.Piece
	log    *decision.Log
	warned []contract.Warned
	// warnings are the resource's out-of-sync warnings, their result lines counted from the
	// document's first line.
	warnings []Warning
	// dropped are the facts of the dropped marks, and their indexes among the piece's marks:
	// their reasons name the result line of the item kept, which moves with the document.
	dropped []fact
	at      []int
	// three is the three-way result document, written alone ("" when there is none).
	three string
	// repair is the repair patch (nil for none); patch the two-way patch as JSON, when hasPatch.
	repair   *Repair
	patch    string
	hasPatch bool
}

// answered is one resource of a request: its upgrades, worked out now, or its piece, recalled
// from the memo (then upgraded is nil).
type answered struct {
	key      modes.Documents
	upgraded *upgraded
	piece    *piece
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

// render writes one resource's piece.
func render(u *upgraded) *piece {
	p := &piece{Piece: contract.Piece{Resource: u.triple.ID.String()}, log: u.log, warned: u.warned}
	var docs []*yamltree.Document
	if u.stored.Root != nil {
		docs = []*yamltree.Document{{Root: u.stored.Root}}
	}
	text, layout := yamltree.Emit(docs)
	layout.Alias(u.stored.Copies)
	if u.stored.Root != nil {
		p.Text, p.Lines, p.RootEnd = text, strings.Count(text, "\n"), layout.EndLine(u.stored.Root)
		p.Layout = explain.ResultLayout(layout, docs)
	}
	spot := explain.Spot{Result: u.stored.Root, Live: modes.RootOf(u.triple.Live)}
	marking := modes.Marking{Mode: "twoway", Source: "the new render", Layout: layout, Spot: spot, Triple: u.triple, Log: u.log}
	p.Fields = marking.StoredMarks(u.stored, u.marks(layout, spot))
	for i, f := range p.Fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && len(p.dropped) < len(u.dropped) {
			p.dropped, p.at = append(p.dropped, u.dropped[len(p.dropped)]), append(p.at, i)
		}
	}
	p.warnings = u.warnings(layout)
	if u.three != nil {
		p.three = yamltree.EmitText([]*yamltree.Document{{Root: u.three}})
	}
	if u.repair != nil && len(u.repair.Fields) > 0 {
		r := newRepair(u.triple.ID, u.patchType(), jsonOf(u.repair))
		p.repair = &r
	}
	if u.twoPatch != nil {
		p.patch, p.hasPatch = jsonOf(u.twoPatch), true
	}
	return p
}

// assemble makes the pieces, in order, the response's two-way result stream, marks and layout
// (contract.Response.SetPieces, a piece with dropped marks with their reasons written for
// where its document stands), with their warnings moved to where each document stands; the three-way result
// stream; the repair patches and the two-way patches (for later when skip leaves the patches out:
// contract.Response.SetPatch).
func assemble(resp *contract.Response, pieces []*piece, skip []string) {
	joined := make([]*contract.Piece, len(pieces))
	for i, p := range pieces {
		joined[i] = &p.Piece
	}
	var three strings.Builder
	warnings, repairs, threeDocs := []Warning{}, []Repair{}, 0
	var patches []string
	placed := contract.PlacePieces(joined)
	for i, at := range placed {
		p := pieces[i]
		if len(p.dropped) > 0 {
			fields := append([]contract.Field(nil), p.Fields...)
			for k, f := range p.dropped {
				f.resultLine = explain.Down(f.resultLine, at.Lines)
				fields[p.at[k]].Reason = reasons[ruleDroppedRepeatedKey](f)
			}
			placed[i].Fields = fields
		}
		for _, w := range p.warnings {
			w.Line = explain.Down(w.Line, at.Lines)
			warnings = append(warnings, w)
		}
		if p.three != "" {
			if threeDocs > 0 {
				three.WriteString("---\n")
			}
			three.WriteString(p.three)
			threeDocs++
		}
		if p.repair != nil {
			repairs = append(repairs, *p.repair)
		}
		if p.hasPatch {
			patches = append(patches, p.patch)
		}
	}
	resp.SetPieces(placed)
	resp.SetPatch(skip, func() string { return strings.Join(patches, "\n") })
	resp.Extra["threeWay"] = map[string]string{"result": three.String()}
	resp.Extra["warnings"] = Warnings(warnings)
	resp.Extra["repairPatches"] = Repairs(repairs)
}
