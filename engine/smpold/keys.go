package smpold

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A merge key names one field ("name") or, for the multi-field merge keys of the proposal
// "Multi-fields merge key in Strategic Merge Patch" (never built upstream), several fields joined
// by commas ("containerPort,protocol"): items match only when every field matches. With a single
// field every function here behaves exactly as the reference does with its merge key.

// keyFields splits a merge key into its fields.
func keyFields(mergeKey string) []string { return strings.Split(mergeKey, ",") }

// isMultiKey reports whether the merge key has several fields.
func isMultiKey(mergeKey string) bool { return strings.Contains(mergeKey, ",") }

// hasKey reports whether item holds every field of the merge key.
func hasKey(item *yamltree.Node, mergeKey string) bool {
	for _, f := range keyFields(mergeKey) {
		if !item.Has(f) {
			return false
		}
	}
	return true
}

// keyOf returns the item's key: the key field's value, or for a multi-field key a map of the
// fields' values (nil when one is missing).
func keyOf(item *yamltree.Node, mergeKey string) *yamltree.Node {
	if !isMultiKey(mergeKey) {
		return item.Get(mergeKey)
	}
	if !hasKey(item, mergeKey) {
		return nil
	}
	key := newMap()
	for _, f := range keyFields(mergeKey) {
		key.Set(f, item.Get(f))
	}
	return key
}

// sameKey compares two keys as keyOf returns them.
func sameKey(a, b *yamltree.Node) bool {
	if kindOf(a) != kindMap || kindOf(b) != kindMap {
		return sameScalar(a, b)
	}
	if len(a.Fields) != len(b.Fields) {
		return false
	}
	for _, f := range a.Fields {
		if !b.Has(f.Key.Value) || !sameScalar(f.Value, b.Get(f.Key.Value)) {
			return false
		}
	}
	return true
}

// matchText returns a text two keys share exactly when sameKey holds for them; ok is false for a
// key sameKey matches with nothing, itself included (a list, or a map holding a list or a map).
// A missing key matches a null one, as sameKey has it.
func matchText(k *yamltree.Node) (string, bool) {
	switch kindOf(k) {
	case kindList:
		return "", false
	case kindMap:
		names := make([]string, 0, len(k.Fields))
		values := make(map[string]string, len(k.Fields))
		for _, f := range k.Fields {
			v, ok := scalarKeyText(f.Value)
			if !ok {
				return "", false
			}
			if _, dup := values[f.Key.Value]; !dup {
				names = append(names, f.Key.Value)
			}
			values[f.Key.Value] = v
		}
		if len(names) != len(k.Fields) {
			return "", false // a repeated field: sameKey's count and lookups disagree; never seen
		}
		sort.Strings(names)
		var b strings.Builder
		b.WriteString("m")
		for _, name := range names {
			b.WriteString(strconv.Quote(name))
			b.WriteString(values[name])
		}
		return b.String(), true
	default:
		return scalarKeyText(k)
	}
}

// scalarKeyText is matchText for a scalar: its kind and canonical text; ok is false for a list or
// a map, which sameScalar never matches.
func scalarKeyText(n *yamltree.Node) (string, bool) {
	k := kindOf(n)
	if k == kindList || k == kindMap {
		return "", false
	}
	return "s" + strconv.Itoa(int(k)) + ":" + strconv.Quote(scalarText(n)), true
}

// setKey writes a key (as keyOf returns it) into a map.
func setKey(dst *yamltree.Node, mergeKey string, key *yamltree.Node) {
	if !isMultiKey(mergeKey) {
		dst.Set(mergeKey, key)
		return
	}
	for _, f := range keyFields(mergeKey) {
		dst.Set(f, key.Get(f))
	}
}

// missingKeyFields lists the fields of the merge key that item lacks.
func missingKeyFields(item *yamltree.Node, mergeKey string) []string {
	var missing []string
	for _, f := range keyFields(mergeKey) {
		if !item.Has(f) {
			missing = append(missing, f)
		}
	}
	return missing
}

// ItemKey returns a list item's key under mergeKey: the field's value, or for a multi-field key
// a map of the fields' values; nil when the item lacks the key.
func ItemKey(item *yamltree.Node, mergeKey string) *yamltree.Node {
	if !item.IsMap() {
		return nil
	}
	return keyOf(item, mergeKey)
}

// SameKey reports whether two keys returned by ItemKey are equal, as the reference compares
// merge key values.
func SameKey(a, b *yamltree.Node) bool { return a != nil && b != nil && sameKey(a, b) }

// KeyMatchText returns a text two keys returned by ItemKey share exactly when SameKey holds for
// them, for finding items through a map; ok is false for a key SameKey matches with nothing (nil,
// a list, a map holding a list or a map).
func KeyMatchText(key *yamltree.Node) (string, bool) {
	if key == nil {
		return "", false
	}
	return matchText(key)
}

// KeyPath appends the list item with the given key to path.
func KeyPath(path fieldpath.Path, mergeKey string, key *yamltree.Node) fieldpath.Path {
	return keyPath(path, mergeKey, key)
}
