package apply

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

// piece is one resource's part of an answer without conflicts: its result document written as
// if it were the result's only one, its marks placed there, its patch. assemble moves the pieces
// to their places in the result stream. A piece is kept in the request's memo (modes.Memo) and
// answers the next request whose three documents are the same, asked the same way (request):
// it is worked out from the documents, the request and the options alone.
type piece struct {
	request request
	log     *decision.Log
	info    PatchInfo
	// text is the result document, written alone; "" when the result lacks the resource. lines
	// counts its lines, and rootEnd is its root's last line (explain.Spots).
	text           string
	lines, rootEnd int
	// layout and fields are the document's blocks and folds and the resource's marks, their
	// result lines counted from the document's first line; a resource the result lacks is drawn
	// before the first document (Place.After 0, Place.Doc 0).
	layout contract.Layout
	fields []contract.Field
	// dropped are the dropped marks' facts by their index in fields: their reasons name the
	// result line of the item kept, which moves with the document.
	dropped map[int]droppedReason
	// size is the size of the resource's annotations when they pass half the API server's
	// limit, else nil (extra.annotationSizes).
	size *AnnotationSize
}

// answered is one resource of a request: its outcome, worked out now, or its piece, recalled
// from the memo (then its outcome is nil).
type answered struct {
	key     modes.Documents
	request request
	outcome *outcome
	piece   *piece
}

// documentsOf names a resource's documents for the memo.
func documentsOf(t stream.Triple) modes.Documents {
	return modes.Documents{Original: root(t.Original), Updated: root(t.Updated), Live: root(t.Live)}
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
	p := &piece{request: a.request, log: o.log, info: info, size: o.annotationSize()}
	stored := o.stored.Root
	var docs []*yamltree.Document
	if stored != nil {
		docs = []*yamltree.Document{{Root: stored}}
	}
	text, layout := yamltree.Emit(docs)
	layout.Alias(o.stored.Copies)
	if stored != nil {
		p.text, p.lines, p.rootEnd = text, strings.Count(text, "\n"), layout.EndLine(stored)
		p.layout = explain.ResultLayout(layout, docs)
	}
	spot := explain.Spot{Result: o.result, Live: root(o.triple.Live)}
	marking := modes.Marking{Mode: "apply", Source: "the config", Layout: layout, Spot: spot, Triple: o.triple, Log: o.log}
	p.fields = o.noteResent(marking.StoredMarks(o.stored, o.marks(layout, spot)))
	k := 0
	for i, f := range p.fields {
		if f.Rule == string(ruleDroppedRepeatedKey) && k < len(o.dropped) {
			if p.dropped == nil {
				p.dropped = map[int]droppedReason{}
			}
			p.dropped[i] = droppedReason{fact: o.dropped[k], note: strings.TrimPrefix(f.Reason, reasons[ruleDroppedRepeatedKey](o.dropped[k]))}
			k++
		}
	}
	return p
}

// droppedReason is what a dropped mark's reason is written from: its fact, and the note it
// carries after the sentence (noteResent).
type droppedReason struct {
	fact fact
	note string
}

// reasonAt is the dropped mark's reason with its document moved down by lines.
func (d droppedReason) reasonAt(lines int) string {
	f := d.fact
	f.resultLine = explain.Down(f.resultLine, lines)
	return reasons[ruleDroppedRepeatedKey](f) + d.note
}

// assemble writes the result stream from the pieces, in order, with their marks and layout
// moved to where each document stands in it.
func assemble(resp *contract.Response, pieces []*piece, ids []string) {
	var text strings.Builder
	size, fields, blocks, folds := 0, 0, 0, 0
	for _, p := range pieces {
		size, fields = size+len(p.text)+len("---\n"), fields+len(p.fields)
		blocks, folds = blocks+len(p.layout.Blocks), folds+len(p.layout.Folds)
	}
	text.Grow(size)
	// Room for every piece's marks and layout at once: a stream of 4,200 Deployments holds
	// 142,800 marks, which growing as they are appended copied again and again (a third of an
	// edit's time, docs/performance.md).
	resp.Fields = slices.Grow(resp.Fields, fields)
	resp.Layout.Blocks = slices.Grow(resp.Layout.Blocks, blocks)
	resp.Layout.Folds = slices.Grow(resp.Layout.Folds, folds)
	resp.ResultResources = slices.Grow(resp.ResultResources, len(pieces))
	at := explain.Stitch{}
	for i, p := range pieces {
		if p.text == "" {
			resp.Fields = at.Fields(resp.Fields, p.fields, at.RootEnd)
			continue
		}
		lines, first := at.Open(&text), len(resp.Fields)
		text.WriteString(p.text)
		resp.Fields = at.Fields(resp.Fields, p.fields, lines)
		for i, d := range p.dropped {
			resp.Fields[first+i].Reason = d.reasonAt(lines)
		}
		at.Layout(&resp.Layout, p.layout, lines)
		resp.ResultResources = append(resp.ResultResources, ids[i])
		at.Close(p.lines, p.rootEnd)
	}
	resp.Result = text.String()
}
