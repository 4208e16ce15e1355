package explain

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Walker collects the marks of one resource.
type Walker struct {
	// Resource is the resource's identity, written into every mark.
	Resource string
	// Layout locates the result's nodes.
	Layout *yamltree.Layout
	fields []contract.Field
}

// Fields returns the marks made so far.
func (w *Walker) Fields() []contract.Field { return w.fields }

// Mark records one mark. A non-positive or equal endLine is dropped.
func (w *Walker) Mark(path fieldpath.Path, mark contract.Mark, line, endLine int, reason string) {
	w.mark(path, mark, line, endLine, reason, "")
}

func (w *Walker) mark(path fieldpath.Path, mark contract.Mark, line, endLine int, reason string, rule decision.Rule) {
	if endLine <= line {
		endLine = 0
	}
	w.fields = append(w.fields, contract.Field{Resource: w.Resource, Path: path.String(), Mark: mark, Line: line,
		EndLine: endLine, Reason: reason, Rule: string(rule)})
}

// Placed is a mark a mode decided, with the nodes it is about.
type Placed struct {
	Path fieldpath.Path
	Mark contract.Mark
	// Result is the value in the result; Live live's value, and Key live's key when a map field
	// was removed (a deleted mark stands on live's lines).
	Result, Live, Key *yamltree.Node
	// Whole: the mark covers the value's every line (an item, a map, a list replaced whole).
	Whole  bool
	Rule   decision.Rule
	Reason string
}

// Place records a mark where its nodes are: a deleted one on live's lines (its key's line for a
// map field), any other on the result's.
func (w *Walker) Place(p Placed) {
	if p.Mark == contract.Deleted {
		line := p.Live.Pos.Line
		if p.Key != nil {
			line = p.Key.Pos.Line
		}
		end := 0
		if p.Whole || p.Key != nil {
			end = LastLine(p.Live)
		}
		w.mark(p.Path, p.Mark, line, end, p.Reason, p.Rule)
		return
	}
	end := 0
	if p.Whole || p.Result.Kind != yamltree.ScalarNode {
		end = w.EndLine(p.Result)
	}
	w.mark(p.Path, p.Mark, w.Layout.Line(p.Result), end, p.Reason, p.Rule)
}

// PlaceAt records a mark on a line already known (a conflict's line in live).
func (w *Walker) PlaceAt(p Placed, line int) {
	w.mark(p.Path, p.Mark, line, 0, p.Reason, p.Rule)
}
