package patchdiff

import (
	"fmt"
	"reflect"
	"sort"
)

// itemPath names a list item in a story: path[key=value].
func itemPath(path, key string, value any) string {
	return fmt.Sprintf("%s[%s=%v]", path, key, value)
}

// keyedMaps reports whether every item is a map holding key.
func keyedMaps(items []any, key string) bool {
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := m[key]; !ok {
			return false
		}
	}
	return true
}

// scalars reports whether no item is a map or a list.
func scalars(items []any) bool {
	for _, it := range items {
		switch it.(type) {
		case map[string]any, []any:
			return false
		}
	}
	return true
}

// plainItem reports whether a patch item holds its merge key and no directive.
func plainItem(m *orderedMap, mk string) bool {
	_, hasKey := m.Get(mk)
	_, hasDirective := m.Get("$patch")
	return hasKey && !hasDirective
}

// containsValue reports whether l holds v.
func containsValue(l []any, v any) bool {
	for _, x := range l {
		if reflect.DeepEqual(x, v) {
			return true
		}
	}
	return false
}

// dedupe returns l without repeated values.
func dedupe(l []any) []any {
	var out []any
	for _, v := range l {
		if !containsValue(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// indexOf returns the position of v in l, or len(l).
func indexOf(l []any, v any) int {
	for i, x := range l {
		if reflect.DeepEqual(x, v) {
			return i
		}
	}
	return len(l)
}

// sortItemsBy reorders, in place, the plain items of a patch list (keeping the slots of the
// others) by the position of their key in order.
func sortItemsBy(items, order []any, mk string) {
	var slots []int
	var plain []*orderedMap
	for i, it := range items {
		if m := it.(*orderedMap); plainItem(m, mk) {
			slots, plain = append(slots, i), append(plain, m)
		}
	}
	sort.SliceStable(plain, func(i, j int) bool {
		a, _ := plain[i].Get(mk)
		b, _ := plain[j].Get(mk)
		return indexOf(order, a) < indexOf(order, b)
	})
	for i, s := range slots {
		items[s] = plain[i]
	}
}

// sortScalarsBy returns values ordered by their position in order.
func sortScalarsBy(values, order []any) []any {
	out := append([]any(nil), values...)
	sort.SliceStable(out, func(i, j int) bool { return indexOf(order, out[i]) < indexOf(order, out[j]) })
	return out
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
