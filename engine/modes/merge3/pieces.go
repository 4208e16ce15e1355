package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
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
	at, holding := explain.Stitch{}, false
	actions, warnings := make([]ActionInfo, 0, len(pieces)), []Warning{}
	for _, p := range pieces {
		actions = append(actions, ActionInfo{Resource: p.name, Action: p.action})
		resp.Decisions[p.name] = p.log
		lines := at.RootEnd
		if p.written {
			if holding {
				return false
			}
			lines = at.Open(text)
			text.WriteString(p.text)
			at.Layout(&resp.Layout, p.layout, lines)
		}
		resp.Fields = at.Fields(resp.Fields, p.fields, lines)
		warnings = append(warnings, movedWarnings(p.warnings, lines)...)
		if p.written {
			at.Close(p.lines, p.rootEnd)
			holding = p.holds
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

// movedWarnings returns a piece's warnings with the result's lines (input "result") moved down
// by lines; an input's lines stay.
func movedWarnings(warnings []Warning, lines int) []Warning {
	out := make([]Warning, len(warnings))
	for i, w := range warnings {
		if w.Input == "result" {
			w.Line = explain.Down(w.Line, lines)
		}
		out[i] = w
	}
	return out
}
