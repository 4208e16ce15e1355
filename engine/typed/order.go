package typed

import (
	"slices"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// alignItems pairs the items of two associative lists by element (their key fields, or their
// value for a set), in the order server-side apply writes the merged list (see itemOrder). An
// element live holds twice pairs with a null on live's side; the config may not hold an element
// twice.
func alignItems(path fieldpath.Path, t *schema.Type, live, config []*yamltree.Node) ([]aligned, error) {
	le, err := itemElements(t, live)
	if err != nil {
		return nil, withPath(err, path)
	}
	ce, err := itemElements(t, config)
	if err != nil {
		return nil, withPath(err, path)
	}
	for i, e := range ce {
		if countElement(ce[:i], e) > 0 {
			return nil, &Error{Pos: config[i].Pos, Path: path.Append(e), Message: "duplicate entries for this key"}
		}
	}
	out := make([]aligned, 0, len(live)+len(config))
	for _, w := range itemOrder(le, ce) {
		a := aligned{}
		switch {
		case w.config >= 0:
			a.elem, a.config = ce[w.config], config[w.config]
			a.live = itemOf(live, le, a.elem)
			if a.live.IsNull() && countElement(le, a.elem) > 1 {
				a.twins = itemsOf(live, le, a.elem)
			}
		default:
			a.elem, a.live = le[w.live], live[w.live]
		}
		out = append(out, a)
	}
	return out, nil
}

// itemOf returns the item of items whose element is e: nil when there is none, a null when there
// are several.
func itemOf(items []*yamltree.Node, elems []fieldpath.Element, e fieldpath.Element) *yamltree.Node {
	switch countElement(elems, e) {
	case 0:
		return nil
	case 1:
		return items[indexElement(elems, e)]
	}
	return yamltree.NewNull()
}

// itemsOf returns every item of items whose element is e.
func itemsOf(items []*yamltree.Node, elems []fieldpath.Element, e fieldpath.Element) []*yamltree.Node {
	var out []*yamltree.Node
	for i, x := range elems {
		if fieldset.Equal(x, e) {
			out = append(out, items[i])
		}
	}
	return out
}

// written is one item of the merged list: from the config (its index there, live's item merged
// in) or, when config is -1, a live item the config lacks (its index in live).
type written struct {
	live, config int
}

// itemOrder is the order of a merged associative list, as observed in the reference (the
// structured-merge-diff vectors in engine/managed/testdata, and scripts/conformance/ssadiff):
//
//   - the config's items keep the config's order, and so do the items both have;
//   - live is read in its order, and an item only live has is written when it is read;
//   - an item both have, read in live when it is the next one due in the config's order, is
//     written there, after the config's items before it that are not written yet; read out of
//     turn, it is passed over, to be written in its turn;
//   - once every item both have is written, a repeat of one of them still read in live (live
//     holds it twice) brings the config's next item along;
//   - what the config has left is written at the end.
//
// So with live [a, x, b] and the config [b, a], the order is x, b, a: a is passed over, x
// written when read, then b, whose turn it is, and a.
func itemOrder(live, config []fieldpath.Element) []written {
	out := make([]written, 0, len(live)+len(config))
	next := 0 // the config's first item not written yet
	writeConfigUpTo := func(end int) {
		for ; next < end && next < len(config); next++ {
			out = append(out, written{live: -1, config: next})
		}
	}
	turns := sharedTurns(live, config)
	for i, e := range live {
		at := indexElement(config, e)
		switch {
		case at < 0:
			out = append(out, written{live: i, config: -1})
		case len(turns) > 0 && turns[0] == at:
			writeConfigUpTo(at + 1)
			turns = turns[1:]
		case len(turns) == 0:
			writeConfigUpTo(next + 1)
		}
	}
	writeConfigUpTo(len(config))
	return out
}

// sharedTurns returns the indexes in config of the items live has too, in the config's order.
func sharedTurns(live, config []fieldpath.Element) []int {
	var out []int
	for j, e := range config {
		if containsElement(live, e) {
			out = append(out, j)
		}
	}
	return out
}

// withPath sets the path of an *Error that has none.
func withPath(err error, path fieldpath.Path) error {
	if e, ok := err.(*Error); ok && e.Path == nil {
		e.Path = slices.Clone(path)
	}
	return err
}
