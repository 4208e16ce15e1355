package patch

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// piece is one target's part of an answer: its result document written as if it were the
// result's only one, its marks placed there, its patch and its command's facts. assemble moves
// the pieces to their places in the result stream. A piece is kept in the request's memo
// (modes.Memo) and answers the next request whose two documents are the same: it is worked out
// from the documents and the options alone (the memo holds one request's options).
type piece struct {
	// Piece is the result document, the layout and the marks (contract.Piece).
	contract.Piece
	log    *decision.Log
	warned []contract.Warned
	// dropped are the dropped marks' stories, and their indexes among the piece's marks: their
	// reasons name the result line of the item kept, which moves with the document.
	dropped []explain.Collision
	at      []int
	// patch is the patch as sorted-key JSON ("" when no patch targets the object, or it has none);
	// changed reports whether the stored object differs from live's as a cluster stores it
	// (kubectl prints "patched" rather than "patched (no change)").
	patch   string
	changed bool
}

// answered is one target of a request: what the patch made of it, worked out now, or its piece,
// recalled from the memo (then patched is nil).
type answered struct {
	key     modes.Documents
	patched *patched
	piece   *piece
}

// recall returns the piece the memo holds for the target, else nil.
func recall(memo *modes.Memo, key modes.Documents) *piece {
	v, ok := memo.Recall(key)
	if !ok {
		return nil
	}
	p, _ := v.(*piece)
	return p
}

// render writes one target's piece.
func render(p *patched, in *modes.Input) *piece {
	out := &piece{Piece: contract.Piece{Resource: p.triple.ID.String()}, log: p.log, warned: p.warned}
	docs := []*yamltree.Document{{Root: p.stored.Root}}
	text, layout := yamltree.Emit(docs)
	layout.Alias(p.stored.Copies)
	out.Text, out.Lines, out.RootEnd = text, strings.Count(text, "\n"), layout.EndLine(p.stored.Root)
	out.Layout = explain.ResultLayout(layout, docs)
	spot := explain.Spot{Result: p.stored.Root, Live: modes.RootOf(p.triple.Live)}
	marking := modes.Marking{Mode: "patch", Source: "the patch", Layout: layout, Spot: spot, Triple: p.triple, Log: p.log}
	out.Fields = marking.StoredMarks(p.stored, p.marks(layout, spot))
	for i, f := range out.Fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && len(out.dropped) < len(p.collisions) {
			out.dropped, out.at = append(out.dropped, p.collisions[len(out.dropped)]), append(out.at, i)
		}
	}
	if p.triple.Updated != nil {
		out.patch, _ = yamltree.SortedJSON(p.triple.Updated.Root)
	}
	out.changed = changedObject(in, p.triple, text)
	return out
}

// changedObject reports whether a target's result document (text), read back, is not live's
// object as a cluster stores it: the same JSON, list order included, means "patched (no
// change)" (kubectl prints it when a patch deletes a field the server defaults again; observed
// on kube-apiserver v1.37.2, make apiserver-diff seed 4, patch-13).
func changedObject(in *modes.Input, t stream.Triple, text string) bool {
	docs, err := yamltree.Parse(yamltree.Input("result"), text, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != 1 || t.Live == nil {
		return true
	}
	result, _ := yamltree.SortedJSON(docs[0].Root)
	live, _ := yamltree.SortedJSON(in.LiveAsStored(t.ID, t.Live.Root))
	return result != live
}

// assemble makes the pieces, in order, the response's result stream, marks and layout
// (contract.Response.SetPieces), a piece with dropped marks with their reasons written for
// where its document stands, and joins the patches (for later when skip leaves them out:
// contract.Response.SetPatch).
func assemble(resp *contract.Response, pieces []*piece, skip []string) {
	joined := make([]*contract.Piece, len(pieces))
	var patches []string
	for i, p := range pieces {
		joined[i] = &p.Piece
		if p.patch != "" {
			patches = append(patches, p.patch)
		}
	}
	placed := contract.PlacePieces(joined)
	for i, p := range pieces {
		if len(p.dropped) == 0 {
			continue
		}
		fields := append([]contract.Field(nil), p.Fields...)
		for k, c := range p.dropped {
			c.KeptLine = explain.Down(c.KeptLine, placed[i].Lines)
			fields[p.at[k]].Reason = reasons[ruleDroppedRepeatedKey](fact{mark: contract.Dropped, collision: c})
		}
		placed[i].Fields = fields
	}
	resp.SetPieces(placed)
	resp.SetPatch(skip, func() string { return strings.Join(patches, "\n") })
}
