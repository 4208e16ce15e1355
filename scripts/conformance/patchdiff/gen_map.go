package patchdiff

import (
	"math"
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// place says what a map of the target is, for the keys a patch must leave alone (the object's
// identity, a list item's merge key) and the directives it may not carry there.
type place int

const (
	inObject place = iota
	atRoot         // the object: apiVersion and kind stay, no $patch
	atMeta         // its metadata: name and namespace stay, no $patch
	inItem         // an item of a merge list: its merge key stays
)

// where is a map's place and path (for the story), and the focus the patch follows from it.
type where struct {
	place    place
	mergeKey string
	path     string
	// focus is the path to a list the patch must reach from this map (see listPaths); item is
	// the item a focused list must descend into (-1: the list is the focus's end).
	focus   []step
	item    int
	focused bool
}

// step is one step of a focus: a map key, and the item of the list there to descend into
// (-1 when the value is a map, or the list is the end).
type step struct {
	key  string
	item int
}

// child returns the place of the value at key k below w.
func (w where) child(k string) where {
	c := where{place: inObject, path: w.path + "." + k, item: -1}
	if w.place == atRoot && k == "metadata" {
		c.place = atMeta
	}
	if len(w.focus) > 0 && w.focus[0].key == k {
		c.focused, c.focus, c.item = true, w.focus[1:], w.focus[0].item
	}
	return c
}

// protected reports whether key k of a map at w must stay as it is.
func (w where) protected(k string) bool {
	switch w.place {
	case atRoot:
		return k == "apiVersion" || k == "kind"
	case atMeta:
		return k == "name" || k == "namespace"
	case inItem:
		return k == w.mergeKey
	}
	return false
}

// patchGen builds the strategic merge patches of one case.
type patchGen struct {
	d     dice
	story []string
}

// note records what the patch does at path, for the story.
func (g *patchGen) note(path, what string) {
	if path == "" {
		path = "."
	}
	g.story = append(g.story, path+": "+what)
}

// mapPatch builds a patch for the map live: one to three of its fields patched, now and then a
// key added (string maps) and, in metadata, finalizers the object lacks.
func (g *patchGen) mapPatch(live map[string]any, sch strategicpatch.LookupPatchMeta, w where) *orderedMap {
	p := newOrdered()
	for _, k := range g.choose(live, w) {
		g.field(p, k, live[k], sch, w)
	}
	g.extras(p, live, w)
	p.Keys = shuffled(g.d, p.Keys)
	return p
}

// choose picks the fields of live to patch, bigger subtrees more often.
func (g *patchGen) choose(live map[string]any, w where) []string {
	var keys []string
	var weights []float64
	for _, k := range sortedKeys(live) {
		if w.protected(k) {
			continue
		}
		wt := 1 + math.Sqrt(float64(size(live[k])))
		switch {
		case w.place == atRoot && k == "status":
			wt = 0.5
		case w.place == atMeta && k == "finalizers":
			wt *= 6
		}
		keys, weights = append(keys, k), append(weights, wt)
	}
	n := 1
	if g.d.chance(0.35) {
		n++
	}
	if g.d.chance(0.12) {
		n++
	}
	var out []string
	if len(w.focus) > 0 {
		out = append(out, w.focus[0].key)
		n--
		for i, k := range keys {
			if k == w.focus[0].key {
				keys = append(keys[:i:i], keys[i+1:]...)
				weights = append(weights[:i:i], weights[i+1:]...)
				break
			}
		}
	}
	for ; n > 0 && len(keys) > 0; n-- {
		i := g.d.weighted(weights...)
		out = append(out, keys[i])
		keys = append(keys[:i:i], keys[i+1:]...)
		weights = append(weights[:i:i], weights[i+1:]...)
	}
	return out
}

// field patches the field k of a map.
func (g *patchGen) field(p *orderedMap, k string, v any, sch strategicpatch.LookupPatchMeta, w where) {
	c := w.child(k)
	switch t := v.(type) {
	case map[string]any:
		g.mapField(p, k, t, structMeta(sch, k), c)
	case []any:
		g.listField(p, k, t, sliceMeta(sch, k), c)
	default:
		g.scalarField(p, k, t, c)
	}
}

// scalarField changes a scalar, deletes it with null, or changes its type.
func (g *patchGen) scalarField(p *orderedMap, k string, v any, w where) {
	switch g.d.weighted(66, 20, 5, 5, 4) {
	case 4:
		p.Set(k, applydiff.Raw(pick(g.d, yaml11Scalars...)))
		g.note(w.path, "a YAML 1.1 scalar")
	case 0:
		if image, ok := v.(string); ok && k == "image" {
			name, _, _ := strings.Cut(image, ":")
			p.Set(k, name+":"+pick(g.d, "v9", "2.0", "latest"))
			break
		}
		p.Set(k, g.changed(v))
	case 1:
		p.Set(k, nil)
		g.note(w.path, "null: deleted")
	case 2:
		p.Set(k, g.otherType(v))
	default:
		p.Set(k, v)
	}
}

// extras adds what live lacks: a key in a map of strings, or finalizers in metadata.
func (g *patchGen) extras(p *orderedMap, live map[string]any, w where) {
	if w.place == inObject && stringMap(live) && g.d.chance(0.3) {
		p.Set(pick(g.d, "example.com/patched", "team", "owner"), pick(g.d, "true", "payments", "on"))
	}
	if w.place != atMeta && g.d.chance(0.05) {
		v := g.directiveValue()
		p.Set("example-new", v)
		g.note(w.path+".example-new", "added with directives inside: "+jsonText(v))
	}
	if w.place == atMeta && live["finalizers"] == nil && g.d.chance(0.25) {
		p.Set("finalizers", g.listStyle([]any{"example.com/patched"}))
		if g.d.chance(0.5) {
			p.Set("$deleteFromPrimitiveList/finalizers", g.listStyle([]any{pick[any](g.d, "example.com/patched", "example.com/other")}))
		}
		g.note(w.path+".finalizers", "added to an object without finalizers")
	}
}

// insert sets k at a random position of q (in place when q has it already).
func (g *patchGen) insert(q *orderedMap, k string, v any) {
	if _, ok := q.Get(k); ok {
		q.Set(k, v)
		return
	}
	q.Values[k] = v
	q.Keys = slices.Insert(q.Keys, g.d.intn(len(q.Keys)+1), k)
}

// listStyle writes a list of scalars in flow or block style.
func (g *patchGen) listStyle(items []any) any {
	if g.d.chance(0.5) {
		return applydiff.FlowList(items)
	}
	return items
}

// stringMap reports whether m is a non-empty map of strings (labels, annotations, data).
func stringMap(m map[string]any) bool {
	for _, v := range m {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return len(m) > 0
}

// boolsToAny turns a set into a map sortedKeys takes.
func boolsToAny(m map[string]bool) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// structural reports whether a map holds maps or lists.
func structural(m map[string]any) bool {
	for _, v := range m {
		switch v.(type) {
		case map[string]any, []any:
			return true
		}
	}
	return false
}
