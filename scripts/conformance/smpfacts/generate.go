package smpfacts

import (
	"encoding/json"
	"math/rand"
	"slices"
	"sort"
)

// generator builds random documents of the vectors' test type mergeItem (and of its
// retainKeys sibling), random edits of them, and random strategic merge patches for them with
// every directive, so that the engine and the reference can be compared on many small cases.
type generator struct {
	r *rand.Rand
}

var (
	names = []string{"a", "b", "c", "d", "e"}
	words = []string{"x", "y", "z"}
)

func (g *generator) chance(p float64) bool { return g.r.Float64() < p }

func (g *generator) pick(from []string) string { return from[g.r.Intn(len(from))] }

// item returns a random mergeItem (retainKeys false) or retainKeysMergeItem.
func (g *generator) item(depth int, retainKeys bool) map[string]any {
	m := map[string]any{}
	for _, f := range []string{"name", "value", "other"} {
		if g.chance(0.5) {
			m[f] = g.pick(words)
		}
	}
	if g.chance(0.4) {
		m["name"] = g.pick(names)
	}
	if g.chance(0.3) {
		m["simpleMap"] = g.simpleMap()
	}
	if depth <= 0 {
		return m
	}
	if g.chance(0.5) {
		m["mergingList"] = g.keyedList(depth - 1)
	}
	if g.chance(0.3) {
		m["nonMergingList"] = g.keyedList(depth - 1)
	}
	if g.chance(0.5) {
		m["mergingIntList"] = g.ints()
	}
	if retainKeys {
		return m
	}
	if g.chance(0.2) {
		m["nonMergingIntList"] = g.ints()
	}
	if g.chance(0.25) {
		m["mergeItemPtr"] = g.item(depth-1, false)
	}
	if g.chance(0.2) {
		m["replacingItem"] = g.simpleMap()
	}
	if g.chance(0.3) {
		m["retainKeysMap"] = g.item(depth-1, true)
	}
	if g.chance(0.2) {
		m["retainKeysMergingList"] = g.keyedList(depth - 1)
	}
	return m
}

func (g *generator) simpleMap() map[string]any {
	m := map[string]any{}
	for range g.r.Intn(4) {
		m["k"+g.pick(names)] = g.pick(words)
	}
	return m
}

func (g *generator) ints() []any {
	out := []any{}
	for range g.r.Intn(5) {
		out = append(out, float64(1+g.r.Intn(6)))
	}
	return out
}

// keyedList returns items with a name each (now and then a repeated or missing one).
func (g *generator) keyedList(depth int) []any {
	out := []any{}
	used := map[string]bool{}
	for range g.r.Intn(5) {
		it := g.item(depth, false)
		n := g.pick(names)
		for used[n] && !g.chance(0.05) {
			n = g.pick(names)
		}
		used[n] = true
		it["name"] = n
		if g.chance(0.02) {
			delete(it, "name")
		}
		out = append(out, it)
	}
	return out
}

// edit returns a random edit of a document: fields kept, changed, removed or added, list
// items kept, changed, removed, added or moved.
func (g *generator) edit(v any, depth int, retainKeys bool) any {
	return g.editAs(v, depth, retainKeys, true)
}

// editAs edits v; item says whether a map is a mergeItem (which takes new fields of its type)
// rather than a map of strings.
func (g *generator) editAs(v any, depth int, retainKeys, item bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for _, k := range sortedKeys(x) {
			f := x[k]
			switch {
			case g.chance(0.1):
				continue
			case g.chance(0.05):
				out[k] = nil
			default:
				out[k] = g.editAs(f, depth-1, k == "retainKeysMap", item && k != "simpleMap" && k != "replacingItem")
			}
		}
		if !item {
			if g.chance(0.3) {
				out["k"+g.pick(names)] = g.pick(words)
			}
			return out
		}
		if g.chance(0.3) {
			fresh := g.item(max(depth-1, 0), retainKeys)
			for _, k := range sortedKeys(fresh) {
				f := fresh[k]
				if _, ok := out[k]; !ok || g.chance(0.2) {
					out[k] = f
				}
			}
		}
		return out
	case []any:
		out := []any{}
		for _, it := range x {
			if g.chance(0.15) {
				continue
			}
			out = append(out, g.editAs(it, depth-1, false, item))
		}
		if g.chance(0.3) && len(out) > 1 {
			g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		}
		if g.chance(0.3) {
			if len(x) > 0 {
				if _, ok := x[0].(map[string]any); ok {
					it := g.item(max(depth-1, 0), false)
					it["name"] = g.pick(names)
					out = append(out, it)
					return out
				}
			}
			out = append(out, float64(1+g.r.Intn(6)))
		}
		return out
	case string:
		if g.chance(0.2) {
			return g.pick(words)
		}
	case float64:
		if g.chance(0.2) {
			return float64(1 + g.r.Intn(6))
		}
	}
	return v
}

// patch returns a random strategic merge patch for live, with directives.
func (g *generator) patch(live map[string]any, depth int) map[string]any {
	p := map[string]any{}
	for _, k := range sortedKeys(live) {
		v := live[k]
		if !g.chance(0.4) {
			continue
		}
		switch x := v.(type) {
		case map[string]any:
			if k == "simpleMap" || k == "replacingItem" {
				p[k] = g.editAs(x, 0, false, false)
				continue
			}
			p[k] = g.mapPatch(x, depth-1)
		case []any:
			g.listPatch(p, k, x, depth-1)
		default:
			if g.chance(0.3) {
				p[k] = nil
			} else {
				p[k] = g.edit(v, 0, false)
			}
		}
	}
	fresh := g.item(max(depth-1, 0), false)
	for _, k := range sortedKeys(fresh) {
		f := fresh[k]
		if _, ok := live[k]; !ok && g.chance(0.3) {
			p[k] = f
		}
	}
	if g.chance(0.05) {
		p["$retainKeys"] = g.retainKeys(live, p)
	}
	return p
}

func (g *generator) mapPatch(live map[string]any, depth int) any {
	switch {
	case g.chance(0.05):
		return map[string]any{"$patch": "delete"}
	case g.chance(0.05):
		r := g.item(max(depth, 0), false)
		r["$patch"] = "replace"
		return r
	case g.chance(0.1):
		return nil
	}
	p := g.patch(live, depth)
	if g.chance(0.15) {
		p["$retainKeys"] = g.retainKeys(live, p)
	}
	return p
}

// retainKeys lists the keys the patch sets and some of live's.
func (g *generator) retainKeys(live, p map[string]any) []any {
	keys := []any{}
	for _, k := range sortedKeys(p) {
		if k[0] != '$' && (p[k] != nil || g.chance(0.5)) {
			keys = append(keys, k)
		}
	}
	for _, k := range sortedKeys(live) {
		if _, ok := p[k]; !ok && g.chance(0.5) {
			keys = append(keys, k)
		}
	}
	return keys
}

func (g *generator) listPatch(p map[string]any, k string, live []any, depth int) {
	if len(live) == 0 || g.chance(0.1) {
		p[k] = g.edit(live, depth, false)
		return
	}
	if _, keyed := live[0].(map[string]any); !keyed {
		g.primitivePatch(p, k, live)
		return
	}
	items := []any{}
	var order []any
	for _, it := range live {
		m, _ := it.(map[string]any)
		name, ok := m["name"]
		switch {
		case !ok:
		case g.chance(0.15):
			items = append(items, map[string]any{"name": name, "$patch": "delete"})
		case g.chance(0.3):
			q := g.patch(m, depth)
			q["name"] = name
			items = append(items, q)
			order = append(order, map[string]any{"name": name})
		default:
			order = append(order, map[string]any{"name": name})
		}
	}
	if g.chance(0.3) {
		n := g.pick(names)
		it := g.item(max(depth, 0), false)
		it["name"] = n
		items = append(items, it)
		order = append(order, map[string]any{"name": n})
	}
	if g.chance(0.05) {
		items = append(items, map[string]any{"$patch": "replace"})
	}
	p[k] = items
	if g.chance(0.5) {
		if g.chance(0.2) {
			g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		p["$setElementOrder/"+k] = order
	}
}

// primitivePatch adds to a list of primitives or deletes from it, never both: the reference
// carries out a list and its $deleteFromPrimitiveList directive in Go's random map order.
func (g *generator) primitivePatch(p map[string]any, k string, live []any) {
	if g.chance(0.5) {
		p[k] = g.ints()
	} else if g.chance(0.6) {
		del := []any{}
		for _, v := range live {
			if g.chance(0.5) {
				del = append(del, v)
			}
		}
		p["$deleteFromPrimitiveList/"+k] = del
	}
	if g.chance(0.4) {
		order := slices.Clone(live)
		if add, ok := p[k].([]any); ok {
			order = append(order, add...)
		}
		g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		p["$setElementOrder/"+k] = order
	}
}

func raw(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Cases returns n random cases of every operation.
func Cases(seed int64, n int) []Case {
	g := &generator{r: rand.New(rand.NewSource(seed))}
	var out []Case
	for i := range n {
		original := g.item(3, false)
		// live is made before original takes directives: an object the API server stored holds
		// none (they are instructions it carries out).
		live := g.edit(original, 3, false).(map[string]any)
		if g.chance(0.1) {
			g.directives(original, 0.15)
		}
		modified := g.edit(original, 3, false).(map[string]any)
		if g.chance(0.2) {
			g.directives(modified, 0.15)
		}
		switch i % 5 {
		case 0:
			op := "two"
			if i%10 == 5 {
				op = "two-apply" // Helm 2: the two-way patch applied to live
			}
			out = append(out, Case{Op: op, Kind: "mergeItem", Original: raw(original), Modified: raw(modified), Live: raw(live)})
		case 1, 2:
			out = append(out, Case{Op: "three", Kind: "mergeItem", Original: raw(original), Modified: raw(modified), Live: raw(live)})
		case 3:
			out = append(out, Case{Op: "conflict", Kind: "mergeItem", Original: raw(original), Modified: raw(modified), Live: raw(live)})
		default:
			out = append(out, Case{Op: "apply", Kind: "mergeItem", Live: raw(live), Patch: raw(g.patch(live, 3))})
		}
	}
	return out
}

// sortedKeys returns m's keys in order: the generator walks maps in a fixed order, so that a
// seed always makes the same cases (Go's map order is random).
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// directives writes patch directives into a document as a config or a render may hold them
// (written by hand, or left in by a tool): in a map, with chance p each, "$patch" (replace,
// delete, merge or a word the API server refuses), "$retainKeys", and for a list field its
// "$setElementOrder/" and "$deleteFromPrimitiveList/"; in a list merged by key, a
// "$patch: delete" or "$patch: replace" item. Configs hold such keys as data; what kubectl makes
// of them is what the differential compares.
func (g *generator) directives(m map[string]any, p float64) {
	for _, k := range sortedKeys(m) {
		switch x := m[k].(type) {
		case map[string]any:
			g.directives(x, p)
		case []any:
			for _, it := range x {
				if im, ok := it.(map[string]any); ok {
					g.directives(im, p)
				}
			}
			g.listDirectives(m, k, x, p)
		}
	}
	if g.chance(p) {
		m["$patch"] = g.pick([]string{"replace", "delete", "merge", "x"})
	}
	if g.chance(p / 2) {
		m["$retainKeys"] = g.retainKeys(m, map[string]any{})
	}
}

// listDirectives writes, with chance p each, directives about the list field k of m.
func (g *generator) listDirectives(m map[string]any, k string, list []any, p float64) {
	if g.chance(p / 2) {
		order := slices.Clone(list)
		g.r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for i, it := range order {
			if im, ok := it.(map[string]any); ok {
				order[i] = map[string]any{"name": im["name"]}
			}
		}
		m["$setElementOrder/"+k] = order
	}
	if len(list) == 0 {
		return
	}
	if _, keyed := list[0].(map[string]any); !keyed {
		if g.chance(p / 2) {
			m["$deleteFromPrimitiveList/"+k] = []any{float64(1 + g.r.Intn(6))}
		}
		return
	}
	if g.chance(p / 2) {
		m[k] = append(list, map[string]any{"name": g.pick(names), "$patch": "delete"})
	}
	if g.chance(p / 4) {
		m[k] = append(list, map[string]any{"$patch": "replace"})
	}
}
