package smp

import (
	"sort"
)

// A list merge is what the API server does with a list of a patch and the list it patches, for
// a list merged by key or a set of primitives; kubectl combining the two halves of its patch
// does the same (combine). The items of the list patched are of type T (nodes of an object, or
// patch values); itemOps says how to handle them.
type itemOps[T any] struct {
	// text is an item's match text: its key's, or its value's.
	text func(T) string
	// take is a patch item as it is added: as written.
	take func(*Value) T
	// merge merges a patch item into the item with its key.
	merge func(T, *Value) (T, error)
	// directive reports whether an item of the list patched carries "$patch" (as data).
	directive func(T) bool
	// missingKey is the reference's refusal of a merged item that lost its key (a null in the
	// patch removed it).
	missingKey func(T) error
	// deleted is told of each item a "$patch: delete" item removes.
	deleted func(item T, by *Value)
}

// mergedList is the outcome of a list merge.
type mergedList[T any] struct {
	// items are the merged items, their "$patch" items aside (directives), not yet arranged.
	items      []T
	directives []T
	// named are the texts of the patch's items; server those of the list patched, once its
	// deleted items are gone and before any is added.
	named, server []string
	// view is the patched list as a holder of it sees it afterwards: the reference merges a
	// list in place, in the array it was decoded into (see decodedCapacity), so a holder keeps
	// seeing items shifted by deletions and values written over, not appended ones beyond its
	// length. A "$setElementOrder" then arranges by this view.
	view []string
	// held are the items of that view.
	held []T
	// replaced: the patch replaced the list ("$patch: replace").
	replaced bool
}

// listDirectives are the "$patch" items of a patch list.
type listDirectives struct {
	deleted  []*Value
	replaced bool
	items    []*Value
}

// readListDirectives separates a patch list's items from its directives, failing as the API
// server does on "$patch: merge" (not supported in lists), on unknown values and on a "$patch:
// delete" item lacking a field of key (nil for a list not merged by key): at the first such item
// in the list's order, whichever the failure. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "a patch list's directives fail in order").
func readListDirectives(patch *List, key []string) (listDirectives, error) {
	var d listDirectives
	for _, it := range patch.Items {
		e := (*Entry)(nil)
		if it.Map != nil {
			e = it.Map.Get(PatchEntry, "")
		}
		if e == nil {
			d.items = append(d.items, it)
			continue
		}
		switch directiveOf(e.Value) {
		case "delete":
			if !hasKey(it.Map, key) {
				return d, missingKeyError(key, it.Tree())
			}
			d.deleted = append(d.deleted, it)
		case "replace":
			d.replaced = true
		case "merge":
			return d, errorAt(e.Key, "merging lists cannot yet be specified in the patch")
		default:
			return d, errorAt(e.Key, "unknown patch type: "+printed(e.Value.Tree())+" in map: "+printed(it.Tree()))
		}
	}
	return d, nil
}

// directiveOf is a "$patch" value's text ("" when it is not a string).
func directiveOf(v *Value) string {
	if v.Node.IsScalar() && kindOf(v.Node) == stringKind {
		return v.Node.Value
	}
	return printed(v.Tree())
}

// mergeKeyed merges a patch list into the items of a list merged by key.
func mergeKeyed[T any](original []T, patch *List, key []string, ops itemOps[T]) (mergedList[T], error) {
	d, err := readListDirectives(patch, key)
	if err != nil {
		return mergedList[T]{}, err
	}
	if d.replaced {
		return mergedList[T]{items: byFirstPosition(takeAll(d.items, ops), ops.text), replaced: true}, nil
	}
	if len(original) == 0 && len(d.items) == 0 {
		return mergedList[T]{}, nil
	}
	current, held := decodedSlice(original)
	for _, del := range d.deleted {
		text, _ := matchTextOf(del, key)
		current = removeMatching(current, text, ops.text, func(it T) { ops.deleted(it, del) })
	}
	server := textsOf(current, ops.text)
	for _, p := range d.items {
		text, _ := matchTextOf(p, key)
		i := indexOf(current, text, ops.text)
		if i < 0 {
			current = append(current, ops.take(p))
			continue
		}
		if current[i], err = ops.merge(current[i], p); err != nil {
			return mergedList[T]{}, err
		}
	}
	rest, directives := directivesAside(current, ops)
	for _, it := range rest {
		if ops.text(it) == "" {
			return mergedList[T]{}, ops.missingKey(it)
		}
	}
	return mergedList[T]{items: rest, directives: directives, named: patchTexts(d.items, key), server: server,
		view: textsOf(held, ops.text), held: held}, nil
}

// arranged is the merged list as a merge leaves it: arranged by the patch's order (arrange),
// its "$patch" items last.
func (m mergedList[T]) arranged(text func(T) string) []T {
	if m.replaced {
		return m.items
	}
	return append(arrange(m.items, text, m.named, m.server), m.directives...)
}

// ordered is the merged list put in the order of a "$setElementOrder" (its texts): a list
// merged beside one is not arranged by the patch's order first; an empty order leaves it as
// merged. The list's former holder's view gives the others' places. The "$patch" items of a
// list kubectl combines keep their order (directivesAside) after the others, except where the
// holder's view shows one before an item and the order does not name its key: a deletions' item
// that a config's "$patch: delete" item removed lets the items after it move up, so a deletion
// can come before the changes.
// Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "deletions of a repeated
// key", "a config's delete item frees a slot of the deletions", "an order alone arranges the
// deletions", "a deletion the order names stays last").
func (m mergedList[T]) ordered(text func(T) string, order []string) []T {
	if m.replaced || len(order) == 0 {
		return append(m.items, m.directives...)
	}
	items := arrange(m.items, text, order, m.view)
	at := func(it T) int {
		for i, h := range m.held {
			if any(h) == any(it) { // items are pointers: the same item, not an equal one
				return i
			}
		}
		return -1
	}
	named := firstPositions(order)
	ahead := func(d T, i int) bool {
		_, isNamed := named[text(d)]
		return !isNamed && at(d) >= 0 && at(d) < i
	}
	out := make([]T, 0, len(items)+len(m.directives))
	d := m.directives
	for _, it := range items {
		for i := at(it); i >= 0 && len(d) > 0 && ahead(d[0], i); d = d[1:] {
			out = append(out, d[0])
		}
		out = append(out, it)
	}
	return append(out, d...)
}

// mergePrimitives merges a patch list into a set of primitives held in an array of the given
// capacity (decodedCapacity for a list the decoder read, its length for one the reference's diff
// built): the patch's values are appended, repeats removed in place (withoutRepeats), and the
// values arranged with the patch's first.
//
// An append past the capacity moves the list to another array, and its holder keeps seeing the
// list as it was: kubectl combining the halves of its patch for a config that repeats a key
// arranges their merged numbers by it (the reference's [4 1 5] where the decoder's capacity would
// give [1 5 4]). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "a list the
// diff built is held as it was").
func mergePrimitives[T any](original []T, capacity int, patch *List, ops itemOps[T]) mergedList[T] {
	current := make([]T, len(original), capacity)
	copy(current, original)
	held := current
	for _, p := range patch.Items {
		current = append(current, ops.take(p))
	}
	current = withoutRepeatsInPlace(current, ops.text)
	view := textsOf(held, ops.text)
	return mergedList[T]{items: current, named: patchTexts(patch.Items, nil), server: view, view: view, held: held}
}

// takeAll returns the patch items as written.
func takeAll[T any](items []*Value, ops itemOps[T]) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		out = append(out, ops.take(it))
	}
	return out
}

// patchTexts is the match text of each patch item.
func patchTexts(items []*Value, key []string) []string {
	return textsOf(items, func(v *Value) string { t, _ := matchTextOf(v, key); return t })
}

// directivesAside separates the items of a merged list that carry "$patch" (data of the list
// patched: a patch kubectl combines) and orders them by where their key first appears; they end
// the list. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "deletions of a
// repeated key").
func directivesAside[T any](items []T, ops itemOps[T]) (rest, directives []T) {
	first := firstPositions(textsOf(items, ops.text))
	for _, it := range items {
		if ops.directive(it) {
			directives = append(directives, it)
		} else {
			rest = append(rest, it)
		}
	}
	sort.SliceStable(directives, func(i, j int) bool {
		return first[ops.text(directives[i])] < first[ops.text(directives[j])]
	})
	return rest, directives
}

// indexOf is the index of the first item with text, or -1.
func indexOf[T any](items []T, text string, textOf func(T) string) int {
	for i, it := range items {
		if textOf(it) == text {
			return i
		}
	}
	return -1
}

// removeMatching removes, in place, every item with text, shifting the others down as Go's
// append(s[:i], s[i+1:]...) does: a holder of the list sees the last items twice.
func removeMatching[T any](items []T, text string, textOf func(T) string, removed func(T)) []T {
	for i := 0; i < len(items); i++ {
		if textOf(items[i]) == text {
			removed(items[i])
			items = append(items[:i], items[i+1:]...)
			i--
		}
	}
	return items
}

// withoutRepeatsInPlace is withoutRepeats done in the list's own array.
func withoutRepeatsInPlace[T any](out []T, text func(T) string) []T {
	return removeRepeats(out, text)
}

// decodedSlice copies items into a slice with the capacity Go's JSON decoder leaves a list of
// that length (decodedCapacity), and returns it twice: the list to merge into, and the holder's
// view of the same array.
func decodedSlice[T any](items []T) (current, held []T) {
	current = make([]T, len(items), decodedCapacity(len(items)))
	copy(current, items)
	return current, current
}

// decodedCapacity is the capacity of a []interface{} of n items as encoding/json leaves it:
// grown by appending one item at a time.
func decodedCapacity(n int) int {
	var grown []any
	for range n {
		grown = append(grown, nil)
	}
	return cap(grown)
}
