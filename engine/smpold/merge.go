package smpold

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// mergePolicy says how a patch is merged: into an object (Apply) or into another patch (the
// second half of ThreeWay).
type mergePolicy struct {
	// intoObject: directives are carried out ($deleteFromPrimitiveList deletes, $retainKeys
	// drops keys) and nulls that match nothing are dropped. When false, the patch is merged into
	// another patch and directives are kept.
	intoObject bool
}

// mergeMap merges patch into original, which it modifies and returns.
func mergeMap(original, patch *yamltree.Node, schema Schema, policy mergePolicy) (*yamltree.Node, error) {
	if d := patch.Get(directiveKey); patch.Has(directiveKey) {
		return mapDirective(d, patch)
	}
	if original == nil {
		original = newMap()
	}
	if err := applyRetainKeys(original, patch, policy); err != nil {
		return nil, err
	}
	if err := mergeOrderedLists(original, patch, schema, policy); err != nil {
		return nil, err
	}
	// Deletions from primitive lists run after the other keys: the reference's order is a map's,
	// which is random; running them last is the order a patch means.
	fields := append([]yamltree.Field(nil), patch.Fields...)
	for _, pass := range []bool{false, true} {
		for _, f := range fields {
			if strings.HasPrefix(f.Key.Value, deleteFromListPrefix) != pass {
				continue
			}
			if err := mergeField(original, f.Key.Value, f.Value, schema, policy); err != nil {
				return nil, locate(err, f.Key)
			}
		}
	}
	return original, nil
}

// mapDirective carries out "$patch" in a map: replace keeps the patch as the new value, delete
// empties it.
func mapDirective(d, patch *yamltree.Node) (*yamltree.Node, error) {
	if kindOf(d) == kindString {
		switch d.Value {
		case replaceDirective:
			patch.Delete(directiveKey)
			return patch, nil
		case deleteDirective:
			return newMap(), nil
		}
	}
	return nil, errorAt(d, "unknown patch type: %s in map: %s", printed(d), printed(patch))
}

// mergeField merges one patch entry into original.
func mergeField(original *yamltree.Node, key string, patchV *yamltree.Node, schema Schema, policy mergePolicy) error {
	isDeleteList := false
	if strings.HasPrefix(key, deleteFromListPrefix) {
		if !policy.intoObject {
			original.Set(key, patchV)
			return nil
		}
		name, err := directiveTarget(key, deleteFromListPrefix)
		if err != nil {
			return err
		}
		key, isDeleteList = name, true
	}
	if patchV.IsNull() {
		original.Delete(key)
		if policy.intoObject {
			return nil
		}
	}
	i := original.Index(key)
	if i < 0 || kindOf(original.Fields[i].Value) != kindOf(patchV) {
		if !isDeleteList {
			replaceWithPatch(original, key, patchV, policy)
		}
		return nil
	}
	current := original.Fields[i].Value
	var merged *yamltree.Node
	var err error
	switch kindOf(current) {
	case kindMap:
		merged, err = mergeMapField(key, current, patchV, schema, policy)
	case kindList:
		merged, err = mergeListField(key, current, patchV, schema, isDeleteList, policy)
	default:
		replaceWithPatch(original, key, patchV, policy)
		return nil
	}
	if err != nil {
		return err
	}
	original.Fields[i].Value = merged
	return nil
}

// replaceWithPatch sets original[key] to the patch's value, directives removed.
func replaceWithPatch(original *yamltree.Node, key string, patchV *yamltree.Node, policy mergePolicy) {
	if policy.intoObject {
		discardNulls(patchV)
	}
	if v, keep := removeDirectives(patchV); keep {
		original.Set(key, v)
	} else {
		original.Delete(key)
	}
}

func mergeMapField(key string, current, patchV *yamltree.Node, schema Schema, policy mergePolicy) (*yamltree.Node, error) {
	sub, meta, err := schema.Struct(key)
	if err != nil {
		return nil, err
	}
	_, strategy, err := meta.strategy()
	if err != nil {
		return nil, err
	}
	if strategy == replaceDirective {
		return patchV, nil
	}
	return mergeMap(current, patchV, sub, policy)
}

func mergeListField(key string, current, patchV *yamltree.Node, schema Schema, isDeleteList bool, policy mergePolicy) (*yamltree.Node, error) {
	sub, meta, err := schema.Slice(key)
	if err != nil {
		return nil, err
	}
	_, strategy, err := meta.strategy()
	if err != nil {
		return nil, err
	}
	if strategy != mergeDirective && !isDeleteList {
		return patchV, nil
	}
	items, err := mergeSlice(current.Items, patchV.Items, sub, meta.MergeKey, isDeleteList, policy)
	if err != nil {
		return nil, err
	}
	return withItems(current, items), nil
}

// withItems returns a list like l (its position, style and comments) holding items.
func withItems(l *yamltree.Node, items []*yamltree.Node) *yamltree.Node {
	out := *l
	out.Items = items
	if out.Items == nil {
		out.Items = []*yamltree.Node{}
	}
	return &out
}

// mergeSlice merges a patch list into a list with the merge strategy.
//
// It works in place on original's backing array, as the reference does, and that is observable:
// the caller may still hold original with its first length (see mergeOrderedList), and then sees
// items shifted by deletions and items appended into spare capacity. Apply gives lists the
// capacity the reference's JSON decoder gives them, so the same happens here.
func mergeSlice(original, patch []*yamltree.Node, schema Schema, mergeKey string, isDeleteList bool, policy mergePolicy) ([]*yamltree.Node, error) {
	if len(original) == 0 && len(patch) == 0 {
		return original, nil
	}
	elem, err := elementKind(original, patch)
	if err != nil {
		return nil, err
	}
	var merged []*yamltree.Node
	if elem != kindMap {
		if policy.intoObject && isDeleteList {
			return deleteValues(original, patch), nil
		}
		merged = deduplicateScalars(append(original, patch...))
	} else {
		if mergeKey == "" {
			return nil, errorf("cannot merge lists without merge key for %s", schema.Name())
		}
		if original, patch, err = listDirectives(original, patch, mergeKey); err != nil {
			return nil, err
		}
		if merged, err = mergeItems(original, patch, mergeKey, schema, policy); err != nil {
			return nil, err
		}
	}
	var inPatch, serverOnly []*yamltree.Node
	if mergeKey == "" {
		inPatch, serverOnly = partitionPrimitives(merged, patch)
	} else if inPatch, serverOnly, err = partitionMaps(merged, patch, mergeKey); err != nil {
		return nil, err
	}
	return normalizeElementOrder(inPatch, serverOnly, patch, original, mergeKey, elem)
}

// listDirectives carries out the "$patch" items of a patch list: delete removes every item with
// that key from original (in place), replace makes the patch's other items the whole list.
func listDirectives(original, patch []*yamltree.Node, mergeKey string) (newOriginal, rest []*yamltree.Node, err error) {
	rest = []*yamltree.Node{}
	replace := false
	for _, v := range patch {
		d := v.Get(directiveKey)
		if !v.Has(directiveKey) {
			rest = append(rest, v)
			continue
		}
		switch {
		case kindOf(d) == kindString && d.Value == deleteDirective:
			if !hasKey(v, mergeKey) {
				return nil, nil, errNoMergeKey(v, mergeKey)
			}
			if original, err = deleteByKey(original, mergeKey, keyOf(v, mergeKey)); err != nil {
				return nil, nil, err
			}
		case kindOf(d) == kindString && d.Value == replaceDirective:
			replace = true
		case kindOf(d) == kindString && d.Value == mergeDirective:
			return nil, nil, errorAt(d, "merging lists cannot yet be specified in the patch")
		default:
			return nil, nil, errorAt(d, "unknown patch type: %s in map: %s", printed(d), printed(v))
		}
	}
	if replace {
		return rest, nil, nil
	}
	return original, rest, nil
}

// deleteByKey removes, in place, every map whose merge key equals value.
func deleteByKey(original []*yamltree.Node, mergeKey string, value *yamltree.Node) ([]*yamltree.Node, error) {
	for {
		i, found, err := findByKey(original, mergeKey, value)
		if err != nil {
			return nil, err
		}
		if !found {
			return original, nil
		}
		original = append(original[:i], original[i+1:]...)
	}
}

// mergeItems merges each patch item into the original item with its key (in place), or appends
// it.
func mergeItems(original, patch []*yamltree.Node, mergeKey string, schema Schema, policy mergePolicy) ([]*yamltree.Node, error) {
	index := newKeyIndex(original, mergeKey)
	for _, v := range patch {
		if !hasKey(v, mergeKey) {
			return nil, errNoMergeKey(v, mergeKey)
		}
		i, found, err := index.find(keyOf(v, mergeKey))
		if err != nil {
			return nil, err
		}
		if !found {
			original = append(original, v)
			index.appended(v)
			continue
		}
		merged, err := mergeMap(original[i], v, schema, policy)
		if err != nil {
			return nil, err
		}
		original[i] = merged
	}
	return original, nil
}

// deleteValues removes from current every value listed in toDelete.
func deleteValues(current, toDelete []*yamltree.Node) []*yamltree.Node {
	out := make([]*yamltree.Node, 0, len(current))
	deleted := make(map[string]bool, len(toDelete))
	for _, d := range toDelete {
		if text, ok := scalarKeyText(d); ok {
			deleted[text] = true
		}
	}
	for _, v := range current {
		if text, ok := scalarKeyText(v); !ok || !deleted[text] {
			out = append(out, v)
		}
	}
	return out
}

// removeDirectives drops every map that carries "$patch" (and the entry holding it); other
// directive keys stay, as in the reference.
func removeDirectives(n *yamltree.Node) (*yamltree.Node, bool) {
	switch kindOf(n) {
	case kindMap:
		if n.Has(directiveKey) {
			return nil, false
		}
		fields := n.Fields[:0:0]
		for _, f := range n.Fields {
			if v, keep := removeDirectives(f.Value); keep {
				fields = append(fields, yamltree.Field{Key: f.Key, Value: v})
			}
		}
		n.Fields = fields
		return n, true
	case kindList:
		items := make([]*yamltree.Node, 0, len(n.Items))
		for _, it := range n.Items {
			if v, keep := removeDirectives(it); keep {
				items = append(items, v)
			}
		}
		n.Items = items
		return n, true
	}
	return n, true
}

// discardNulls removes null entries from maps, at any depth.
func discardNulls(n *yamltree.Node) {
	switch kindOf(n) {
	case kindMap:
		fields := n.Fields[:0:0]
		for _, f := range n.Fields {
			if f.Value.IsNull() {
				continue
			}
			discardNulls(f.Value)
			fields = append(fields, f)
		}
		n.Fields = fields
	case kindList:
		for _, it := range n.Items {
			discardNulls(it)
		}
	}
}

// directiveTarget returns the field a "$prefix/field" key names.
func directiveTarget(key, prefix string) (string, error) {
	name, ok := strings.CutPrefix(key, prefix+"/")
	if !ok {
		switch prefix {
		case deleteFromListPrefix:
			return "", errorf("invalid patch format of primitive list")
		case setElementOrderPrefix:
			return "", errorf("invalid patch format of setElementOrder list")
		}
		return "", errorf("fail to find unknown prefix %q in %s", prefix, key)
	}
	return name, nil
}
