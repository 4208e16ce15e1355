package smpold

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// diffPolicy says which differences a diff writes into its patch. The three-way patch is built
// from two diffs with different policies (see ThreeWay).
type diffPolicy struct {
	setElementOrder bool // write $setElementOrder lists
	skipAdditions   bool // leave out additions and changes (only deletions)
	skipDeletions   bool // leave out deletions
	buildRetainKeys bool // this map's field has the retainKeys strategy
}

// diffMaps returns the patch that turns original into modified, as far as policy asks.
func diffMaps(original, modified *yamltree.Node, schema Schema, policy diffPolicy) (*yamltree.Node, error) {
	patch := newMap()
	var retained []*yamltree.Node
	for _, f := range modified.Fields {
		key, mv := f.Key.Value, f.Value
		if policy.buildRetainKeys && !mv.IsNull() {
			retained = append(retained, yamltree.NewString(key))
		}
		i := original.Index(key)
		if i < 0 {
			if !policy.skipAdditions {
				patch.Set(key, mv)
			}
			continue
		}
		ov := original.Fields[i].Value
		if key == directiveKey {
			if kindOf(ov) != kindString || kindOf(mv) != kindString {
				return nil, errorAt(mv, "invalid value for special key: %s", directiveKey)
			}
			if ov.Value != mv.Value {
				patch.Set(key, mv)
			}
			continue
		}
		if kindOf(ov) != kindOf(mv) {
			if !policy.skipAdditions {
				patch.Set(key, mv)
			}
			continue
		}
		var err error
		switch kindOf(ov) {
		case kindMap:
			err = diffMapField(key, ov, mv, patch, schema, policy)
		case kindList:
			err = diffListField(key, ov, mv, patch, schema, policy)
		default:
			if !policy.skipAdditions && !equalValues(ov, mv) {
				patch.Set(key, mv)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if !policy.skipDeletions {
		for _, f := range original.Fields {
			if !modified.Has(f.Key.Value) {
				patch.Set(f.Key.Value, nullAt(f.Value))
			}
		}
	}
	if len(retained) > 0 && (len(patch.Fields) > 0 || hasDroppedField(original, modified)) {
		patch.Set(retainKeysKey, list(sortScalars(retained)))
	}
	return patch, nil
}

// nullAt returns a null that remembers where the deleted value stood.
func nullAt(deleted *yamltree.Node) *yamltree.Node {
	n := yamltree.NewNull()
	n.Pos = deleted.Pos
	return n
}

// hasDroppedField reports whether original has a non-null field modified lacks.
func hasDroppedField(original, modified *yamltree.Node) bool {
	for _, f := range original.Fields {
		if !f.Value.IsNull() && !modified.Has(f.Key.Value) {
			return true
		}
	}
	return false
}

func diffMapField(key string, ov, mv, patch *yamltree.Node, schema Schema, policy diffPolicy) error {
	sub, meta, err := schema.Struct(key)
	if err != nil {
		if equalValues(ov, mv) {
			return nil
		}
		return err
	}
	retainKeys, strategy, err := meta.strategy()
	if err != nil {
		return err
	}
	policy.buildRetainKeys = retainKeys
	if strategy == replaceDirective {
		if !policy.skipAdditions {
			patch.Set(key, mv)
		}
		return nil
	}
	value, err := diffMaps(ov, mv, sub, policy)
	if err != nil {
		return err
	}
	if len(value.Fields) > 0 {
		patch.Set(key, value)
	}
	return nil
}

func diffListField(key string, ov, mv, patch *yamltree.Node, schema Schema, policy diffPolicy) error {
	sub, meta, err := schema.Slice(key)
	if err != nil {
		if equalValues(ov, mv) {
			return nil
		}
		return err
	}
	retainKeys, strategy, err := meta.strategy()
	if err != nil {
		return err
	}
	if strategy != mergeDirective {
		if !policy.skipAdditions && !equalValues(ov, mv) {
			patch.Set(key, mv)
		}
		return nil
	}
	policy.buildRetainKeys = retainKeys
	additions, deletions, order, err := diffLists(ov.Items, mv.Items, sub, meta.MergeKey, policy)
	if err != nil {
		return err
	}
	if len(additions) > 0 {
		patch.Set(key, list(additions))
	}
	if len(deletions) > 0 {
		patch.Set(deleteFromListPrefix+"/"+key, list(deletions))
	}
	if len(order) > 0 {
		patch.Set(setElementOrderPrefix+"/"+key, list(order))
	}
	return nil
}

// diffLists diffs two merged lists: the items to patch (for lists of maps, changed items and
// delete directives), the primitives to delete, and the $setElementOrder list.
func diffLists(original, modified []*yamltree.Node, schema Schema, mergeKey string, policy diffPolicy) (patchList, deleteList, orderList []*yamltree.Node, err error) {
	if len(original) == 0 {
		if len(modified) == 0 || policy.skipAdditions {
			return nil, nil, nil, nil
		}
		return modified, nil, nil, nil
	}
	elem, err := elementKind(original, modified)
	if err != nil {
		return nil, nil, nil, err
	}
	switch elem {
	case kindMap:
		return diffListsOfMaps(original, modified, schema, mergeKey, policy)
	case kindList:
		return nil, nil, nil, errorf("lists of lists are not supported")
	}
	sortedOriginal := sortScalars(append([]*yamltree.Node(nil), original...))
	patchList, deleteList = diffScalars(sortedOriginal, modified, policy)
	patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, elem)
	// The reference sorts the original list in place before this comparison, so a config whose
	// primitives are not in sorted order always carries its order.
	if policy.setElementOrder && ((!policy.skipDeletions && len(deleteList) > 0) ||
		(!policy.skipAdditions && !equalItems(sortedOriginal, modified))) {
		orderList = modified
	}
	return patchList, deleteList, orderList, err
}

func diffListsOfMaps(original, modified []*yamltree.Node, schema Schema, mergeKey string, policy diffPolicy) (patchList, deleteList, orderList []*yamltree.Node, err error) {
	patchList, deleteList, err = diffMapItems(original, modified, schema, mergeKey, policy)
	if err != nil {
		return nil, nil, nil, err
	}
	patchList, err = normalizeSliceOrder(patchList, modified, mergeKey, kindMap)
	if err != nil {
		return nil, nil, nil, err
	}
	sameOrder, err := isOrderSame(original, modified, mergeKey)
	if err != nil {
		return nil, nil, nil, err
	}
	patchList = append(patchList, deleteList...)
	if policy.setElementOrder && ((!policy.skipAdditions && (len(patchList) > 0 || !sameOrder)) ||
		(!policy.skipDeletions && len(patchList) > 0)) {
		orderList = make([]*yamltree.Node, len(modified))
		for i, item := range modified {
			entry := newMap()
			setKey(entry, mergeKey, keyOf(item, mergeKey))
			orderList[i] = entry
		}
	}
	return patchList, nil, orderList, nil
}

// diffScalars walks two lists of primitives sorted by their printed form: what modified adds
// and what it drops.
func diffScalars(sortedOriginal, modified []*yamltree.Node, policy diffPolicy) (additions, deletions []*yamltree.Node) {
	sortedModified := sortScalars(append([]*yamltree.Node(nil), modified...))
	additions = []*yamltree.Node{}
	i, j := 0, 0
	for i < len(sortedOriginal) || j < len(sortedModified) {
		inOriginal, inModified := i < len(sortedOriginal), j < len(sortedModified)
		var o, m string
		if inOriginal {
			o = printed(sortedOriginal[i])
		}
		if inModified {
			m = printed(sortedModified[j])
		}
		switch {
		case inOriginal && inModified && o == m:
			i++
			j++
		case !inOriginal || (inModified && o > m):
			if !policy.skipAdditions {
				additions = append(additions, sortedModified[j])
			}
			j++
		default:
			if !policy.skipDeletions {
				deletions = append(deletions, sortedOriginal[i])
			}
			i++
		}
	}
	return additions, deduplicateScalars(deletions)
}

// diffMapItems walks two lists of maps sorted by the printed value of their merge key.
func diffMapItems(original, modified []*yamltree.Node, schema Schema, mergeKey string, policy diffPolicy) (patchList, deleteList []*yamltree.Node, err error) {
	sortedOriginal := sortByKey(append([]*yamltree.Node(nil), original...), mergeKey)
	sortedModified := sortByKey(append([]*yamltree.Node(nil), modified...), mergeKey)
	patchList = make([]*yamltree.Node, 0, len(modified))
	i, j := 0, 0
	for i < len(sortedOriginal) || j < len(sortedModified) {
		inOriginal, inModified := i < len(sortedOriginal), j < len(sortedModified)
		var oe, me, ok, mk *yamltree.Node
		var o, m string
		if inOriginal {
			if oe, ok, err = itemAndKey(sortedOriginal[i], mergeKey); err != nil {
				return nil, nil, err
			}
			o = printed(ok)
		}
		if inModified {
			if me, mk, err = itemAndKey(sortedModified[j], mergeKey); err != nil {
				return nil, nil, err
			}
			m = printed(mk)
		}
		switch {
		case inOriginal && inModified && o == m:
			value, err := diffMaps(oe, me, schema, policy)
			if err != nil {
				return nil, nil, err
			}
			if len(value.Fields) > 0 {
				setKey(value, mergeKey, mk)
				patchList = append(patchList, value)
			}
			i++
			j++
		case !inOriginal || (inModified && o > m):
			if !policy.skipAdditions {
				patchList = append(patchList, me)
			}
			j++
		default:
			if !policy.skipDeletions {
				deleteList = append(deleteList, deleteDirectiveFor(mergeKey, ok))
			}
			i++
		}
	}
	return patchList, deleteList, nil
}

// deleteDirectiveFor returns {mergeKey: value, $patch: delete}.
func deleteDirectiveFor(mergeKey string, value *yamltree.Node) *yamltree.Node {
	d := newMap()
	d.Pos = value.Pos
	setKey(d, mergeKey, value)
	d.Set(directiveKey, yamltree.NewString(deleteDirective))
	return d
}

func itemAndKey(item *yamltree.Node, mergeKey string) (*yamltree.Node, *yamltree.Node, error) {
	if kindOf(item) != kindMap {
		return nil, nil, errBadArgType("map[string]interface {}", item)
	}
	if !hasKey(item, mergeKey) {
		return nil, nil, errNoMergeKey(item, mergeKey)
	}
	return item, keyOf(item, mergeKey), nil
}

// isOrderSame reports whether two lists hold items with the same keys in the same order.
func isOrderSame(original, modified []*yamltree.Node, mergeKey string) (bool, error) {
	if len(original) != len(modified) {
		return false, nil
	}
	for i := range modified {
		same, err := keyValueEqual(original[i], modified[i], mergeKey)
		if err != nil || !same {
			return same, err
		}
	}
	return true, nil
}

func keyValueEqual(left, right *yamltree.Node, mergeKey string) (bool, error) {
	if mergeKey == "" {
		return sameScalar(left, right), nil
	}
	_, lk, err := itemAndKey(left, mergeKey)
	if err != nil {
		return false, err
	}
	_, rk, err := itemAndKey(right, mergeKey)
	if err != nil {
		return false, err
	}
	return sameKey(lk, rk), nil
}

func equalItems(a, b []*yamltree.Node) bool {
	return equalValues(list(a), list(b))
}

// sortScalars sorts values by their printed form, with the reference's (unstable) sort and its
// "less or equal" comparison, so that equal texts land where the reference puts them.
func sortScalars(s []*yamltree.Node) []*yamltree.Node {
	sort.Sort(byPrinted(s))
	return s
}

type byPrinted []*yamltree.Node

func (s byPrinted) Len() int           { return len(s) }
func (s byPrinted) Less(i, j int) bool { return printed(s[i]) <= printed(s[j]) }
func (s byPrinted) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

// sortByKey sorts maps by the printed value of their merge key, as the reference does.
func sortByKey(s []*yamltree.Node, mergeKey string) []*yamltree.Node {
	sort.Sort(byKey{s, mergeKey})
	return s
}

type byKey struct {
	s   []*yamltree.Node
	key string
}

func (b byKey) Len() int { return len(b.s) }
func (b byKey) Less(i, j int) bool {
	return printed(keyOf(b.s[i], b.key)) <= printed(keyOf(b.s[j], b.key))
}
func (b byKey) Swap(i, j int) { b.s[i], b.s[j] = b.s[j], b.s[i] }

// deduplicateScalars removes repeated values the way the reference does: a duplicate is
// overwritten by the last element, which changes the order.
func deduplicateScalars(s []*yamltree.Node) []*yamltree.Node {
	// The reference's loop, run only for items that have a duplicate after them: left counts,
	// by matching text, the items after i, so the loop (which finds nothing for the others)
	// stays linear on lists without duplicates.
	left := make(map[string]int, len(s))
	texts := make([]string, len(s))
	matchable := make([]bool, len(s))
	for i, v := range s {
		texts[i], matchable[i] = scalarKeyText(v)
		if matchable[i] {
			left[texts[i]]++
		}
	}
	last := len(s) - 1
	for i := 0; i < last; i++ {
		if !matchable[i] {
			continue
		}
		left[texts[i]]--
		if left[texts[i]] == 0 {
			continue
		}
		for j := i + 1; j <= last; j++ {
			if sameScalar(s[i], s[j]) {
				left[texts[j]]--
				s[j], texts[j], matchable[j] = s[last], texts[last], matchable[last]
				s = s[:last]
				last--
				j--
			}
		}
	}
	return s
}

// elementKind returns the kind shared by every item of the lists; mixed kinds are an error.
func elementKind(lists ...[]*yamltree.Node) (kind, error) {
	first, found := kindNull, false
	for _, l := range lists {
		for _, v := range l {
			k := kindOf(v)
			if !found && k == kindNull {
				continue // the reference ignores leading nulls when it finds the type
			}
			if !found {
				first, found = k, true
				if k == kindList {
					return 0, errorf("lists of lists are not supported")
				}
				continue
			}
			if k != first {
				return 0, errorAt(v, "list element types are not identical")
			}
		}
	}
	if !found {
		return 0, errorf("no elements in any of the given slices")
	}
	return first, nil
}
