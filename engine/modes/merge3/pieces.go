package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/linediff"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// piece is one group's part of an answer: its action, its decision log, its result document
// written as if it were the result's only one (ynode.EmitAlone), its marks and warnings placed
// there, and the local copy as read for the line diff. assemble moves the pieces to their places
// in the result stream. A piece is kept in the request's memo (modes.Memo) under the group's
// documents and answers the next request whose group holds the same documents, read the same way
// (mirrored) and named the same way (byKioName): it is worked out from those and the options
// alone.
type piece struct {
	name   string
	action action
	log    *decision.Log
	// mirrored says kio copied the annotations' legacy names (two resources or more: see
	// groupResources); byKioName that the group is named as kio keys it, its name taken.
	mirrored, byKioName bool
	// written says the result holds the resource: text is its document, lines counts its lines,
	// rootEnd is its root's last line; holds says the writer ended it holding a comment for the
	// text after it (ynode.EmitAlone), so that no document may follow it here.
	written        bool
	text           string
	lines, rootEnd int
	holds          bool
	// layout, fields and warnings have their result lines counted from the document's first
	// line; a resource the result lacks is drawn before the first document (Place.After 0,
	// Place.Doc 0).
	layout   contract.Layout
	fields   []contract.Field
	warnings []Warning
	// local is the local copy's document as read; nil when the local copy lacks the resource.
	local *ynode.Node
}

// render writes one group's piece from its outcome, named.
func render(o *outcome, rules kyamlRules) *piece {
	p := &piece{name: o.name, action: o.action, log: o.decisions}
	_, layout := ynode.Emit(nil)
	if o.result != nil {
		doc := &ynode.Node{Kind: ynode.DocumentNode, HeadComment: o.docHead, Content: []*ynode.Node{o.result}}
		p.text, layout, p.holds = ynode.EmitAlone(doc)
		p.written, p.lines, p.rootEnd = true, strings.Count(p.text, "\n"), layout.EndLine(o.result)
		p.layout = resultLayout(layout, []*outcome{o})
	}
	p.fields = o.marks(layout, rules, spot{})
	for _, d := range o.dropped {
		p.warnings = append(p.warnings, d.warning(o.name))
	}
	p.warnings = append(p.warnings, danglingAliases(o.name, o.result, layout)...)
	if l := o.group.local; l != nil {
		p.local = localDocument(l)
	}
	return p
}

// assemble writes the answer from the pieces, in order: the result stream with the marks,
// layout and warnings moved to where each document stands in it, the decision book,
// extra.actions and extra.warnings, and the line diff. It reports false, having written
// nothing that counts, when a document holds a comment for one written after it: the stream
// must then be written whole.
func assemble(resp *contract.Response, pieces []*piece, diffs *linediff.Memo) bool {
	text := sized(resp, pieces)
	at, holding := stitch{}, false
	actions, warnings := make([]ActionInfo, 0, len(pieces)), []Warning{}
	for _, p := range pieces {
		actions = append(actions, ActionInfo{Resource: p.name, Action: p.action})
		resp.Decisions[p.name] = p.log
		lines := at.rootEnd
		if p.written {
			if holding {
				return false
			}
			if at.doc > 0 {
				text.WriteString("---\n")
				at.line++
			}
			text.WriteString(p.text)
			lines = at.line
			at.layout(&resp.Layout, p.layout)
		}
		resp.Fields = at.moved(resp.Fields, p.fields, lines)
		warnings = append(warnings, movedWarnings(p.warnings, lines)...)
		if p.written {
			at.rootEnd, at.line, at.doc, holding = at.line+p.rootEnd, at.line+p.lines, at.doc+1, p.holds
		}
	}
	resp.Result = text.String()
	resp.Extra["actions"] = ActionInfos(actions)
	resp.Extra["warnings"] = Warnings(warnings)
	resp.LiveDiff = piecesDiff(pieces, resp.Result, diffs)
	return true
}

// sized makes room in resp for the pieces' marks and layout, and returns a builder with room
// for their text.
func sized(resp *contract.Response, pieces []*piece) *strings.Builder {
	size, fields, blocks, folds := 0, 0, 0, 0
	for _, p := range pieces {
		size, fields = size+len(p.text)+len("---\n"), fields+len(p.fields)
		blocks, folds = blocks+len(p.layout.Blocks), folds+len(p.layout.Folds)
	}
	text := &strings.Builder{}
	text.Grow(size)
	resp.Fields = make([]contract.Field, 0, fields)
	resp.Layout = contract.Layout{Folds: make([]contract.Fold, 0, folds)}
	if blocks > 0 {
		resp.Layout.Blocks = make([][2]int, 0, blocks) // nil when none, as ynode's layout says
	}
	return text
}

// piecesDiff is liveDiff for an answer assembled from pieces.
func piecesDiff(pieces []*piece, result string, diffs *linediff.Memo) func() []linediff.Hunk {
	var locals []named
	var names []string
	for _, p := range pieces {
		if p.local != nil {
			locals = append(locals, named{name: p.name, doc: p.local})
		}
		if p.written {
			names = append(names, p.name)
		}
	}
	return lineDiff(locals, result, names, diffs)
}

// stitch is where assemble stands in the result stream: the lines and documents written, and
// the last line of the last document's root.
type stitch struct {
	line, doc, rootEnd int
}

// layout adds a piece's blocks and folds to the stream's, moved down to the piece's document.
func (s stitch) layout(to *contract.Layout, piece contract.Layout) {
	for _, b := range piece.Blocks {
		to.Blocks = append(to.Blocks, [2]int{b[0] + s.line, b[1] + s.line})
	}
	for _, f := range piece.Folds {
		f.Line, f.EndLine = f.Line+s.line, f.EndLine+s.line
		to.Folds = append(to.Folds, f)
	}
}

// moved appends to out a piece's marks moved to the stream: result lines down by lines (the
// lines above the piece's document, or for a resource the result lacks, the line it is drawn
// after), documents by the documents written. A deleted mark stands on live's lines and a dropped
// one on updated's: only their places move.
func (s stitch) moved(out, fields []contract.Field, lines int) []contract.Field {
	for _, f := range fields {
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
		out = append(out, f)
	}
	return out
}

// movedWarnings returns a piece's warnings with the result's lines (input "result") moved down
// by lines; an input's lines stay.
func movedWarnings(warnings []Warning, lines int) []Warning {
	out := make([]Warning, len(warnings))
	for i, w := range warnings {
		if w.Input == "result" {
			w.Line = down(w.Line, lines)
		}
		out[i] = w
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
