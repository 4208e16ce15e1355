package contract

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// A delta between two answers held in pieces (Response.Pieces) is written from the pieces
// alone: a piece both answers hold (the same *Piece, its marks not written for its place, or
// standing where it stood) is kept, its text as it is and its line numbers moved by the
// shift of its place; only the pieces that differ are compared item by item and line by line,
// as two whole answers are. A long stream's key then neither puts the result and its marks
// together nor compares them whole: a value typed into changes one piece of 4,200.

// run is a stretch of the two answers' pieces: a[a0:a1] kept as b[b0:b1] (the same pieces, each
// moved by lines and docs), or changed into them.
type run struct {
	a0, a1, b0, b1 int
	kept           bool
	lines, docs    int
}

// pieceRuns pairs the pieces of a with b's: each piece of b found among a's after the last one
// kept, and kept where it may be (keepable), starts a kept run that goes on while the pieces
// follow each other alike, moved alike; what lies between two kept runs is changed.
func pieceRuns(a, b []Placed) []run {
	index := make(map[*Piece]int, len(a))
	for i := range a {
		index[a[i].Piece] = i
	}
	var runs []run
	i, j, from := 0, 0, 0 // a[i:] not yet read, b[from:j] changed so far
	for j < len(b) {
		p, found := index[b[j].Piece]
		if !found || p < i || !keepable(&a[p], &b[j], b[j].Lines-a[p].Lines, b[j].Doc-a[p].Doc) {
			j++
			continue
		}
		if p > i || j > from {
			runs = append(runs, run{a0: i, a1: p, b0: from, b1: j})
		}
		kept := run{a0: p, b0: j, kept: true, lines: b[j].Lines - a[p].Lines, docs: b[j].Doc - a[p].Doc}
		n := 1
		for p+n < len(a) && j+n < len(b) && a[p+n].Piece == b[j+n].Piece &&
			b[j+n].Lines-a[p+n].Lines == kept.lines && b[j+n].Doc-a[p+n].Doc == kept.docs &&
			keepable(&a[p+n], &b[j+n], kept.lines, kept.docs) {
			n++
		}
		kept.a1, kept.b1 = p+n, j+n
		runs = append(runs, kept)
		i, j = p+n, j+n
		from = j
	}
	if i < len(a) || from < len(b) {
		runs = append(runs, run{a0: i, a1: len(a), b0: from, b1: len(b)})
	}
	return runs
}

// keepable reports whether x (the last answer's) may be kept as y (the same piece), moved by
// lines and docs: its marks alike (written for its place only when it stays there), its text
// opened alike ("---" before every document but the first), and none of its line numbers 0
// in the last answer that the shift would have to move (a place after line 0 of the first
// document: a delta never moves a 0).
func keepable(x, y *Placed, lines, docs int) bool {
	switch {
	case (x.Fields == nil) != (y.Fields == nil):
		return false
	case x.Fields != nil && (lines != 0 || docs != 0):
		return false
	case x.Piece.Text != "" && (x.Doc == 0) != (y.Doc == 0):
		return false
	}
	return lines == 0 || x.Lines > 0
}

// pieceUnits counts the UTF-16 units of the placed pieces' text in the result, "---" lines
// included.
func pieceUnits(placed []Placed) int {
	n := 0
	for i := range placed {
		if t := placed[i].Piece.Text; t != "" {
			if placed[i].Doc > 0 {
				n += len("---\n")
			}
			n += placed[i].Piece.Units
		}
	}
	return n
}

// pieceText is the placed pieces' text in the result, "---" lines included.
func pieceText(placed []Placed) string {
	var b strings.Builder
	for i := range placed {
		if t := placed[i].Piece.Text; t != "" {
			if placed[i].Doc > 0 {
				b.WriteString("---\n")
			}
			b.WriteString(t)
		}
	}
	return b.String()
}

// textEdit is one step of a text's script: keep or drop n UTF-16 units ('k', 'd'), or insert
// text ('i').
type textEdit struct {
	kind byte
	n    int
	text string
}

// writePieceText writes the result part of a delta from the runs between a's pieces and b's:
// a kept run kept as its length, a changed one's texts compared by lines (as writeText
// compares two whole texts), b's whole text when the script would be long.
func writePieceText(w *jsonwire.Writer, runs []run, a, b []Placed) {
	var edits []textEdit
	for _, r := range runs {
		if r.kept {
			edits = keepUnits(edits, pieceUnits(a[r.a0:r.a1]))
			continue
		}
		edits = textEdits(edits, pieceText(a[r.a0:r.a1]), pieceText(b[r.b0:r.b1]))
	}
	if len(edits) > 0 && edits[len(edits)-1].kind == 'k' {
		edits = edits[:len(edits)-1] // what follows the last edit is kept
	}
	switch {
	case len(edits) == 0:
		return
	case len(edits) > maxEdits:
		w.Key("result").String(pieceText(b))
		return
	}
	w.Key("result").OpenObject()
	w.Key("edits").OpenArray()
	for _, e := range edits {
		w.OpenObject()
		switch e.kind {
		case 'k':
			w.Key("keep").Int(e.n)
		case 'd':
			w.Key("drop").Int(e.n)
		default:
			w.Key("text").String(e.text)
		}
		w.CloseObject()
	}
	w.CloseArray()
	w.CloseObject()
}

// keepUnits appends a keep of n units, joined to a keep before it.
func keepUnits(edits []textEdit, n int) []textEdit {
	switch {
	case n == 0:
		return edits
	case len(edits) > 0 && edits[len(edits)-1].kind == 'k':
		edits[len(edits)-1].n += n
		return edits
	}
	return append(edits, textEdit{kind: 'k', n: n})
}

// textEdits appends the edits turning the text a into b, every unit of a kept or dropped: the
// lines both begin and end with kept, the lines between matched as writeText matches them.
func textEdits(edits []textEdit, a, b string) []textEdit {
	if a == b {
		return keepUnits(edits, utf16Length(a))
	}
	head, tail := commonLines(a, b)
	edits = keepUnits(edits, utf16Length(a[:head]))
	la, lb := lines(a[head:len(a)-tail]), lines(b[head:len(b)-tail])
	script := change(nil, len(la), 0, len(lb))
	if len(la) > 0 && len(lb) > 0 {
		m := matcher{la: len(la), lb: len(lb),
			match: func(i, j int, _ *shift, _ bool) bool { return la[i] == lb[j] },
			keyA:  func(i int) uint64 { return hashText(la[i]) },
			keyB:  func(j int) uint64 { return hashText(lb[j]) },
		}
		script = m.middle(nil, 0, len(la), 0, len(lb))
	}
	at := 0 // the line of la the next edit starts at
	for _, e := range script {
		switch e.kind {
		case 'k':
			edits = keepUnits(edits, utf16Length(la[at:at+e.n]...))
			at += e.n
		case 'd':
			edits = append(edits, textEdit{kind: 'd', n: utf16Length(la[at : at+e.n]...)})
			at += e.n
		default:
			edits = append(edits, textEdit{kind: 'i', text: strings.Join(lb[e.from:e.to], "")})
		}
	}
	if at < len(la) {
		edits = append(edits, textEdit{kind: 'd', n: utf16Length(la[at:]...)})
	}
	return keepUnits(edits, utf16Length(a[len(a)-tail:]))
}

// pieceList says how a list part of a delta is read from pieces: how many items a placed piece
// holds, its items moved to where it stands, how the items hold line numbers, and the shift of
// a kept run.
type pieceList[T jsonwire.Marshaler] struct {
	count  func(p *Placed) int
	items  func(out []T, p *Placed) []T
	n      numbered[T]
	shifts func(lines, docs int) shift
}

// listEdit is one step of a list's script (edit), the items it inserts given.
type listEdit[T any] struct {
	edit
	items []T
}

// pieceListEdits is the script turning the list of a's pieces into b's, from their runs: a kept
// run kept with its shift, a changed one's items compared as writeShifted compares two whole
// lists; ok is false when the script is long (the part is then b's whole).
func pieceListEdits[T jsonwire.Marshaler](runs []run, a, b []Placed, l pieceList[T]) (edits []listEdit[T], ok bool) {
	for _, r := range runs {
		if r.kept {
			n := 0
			for i := r.a0; i < r.a1; i++ {
				n += l.count(&a[i])
			}
			edits = keepItems(edits, n, l.shifts(r.lines, r.docs))
			continue
		}
		x, y := itemsOf(a[r.a0:r.a1], l), itemsOf(b[r.b0:r.b1], l)
		m := matcher{la: len(x), lb: len(y), match: func(i, j int, s *shift, learn bool) bool {
			return l.n.same(x[i], y[j]) && (l.n.moved == nil || l.n.moved(x[i], y[j], s, learn))
		}}
		if l.n.key != nil {
			m.keyA = func(i int) uint64 { return l.n.key(x[i]) }
			m.keyB = func(j int) uint64 { return l.n.key(y[j]) }
		}
		script, short := m.script()
		if !short {
			script = change(nil, len(x), 0, len(y))
		}
		covered := 0
		for _, e := range script {
			switch e.kind {
			case 'k':
				edits, covered = keepItems(edits, e.n, e.shift), covered+e.n
			case 'd':
				edits, covered = append(edits, listEdit[T]{edit: e}), covered+e.n
			default:
				edits = append(edits, listEdit[T]{edit: e, items: y[e.from:e.to]})
			}
		}
		edits = keepItems(edits, len(x)-covered, shift{})
		if len(edits) > maxEdits+1 {
			return nil, false
		}
	}
	if len(edits) > 0 && edits[len(edits)-1].kind == 'k' && edits[len(edits)-1].shift.by == [spaces]int{} {
		edits = edits[:len(edits)-1] // what follows the last edit is kept as it is
	}
	return edits, len(edits) <= maxEdits
}

// keepItems appends a keep of n items moved by s, joined to a keep before it moved alike.
func keepItems[T any](edits []listEdit[T], n int, s shift) []listEdit[T] {
	switch {
	case n == 0:
		return edits
	case len(edits) > 0 && edits[len(edits)-1].kind == 'k' && edits[len(edits)-1].shift.by == s.by:
		edits[len(edits)-1].n += n
		return edits
	}
	return append(edits, listEdit[T]{edit: edit{kind: 'k', n: n, shift: s}})
}

// itemsOf is the placed pieces' items, each moved to where its piece stands.
func itemsOf[T jsonwire.Marshaler](placed []Placed, l pieceList[T]) []T {
	var out []T
	for i := range placed {
		out = l.items(out, &placed[i])
	}
	return out
}

// writePieceList writes the list part key of b's pieces from its script (pieceListEdits):
// nothing when the list did not change, b's whole list when the script is long (!ok).
func writePieceList[T jsonwire.Marshaler](w *jsonwire.Writer, key string, edits []listEdit[T], ok bool, b []Placed, l pieceList[T]) {
	switch {
	case !ok:
		jsonwire.List[T](itemsOf(b, l)).WriteJSON(w.Key(key))
		return
	case len(edits) == 0:
		return
	}
	w.Key(key).OpenObject()
	w.Key("edits").OpenArray()
	for _, e := range edits {
		w.OpenObject()
		switch e.kind {
		case 'k':
			w.Key("keep").Int(e.n)
			writeShift(w, e.shift)
		case 'd':
			w.Key("drop").Int(e.n)
		default:
			jsonwire.List[T](e.items).WriteJSON(w.Key("items"))
		}
		w.CloseObject()
	}
	w.CloseArray()
	w.CloseObject()
}

// resultShift is the shift of a kept run's marks: the result's lines and documents.
func resultShift(lines, docs int) shift {
	return shift{by: [spaces]int{resultLines: lines, resultDocs: docs}}
}

// layoutShift is the shift of a kept run's blocks and folds: the result's lines.
func layoutShift(lines, _ int) shift {
	return shift{by: [spaces]int{resultLines: lines}}
}

// writePieceLayout writes the layout part from a's pieces and b's, when its blocks or folds
// changed.
func writePieceLayout(w *jsonwire.Writer, runs []run, a, b []Placed) {
	blockEdits, blocksOK := pieceListEdits(runs, a, b, pieceBlocks)
	foldEdits, foldsOK := pieceListEdits(runs, a, b, pieceFolds)
	if blocksOK && foldsOK && len(blockEdits) == 0 && len(foldEdits) == 0 {
		return
	}
	w.Key("layout").OpenObject()
	writePieceList(w, "blocks", blockEdits, blocksOK, b, pieceBlocks)
	writePieceList(w, "folds", foldEdits, foldsOK, b, pieceFolds)
	w.CloseObject()
}

// pieceMarks reads the marks from pieces.
var pieceMarks = pieceList[Field]{
	count:  func(p *Placed) int { return len(p.marks()) },
	items:  func(out []Field, p *Placed) []Field { return MoveFields(out, p.marks(), p.Lines, p.Doc) },
	n:      marks,
	shifts: resultShift,
}

// pieceBlocks reads the layout's blocks from pieces (a piece without text has none).
var pieceBlocks = pieceList[block]{
	count: func(p *Placed) int {
		if p.Piece.Text == "" {
			return 0
		}
		return len(p.Piece.Layout.Blocks)
	},
	items: func(out []block, p *Placed) []block {
		if p.Piece.Text == "" {
			return out
		}
		for _, b := range p.Piece.Layout.Blocks {
			out = append(out, block{b[0] + p.Lines, b[1] + p.Lines})
		}
		return out
	},
	n:      blockNumbers,
	shifts: layoutShift,
}

// pieceFolds reads the layout's folds from pieces (a piece without text has none).
var pieceFolds = pieceList[Fold]{
	count: func(p *Placed) int {
		if p.Piece.Text == "" {
			return 0
		}
		return len(p.Piece.Layout.Folds)
	},
	items: func(out []Fold, p *Placed) []Fold {
		if p.Piece.Text == "" {
			return out
		}
		return MoveLayout(Layout{Folds: out}, Layout{Folds: p.Piece.Layout.Folds}, p.Lines).Folds
	},
	n:      foldNumbers,
	shifts: layoutShift,
}
