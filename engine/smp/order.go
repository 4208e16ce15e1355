package smp

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
	sort.SliceStable(items, func(i, j int) bool {
		if ii := indexIn(order, items[i], mergeKey, elem); ii >= 0 {
			if ij := indexIn(order, items[j], mergeKey, elem); ij >= 0 {
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
			li := indexIn(serverOrder, left[i], mergeKey, elem)
			ri := indexIn(serverOrder, right[j], mergeKey, elem)
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

// indexIn returns the position in l of the item matching v: by merge key value for maps, by
// value otherwise; -1 when absent.
func indexIn(l []*yamltree.Node, v *yamltree.Node, mergeKey string, elem kind) int {
	identity := func(n *yamltree.Node) *yamltree.Node { return n }
	if elem == kindMap {
		identity = func(n *yamltree.Node) *yamltree.Node {
			if kindOf(n) != kindMap {
				return nil
			}
			return keyOf(n, mergeKey)
		}
	}
	want := identity(v)
	for i, item := range l {
		if sameKey(want, identity(item)) {
			return i
		}
	}
	return -1
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
	for _, v := range merged {
		found := false
		for _, b := range by {
			if sameScalar(v, b) {
				found = true
				break
			}
		}
		if found {
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
	for _, v := range merged {
		_, key, err := itemAndKey(v, mergeKey)
		if err != nil {
			return nil, nil, err
		}
		_, found, err := findByKey(by, mergeKey, key)
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
