package smpfacts

import (
	"encoding/json"
)

// shrink returns a smaller case that still differs: it removes map keys and list items of the
// case's documents, one at a time, as long as differs holds.
func shrink(c Case, differs func(Case) bool) Case {
	for changed := true; changed; {
		changed = false
		for _, doc := range []*json.RawMessage{&c.Original, &c.Modified, &c.Live, &c.Patch} {
			if len(*doc) == 0 {
				continue
			}
			var v any
			if json.Unmarshal(*doc, &v) != nil {
				continue
			}
			for i := 0; ; i++ {
				smaller, ok := without(v, i)
				if !ok {
					break
				}
				old := *doc
				*doc = raw(smaller)
				if differs(c) {
					v, changed = smaller, true
					i--
					continue
				}
				*doc = old
			}
		}
	}
	return c
}

// without returns v with its i-th removable part (a map key or a list item, counted depth
// first) removed, or false when v has fewer parts.
func without(v any, i int) (any, bool) {
	n := 0
	out, done := drop(v, i, &n)
	return out, done
}

func drop(v any, target int, n *int) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedMapKeys(x) {
			if *n == target {
				c := map[string]any{}
				for kk, vv := range x {
					if kk != k {
						c[kk] = vv
					}
				}
				return c, true
			}
			*n++
			if sub, ok := drop(x[k], target, n); ok {
				c := map[string]any{}
				for kk, vv := range x {
					c[kk] = vv
				}
				c[k] = sub
				return c, true
			}
		}
	case []any:
		for i := range x {
			if *n == target {
				c := append(append([]any{}, x[:i]...), x[i+1:]...)
				return c, true
			}
			*n++
			if sub, ok := drop(x[i], target, n); ok {
				c := append([]any{}, x...)
				c[i] = sub
				return c, true
			}
		}
	}
	return v, false
}

func sortedMapKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}
