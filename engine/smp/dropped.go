package smp

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Merged is an item of the config (updated) that the result does not hold, though nothing
// removed it on purpose: one of several items of a list merged by key that share their key. A
// strategic merge patch matches items on their key alone, so such items end as one item of the
// result (or as several alike), and what the others said is lost.
//
// Which of them the result holds is the reference's fact, not decided here: kubectl apply with
// live holding 53/TCP and a config holding 53/TCP then 53/UDP keeps 53/TCP; kubectl patch with
// [53/UDP, 53/TCP] on live's 53/TCP keeps 53/TCP; a Helm 2 upgrade from [53/TCP] to [53/UDP,
// 53/TCP] on live's 53/TCP keeps 53/UDP; with live lacking port 53, apply keeps both (observed
// with apimachinery v0.37.2, through scripts/conformance/reference's pipelines, 2026-11-26). The
// result the package computes is checked against the reference by the differentials; MergedAway
// only reads it.
type Merged struct {
	// Path is the item's path: its list's, then its key.
	Path fieldpath.Path
	// Item is updated's item; Items is updated's list holding it.
	Item, Items *yamltree.Node
	// List is the result's list; Kept the result's first item with the same key (nil when the
	// result holds none).
	List, Kept *yamltree.Node
	// Repeats is how many items of updated's list share the key.
	Repeats int
}

// MergedAway returns the items of updated that the result lacks because they shared their key
// with another item of their list (see Merged), walking updated and the result together under
// the schema sch. An item is held when an item of the result with its key holds every field it
// sets, with its value (see holds). Directives ("$patch", "$setElementOrder/...") and items a
// "$patch" directive deletes or replaces are not config content and are skipped.
func MergedAway(updated, result *yamltree.Node, sch Schema) []Merged {
	var out []Merged
	mergedAwayIn(updated, result, sch, nil, &out)
	return out
}

// mergedAwayIn walks the fields of a map updated and the result both hold.
func mergedAwayIn(updated, result *yamltree.Node, sch Schema, path fieldpath.Path, out *[]Merged) {
	if !updated.IsMap() || !result.IsMap() {
		return
	}
	for _, f := range updated.Fields {
		name := f.Key.Value
		r := result.Get(name)
		if r == nil || strings.HasPrefix(name, "$") {
			continue
		}
		switch {
		case f.Value.IsMap() && r.IsMap():
			if m, err := sch.mapField(name); err == nil {
				mergedAwayIn(f.Value, r, m.schema, path.Append(fieldpath.Element{Field: name}), out)
			}
		case f.Value.IsList() && r.IsList():
			if l, err := sch.listField(name); err == nil && l.merge && len(l.key) > 0 {
				mergedAwayInList(f.Value, r, l, path.Append(fieldpath.Element{Field: name}), out)
			}
		}
	}
}

// mergedAwayInList checks the items of a list merged by key: an item whose key no other item
// repeats is walked into; an item sharing its key must be held by an item of the result with
// that key.
func mergedAwayInList(updated, result *yamltree.Node, l listMeta, path fieldpath.Path, out *[]Merged) {
	texts := make([]string, len(updated.Items))
	count := map[string]int{}
	for i, it := range updated.Items {
		if it.Get("$patch") != nil {
			continue
		}
		if k, ok := keyOf(it, l.key); ok {
			if text, ok := keyMatch(k); ok {
				texts[i] = text
				count[text]++
			}
		}
	}
	for i, it := range updated.Items {
		if texts[i] == "" {
			continue
		}
		k, _ := keyOf(it, l.key)
		same := resultItems(result, l.key, texts[i])
		switch {
		case count[texts[i]] == 1 && len(same) > 0:
			mergedAwayIn(it, same[0], l.items, path.Append(k), out)
		case count[texts[i]] > 1 && !anyHolds(same, it):
			m := Merged{Path: path.Append(k), Item: it, Items: updated, List: result, Repeats: count[texts[i]]}
			if len(same) > 0 {
				m.Kept = same[0]
			}
			*out = append(*out, m)
		}
	}
}

// resultItems returns the result's items whose key matches text (keyMatch).
func resultItems(result *yamltree.Node, key []string, text string) []*yamltree.Node {
	var same []*yamltree.Node
	for _, it := range result.Items {
		if k, ok := keyOf(it, key); ok {
			if t, ok := keyMatch(k); ok && t == text {
				same = append(same, it)
			}
		}
	}
	return same
}

func anyHolds(results []*yamltree.Node, item *yamltree.Node) bool {
	for _, r := range results {
		if holds(r, item) {
			return true
		}
	}
	return false
}

// holds reports whether the result's value holds everything the config's value sets: a map
// every field (a null one absent or null, directives aside), a list every item (in any item of
// the result's list, since merged lists interleave live's items), a scalar the same value.
func holds(result, updated *yamltree.Node) bool {
	switch {
	case updated.IsMap():
		if !result.IsMap() {
			return false
		}
		for _, f := range updated.Fields {
			if strings.HasPrefix(f.Key.Value, "$") {
				continue
			}
			r := result.Get(f.Key.Value)
			if f.Value.IsNull() {
				if !r.IsNull() {
					return false
				}
				continue
			}
			if r == nil || !holds(r, f.Value) {
				return false
			}
		}
		return true
	case updated.IsList():
		if !result.IsList() {
			return false
		}
		for _, it := range updated.Items {
			if !anyHolds(result.Items, it) {
				return false
			}
		}
		return true
	}
	return yamltree.Equal(result, updated)
}
