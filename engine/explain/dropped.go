package explain

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Dropped says where an item of updated's list that the result lacks (a dropped mark, on
// updated's lines) is drawn in the result: right after the result's item it collided with (kept),
// else after the result's list, moved so that it stands where the result's list puts its items
// (items, updated's list, gives the columns it stands at in updated; an item of a flow list is
// not moved).
func (s Spot) Dropped(layout *yamltree.Layout, list, kept, items *yamltree.Node) *contract.Place {
	place := &contract.Place{After: layout.EndLine(list), Under: layout.Line(list), Doc: s.Doc}
	if kept != nil {
		place.After = layout.EndLine(kept)
	}
	if items.Style != yamltree.Flow && list.Style != yamltree.Flow {
		place.Shift = layout.Indent(list) - anchor(items, -1)
	}
	return place
}

// PlaceDropped records a dropped mark: on updated's lines (p.Updated, from its key's line when
// p.Key names a map field's key), drawn in the result where place says.
func (w *Walker) PlaceDropped(p Placed, place *contract.Place) {
	first := p.Updated.Pos.Line
	if p.Key != nil && p.Key.Pos.Line > 0 && p.Key.Pos.Line < first {
		first = p.Key.Pos.Line
	}
	f := w.mark(p.Path, contract.Dropped, first, LastLine(p.Updated), p.Reason, p.Rule)
	f.Place = place
}
