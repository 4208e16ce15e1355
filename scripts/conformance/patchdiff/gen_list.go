package patchdiff

// listField patches a list by its strategy: items merged by key, a set of primitives, or an
// atomic list replaced whole; now and then deleted with null.
func (g *patchGen) listField(p *orderedMap, k string, items []any, lm listMeta, w where) {
	switch {
	case !w.focused && g.d.chance(0.04):
		p.Set(k, nil)
		g.note(w.path, "null: list deleted")
	case lm.merge && lm.mergeKey != "" && keyedMaps(items, lm.mergeKey):
		g.mergeList(p, k, items, lm, w)
	case lm.merge && lm.mergeKey == "" && scalars(items):
		g.primitiveSet(p, k, items, w)
	default:
		g.atomicList(p, k, items, w)
	}
}

// mergeList patches a list merged by key: items changed, deleted ($patch: delete) or added,
// the list replaced ($patch: replace), its order set ($setElementOrder), and now and then an
// item the server refuses (no merge key, an unknown or a merge directive).
func (g *patchGen) mergeList(p *orderedMap, k string, items []any, lm listMeta, w where) {
	mk := lm.mergeKey
	var patchItems []any
	deleted := map[any]bool{}
	for i, it := range items {
		item := it.(map[string]any)
		op := g.d.weighted(35, 10, 55)
		iw := where{place: inItem, mergeKey: mk, path: itemPath(w.path, mk, item[mk]), item: -1}
		if w.item == i {
			op, iw.focus = 0, w.focus
		}
		switch op {
		case 0:
			q := g.mapPatch(item, lm.sub, iw)
			g.insert(q, mk, item[mk])
			patchItems = append(patchItems, q)
		case 1:
			deleted[item[mk]] = true
			patchItems = append(patchItems, g.ordered(map[string]any{mk: item[mk], "$patch": "delete"}))
			g.note(itemPath(w.path, mk, item[mk]), "$patch: delete")
		}
	}
	if g.d.chance(0.35) || len(patchItems) == 0 && g.d.chance(0.5) {
		for n := 1 + btoi(g.d.chance(0.3)); n > 0; n-- {
			item := g.newItem(items, mk, n)
			patchItems = append(patchItems, g.ordered(item))
			g.note(itemPath(w.path, mk, item[mk]), "added")
		}
	}
	if len(patchItems) > 0 && g.d.chance(0.04) {
		first, _ := patchItems[0].(*orderedMap).Get(mk)
		if first != nil {
			twin := g.ordered(map[string]any{mk: first, "example.com/twin": "true"})
			patchItems = append(patchItems, twin)
			g.note(itemPath(w.path, mk, first), "listed twice in the patch")
		}
	}
	patchItems = append(patchItems, g.specialItems(items, mk, w)...)
	patchItems = shuffled(g.d, patchItems)
	if len(patchItems) > 0 && g.d.chance(0.4) || g.d.chance(0.06) {
		g.elementOrder(p, k, items, patchItems, deleted, mk, w)
	}
	if len(patchItems) > 0 {
		p.Set(k, patchItems)
	}
}

// specialItems returns the directive items of a merge list's patch, if any: $patch: replace
// (the patch's items become the list), and items the server refuses.
func (g *patchGen) specialItems(items []any, mk string, w where) []any {
	var out []any
	if g.d.chance(0.15) {
		out = append(out, g.ordered(map[string]any{"$patch": "replace"}))
		g.note(w.path, "$patch: replace (the list becomes the patch's items)")
	}
	key := any("example")
	if len(items) > 0 {
		key = pick(g.d, items...).(map[string]any)[mk]
	}
	switch g.d.weighted(3, 3, 7, 2, 85) {
	case 0:
		out = append(out, g.ordered(map[string]any{mk: key, "$patch": "merge"}))
		g.note(w.path, "an item with $patch: merge (refused)")
	case 1:
		out = append(out, g.ordered(map[string]any{mk: key, "$patch": pick(g.d, "explode", "Delete", "keep")}))
		g.note(w.path, "an item with an unknown $patch (refused)")
	case 2:
		item := g.newItem(items, mk, 9)
		delete(item, mk)
		if len(item) == 0 {
			item["image"] = "nginx"
		}
		out = append(out, g.ordered(item))
		g.note(w.path, "an item without its merge key "+mk+" (refused)")
	case 3:
		out = append(out, g.ordered(map[string]any{"$patch": "delete"}))
		g.note(w.path, "$patch: delete without the merge key (refused)")
	}
	return out
}

// elementOrder adds $setElementOrder: the keys of the items that stay and of the new ones,
// shuffled, some of live's left out; the patch's items usually follow that order (when they do
// not, the server refuses the patch).
func (g *patchGen) elementOrder(p *orderedMap, k string, items, patchItems []any, deleted map[any]bool, mk string, w where) {
	var keys []any
	inPatch := map[any]bool{}
	for _, it := range patchItems {
		if m := it.(*orderedMap); plainItem(m, mk) {
			v, _ := m.Get(mk)
			inPatch[v] = true
		}
	}
	for _, it := range items {
		v := it.(map[string]any)[mk]
		if !deleted[v] && (inPatch[v] || g.d.chance(0.8)) {
			keys = append(keys, v)
		}
	}
	for _, it := range patchItems {
		m := it.(*orderedMap)
		v, _ := m.Get(mk)
		if plainItem(m, mk) && !containsValue(keys, v) {
			keys = append(keys, v)
		}
	}
	keys = shuffled(g.d, keys)
	if g.d.chance(0.7) {
		sortItemsBy(patchItems, keys, mk)
	} else {
		g.note(w.path, "$setElementOrder, the patch's items in their own order")
	}
	order := make([]any, len(keys))
	for i, v := range keys {
		order[i] = map[string]any{mk: v}
	}
	p.Set("$setElementOrder/"+k, order)
	g.note(w.path, "$setElementOrder")
}

// primitiveSet patches a set of primitives (finalizers): values added, values deleted with
// $deleteFromPrimitiveList, an order set with $setElementOrder.
func (g *patchGen) primitiveSet(p *orderedMap, k string, values []any, w where) {
	var adds, dels []any
	if g.d.chance(0.65) {
		adds = append(adds, pick[any](g.d, "example.com/patched", "example.com/lock"))
		if len(values) > 0 && g.d.chance(0.25) {
			adds = append(adds, pick(g.d, values...))
		}
	}
	if len(values) > 0 && g.d.chance(0.65) {
		dels = append(dels, pick(g.d, values...))
		if g.d.chance(0.2) {
			dels = append(dels, pick[any](g.d, "example.com/absent", "example.com/patched"))
		}
	}
	if len(adds) == 0 && len(dels) == 0 {
		adds = append(adds, "example.com/added")
	}
	adds, dels = dedupe(adds), dedupe(dels)
	if g.d.chance(0.3) {
		var order []any
		for _, v := range values {
			if !containsValue(dels, v) && g.d.chance(0.8) {
				order = append(order, v)
			}
		}
		for _, v := range adds {
			if !containsValue(order, v) {
				order = append(order, v)
			}
		}
		order = shuffled(g.d, order)
		if g.d.chance(0.8) {
			adds = sortScalarsBy(adds, order)
		}
		p.Set("$setElementOrder/"+k, g.listStyle(order))
		g.note(w.path, "$setElementOrder")
	}
	if len(adds) > 0 {
		p.Set(k, g.listStyle(adds))
	}
	if len(dels) > 0 {
		p.Set("$deleteFromPrimitiveList/"+k, g.listStyle(dels))
		g.note(w.path, "$deleteFromPrimitiveList")
	}
}

// atomicList replaces a list without merge strategy with a changed copy, or empties it; now
// and then it deletes from it with $deleteFromPrimitiveList or orders it with $setElementOrder,
// which the server carries out whatever the list's strategy.
func (g *patchGen) atomicList(p *orderedMap, k string, items []any, w where) {
	op := g.d.weighted(70, 8, 8, 6)
	if !scalars(items) || len(items) == 0 {
		op = min(op, 1)
	}
	switch op {
	case 0:
		out := deepCopy(items).([]any)
		switch {
		case len(out) > 1 && g.d.chance(0.3):
			out = out[1:]
		case len(out) > 0 && g.d.chance(0.6):
			i := g.d.intn(len(out))
			out[i] = g.changed(out[i])
		case len(out) > 0:
			out = append(out, g.changed(out[len(out)-1]))
		default:
			out = append(out, "added")
		}
		p.Set(k, g.listOf(out))
		g.note(w.path, "atomic list replaced")
	case 1:
		p.Set(k, []any{})
		g.note(w.path, "atomic list emptied")
	case 2:
		p.Set("$deleteFromPrimitiveList/"+k, g.listStyle([]any{pick(g.d, items...)}))
		g.note(w.path, "$deleteFromPrimitiveList on a list without merge strategy")
	case 3:
		order := shuffled(g.d, items)
		p.Set("$setElementOrder/"+k, g.listStyle(order))
		if g.d.chance(0.5) {
			p.Set(k, g.listStyle(order))
		}
		g.note(w.path, "$setElementOrder on a list without merge strategy")
	}
}

// listOf writes a list: flow style for scalars now and then.
func (g *patchGen) listOf(items []any) any {
	if scalars(items) {
		return g.listStyle(items)
	}
	return items
}
