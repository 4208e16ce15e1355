package explain

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Spot is where one resource stands in a result written by package yamltree, for drawing what
// live holds and the result lacks (a deleted mark's place).
type Spot struct {
	// Result and Live are the resource's roots; Result is nil when the result lacks the
	// resource, Live when live does.
	Result, Live *yamltree.Node
	// Doc is the resource's document in the result; when Result is nil, the document it is
	// drawn before (the number of documents written before it).
	Doc int
	// After is, when Result is nil, the result line it is drawn after: the last line of the
	// document written before it (0 when none was).
	After int
}

// Spots locates the resources of a result stream: results are their roots in the order the
// stream holds them (nil for a resource the result lacks, which is drawn where it stands in
// that order) and lives their roots in live (nil where live lacks one).
func Spots(layout *yamltree.Layout, results, lives []*yamltree.Node) []Spot {
	out := make([]Spot, len(results))
	doc, after := 0, 0
	for i, r := range results {
		out[i] = Spot{Result: r, Doc: doc, After: after}
		if i < len(lives) {
			out[i].Live = lives[i]
		}
		if r != nil {
			doc++
			after = layout.EndLine(r)
		}
	}
	return out
}

// Removed says where a value live holds at path, on live's line, is drawn in the result: after
// the last line of the nearest value before it in live that the result still holds (in the
// same map or list), else right under the map or list holding it (above a document's first
// line, for a field of the root), moved so that it stands where the result's own keys or items
// stand there (a value inside a flow collection shares its holder's line, which moves as the
// holder would). A whole resource the result lacks goes between documents, where Spots put it.
func (s Spot) Removed(layout *yamltree.Layout, path fieldpath.Path, line int) *contract.Place {
	if s.Result == nil || s.Live == nil || len(path) == 0 {
		return &contract.Place{After: s.After, Doc: s.Doc}
	}
	result, live := s.Result, s.Live
	shift := 0 // the shift of the line holding live's value, for a value inside a flow collection
	for depth, el := range path {
		at := childIndex(live, el, line)
		if at < 0 {
			break
		}
		next := Step(result, el)
		if next == nil {
			h := holder{result: result, live: live, el: el, root: depth == 0}
			if live.Style != yamltree.Flow {
				shift = h.column(layout) - anchor(live, at)
			}
			return &contract.Place{After: h.after(layout, at), Shift: shift, Under: h.line(layout), Doc: s.Doc}
		}
		if !result.IsScalar() && live.Style != yamltree.Flow {
			shift = layout.Indent(result) - anchor(live, at)
		}
		result, live = next, childAt(live, at)
	}
	return &contract.Place{After: layout.EndLine(result), Doc: s.Doc}
}

// holder is the map or list of the result that lacks a value live's same map or list holds.
type holder struct {
	result, live *yamltree.Node
	// el selects the missing value; root says the holder is a document's root.
	el   fieldpath.Element
	root bool
}

// after is the result line after which live's value at index at is drawn.
func (h holder) after(layout *yamltree.Layout, at int) int {
	for j := at - 1; j >= 0; j-- {
		if twin := h.counterpart(j); twin != nil {
			return layout.EndLine(twin)
		}
	}
	if h.root {
		return layout.Line(h.result) - 1
	}
	return h.line(layout)
}

// line is the result line that opens the holder (its key's, or its item's "-" line); 0 for a
// document's root.
func (h holder) line(layout *yamltree.Layout) int {
	if h.root {
		return 0
	}
	return layout.Line(h.result)
}

// column is where the result's keys or items stand in the holder (a scalar that replaced a
// collection has none: the value is drawn where live had it).
func (h holder) column(layout *yamltree.Layout) int {
	if h.result.IsScalar() {
		return anchor(h.live, -1)
	}
	return layout.Indent(h.result)
}

// counterpart is the result's value for live's value at index j of the holder: the same key, the
// item with the same key fields (those live's item holds) or value, or the same position.
func (h holder) counterpart(j int) *yamltree.Node {
	if h.live.IsMap() {
		return Step(h.result, fieldpath.Element{Field: h.live.Fields[j].Key.Value})
	}
	sibling := h.live.Items[j]
	switch {
	case h.el.Keys != nil:
		var keys []fieldpath.KeyValue
		for _, kv := range h.el.Keys {
			if v := sibling.Get(kv.Name); v != nil {
				keys = append(keys, fieldpath.KeyValue{Name: kv.Name, Value: v})
			}
		}
		if keys == nil {
			return nil
		}
		return Step(h.result, fieldpath.Element{Keys: keys})
	case h.el.Value != nil:
		return Step(h.result, fieldpath.Element{Value: sibling})
	case h.el.IsIndex:
		return Step(h.result, fieldpath.Element{Index: j, IsIndex: true})
	}
	return nil
}

// childIndex is the index of the field or item el selects in live's map or list; an item whose
// key fields do not all match (live may lack one the schema defaults) is found by the line it
// spans. -1 when there is none.
func childIndex(live *yamltree.Node, el fieldpath.Element, line int) int {
	if live.IsMap() {
		return live.Index(el.Field)
	}
	if !live.IsList() {
		return -1
	}
	if el.IsIndex {
		if el.Index < len(live.Items) {
			return el.Index
		}
		return -1
	}
	for i, it := range live.Items {
		if selects(it, el) {
			return i
		}
	}
	for i, it := range live.Items {
		if it.Pos.Line <= line && line <= LastLine(it) {
			return i
		}
	}
	return -1
}

// childAt is the value at index at of live's map or list.
func childAt(live *yamltree.Node, at int) *yamltree.Node {
	if live.IsMap() {
		return live.Fields[at].Value
	}
	return live.Items[at]
}

// anchor is the column (0-based) where live's value at index at of a block map or list starts
// its lines: its key, or its item's "-"; with at -1, where the holder's own values stand.
func anchor(live *yamltree.Node, at int) int {
	column := 0
	switch {
	case live.IsMap() && at >= 0:
		column = live.Fields[at].Key.Pos.Column
	case live.IsList():
		column = live.Pos.Column
	case live.IsMap() && len(live.Fields) > 0:
		column = live.Fields[0].Key.Pos.Column
	}
	return max(column-1, 0)
}
