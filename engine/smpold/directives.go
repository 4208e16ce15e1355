package smpold

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// applyRetainKeys carries out "$retainKeys": merged into an object, every key of the object that
// the list does not name is dropped, and every key the patch sets must be named; merged into
// another patch, the list is carried over (two lists must agree).
func applyRetainKeys(original, patch *yamltree.Node, policy mergePolicy) error {
	if !patch.Has(retainKeysKey) {
		return nil
	}
	retain := patch.Get(retainKeysKey)
	patch.Delete(retainKeysKey)
	if !policy.intoObject {
		if existing := original.Get(retainKeysKey); original.Has(retainKeysKey) {
			if !equalValues(existing, retain) {
				return errorAt(retain, "%s and %s are not deep equal: this may happen when calculating the 3-way diff patch", printed(existing), printed(retain))
			}
			return nil
		}
		original.Set(retainKeysKey, retain)
		return nil
	}
	if kindOf(retain) != kindList {
		return errorAt(retain, "invalid patch format of retainKeys")
	}
	named := func(key string) bool {
		for _, it := range retain.Items {
			if kindOf(it) == kindString && it.Value == key {
				return true
			}
		}
		return false
	}
	for _, f := range patch.Fields {
		k := f.Key.Value
		if f.Value.IsNull() || strings.HasPrefix(k, deleteFromListPrefix) || strings.HasPrefix(k, setElementOrderPrefix) {
			continue
		}
		if !named(k) {
			return errorAt(f.Key, "invalid patch format of retainKeys")
		}
	}
	kept := original.Fields[:0:0]
	for _, f := range original.Fields {
		if named(f.Key.Value) {
			kept = append(kept, f)
		}
	}
	original.Fields = kept
	return nil
}

// mergeOrderedLists handles every "$setElementOrder/<field>" of the patch: the field's list is
// merged (when the patch has one) and put in the given order, server-only items interleaved.
// The directive and the field are removed from the patch.
func mergeOrderedLists(original, patch *yamltree.Node, schema Schema, policy mergePolicy) error {
	for _, f := range append([]yamltree.Field(nil), patch.Fields...) {
		if !strings.HasPrefix(f.Key.Value, setElementOrderPrefix) {
			continue
		}
		if err := mergeOrderedList(original, patch, f.Key.Value, f.Value, schema, policy); err != nil {
			return locate(err, f.Key)
		}
	}
	return nil
}

func mergeOrderedList(original, patch *yamltree.Node, key string, order *yamltree.Node, schema Schema, policy mergePolicy) error {
	if !policy.intoObject {
		if existing := original.Get(key); original.Has(key) {
			if !equalValues(existing, order) {
				return errorAt(order, "invalid patch format of setElementOrder list")
			}
		} else {
			original.Set(key, order)
		}
	}
	patch.Delete(key)
	if kindOf(order) != kindList {
		return errBadArgType("[]interface {}", order)
	}
	field, err := directiveTarget(key, setElementOrderPrefix)
	if err != nil {
		return err
	}
	current, patchList := original.Get(field), patch.Get(field)
	foundCurrent, foundPatch := original.Has(field), patch.Has(field)
	if foundCurrent && kindOf(current) != kindList {
		return errBadArgType("[]interface {}", current)
	}
	if foundPatch && kindOf(patchList) != kindList {
		return errBadArgType("[]interface {}", patchList)
	}
	sub, meta, err := schema.Slice(field)
	if err != nil {
		return err
	}
	_, strategy, err := meta.strategy()
	if err != nil {
		return err
	}
	currentItems, patchItems := itemsOf(current), itemsOf(patchList)
	if err = checkOrderCoversPatch(patchItems, order.Items, meta.MergeKey); err != nil {
		return err
	}
	var merged []*yamltree.Node
	switch {
	case foundCurrent && !foundPatch:
		merged = currentItems
	case !foundCurrent && foundPatch:
		v, keep := removeDirectives(patchList)
		if !keep {
			return nil
		}
		merged = v.Items
	case foundCurrent && foundPatch:
		var l *yamltree.Node
		if l, err = mergeListField(field, current, patchList, schema, false, policy); err != nil {
			return err
		}
		merged = l.Items
		_ = sub
		_ = strategy
	default:
		return nil
	}
	var named, serverOnly []*yamltree.Node
	if meta.MergeKey == "" {
		named, serverOnly = partitionPrimitives(merged, order.Items)
	} else if named, serverOnly, err = partitionMaps(merged, order.Items, meta.MergeKey); err != nil {
		return err
	}
	elem, err := elementKind(currentItems, patchItems)
	if err != nil {
		return err
	}
	ordered, err := normalizeElementOrder(named, serverOnly, order.Items, currentItems, meta.MergeKey, elem)
	if err != nil {
		return err
	}
	base := current
	if base == nil {
		base = patchList
	}
	original.Set(field, withItems(base, ordered))
	patch.Delete(field)
	return nil
}

func itemsOf(n *yamltree.Node) []*yamltree.Node {
	if n == nil {
		return nil
	}
	return n.Items
}

// checkOrderCoversPatch verifies that the patch's items appear in the $setElementOrder list, in
// its order.
func checkOrderCoversPatch(patchItems, order []*yamltree.Node, mergeKey string) error {
	if len(order) == 0 || len(patchItems) == 0 {
		return nil
	}
	items := patchItems
	if mergeKey != "" {
		for _, it := range items {
			if kindOf(it) != kindMap {
				return errBadArgType("map[string]interface {}", it)
			}
		}
		items, _ = splitDeleteDirectives(items)
	}
	i, j := 0, 0
	for i < len(items) && j < len(order) {
		if kindOf(items[i]) == kindMap && items[i].Has(directiveKey) {
			i++
			continue
		}
		same, err := keyValueEqual(items[i], order[j], mergeKey)
		if err != nil {
			return err
		}
		if same {
			i++
		}
		j++
	}
	if i < len(items) && j >= len(order) {
		return errorAt(items[i], "The order in patch list:\n%s\n doesn't match %s list:\n%s\n", printed(list(patchItems)), setElementOrderPrefix, printed(list(order)))
	}
	return nil
}
