package typed

import (
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
// structured-merge-diff vectors in engine/managed/testdata and scripts/conformance/ssadiff):
// two cursors walk live and the config, and each round does the first of these that applies:
//
//   - both cursors are on the same element: it is written (the config's item, live's merged in)
//     and both move on;
//   - live's item is one the config has too, but another item both have is due first (the next
//     one in the config's order not yet written): live's cursor passes over it, and it is
//     written when the config's cursor reaches it;
//   - live's item is one the config lacks: it is written, where live has it;
//   - live's item was written already from the config: live's cursor passes over it, and the
//     config's item under its cursor is written in the same round;
//   - otherwise the config's item under its cursor is written.
//
// So the config's items keep the config's order, and each item only live has follows the live
// item before it.
func itemOrder(live, config []fieldpath.Element) []written {
	var due []fieldpath.Element // items both have, in the config's order, not yet written
	for _, e := range config {
		if containsElement(live, e) {
			due = append(due, e)
		}
	}
	out := make([]written, 0, len(live)+len(config))
	writeConfig := func(j int) {
		out = append(out, written{live: -1, config: j})
		if len(due) > 0 && fieldset.Equal(due[0], config[j]) {
			due = due[1:]
		}
	}
	i, j := 0, 0
	for i < len(live) || j < len(config) {
		if i < len(live) {
			e := live[i]
			inConfig := containsElement(config, e)
			switch {
			case j < len(config) && fieldset.Equal(e, config[j]):
				writeConfig(j)
				i, j = i+1, j+1
				continue
			case j < len(config) && inConfig && len(due) > 0 && !fieldset.Equal(due[0], e):
				i++
				continue
			case !inConfig:
				out = append(out, written{live: i, config: -1})
				i++
				continue
			case containsElement(config[:j], e):
				i++
			}
		}
		if j < len(config) {
			writeConfig(j)
			j++
		}
	}
	return out
}

// withPath sets the path of an *Error that has none.
func withPath(err error, path fieldpath.Path) error {
	if e, ok := err.(*Error); ok && e.Path == nil {
		e.Path = path
	}
	return err
}
