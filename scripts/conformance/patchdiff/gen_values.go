package patchdiff

import (
	"fmt"
	"strings"
)

// changed returns another value of the same shape: a scalar changed, one field of a map or
// one item of a list changed.
func (g *patchGen) changed(v any) any {
	switch t := v.(type) {
	case string:
		if t == "" {
			return "set"
		}
		return pick(g.d, t+"-v2", strings.ToUpper(t[:1])+t[1:]+"2", "patched")
	case float64:
		return t + float64(1+g.d.intn(3))
	case bool:
		return !t
	case nil:
		return "was-null"
	case map[string]any:
		out := deepCopy(t).(map[string]any)
		if keys := sortedKeys(out); len(keys) > 0 {
			k := pick(g.d, keys...)
			out[k] = g.changed(out[k])
		} else {
			out["added"] = "true"
		}
		return out
	case []any:
		out := deepCopy(t).([]any)
		if len(out) > 0 {
			i := g.d.intn(len(out))
			out[i] = g.changed(out[i])
		} else {
			out = append(out, "added")
		}
		return out
	}
	return v
}

// otherType returns a scalar of another type than v.
func (g *patchGen) otherType(v any) any {
	switch t := v.(type) {
	case string:
		return float64(len(t))
	case float64:
		return fmt.Sprint(t)
	case bool:
		return pick[any](g.d, "yes", float64(1))
	}
	return "other"
}

// newKeyValue returns a merge key value no item of items has: a name for strings, a number
// for numbers.
func newKeyValue(items []any, mergeKey string, n int) any {
	taken := map[any]bool{}
	var sample any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			taken[m[mergeKey]] = true
			sample = m[mergeKey]
		}
	}
	for i := n; ; i++ {
		var v any = fmt.Sprintf("added-%d", i)
		if num, ok := sample.(float64); ok {
			v = num + float64(1000+i)
		}
		if !taken[v] {
			return v
		}
	}
}

// newItem builds an item for a merge list: a copy of one of its items under a new key, some
// fields dropped, now and then a null inside (the server keeps nulls of appended items).
func (g *patchGen) newItem(items []any, mergeKey string, n int) map[string]any {
	var item map[string]any
	if len(items) > 0 {
		item, _ = deepCopy(pick(g.d, items...)).(map[string]any)
	}
	if item == nil {
		item = map[string]any{}
	}
	for _, k := range sortedKeys(item) {
		if k != mergeKey && g.d.chance(0.25) {
			delete(item, k)
		}
	}
	item[mergeKey] = newKeyValue(items, mergeKey, n)
	if g.d.chance(0.12) {
		item["example-null"] = nil
	}
	return item
}

// ordered turns a plain map into an ordered one, its keys shuffled.
func (g *patchGen) ordered(m map[string]any) *orderedMap {
	q := newOrdered()
	for _, k := range shuffled(g.d, sortedKeys(m)) {
		q.Set(k, m[k])
	}
	return q
}
