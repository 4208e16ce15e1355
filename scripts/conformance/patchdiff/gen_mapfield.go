package patchdiff

import (
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// The ways a map field is patched.
const (
	mapMerge = iota
	mapNull
	mapReplace
	mapDelete
	mapRetainKeys
	mapMergeDirective
	mapUnknownDirective
	mapTypeChange
)

// mapField patches a map: merged field by field, deleted with null, replaced or emptied with
// $patch, restricted with $retainKeys, or given a directive the server refuses.
func (g *patchGen) mapField(p *orderedMap, k string, live map[string]any, sub strategicpatch.LookupPatchMeta, w where) {
	// Maps that hold maps or lists are mostly merged, so that patches reach deep lists (a pod
	// template's containers); the directives go mostly to maps of scalars.
	var op int
	switch {
	case w.focused:
		op = mapMerge
	case w.place == atMeta:
		op = []int{mapMerge, mapRetainKeys}[g.d.weighted(85, 15)]
	case structural(live):
		op = g.d.weighted(80, 2, 4, 2, 8, 1.5, 1.5, 1)
	default:
		op = g.d.weighted(40, 10, 15, 8, 18, 3, 3, 3)
	}
	switch op {
	case mapMerge:
		if q := g.mapPatch(live, sub, w); q.Len() > 0 {
			p.Set(k, q)
		} else {
			p.Set(k, nil)
			g.note(w.path, "null (an empty map in live)")
		}
	case mapNull:
		p.Set(k, nil)
		g.note(w.path, "null: deleted")
	case mapReplace:
		q := g.replacement(live)
		g.insert(q, "$patch", "replace")
		p.Set(k, q)
		g.note(w.path, "$patch: replace")
	case mapDelete:
		q := newOrdered()
		q.Set("$patch", "delete")
		if g.d.chance(0.3) {
			g.insert(q, "ignored", "by the delete directive")
		}
		p.Set(k, q)
		g.note(w.path, "$patch: delete")
	case mapRetainKeys:
		q := g.mapPatch(live, sub, w)
		g.retainKeys(q, live, w)
		p.Set(k, q)
	case mapMergeDirective, mapUnknownDirective:
		q := g.mapPatch(live, sub, w)
		value := "merge"
		if op == mapUnknownDirective {
			value = pick(g.d, "explode", "Replace", "remove", "keep")
		}
		g.insert(q, "$patch", value)
		p.Set(k, q)
		g.note(w.path, "$patch: "+value+" (the server refuses it in a map)")
	case mapTypeChange:
		v := pick[any](g.d, "none", float64(0), []any{"a"})
		p.Set(k, v)
		g.note(w.path, "replaced by "+jsonText(v))
	}
}

// replacement builds the new content of a map replaced with $patch: replace: most of its
// fields, some changed, now and then a null (which the replacement keeps).
func (g *patchGen) replacement(live map[string]any) *orderedMap {
	q := newOrdered()
	for _, k := range sortedKeys(live) {
		if !g.d.chance(0.7) {
			continue
		}
		v := deepCopy(live[k])
		if g.d.chance(0.3) {
			v = g.changed(v)
		}
		q.Set(k, v)
	}
	if g.d.chance(0.15) {
		q.Set("example-null", nil)
	}
	if q.Len() == 0 {
		q.Set("replaced", "true")
	}
	q.Keys = shuffled(g.d, q.Keys)
	return q
}

// retainKeys adds a $retainKeys list to q: every key q sets, some of live's and the protected
// ones; now and then one key q sets is left out, which the server refuses.
func (g *patchGen) retainKeys(q *orderedMap, live map[string]any, w where) {
	retain := map[string]bool{}
	var settable []string
	for _, k := range q.Keys {
		if v := q.Values[k]; v != nil && !strings.HasPrefix(k, "$") {
			retain[k] = true
			if !w.protected(k) {
				settable = append(settable, k)
			}
		}
	}
	for _, k := range sortedKeys(live) {
		if w.protected(k) || w.place == atRoot && k == "metadata" || g.d.chance(0.6) {
			retain[k] = true
		}
	}
	if g.d.chance(0.1) {
		retain["example-absent"] = true
	}
	what := "$retainKeys"
	if settable = slices.DeleteFunc(settable, func(k string) bool { return k == "metadata" }); len(settable) > 0 && g.d.chance(0.15) {
		delete(retain, pick(g.d, settable...))
		what += " leaving out a key the patch sets (the server refuses it)"
	}
	var list []any
	for _, k := range sortedKeys(boolsToAny(retain)) {
		list = append(list, k)
	}
	list = shuffled(g.d, list)
	if list == nil {
		list = []any{}
	}
	g.insert(q, "$retainKeys", g.listStyle(list))
	g.note(w.path, what)
}

// yaml11Scalars are scalars that YAML 1.1 (kubectl's reading) does not read as plain strings.
var yaml11Scalars = []string{"yes", "off", "y", "N", "0755", "0x1F", "1_000", "+42", "1e3", ".5", "~", "Null", "0o17", "2026-01-01"}

// directiveValue returns a value for a key live lacks with directives inside, which the
// server drops (a map with $patch, a list item with $patch, nulls) or keeps ($retainKeys).
func (g *patchGen) directiveValue() any {
	switch g.d.intn(5) {
	case 0:
		return g.ordered(map[string]any{"$patch": "replace", "a": "b"})
	case 1:
		return g.ordered(map[string]any{"a": "b", "$retainKeys": []any{"a"}})
	case 2:
		return g.ordered(map[string]any{"a": map[string]any{"$patch": "delete"}, "b": "c"})
	case 3:
		return []any{map[string]any{"name": "x"}, g.ordered(map[string]any{"$patch": "delete", "name": "y"})}
	}
	return g.ordered(map[string]any{"a": nil, "b": "c"})
}
