package applydiff

import "sort"

// The generator builds documents as trees that keep key order and layout hints:
//   - *omap: a map with ordered keys;
//   - *olist: a list, written in flow style ([a, b]) when flow is set;
//   - raw: a scalar written as given (0644, yes, on) to exercise YAML 1.1 resolution;
//   - string, int64, float64, bool and nil: plain scalars.

// omap is a YAML map that keeps the order of its keys.
type omap struct {
	keys []string
	vals map[string]any
}

// olist is a YAML list.
type olist struct {
	items []any
	flow  bool
}

// raw is a scalar written exactly as text; value is what YAML 1.1 reads it as.
type raw struct {
	text  string
	value any
}

// newMap builds a map from key, value pairs.
func newMap(kv ...any) *omap {
	m := &omap{vals: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		m.set(kv[i].(string), kv[i+1])
	}
	return m
}

// newList builds a block list.
func newList(items ...any) *olist { return &olist{items: items} }

// flowList builds a flow-style list.
func flowList(items ...any) *olist { return &olist{items: items, flow: true} }

// strList builds a block list of strings.
func strList(items ...string) *olist {
	l := &olist{}
	for _, s := range items {
		l.items = append(l.items, s)
	}
	return l
}

func (m *omap) get(k string) any { return m.vals[k] }

func (m *omap) has(k string) bool {
	_, ok := m.vals[k]
	return ok
}

// set replaces the value of k, or appends k when the map lacks it.
func (m *omap) set(k string, v any) {
	if !m.has(k) {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m *omap) del(k string) {
	if !m.has(k) {
		return
	}
	delete(m.vals, k)
	for i, key := range m.keys {
		if key == k {
			m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
			return
		}
	}
}

// mapAt follows a path of keys and returns the map there, or nil.
func (m *omap) mapAt(path ...string) *omap {
	cur := m
	for _, k := range path {
		next, ok := cur.get(k).(*omap)
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

// listAt returns the list at path, or nil.
func (m *omap) listAt(path ...string) *olist {
	parent := m.mapAt(path[:len(path)-1]...)
	if parent == nil {
		return nil
	}
	l, _ := parent.get(path[len(path)-1]).(*olist)
	return l
}

// ensureMap returns the map at key k, creating it when missing.
func (m *omap) ensureMap(k string) *omap {
	if sub, ok := m.get(k).(*omap); ok {
		return sub
	}
	sub := newMap()
	m.set(k, sub)
	return sub
}

// sortKeys orders the keys of every map in the tree, as the API server writes objects.
func sortKeys(v any) {
	switch t := v.(type) {
	case *omap:
		sort.Strings(t.keys)
		for _, k := range t.keys {
			sortKeys(t.vals[k])
		}
	case *olist:
		for _, it := range t.items {
			sortKeys(it)
		}
	}
}

// clone copies a tree deeply.
func clone(v any) any {
	switch t := v.(type) {
	case *omap:
		c := &omap{keys: append([]string(nil), t.keys...), vals: make(map[string]any, len(t.vals))}
		for k, val := range t.vals {
			c.vals[k] = clone(val)
		}
		return c
	case *olist:
		c := &olist{flow: t.flow, items: make([]any, len(t.items))}
		for i, it := range t.items {
			c.items[i] = clone(it)
		}
		return c
	}
	return v
}

// cloneMap copies a map tree.
func cloneMap(m *omap) *omap { return clone(m).(*omap) }

// toData returns the tree as plain JSON-like data (maps, slices, float64 numbers), as
// encoding/json would read it back.
func toData(v any) any {
	switch t := v.(type) {
	case *omap:
		out := make(map[string]any, len(t.keys))
		for _, k := range t.keys {
			out[k] = toData(t.vals[k])
		}
		return out
	case *olist:
		out := make([]any, len(t.items))
		for i, it := range t.items {
			out[i] = toData(it)
		}
		return out
	case raw:
		return toData(t.value)
	case int64:
		return float64(t)
	case int:
		return float64(t)
	}
	return v
}

// fromData builds a tree from plain data, with sorted keys.
func fromData(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := newMap()
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			m.set(k, fromData(t[k]))
		}
		return m
	case []any:
		l := &olist{items: make([]any, len(t))}
		for i, it := range t {
			l.items[i] = fromData(it)
		}
		return l
	}
	return v
}
