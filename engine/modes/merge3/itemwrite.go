package merge3

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// Writing merged items into a list: each takes the place of the items its identity claims, or
// goes at the end (put). The same step gathers the merged items (mergeRows) and takes the
// emptied ones out of the local list (takeClaimed).

// The refusals of kyaml's item setter, which the mode reports where the list is.
var (
	errNotMap    = errors.New("wrong node kind: expected MappingNode")
	errNotScalar = errors.New("wrong node kind: expected ScalarNode")
)

// claim is what becomes of an item of a list when another is put into it.
type claim uint8

const (
	keepItem    claim = iota // it stays where it is
	replaceItem              // the new item takes its place (nothing does when none is put)
	dropItem                 // it goes
)

// claimOf decides what becomes of it when an item is put by the lookup by: null and empty
// items go (factEmptiesDropped); an item that is not a map stays where a field with a text
// decides; an item the lookup claims is replaced (factEmptyTextClaimsAny); with no texts to
// claim by, every item goes (factNoTextReplacesList); the others stay.
func claimOf(it *ynode.Node, by lookup) (claim, error) {
	switch {
	case it.IsEmptyMap():
		return dropItem, nil
	case it.Kind != ynode.MapNode && by.fields[0] != "" && len(by.texts) > 0 && by.texts[0] != "":
		return keepItem, nil
	}
	claimed, err := by.claims(it)
	switch {
	case err != nil:
		return keepItem, err
	case claimed:
		return replaceItem, nil
	case len(by.texts) == 0:
		return dropItem, nil
	}
	return keepItem, nil
}

// claims reports whether the lookup claims it: the texts are matched against the lookup's first
// fields, in order, each met by the field there with that text, or with any text when the text
// is "" (factEmptyTextClaimsAny); a lookup with no texts claims nothing. An item of the wrong
// kind for the fields (a map in a list of primitives, a scalar in a keyed list) is refused.
func (l lookup) claims(it *ynode.Node) (bool, error) {
	if len(l.texts) == 0 {
		return false, nil
	}
	for j, text := range l.texts {
		field := l.fields[j]
		switch {
		case field == "" && it.Kind != ynode.ScalarNode:
			return false, errNotScalar
		case field == "":
			if it.Text() != text {
				return false, nil
			}
		case it.Kind != ynode.MapNode:
			return false, errNotMap
		default:
			if v := it.Get(field); v == nil || (text != "" && v.Value != text) {
				return false, nil
			}
		}
	}
	return true, nil
}

// put puts item into items by the lookup by: it takes the place of every item claimed
// (factClaimedAllReplaced), or goes at the end when none is; a nil item takes the claimed items
// out.
func put(items []*ynode.Node, item *ynode.Node, by lookup) ([]*ynode.Node, error) {
	var out []*ynode.Node
	placed := false
	for _, it := range items {
		c, err := claimOf(it, by)
		switch {
		case err != nil:
			return nil, err
		case c == keepItem:
			out = append(out, it)
		case c == replaceItem:
			placed = true
			if item != nil {
				out = append(out, item)
			}
		}
	}
	if !placed && !item.IsNull() {
		out = append(out, item)
	}
	return out, nil
}

// takeClaimed takes the items set claims out of list.
func takeClaimed(list *ynode.Node, set lookup) error {
	content, err := put(list.Content, nil, set)
	if err != nil {
		return err
	}
	list.Content = content
	return nil
}

// writeItems writes the gathered items into list, in order, each by the texts it holds for the
// set fields: in a list of primitives by its own text; in a keyed list with several set fields,
// moved to the end (factSeveralKeysMoveToEnd); an item missing a set field is appended first
// (factMissingKeyAppended).
func writeItems(list *ynode.Node, gathered []*ynode.Node, fields []string) error {
	for _, item := range gathered {
		by := lookup{fields: fields}
		if fields[0] == "" {
			by.texts = []string{item.Value}
		} else {
			if item.Kind != ynode.MapNode {
				return errNotMap
			}
			by.texts = factMissingKeyAppended(list, item, fields)
		}
		if err := factSeveralKeysMoveToEnd(list, by); err != nil {
			return err
		}
		content, err := put(list.Content, item, by)
		if err != nil {
			return err
		}
		list.Content = content
	}
	return nil
}
