package applydiff

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// lastAppliedKey is the annotation kubectl keeps the last-applied configuration in.
const lastAppliedKey = "kubectl.kubernetes.io/last-applied-configuration"

// itemKeys are the fields that identify an item of a list of maps, for the feature walks
// (not for merging: they only pair items of one list across versions).
var itemKeys = []string{"name", "mountPath", "containerPort", "port"}

// itemKey returns the identity of a list item: a key field's value for a map, the value
// itself for a scalar; "" when there is none.
func itemKey(item any) string {
	m, ok := item.(map[string]any)
	if !ok {
		data, _ := json.Marshal(item)
		return string(data)
	}
	for _, k := range itemKeys {
		if v, ok := m[k]; ok {
			return fmt.Sprintf("%s=%v", k, v)
		}
	}
	return ""
}

// child returns v's entry for key (a map key, or an item identity for a list).
func child(v any, key string, inList bool) (any, bool) {
	if !inList {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		c, ok := m[key]
		return c, ok
	}
	l, _ := v.([]any)
	for _, it := range l {
		if itemKey(it) == key {
			return it, true
		}
	}
	return nil, false
}

// reverted reports whether the apply set back a field that live had drifted on while the
// config kept it as last-applied had it: the config, last-applied and the result agree on a
// leaf, live differs or lacks it.
func reverted(modified, original, current, result any) bool {
	return revertedAt(modified, original, current, result, true, true, true)
}

func revertedAt(mod, orig, cur, res any, origOK, curOK, resOK bool) bool {
	switch m := mod.(type) {
	case map[string]any:
		for k, v := range m {
			if k == lastAppliedKey {
				continue
			}
			o, ook := child(orig, k, false)
			c, cok := child(cur, k, false)
			r, rok := child(res, k, false)
			if revertedAt(v, o, c, r, ook, cok, rok) {
				return true
			}
		}
		return false
	case []any:
		if len(m) > 0 && itemKey(m[0]) != "" && isMap(m[0]) {
			return revertedItems(m, orig, cur, res)
		}
	}
	return origOK && resOK && reflect.DeepEqual(mod, orig) && reflect.DeepEqual(res, mod) &&
		(!curOK || !reflect.DeepEqual(cur, mod))
}

// revertedItems walks a list of maps item by item.
func revertedItems(items []any, orig, cur, res any) bool {
	for _, it := range items {
		key := itemKey(it)
		if key == "" {
			continue
		}
		o, ook := child(orig, key, true)
		c, cok := child(cur, key, true)
		r, rok := child(res, key, true)
		if revertedAt(it, o, c, r, ook, cok, rok) {
			return true
		}
	}
	return false
}

func isMap(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// reordered reports whether some list holds items of live in another order after the apply.
func reordered(current, result any) bool {
	switch c := current.(type) {
	case map[string]any:
		r, ok := result.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range c {
			if rv, ok := r[k]; ok && reordered(v, rv) {
				return true
			}
		}
	case []any:
		r, ok := result.([]any)
		if !ok {
			return false
		}
		return orderChanged(c, r) || reorderedItems(c, r)
	}
	return false
}

// orderChanged compares the order of the items two lists share.
func orderChanged(before, after []any) bool {
	var a, b []string
	inAfter := map[string]bool{}
	for _, it := range after {
		inAfter[itemKey(it)] = true
	}
	inBefore := map[string]bool{}
	for _, it := range before {
		k := itemKey(it)
		inBefore[k] = true
		if inAfter[k] && k != "" {
			a = append(a, k)
		}
	}
	for _, it := range after {
		if k := itemKey(it); inBefore[k] && k != "" {
			b = append(b, k)
		}
	}
	return len(a) > 1 && !slices.Equal(a, b)
}

// reorderedItems looks into the items two lists share.
func reorderedItems(before, after []any) bool {
	for _, it := range before {
		key := itemKey(it)
		if key == "" || !isMap(it) {
			continue
		}
		if r, ok := child(after, key, true); ok && reordered(it, r) {
			return true
		}
	}
	return false
}
