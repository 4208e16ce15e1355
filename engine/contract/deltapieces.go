package contract

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
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
	_              incomparable.Field
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
	_    incomparable.Field
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
	case len(edits) > maxEdits+1:
		w.Key("result").String(pieceText(b))
		return
	}
	writeTextScript(w, "result", edits)
}

// writeTextScript writes the part key as a text's script.
func writeTextScript(w *jsonwire.Writer, key string, edits []textEdit) {
	w.Key(key).OpenObject()
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

// pieceMarkEdits is the script turning the marks of a's pieces into b's, from their runs: a
// kept run kept with its shift, a changed one's marks compared as writeShifted compares two
// whole lists (inserted gathers the marks the script inserts, its inserts' ranges counted in
// them); ok is false when the script is long (the part is then b's whole).
func pieceMarkEdits(runs []run, a, b []Placed) (edits []edit, inserted []Field, ok bool) {
	for _, r := range runs {
		if r.kept {
			n := 0
			for i := r.a0; i < r.a1; i++ {
				n += len(a[i].marks())
			}
			edits = keepItems(edits, n, shift{by: [spaces]int{resultLines: r.lines, resultDocs: r.docs}})
			continue
		}
		x, y := placedMarks(a[r.a0:r.a1]), placedMarks(b[r.b0:r.b1])
		script, short := markMatcher(x, y).script()
		if !short {
			return nil, nil, false
		}
		covered := 0
		for _, e := range script {
			switch e.kind {
			case 'k':
				edits, covered = keepItems(edits, e.n, e.shift), covered+e.n
			case 'd':
				edits, covered = append(edits, e), covered+e.n
			default:
				e.from, e.to = e.from+len(inserted), e.to+len(inserted)
				edits = append(edits, e)
			}
		}
		edits = keepItems(edits, len(x)-covered, shift{}) // script leaves an end kept as it is unsaid
		inserted = append(inserted, y...)
		if len(edits) > maxEdits+1 {
			return nil, nil, false
		}
	}
	edits = withoutKeptEnd(edits)
	return edits, inserted, len(edits) <= maxEdits
}

// keepItems appends a keep of n items moved by s, joined to a keep before it moved alike.
func keepItems(edits []edit, n int, s shift) []edit {
	switch {
	case n == 0:
		return edits
	case len(edits) > 0 && edits[len(edits)-1].kind == 'k' && edits[len(edits)-1].shift.by == s.by:
		edits[len(edits)-1].n += n
		return edits
	}
	return append(edits, edit{kind: 'k', n: n, shift: shift{by: s.by}})
}

// withoutKeptEnd drops a script's last keep when it moves nothing: what follows the last edit
// is kept as it is.
func withoutKeptEnd(edits []edit) []edit {
	if len(edits) > 0 && edits[len(edits)-1].kind == 'k' && edits[len(edits)-1].shift.by == [spaces]int{} {
		return edits[:len(edits)-1]
	}
	return edits
}

// writePieceMarks writes the marks part from a's pieces and b's, when it changed, the marks it
// carries naming their strings in named.
func writePieceMarks(w *jsonwire.Writer, runs []run, a, b []Placed, named *markNames) {
	edits, inserted, ok := pieceMarkEdits(runs, a, b)
	switch {
	case !ok:
		named.writeMarks(w.Key("fields"), placedMarks(b))
	case len(edits) > 0:
		writeScript(w, "fields", edits, func(w *jsonwire.Writer, from, to int) { named.writeMarks(w, inserted[from:to]) })
	}
}

// placedMarks is the placed pieces' marks, each moved to where its piece stands.
func placedMarks(placed []Placed) []Field {
	var out []Field
	for i := range placed {
		out = MoveFields(out, placed[i].marks(), placed[i].Lines, placed[i].Doc)
	}
	return out
}

// layoutEdits are the scripts of the layout's blocks and folds, and the items they insert.
type layoutEdits struct {
	blocks, folds []edit
	newBlocks     [][2]int
	newFolds      []Fold
}

// pieceLayoutEdits is the scripts turning the layout of a's pieces into b's, from their runs:
// a kept run kept with its shift, a changed one's blocks (or folds) kept when they are the same,
// else dropped and b's inserted (a piece's layout is a few items).
func pieceLayoutEdits(runs []run, a, b []Placed) layoutEdits {
	var l layoutEdits
	for _, r := range runs {
		if r.kept {
			blocks, folds := 0, 0
			for i := r.a0; i < r.a1; i++ {
				if p := a[i].Piece; p.Text != "" {
					blocks, folds = blocks+len(p.Layout.Blocks), folds+len(p.Layout.Folds)
				}
			}
			moved := shift{by: [spaces]int{resultLines: r.lines}}
			l.blocks = keepItems(l.blocks, blocks, moved)
			l.folds = keepItems(l.folds, folds, moved)
			continue
		}
		x, y := placedLayout(a[r.a0:r.a1]), placedLayout(b[r.b0:r.b1])
		if slices.Equal(x.Blocks, y.Blocks) {
			l.blocks = keepItems(l.blocks, len(x.Blocks), shift{})
		} else {
			l.blocks = change(l.blocks, len(x.Blocks), len(l.newBlocks), len(l.newBlocks)+len(y.Blocks))
			l.newBlocks = append(l.newBlocks, y.Blocks...)
		}
		if slices.Equal(x.Folds, y.Folds) {
			l.folds = keepItems(l.folds, len(x.Folds), shift{})
		} else {
			l.folds = change(l.folds, len(x.Folds), len(l.newFolds), len(l.newFolds)+len(y.Folds))
			l.newFolds = append(l.newFolds, y.Folds...)
		}
	}
	l.blocks, l.folds = withoutKeptEnd(l.blocks), withoutKeptEnd(l.folds)
	return l
}

// writePieceLayout writes the layout part from a's pieces and b's, when its blocks or folds
// changed: each list as its script, or whole when the script is long.
func writePieceLayout(w *jsonwire.Writer, runs []run, a, b []Placed) {
	l := pieceLayoutEdits(runs, a, b)
	if len(l.blocks) == 0 && len(l.folds) == 0 {
		return
	}
	w.Key("layout").OpenObject()
	switch {
	case len(l.blocks) > maxEdits:
		jsonwire.WriteList(w.Key("blocks"), blocks(placedLayout(b).Blocks))
	case len(l.blocks) > 0:
		inserted := blocks(l.newBlocks)
		writeScript(w, "blocks", l.blocks, func(w *jsonwire.Writer, from, to int) { jsonwire.WriteList(w, inserted[from:to]) })
	}
	switch {
	case len(l.folds) > maxEdits:
		jsonwire.WriteList(w.Key("folds"), placedLayout(b).Folds)
	case len(l.folds) > 0:
		writeScript(w, "folds", l.folds, func(w *jsonwire.Writer, from, to int) { jsonwire.WriteList(w, l.newFolds[from:to]) })
	}
	w.CloseObject()
}

// placedLayout is the placed pieces' blocks and folds, each moved to where its piece stands.
func placedLayout(placed []Placed) Layout {
	var out Layout
	for i := range placed {
		if placed[i].Piece.Text != "" {
			out = MoveLayout(out, placed[i].Piece.Layout, placed[i].Lines)
		}
	}
	return out
}
