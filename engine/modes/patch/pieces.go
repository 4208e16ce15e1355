package patch

import (
	"slices"
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
	id     string
	log    *decision.Log
	warned []contract.Warned
	// text is the result document, written alone; lines counts its lines, and rootEnd is its
	// root's last line.
	text           string
	lines, rootEnd int
	// layout and fields are the document's blocks and folds and the target's marks, their result
	// lines counted from the document's first line.
	layout contract.Layout
	fields []contract.Field
	// dropped are the dropped marks' stories by their index in fields: their reasons name the
	// result line of the item kept, which moves with the document.
	dropped map[int]explain.Collision
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

// documentsOf names a target's documents for the memo.
func documentsOf(t stream.Triple) modes.Documents {
	return modes.Documents{Updated: modes.RootOf(t.Updated), Live: modes.RootOf(t.Live)}
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
	out := &piece{id: p.triple.ID.String(), log: p.log, warned: p.warned}
	docs := []*yamltree.Document{{Root: p.stored.Root}}
	text, layout := yamltree.Emit(docs)
	layout.Alias(p.stored.Copies)
	out.text, out.lines, out.rootEnd = text, strings.Count(text, "\n"), layout.EndLine(p.stored.Root)
	out.layout = explain.ResultLayout(layout, docs)
	spot := explain.Spot{Result: p.stored.Root, Live: modes.RootOf(p.triple.Live)}
	marking := modes.Marking{Mode: "patch", Source: "the patch", Layout: layout, Spot: spot, Triple: p.triple, Log: p.log}
	out.fields = marking.StoredMarks(p.stored, p.marks(layout, spot))
	k := 0
	for i, f := range out.fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && k < len(p.collisions) {
			if out.dropped == nil {
				out.dropped = map[int]explain.Collision{}
			}
			out.dropped[i] = p.collisions[k]
			k++
		}
	}
	if p.triple.Updated != nil {
		out.patch, _ = yamltree.SortedJSON(p.triple.Updated.Root)
	}
	out.changed = changedObject(in, p.triple, text)
	return out
}

// changedObject reports whether a target's result document (text) is not live's object as a
// cluster stores it: the same JSON, list order included, means "patched (no change)".
func changedObject(in *modes.Input, t stream.Triple, text string) bool {
	docs, err := yamltree.Parse(yamltree.Input("result"), text, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != 1 || t.Live == nil {
		return true
	}
	result, _ := yamltree.SortedJSON(docs[0].Root)
	live, _ := yamltree.SortedJSON(in.LiveAsStored(t.ID, t.Live.Root))
	return result != live
}

// assemble writes the result stream from the pieces, in order, with their marks and layout
// moved to where each document stands in it, and the patches joined.
func assemble(resp *contract.Response, pieces []*piece) {
	var text strings.Builder
	size, fields := 0, 0
	var patches []string
	for _, p := range pieces {
		size, fields = size+len(p.text)+len("---\n"), fields+len(p.fields)
		if p.patch != "" {
			patches = append(patches, p.patch)
		}
	}
	text.Grow(size)
	resp.Fields = slices.Grow(resp.Fields, fields)
	resp.ResultResources = make([]string, 0, len(pieces))
	at := explain.Stitch{}
	for _, p := range pieces {
		lines, first := at.Open(&text), len(resp.Fields)
		text.WriteString(p.text)
		resp.Fields = at.Fields(resp.Fields, p.fields, lines)
		for i, c := range p.dropped {
			c.KeptLine = explain.Down(c.KeptLine, lines)
			resp.Fields[first+i].Reason = reasons[ruleDroppedRepeatedKey](fact{mark: contract.Dropped, collision: c})
		}
		at.Layout(&resp.Layout, p.layout, lines)
		resp.ResultResources = append(resp.ResultResources, p.id)
		at.Close(p.lines, p.rootEnd)
	}
	resp.Result = text.String()
	resp.Patch = strings.Join(patches, "\n")
}
