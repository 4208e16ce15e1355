package merge3

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// spot is where a resource stands in the result: its document, and, for a resource the result
// lacks, the line it is drawn after (the last line of the document written before it).
type spot struct {
	doc, after int
}

// spots locates the outcomes in the result, in the order they were written.
func spots(outcomes []*outcome, layout *ynode.Layout) []spot {
	out := make([]spot, len(outcomes))
	doc, after := 0, 0
	for i, o := range outcomes {
		out[i] = spot{doc: doc, after: after}
		if o.result != nil {
			doc++
			after = layout.EndLine(o.result)
		}
	}
	return out
}

// wholePlace is where a resource the result lacks is drawn: between documents.
func (m *marker) wholePlace() *contract.Place {
	return &contract.Place{After: m.spot.after, Doc: m.spot.doc}
}

// fieldPlace is where the local map's entry name, which the result's map holder lacks, is drawn:
// after the last line of the nearest entry before it that holder still has, else right under
// holder's key (above a document's first line, for a field of the root), at holder's
// indentation.
func (m *marker) fieldPlace(holder, local *ynode.Node, name string, root bool) *contract.Place {
	after := m.opening(holder, root)
	for i := 0; i+1 < len(local.Content); i += 2 {
		if local.Content[i].Value == name {
			break
		}
		if _, kept := holder.Field(local.Content[i].Value); kept != nil {
			after = m.layout.EndLine(kept)
		}
	}
	under := 0
	if !root {
		under = m.opening(holder, false)
	}
	return &contract.Place{After: after, Shift: m.entryShift(holder, local, name, m.lineShift), Under: under, Doc: m.spot.doc}
}

// itemPlace is where the local list's item at index at, which the result's list holder lacks,
// is drawn: after the last line of the nearest item before it that holder still has (inResult),
// else right under holder's key, at holder's indentation.
func (m *marker) itemPlace(holder, local *ynode.Node, at int, inResult map[*ynode.Node]bool) *contract.Place {
	after := m.opening(holder, false)
	for _, li := range local.Content[:at] {
		if kept := m.res.liveOf[li]; inResult[kept] {
			after = m.layout.EndLine(kept)
		}
	}
	shift := m.lineShift // a flow list's items share the line of its key
	if local.Style != ynode.Flow {
		shift = m.layout.Indent(holder) - srcColumn(local, m.layout.Indent(holder))
	}
	return &contract.Place{After: after, Shift: shift, Under: m.opening(holder, false), Doc: m.spot.doc}
}

// entryShift is the shift that moves the line of the local map's entry name to the result
// map holder's indentation; for an entry of a flow map, which shares its map's line, the shift
// of that line (outer).
func (m *marker) entryShift(holder, local *ynode.Node, name string, outer int) int {
	key, _ := local.Field(name)
	if key == nil || local.Style == ynode.Flow {
		return outer
	}
	return m.layout.Indent(holder) - srcColumn(key, m.layout.Indent(holder))
}

// opening is the line that opens a map or list of the result: its key's line, an item's "-"
// line, or the line above a document's first.
func (m *marker) opening(holder *ynode.Node, root bool) int {
	switch {
	case root:
		return m.layout.Line(holder) - 1
	case m.layout.KeyLine(holder) > 0:
		return m.layout.KeyLine(holder)
	}
	return m.layout.Line(holder)
}

// srcColumn is the column (0-based) where a node of the local copy starts in live (for a block
// list, its first "-"); otherwise when it was not read from live.
func srcColumn(n *ynode.Node, otherwise int) int {
	if n == nil || n.Src == nil || n.Src.Pos.Column < 1 {
		return otherwise
	}
	return n.Src.Pos.Column - 1
}

// lastApplied is kubectl's annotation, a block a reader may fold.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// resultLayout is the result's layout: the blocks the writer recorded, and each resource's
// managedFields and last-applied annotation written over several lines, which a reader may fold.
func resultLayout(layout *ynode.Layout, outcomes []*outcome) contract.Layout {
	out := contract.Layout{Blocks: layout.Blocks(), Folds: []contract.Fold{}}
	for _, o := range outcomes {
		if o.result == nil {
			continue
		}
		m := o.result.Get("metadata")
		for _, f := range []struct {
			path  string // as fieldpath writes it
			value *ynode.Node
		}{
			{".metadata.managedFields", m.Get("managedFields")},
			{".metadata.annotations." + lastApplied, m.Get("annotations").Get(lastApplied)},
		} {
			if f.value == nil {
				continue
			}
			line := layout.KeyLine(f.value)
			if line == 0 {
				line = layout.Line(f.value) // a scalar starts on its key's line
			}
			if end := layout.EndLine(f.value); line > 0 && end > line {
				out.Folds = append(out.Folds, contract.Fold{Path: f.path, Line: line, EndLine: end})
			}
		}
	}
	return out
}
