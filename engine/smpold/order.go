package smpold

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The reference orders merged lists in three steps, reproduced here: items named by the patch
// are sorted by the patch's order (or $setElementOrder), items only the server has by the
// server's order, and the two runs are interleaved by the server's order where both items are
// known to it, the patch's item first otherwise.

// normalizeElementOrder orders the merged list from its patch items and server-only items.
func normalizeElementOrder(patch, serverOnly, patchOrder, serverOrder []*yamltree.Node, mergeKey string, elem kind) ([]*yamltree.Node, error) {
	patch, err := normalizeSliceOrder(patch, patchOrder, mergeKey, elem)
	if err != nil {
		return nil, err
	}
	serverOnly, err = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, elem)
	if err != nil {
		return nil, err
	}
	return interleave(serverOnly, patch, serverOrder, mergeKey, elem), nil
}

// normalizeSliceOrder sorts items by their position in order (stable; an item missing from
// order compares as "less", which is the reference's comparison). Delete directives go last.
func normalizeSliceOrder(items, order []*yamltree.Node, mergeKey string, elem kind) ([]*yamltree.Node, error) {
	var deletes []*yamltree.Node
	if elem == kindMap {
		if err := requireMergeKeys(mergeKey, items, order); err != nil {
			return nil, err
		}
		items, deletes = splitDeleteDirectives(items)
	}
	positions := newOrderIndex(order, mergeKey, elem)
	at := make(map[*yamltree.Node]int, len(items)) // each item's position in order, found once
	for _, item := range items {
		at[item] = positions.of(item)
	}
	sort.SliceStable(items, func(i, j int) bool {
		if ii := at[items[i]]; ii >= 0 {
			if ij := at[items[j]]; ij >= 0 {
				return ii < ij
			}
		}
		return true
	})
	return append(items, deletes...), nil
}

// interleave merges two ordered runs by their position in serverOrder.
func interleave(left, right, serverOrder []*yamltree.Node, mergeKey string, elem kind) []*yamltree.Node {
	out := make([]*yamltree.Node, 0, len(left)+len(right))
	positions := newOrderIndex(serverOrder, mergeKey, elem)
	i, j := 0, 0
	for i < len(left) || j < len(right) {
		switch {
		case i >= len(left):
			out = append(out, right[j])
			j++
		case j >= len(right):
			out = append(out, left[i])
			i++
		default:
			li := positions.of(left[i])
			ri := positions.of(right[j])
			if li >= 0 && ri >= 0 && li < ri {
				out = append(out, left[i])
				i++
			} else {
				out = append(out, right[j])
				j++
			}
		}
	}
	return out
}

// orderIndex finds the position in a list of the first item matching a value: by merge key value
// for lists of maps, by value otherwise (sameKey's matching), in constant time. The reference
// searches the list for every comparison of its sort, which takes minutes on lists of thousands.
type orderIndex struct {
	first    map[string]int
	mergeKey string
	elem     kind
}

// newOrderIndex indexes l.
func newOrderIndex(l []*yamltree.Node, mergeKey string, elem kind) orderIndex {
	o := orderIndex{first: make(map[string]int, len(l)), mergeKey: mergeKey, elem: elem}
	for i, item := range l {
		if text, ok := o.identity(item); ok {
			if _, seen := o.first[text]; !seen {
				o.first[text] = i
			}
		}
	}
	return o
}

// of returns the position of the first item of the list matching v, -1 when none does.
func (o orderIndex) of(v *yamltree.Node) int {
	if text, ok := o.identity(v); ok {
		if i, found := o.first[text]; found {
			return i
		}
	}
	return -1
}

// identity returns the text by which an item is found: its merge key's for a list of maps (an
// item that is not a map has a missing key), its own otherwise. See matchText.
func (o orderIndex) identity(item *yamltree.Node) (string, bool) {
	if o.elem != kindMap {
		return matchText(item)
	}
	if kindOf(item) != kindMap {
		return matchText(nil)
	}
	return matchText(keyOf(item, o.mergeKey))
}

// requireMergeKeys checks that every item of the lists is a map holding the merge key.
func requireMergeKeys(mergeKey string, lists ...[]*yamltree.Node) error {
	for _, l := range lists {
		for _, item := range l {
			if _, _, err := itemAndKey(item, mergeKey); err != nil {
				return err
			}
		}
	}
	return nil
}

// splitDeleteDirectives separates items carrying "$patch: delete".
func splitDeleteDirectives(items []*yamltree.Node) (keep, deletes []*yamltree.Node) {
	for _, v := range items {
		if d := v.Get(directiveKey); d != nil && kindOf(d) == kindString && d.Value == deleteDirective {
			deletes = append(deletes, v)
		} else {
			keep = append(keep, v)
		}
	}
	return keep, deletes
}

// partitionPrimitives splits merged into the values present in by and the others.
func partitionPrimitives(merged, by []*yamltree.Node) (inPatch, serverOnly []*yamltree.Node) {
	inPatch = make([]*yamltree.Node, 0, len(merged))
	serverOnly = make([]*yamltree.Node, 0, len(merged))
	in := make(map[string]bool, len(by))
	for _, b := range by {
		if text, ok := scalarKeyText(b); ok {
			in[text] = true
		}
	}
	for _, v := range merged {
		if text, ok := scalarKeyText(v); ok && in[text] {
			inPatch = append(inPatch, v)
		} else {
			serverOnly = append(serverOnly, v)
		}
	}
	return inPatch, serverOnly
}

// partitionMaps splits merged into the maps whose key appears in by and the others.
func partitionMaps(merged, by []*yamltree.Node, mergeKey string) (inPatch, serverOnly []*yamltree.Node, err error) {
	inPatch = make([]*yamltree.Node, 0, len(merged))
	serverOnly = make([]*yamltree.Node, 0, len(merged))
	index := newKeyIndex(by, mergeKey)
	for _, v := range merged {
		_, key, err := itemAndKey(v, mergeKey)
		if err != nil {
			return nil, nil, err
		}
		_, found, err := index.find(key)
		if err != nil {
			return nil, nil, err
		}
		if found {
			inPatch = append(inPatch, v)
		} else {
			serverOnly = append(serverOnly, v)
		}
	}
	return inPatch, serverOnly, nil
}

// findByKey returns the index of the first map in l whose mergeKey equals value.
func findByKey(l []*yamltree.Node, mergeKey string, value *yamltree.Node) (int, bool, error) {
	for i, v := range l {
		if kindOf(v) != kindMap {
			return 0, false, errorAt(v, "value for key %d is not a map", i)
		}
		if hasKey(v, mergeKey) && sameKey(keyOf(v, mergeKey), value) {
			return i, true, nil
		}
	}
	return 0, false, nil
}

// keyIndex answers findByKey on a list in constant time: the first map holding each merge key
// value, and the first item that is not a map (findByKey fails on it when it comes before the
// match). Keep it in step with the list through appended.
type keyIndex struct {
	list        []*yamltree.Node
	mergeKey    string
	first       map[string]int
	firstNonMap int // -1 while every item is a map
}

// newKeyIndex indexes l.
func newKeyIndex(l []*yamltree.Node, mergeKey string) *keyIndex {
	x := &keyIndex{mergeKey: mergeKey, first: make(map[string]int, len(l)), firstNonMap: -1}
	for _, v := range l {
		x.appended(v)
	}
	return x
}

// appended records v, appended to the list.
func (x *keyIndex) appended(v *yamltree.Node) {
	x.list = append(x.list, v)
	i := len(x.list) - 1
	if kindOf(v) != kindMap {
		if x.firstNonMap < 0 {
			x.firstNonMap = i
		}
		return
	}
	if !hasKey(v, x.mergeKey) {
		return
	}
	if text, ok := matchText(keyOf(v, x.mergeKey)); ok {
		if _, seen := x.first[text]; !seen {
			x.first[text] = i
		}
	}
}

// find returns what findByKey(list, mergeKey, value) returns.
func (x *keyIndex) find(value *yamltree.Node) (int, bool, error) {
	i, found := 0, false
	if text, ok := matchText(value); ok {
		i, found = x.first[text]
	}
	if x.firstNonMap >= 0 && (!found || x.firstNonMap < i) {
		return 0, false, errorAt(x.list[x.firstNonMap], "value for key %d is not a map", x.firstNonMap)
	}
	return i, found, nil
}
