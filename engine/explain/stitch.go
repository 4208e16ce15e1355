package explain

import (
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
