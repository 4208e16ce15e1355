package contract

import "strings"

// Piece is one resource's part of an answer, written and marked as if its document were the
// result's only one: a mode keeps such pieces from one request to the next (modes.Memo), and a
// response may hold them apart rather than put together (Response.Pieces).
type Piece struct {
	// Resource names the resource (Response.ResultResources).
	Resource string
	// Text is the result document written alone, "" when the result lacks the resource; Lines
	// counts its lines and RootEnd is its root's last line.
	Text           string
	Lines, RootEnd int
	// Units is Text's length in UTF-16 code units (JavaScript's), which a delta keeping the
	// piece's text writes; PlacePieces counts it once, when it is 0 and Text is not "".
	Units int
	// Layout and Fields are the document's blocks and folds and the resource's marks, their
	// result lines counted from the document's first line (a resource the result lacks is drawn
	// before the first document).
	Layout Layout
	Fields []Field
}

// Placed is a piece where it stands in a response's result.
type Placed struct {
	Piece *Piece
	// Lines are the result lines above the piece's document; for a piece without text, the
	// line it is drawn after (the last line of the root of the document before it, 0 before
	// the first). The piece's result lines move down by them.
	Lines int
	// Doc counts the documents above the piece's (its places' documents move down by it).
	Doc int
	// Fields, when not nil, are the piece's marks as written for where it stands (in the
	// piece's own lines): a dropped mark's reason names the result line of the item kept,
	// which moves with the document. They take the place of Piece.Fields.
	Fields []Field
}

// marks returns the placed piece's marks in the piece's own lines.
func (p *Placed) marks() []Field {
	if p.Fields != nil {
		return p.Fields
	}
	return p.Piece.Fields
}

// PlacePieces says where each piece stands in a result that holds them in order, each document after
// the first opened by "---". It counts a piece's Units the first time it is placed: a mode
// places the pieces it keeps one request at a time (modes.Memo).
func PlacePieces(pieces []*Piece) []Placed {
	out := make([]Placed, len(pieces))
	line, doc, rootEnd := 0, 0, 0
	for i, p := range pieces {
		if p.Text == "" {
			out[i] = Placed{Piece: p, Lines: rootEnd, Doc: doc}
			continue
		}
		if p.Units == 0 {
			p.Units = utf16Length(p.Text)
		}
		if doc > 0 {
			line++ // the "---" line
		}
		out[i] = Placed{Piece: p, Lines: line, Doc: doc}
		rootEnd = line + p.RootEnd
		line += p.Lines
		doc++
	}
	return out
}

// SetPieces makes placed the response's result, marks, layout and result resources: the
// resources are named at once, the rest is put together only when it is read whole (Whole),
// and a delta against another answer held as pieces is written from the pieces that differ
// (EncodeAnswer).
func (r *Response) SetPieces(placed []Placed) {
	r.Pieces = placed
	r.ResultResources = make([]string, 0, len(placed))
	for _, p := range placed {
		if p.Piece.Text != "" {
			r.ResultResources = append(r.ResultResources, p.Piece.Resource)
		}
	}
}

// Whole returns the response with its pieces (Pieces) put together into its result, marks and
// layout: r itself when it holds none, else a copy (r is not changed).
func (r *Response) Whole() *Response {
	if r.Pieces == nil {
		return r
	}
	out := *r
	out.Pieces = nil
	out.Result, out.Fields, out.Layout = joinPieces(r.Pieces)
	return &out
}

// joinPieces puts the placed pieces together: the result stream, the marks and the layout, each
// piece's moved to where it stands.
func joinPieces(placed []Placed) (string, []Field, Layout) {
	size, fields, blocks, folds := 0, 0, 0, 0
	for i := range placed {
		p := placed[i].Piece
		size, fields = size+len(p.Text)+len("---\n"), fields+len(placed[i].marks())
		blocks, folds = blocks+len(p.Layout.Blocks), folds+len(p.Layout.Folds)
	}
	var text strings.Builder
	text.Grow(size)
	out := make([]Field, 0, fields)
	layout := Layout{Blocks: make([][2]int, 0, blocks), Folds: make([]Fold, 0, folds)}
	for i := range placed {
		p := &placed[i]
		if p.Piece.Text != "" {
			if p.Doc > 0 {
				text.WriteString("---\n")
			}
			text.WriteString(p.Piece.Text)
			layout = MoveLayout(layout, p.Piece.Layout, p.Lines)
		}
		out = MoveFields(out, p.marks(), p.Lines, p.Doc)
	}
	return text.String(), out, layout
}

// MoveFields appends to out a piece's marks moved to the stream: result lines down by lines,
// places' documents down by docs. A deleted mark stands on live's lines and a dropped one on
// updated's (Mark.LinesOf; a piece never holds a conflict): only their places move.
func MoveFields(out, fields []Field, lines, docs int) []Field {
	for _, f := range fields {
		if f.Place != nil {
			place := *f.Place
			place.After += lines
			place.Under = down(place.Under, lines)
			place.Doc += docs
			f.Place = &place
		}
		if f.Mark != Deleted && f.Mark != Dropped {
			f.Line, f.EndLine = down(f.Line, lines), down(f.EndLine, lines)
		}
		out = append(out, f)
	}
	return out
}

// MoveLayout appends a piece's blocks and folds to to's, moved down by lines.
func MoveLayout(to, piece Layout, lines int) Layout {
	for _, b := range piece.Blocks {
		to.Blocks = append(to.Blocks, [2]int{b[0] + lines, b[1] + lines})
	}
	for _, f := range piece.Folds {
		f.Line, f.EndLine = f.Line+lines, f.EndLine+lines
		to.Folds = append(to.Folds, f)
	}
	return to
}

// down moves a line down by lines; 0 (no line) stays 0.
func down(line, lines int) int {
	if line == 0 {
		return 0
	}
	return line + lines
}
