package explain

import (
	"slices"

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
	// Spot is where the resource stands in the result and in live, for placing its deleted
	// marks; without its roots, a deleted mark is drawn where a whole resource would be.
	Spot   Spot
	fields []contract.Field
}

// Expect makes room for n more marks at once (a hint: more may come), so that a resource's marks
// take one allocation rather than one at each doubling of the list.
func (w *Walker) Expect(n int) {
	if n > 0 {
		w.fields = slices.Grow(w.fields, n)
	}
}

// Fields returns the marks made so far.
func (w *Walker) Fields() []contract.Field { return w.fields }

func (w *Walker) mark(path fieldpath.Path, mark contract.Mark, line, endLine int, reason string, rule decision.Rule) *contract.Field {
	if endLine <= line {
		endLine = 0
	}
	w.fields = append(w.fields, contract.Field{Resource: w.Resource, Path: path.String(), Mark: mark, Line: line,
		EndLine: endLine, Reason: reason, Rule: string(rule)})
	return &w.fields[len(w.fields)-1]
}

// Placed is a mark a mode decided, with the nodes it is about.
type Placed struct {
	Path fieldpath.Path
	Mark contract.Mark
	// Result is the value in the result; Live live's value, and Key live's key when a map field
	// was removed (a deleted mark stands on live's lines); Updated the config's value that the
	// result lacks (a dropped mark stands on updated's lines).
	Result, Live, Key, Updated *yamltree.Node
	Rule                       decision.Rule
	Reason                     string
}

// Place records a mark where its nodes are: a deleted one on live's lines (its key's line for a
// map field) and where the Spot says they are drawn in the result, any other on the result's.
// Either way the mark covers every line of its value.
func (w *Walker) Place(p Placed) {
	if p.Mark == contract.Deleted {
		line := p.Live.Pos.Line
		if p.Key != nil {
			line = p.Key.Pos.Line
		}
		f := w.mark(p.Path, p.Mark, line, LastLine(p.Live), p.Reason, p.Rule)
		f.Place = w.Spot.Removed(w.Layout, p.Path, line)
		return
	}
	w.mark(p.Path, p.Mark, w.Layout.Line(p.Result), w.EndLine(p.Result), p.Reason, p.Rule)
}
