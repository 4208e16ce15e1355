package contract

import (
	"maps"
	"slices"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// AnswerKey is the extra key that numbers an answer given to a caller that takes deltas
// (Request.Deltas).
const AnswerKey = "answer"

// Sent is an answer as it was written to a caller that takes deltas: its number, the response
// and each extra value's JSON, against which the next answer is written as a delta
// (EncodeAnswer). The response must not change once sent.
type Sent struct {
	// Answer is the answer's number (its extra.answer).
	Answer   int
	response *Response
	extra    map[string][]byte
}

// sameValue is an extra value that tells whether it equals another one (of any type) faster
// than by their JSON: a long stream's extra.resources and extra.management, the same from one
// key to the next, are then not written again to be compared.
type sameValue interface {
	SameAs(other any) bool
}

// EncodeAnswer writes resp as answer number answer (its extra.answer, set here): as a delta
// against last when last is that caller's answer number since, else whole. It returns the text
// and what the next call takes as last. A delta (docs/contract.md, "Deltas") reads:
//
//	{"version": 2, "delta": {"since": 7, "answer": 8}, <each part that changed>}
//
// with, when it carries marks, the names they name by index (names.go: a delta's own, those of
// the marks it carries);
// a part being a top-level key of the whole answer ("layout" holding "blocks" and "folds"):
// a text (result, patch, reproduce) or a list (fields, conflicts, errors, commands, steps,
// layout's blocks and folds) either whole, or as {"edits": [...]}, a script read from the start
// of the last answer's value: {"keep": n} (n UTF-16 code units of a text, n items of a list,
// the items' line numbers moved by "shift": {"result", "live", "updated", "docs"}), {"drop": n},
// {"text": "..."} or {"items": [...]} inserted; what follows the last edit is kept as it is.
// extra is {"set": {key: value}, "edit": {key: {"edits": [...]}}, "drop": [key]}: a value whole,
// a list's script (its kept items never move), a key gone. A part missing is the last answer's.
func EncodeAnswer(resp *Response, last *Sent, since, answer int) ([]byte, *Sent, error) {
	copied := *resp.Normalize() // a copy: resp's extra may be another response's (a history's last step's)
	resp = &copied
	resp.Extra = maps.Clone(resp.Extra)
	resp.Extra[AnswerKey] = answer
	next := &Sent{Answer: answer, response: resp, extra: make(map[string][]byte, len(resp.Extra))}
	for k, v := range resp.Extra {
		if s, ok := v.(sameValue); ok && last != nil && s.SameAs(last.response.Extra[k]) {
			next.extra[k] = last.extra[k] // the same JSON, not written again
			continue
		}
		var w jsonwire.Writer
		writeExtraValue(&w, v)
		text, err := w.Bytes()
		if err != nil {
			return nil, nil, err
		}
		next.extra[k] = text
	}
	var w jsonwire.Writer
	if last == nil || last.Answer != since || since == 0 {
		whole := resp.Whole()
		w.Grow(whole.encodedSize())
		whole.writeJSON(&w, next.extra, resp.Version)
	} else {
		writeDelta(&w, last, next)
	}
	text, err := w.Bytes()
	return text, next, err
}

// writeDelta writes next as a delta against last.
func writeDelta(w *jsonwire.Writer, last, next *Sent) {
	a, b := last.response, next.response
	w.OpenObject()
	w.Key("version").Int(b.Version)
	w.Key("delta").OpenObject()
	w.Key("since").Int(last.Answer)
	w.Key("answer").Int(next.Answer)
	w.CloseObject()
	var runs []run
	if a.Pieces != nil && b.Pieces != nil {
		runs = pieceRuns(a.Pieces, b.Pieces)
		writePieceText(w, runs, a.Pieces, b.Pieces)
	} else {
		a, b = a.Whole(), b.Whole()
		writeText(w, "result", a.Result, b.Result)
	}
	writeText(w, "patch", a.Patch, b.Patch)
	named := newNames(b.Version)
	if a.Pieces != nil {
		writePieceMarks(w, runs, a.Pieces, b.Pieces, named)
	} else {
		writeShifted(w, "fields", markMatcher(a.Fields, b.Fields), func(w *jsonwire.Writer, from, to int) {
			named.writeMarks(w, b.Fields[from:to])
		})
	}
	if named.gathered() {
		named.write(w)
	}
	writeShifted(w, "conflicts", conflictMatcher(a.Conflicts, b.Conflicts), func(w *jsonwire.Writer, from, to int) {
		jsonwire.WriteList(w, b.Conflicts[from:to])
	})
	writeShifted(w, "errors", errorMatcher(a.Errors, b.Errors), func(w *jsonwire.Writer, from, to int) {
		jsonwire.WriteList(w, b.Errors[from:to])
	})
	writeExtraDelta(w, last.extra, next.extra)
	writeShifted(w, "commands", commandMatcher(a.Commands, b.Commands), func(w *jsonwire.Writer, from, to int) {
		jsonwire.WriteList(w, b.Commands[from:to])
	})
	writeText(w, "reproduce", a.Reproduce, b.Reproduce)
	if a.Pieces != nil {
		writePieceLayout(w, runs, a.Pieces, b.Pieces)
	} else if !slices.Equal(a.Layout.Blocks, b.Layout.Blocks) || !slices.Equal(a.Layout.Folds, b.Layout.Folds) {
		w.Key("layout").OpenObject()
		newBlocks := blocks(b.Layout.Blocks)
		writeShifted(w, "blocks", blockMatcher(blocks(a.Layout.Blocks), newBlocks), func(w *jsonwire.Writer, from, to int) {
			jsonwire.WriteList(w, newBlocks[from:to])
		})
		writeShifted(w, "folds", foldMatcher(a.Layout.Folds, b.Layout.Folds), func(w *jsonwire.Writer, from, to int) {
			jsonwire.WriteList(w, b.Layout.Folds[from:to])
		})
		w.CloseObject()
	}
	writeShifted(w, "steps", stepMatcher(a.Steps, b.Steps), func(w *jsonwire.Writer, from, to int) {
		writeSteps(w, b.Steps[from:to], b.Version)
	})
	w.CloseObject()
}

// The spaces line numbers count in: a delta's list part moves each space's numbers in the items
// it keeps at its end by a shift of its own (the result's lines, live's, updated's, and the
// result's documents).
const (
	resultLines = iota
	liveLines
	updatedLines
	resultDocs
	spaces
)

// spaceNames are the spaces' keys in a list part's shift.
var spaceNames = [spaces]string{"result", "live", "updated", "docs"}

// Each list of a response has its matcher, which says how its items hold line numbers: b[j] is
// a[i] when the two are the same but for those numbers and b[j]'s numbers are a[i]'s moved by the
// shift s, learning the shift of a space not yet known when learn is set (else every shift is 0),
// s left as it was when they are not (step); its key hashes an item but for its numbers (none:
// items are not found again past a change). A number 0 (no line) is never moved; a document's
// number always is. The matchers are functions of an item's index, not one generic function over
// the lists' types: the wasm would hold the delta's code once per type.

// shift is the move of each space's numbers, and which are known.
type shift struct {
	_     incomparable.Field
	by    [spaces]int
	known [spaces]bool
}

// step reports whether the number from is to moved by s in space (see the matchers, markMatcher).
func (s *shift) step(space, from, to int, learn bool) bool {
	switch {
	case space != resultDocs && (from == 0 || to == 0):
		return from == to
	case s.known[space] || !learn:
		return to-from == s.by[space]
	}
	s.by[space], s.known[space] = to-from, true
	return true
}

// lineSpace is the space a mark's lines count in: live's for deleted and conflicting marks,
// updated's for dropped ones, the result's for the others.
func lineSpace(m Mark) int {
	switch m.LinesOf() {
	case "live":
		return liveLines
	case "updated":
		return updatedLines
	}
	return resultLines
}

// markMatcher compares two lists of marks: their lines in the text their mark counts them in,
// their place's in the result.
func markMatcher(a, b []Field) matcher {
	return matcher{la: len(a), lb: len(b),
		match: func(i, j int, s *shift, learn bool) bool {
			return sameMark(a[i], b[j]) && markMoved(a[i], b[j], s, learn)
		},
		keyA: func(i int) uint64 { return markKey(a[i]) },
		keyB: func(j int) uint64 { return markKey(b[j]) },
	}
}

// markKey hashes a mark but for its numbers.
func markKey(f Field) uint64 { return hashText(f.Resource + "\x00" + f.Path + "\x00" + string(f.Mark)) }

// sameMark compares two marks but for their numbers.
func sameMark(a, b Field) bool {
	if (a.Place == nil) != (b.Place == nil) || a.Place != nil && a.Place.Shift != b.Place.Shift {
		return false
	}
	a.Place, b.Place = nil, nil
	a.Line, a.EndLine, b.Line, b.EndLine = 0, 0, 0, 0
	return a == b
}

// markMoved reports whether b's numbers are a's moved by s (step), s left as it was when not.
func markMoved(a, b Field, s *shift, learn bool) bool {
	next, space := *s, lineSpace(a.Mark)
	if !next.step(space, a.Line, b.Line, learn) || !next.step(space, a.EndLine, b.EndLine, learn) {
		return false
	}
	if a.Place != nil && (!next.step(resultLines, a.Place.After, b.Place.After, learn) ||
		!next.step(resultLines, a.Place.Under, b.Place.Under, learn) || !next.step(resultDocs, a.Place.Doc, b.Place.Doc, learn)) {
		return false
	}
	*s = next
	return true
}

// conflictMatcher compares two lists of conflicts: their lines are live's.
func conflictMatcher(a, b []Conflict) matcher {
	return matcher{la: len(a), lb: len(b),
		match: func(i, j int, s *shift, learn bool) bool {
			return sameConflict(a[i], b[j]) && s.step(liveLines, a[i].Line, b[j].Line, learn)
		},
		keyA: func(i int) uint64 { return conflictKey(a[i]) },
		keyB: func(j int) uint64 { return conflictKey(b[j]) },
	}
}

// conflictKey hashes a conflict but for its line.
func conflictKey(c Conflict) uint64 { return hashText(c.Resource + "\x00" + c.Path) }

// sameConflict compares two conflicts but for their lines.
func sameConflict(a, b Conflict) bool {
	a.Line, b.Line = 0, 0
	return a == b
}

// blockMatcher compares two lists of the layout's blocks: their lines are the shown text's,
// counted as the result's.
func blockMatcher(a, b []block) matcher {
	return matcher{la: len(a), lb: len(b), match: func(i, j int, s *shift, learn bool) bool {
		next := *s
		if !next.step(resultLines, a[i][0], b[j][0], learn) || !next.step(resultLines, a[i][1], b[j][1], learn) {
			return false
		}
		*s = next
		return true
	}}
}

// foldMatcher compares two lists of the layout's folds: their lines are the result's.
func foldMatcher(a, b []Fold) matcher {
	return matcher{la: len(a), lb: len(b),
		match: func(i, j int, s *shift, learn bool) bool {
			return sameFold(a[i], b[j]) && foldMoved(a[i], b[j], s, learn)
		},
		keyA: func(i int) uint64 { return hashText(a[i].Path) },
		keyB: func(j int) uint64 { return hashText(b[j].Path) },
	}
}

// sameFold compares two folds but for their lines.
func sameFold(a, b Fold) bool {
	a.Line, a.EndLine, b.Line, b.EndLine = 0, 0, 0, 0
	return a == b
}

// foldMoved reports whether b's lines are a's moved by s (step), s left as it was when not.
func foldMoved(a, b Fold, s *shift, learn bool) bool {
	next := *s
	if !next.step(resultLines, a.Line, b.Line, learn) || !next.step(resultLines, a.EndLine, b.EndLine, learn) {
		return false
	}
	*s = next
	return true
}

// errorMatcher compares two lists of errors, which hold no line numbers of the spaces a delta
// shifts.
func errorMatcher(a, b []Error) matcher {
	return matcher{la: len(a), lb: len(b), match: func(i, j int, _ *shift, _ bool) bool { return a[i] == b[j] }}
}

// commandMatcher compares two lists of commands, which hold no line numbers (sameCommand).
func commandMatcher(a, b []Command) matcher {
	return matcher{la: len(a), lb: len(b), match: func(i, j int, _ *shift, _ bool) bool { return sameCommand(a[i], b[j]) }}
}

// stepMatcher compares two lists of steps, the same when they are the same response.
func stepMatcher(a, b []*Response) matcher {
	return matcher{la: len(a), lb: len(b), match: func(i, j int, _ *shift, _ bool) bool { return a[i] == b[j] }}
}

// writeExtraDelta writes extra's keys whose value changed, and those dropped: a list (its JSON an
// array) as a script of its items when that is shorter, any other value whole.
func writeExtraDelta(w *jsonwire.Writer, a, b map[string][]byte) {
	var set, edited, drop []string
	scripts := map[string][]edit{}
	for k, v := range b {
		old, ok := a[k]
		switch {
		case ok && string(old) == string(v):
		case ok && isArray(old) && isArray(v):
			if edits, short := itemScript(items(old), items(v)); short {
				scripts[k] = edits
				edited = append(edited, k)
				continue
			}
			set = append(set, k)
		default:
			set = append(set, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			drop = append(drop, k)
		}
	}
	if len(set) == 0 && len(edited) == 0 && len(drop) == 0 {
		return
	}
	slices.Sort(set)
	slices.Sort(edited)
	slices.Sort(drop)
	w.Key("extra").OpenObject()
	w.Key("set").OpenObject()
	for _, k := range set {
		w.Key(k).Raw(b[k])
	}
	w.CloseObject()
	if len(edited) > 0 {
		w.Key("edit").OpenObject()
		for _, k := range edited {
			writeRawScript(w.Key(k), scripts[k], items(b[k]))
		}
		w.CloseObject()
	}
	w.Key("drop").Strings(append([]string{}, drop...))
	w.CloseObject()
}

// itemScript is the script turning the items a into b (each an item's JSON); short is false when
// it would be long.
func itemScript(a, b [][]byte) (edits []edit, short bool) {
	m := matcher{la: len(a), lb: len(b),
		match: func(i, j int, _ *shift, _ bool) bool { return string(a[i]) == string(b[j]) },
		keyA:  func(i int) uint64 { return hashText(string(a[i])) },
		keyB:  func(j int) uint64 { return hashText(string(b[j])) },
	}
	edits, short = m.script()
	return edits, short && edits != nil
}

// writeRawScript writes a script of a list whose items are given as JSON (itemScript's keeps
// shift nothing).
func writeRawScript(w *jsonwire.Writer, edits []edit, b [][]byte) {
	writeEdits(w, edits, func(w *jsonwire.Writer, from, to int) {
		w.OpenArray()
		for _, item := range b[from:to] {
			w.Raw(item)
		}
		w.CloseArray()
	})
}

// isArray reports whether a value's JSON is an array.
func isArray(text []byte) bool { return len(text) > 1 && text[0] == '[' }

// items splits an array's JSON (as jsonwire writes it: no spaces) into its items' JSON.
func items(text []byte) [][]byte {
	var out [][]byte
	depth, start, quoted := 0, 1, false
	for i := 1; i < len(text)-1; i++ {
		c := text[i]
		switch {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, text[start:i])
			start = i + 1
		}
	}
	if len(text) > 2 {
		out = append(out, text[start:len(text)-1])
	}
	return out
}

// block is one of the layout's blocks, as a list item.
type block [2]int

// WriteJSON writes the block as [line, end].
func (b block) WriteJSON(w *jsonwire.Writer) {
	w.OpenArray()
	w.Int(b[0])
	w.Int(b[1])
	w.CloseArray()
}

// blocks returns the layout's blocks as list items.
func blocks(list [][2]int) []block {
	out := make([]block, len(list))
	for i, b := range list {
		out[i] = b
	}
	return out
}

// sameCommand compares two commands as their JSON reads (Command.WriteJSON): field by field, an
// output of nil (null) apart from an empty one ([]), warnings left out when there are none. A
// long stream's command prints a line per resource: its JSON, written twice to be compared, was
// a fifteenth of an edit's garbage. TestSameCommandReadsEveryField keeps it to the fields.
func sameCommand(a, b Command) bool {
	return a.Tool == b.Tool && a.Line == b.Line && a.About == b.About && a.Error == b.Error &&
		(a.Output == nil) == (b.Output == nil) && slices.Equal(a.Output, b.Output) && slices.Equal(a.Warnings, b.Warnings)
}
