package explain

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// Stitch puts an answer together from pieces: each piece is one resource's part of it, written
// and marked as if its document were the result's only one (a mode keeps such pieces from one
// request to the next: modes.Memo), and Stitch moves it to where its document stands in the
// result stream. It counts the lines and documents written, and the last line of the last
// document's root, after which a resource the result lacks is drawn.
type Stitch struct {
	Line, Doc, RootEnd int
}

// Open writes into b the "---" a document after the first opens with, and returns the lines
// above the document about to be written.
func (s *Stitch) Open(b *strings.Builder) int {
	if s.Doc > 0 {
		b.WriteString("---\n")
		s.Line++
	}
	return s.Line
}

// Close counts the document just written: lines lines, its root's last line rootEnd (counted
// from its first line).
func (s *Stitch) Close(lines, rootEnd int) {
	s.RootEnd = s.Line + rootEnd
	s.Line += lines
	s.Doc++
}

// Fields appends to out a piece's marks moved to the stream (contract.MoveFields): result lines
// down by lines (the lines above the piece's document, or for a resource the result lacks,
// RootEnd: the line it is drawn after), places into the documents written.
func (s *Stitch) Fields(out, fields []contract.Field, lines int) []contract.Field {
	return contract.MoveFields(out, fields, lines, s.Doc)
}

// Layout adds a piece's blocks and folds to the stream's, moved down by lines.
func (s *Stitch) Layout(to *contract.Layout, piece contract.Layout, lines int) {
	*to = contract.MoveLayout(*to, piece, lines)
}

// Down moves a line down by lines; 0 (no line) stays 0.
func Down(line, lines int) int {
	if line == 0 {
		return 0
	}
	return line + lines
}

// Piece is one resource's part of an answer, written and marked as if its document were the
// result's only one: what Join puts together (contract.Piece).
type Piece = contract.Piece

// Joined says where Join put a piece: the result lines above its document (for a piece without
// text, the line it is drawn after), by which the caller moves the piece's own line numbers, and
// the index of its first mark in the response's marks.
type Joined struct {
	Lines, First int
}

// Join writes resp's result stream, marks, layout and result resources from the pieces, in
// order, each moved to where its document stands in the stream, and says where each went.
func Join(resp *contract.Response, pieces []*Piece) []Joined {
	var text strings.Builder
	size, fields, blocks, folds := 0, 0, 0, 0
	for _, p := range pieces {
		size, fields = size+len(p.Text)+len("---\n"), fields+len(p.Fields)
		blocks, folds = blocks+len(p.Layout.Blocks), folds+len(p.Layout.Folds)
	}
	text.Grow(size)
	// Room for every piece's marks and layout at once: a stream of 4,200 Deployments holds
	// 142,800 marks, which growing as they are appended copied again and again (a third of an
	// edit's time, docs/performance.md).
	resp.Fields = slices.Grow(resp.Fields, fields)
	resp.Layout.Blocks = slices.Grow(resp.Layout.Blocks, blocks)
	resp.Layout.Folds = slices.Grow(resp.Layout.Folds, folds)
	resp.ResultResources = slices.Grow(resp.ResultResources, len(pieces))
	out := make([]Joined, len(pieces))
	at := Stitch{}
	for i, p := range pieces {
		out[i] = Joined{Lines: at.RootEnd, First: len(resp.Fields)}
		if p.Text == "" {
			resp.Fields = at.Fields(resp.Fields, p.Fields, at.RootEnd)
			continue
		}
		out[i].Lines = at.Open(&text)
		text.WriteString(p.Text)
		resp.Fields = at.Fields(resp.Fields, p.Fields, out[i].Lines)
		at.Layout(&resp.Layout, p.Layout, out[i].Lines)
		resp.ResultResources = append(resp.ResultResources, p.Resource)
		at.Close(p.Lines, p.RootEnd)
	}
	resp.Result = text.String()
	return out
}
