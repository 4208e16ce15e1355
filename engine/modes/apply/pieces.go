package apply

import (
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
	p := &piece{request: a.request, log: o.log, info: info}
	var docs []*yamltree.Document
	if o.result != nil {
		docs = []*yamltree.Document{{Root: o.result}}
	}
	text, layout := yamltree.Emit(docs)
	if o.result != nil {
		p.text, p.lines, p.rootEnd = text, strings.Count(text, "\n"), layout.EndLine(o.result)
		p.layout = explain.ResultLayout(layout, docs)
	}
	p.fields = o.marks(layout, explain.Spot{Result: o.result, Live: root(o.triple.Live)})
	return p
}

// assemble writes the result stream from the pieces, in order, with their marks and layout
// moved to where each document stands in it.
func assemble(resp *contract.Response, pieces []*piece, ids []string) {
	var text strings.Builder
	size := 0
	for _, p := range pieces {
		size += len(p.text) + len("---\n")
	}
	text.Grow(size)
	at := stitch{}
	for i, p := range pieces {
		if p.text == "" {
			resp.Fields = append(resp.Fields, at.moved(p.fields, at.rootEnd)...)
			continue
		}
		if at.doc > 0 {
			text.WriteString("---\n")
			at.line++
		}
		text.WriteString(p.text)
		resp.Fields = append(resp.Fields, at.moved(p.fields, at.line)...)
		for _, b := range p.layout.Blocks {
			resp.Layout.Blocks = append(resp.Layout.Blocks, [2]int{b[0] + at.line, b[1] + at.line})
		}
		for _, f := range p.layout.Folds {
			f.Line, f.EndLine = f.Line+at.line, f.EndLine+at.line
			resp.Layout.Folds = append(resp.Layout.Folds, f)
		}
		resp.ResultResources = append(resp.ResultResources, ids[i])
		at.rootEnd = at.line + p.rootEnd
		at.line += p.lines
		at.doc++
	}
	resp.Result = text.String()
}

// stitch is where assemble stands in the result stream: the lines and documents written, and
// the last line of the last document's root.
type stitch struct {
	line, doc, rootEnd int
}

// moved returns a piece's marks moved to the stream: result lines down by lines (the lines
// above the piece's document, or for a resource the result lacks, the line it is drawn after),
// documents by the documents written. A deleted mark stands on live's lines and a dropped one on
// updated's: only their places move.
func (s stitch) moved(fields []contract.Field, lines int) []contract.Field {
	out := make([]contract.Field, len(fields))
	for i, f := range fields {
		if f.Place != nil {
			place := *f.Place
			place.After += lines
			place.Under = down(place.Under, lines)
			place.Doc += s.doc
			f.Place = &place
		}
		if f.Mark != contract.Deleted && f.Mark != contract.Dropped {
			f.Line, f.EndLine = down(f.Line, lines), down(f.EndLine, lines)
		}
		out[i] = f
	}
	return out
}

// down moves a line down by lines; 0 (no line) stays 0.
func down(line, lines int) int {
	if line == 0 {
		return 0
	}
	return line + lines
}
