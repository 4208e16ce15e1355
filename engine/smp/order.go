package smp

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// positions finds where in a list the first item matching a key (or, for a list of primitives,
// a value) stands, in constant time.
type positions struct {
	key   []string
	first map[string]int
}

// positionsIn indexes list l; key is empty for a list of primitives.
func positionsIn(l *yamltree.Node, key []string) *positions {
	p := &positions{key: key, first: map[string]int{}}
	if !l.IsList() {
		return p
	}
	for i, it := range l.Items {
		if text, ok := p.matchText(it); ok {
			if _, seen := p.first[text]; !seen {
				p.first[text] = i
			}
		}
	}
	return p
}

// matchText is the text an item is found by: its key's, or its own.
func (p *positions) matchText(it *yamltree.Node) (string, bool) {
	if len(p.key) == 0 {
		return keyMatch(fieldpath.Element{Keys: []fieldpath.KeyValue{{Value: it}}})
	}
	k, ok := keyOf(it, p.key)
	if !ok {
		return "", false
	}
	return keyMatch(k)
}

// of returns the position of the first item matching it, -1 when none does.
func (p *positions) of(it *yamltree.Node) int {
	text, ok := p.matchText(it)
	if !ok {
		return -1
	}
	if i, found := p.first[text]; found {
		return i
	}
	return -1
}

// sortByPosition orders patch items by the position of their key (or value) in list l,
// stably: the reference lists a diff's items in the order of the list the diff goes to.
func sortByPosition(items []*Value, l *yamltree.Node, key []string) {
	if len(items) < 2 {
		return
	}
	at := positionsIn(l, key)
	pos := make(map[*Value]int, len(items))
	for _, it := range items {
		pos[it] = at.of(it.matchNode(key))
	}
	sort.SliceStable(items, func(i, j int) bool { return pos[items[i]] < pos[items[j]] })
}

// matchNode is what an item of a patch list is found by: a map of its key fields, or the value
// itself.
func (v *Value) matchNode(key []string) *yamltree.Node {
	if len(key) == 0 || v.Map == nil {
		return v.Node
	}
	m := yamltree.NewMap()
	for _, f := range key {
		if fv := v.Map.Field(f); fv != nil {
			m.Set(f, fv.Node)
		}
	}
	return m
}

// checkOrder checks that the items of a patch list (its "$patch: delete" items aside) appear in the
// order its "$setElementOrder" gives, as the API server checks it: each item must be found in
// the order list after the one before it (so a repeated key or value must be repeated there
// too, in turn). key is empty for a list of primitives.
func checkOrder(items, order []*Value, key []string) error {
	var listed []*Value
	at := 0
	ok := true
	for _, it := range items {
		d := it.Map != nil && it.Map.Get(PatchEntry, "") != nil
		if d && directiveOf(it.Map.Get(PatchEntry, "").Value) == "delete" {
			continue
		}
		listed = append(listed, it)
		if d {
			// a "$patch: replace" item passes while the order has an entry left, and uses none
			ok = ok && at < len(order)
			continue
		}
		text, found := matchTextOf(it, key)
		for found && at < len(order) {
			if o, has := matchTextOf(order[at], key); has && o == text {
				break
			}
			at++
		}
		if !found || at == len(order) {
			ok = false
		}
		at++
	}
	if ok {
		return nil
	}
	return &Error{Message: "The order in patch list:\n" + printed(listValue(listed...).Tree()) +
		"\n doesn't match $setElementOrder list:\n" + printed(listValue(order...).Tree()) + "\n"}
}

// matchTextOf is the text a patch item is found by (positions.matchText).
func matchTextOf(v *Value, key []string) (string, bool) {
	p := positions{key: key}
	return p.matchText(v.matchNode(key))
}

// arrange orders the items of a merged list as the reference does after every list merge, and
// again for a "$setElementOrder": the items the patch names (named holds their texts, in the
// patch's or the order list's order) come in that order; the others keep the order of the
// server's list (server holds its texts), and the two runs are interleaved by their positions in
// the server's list, a named item the server does not hold coming first. text gives an item's
// match text ("" for none). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts:
// "merged lists interleave").
func arrange[T any](items []T, text func(T) string, named, server []string) []T {
	namedAt, serverAt := firstPositions(named), firstPositions(server)
	var run, rest []T
	for _, it := range items {
		if _, ok := namedAt[text(it)]; ok {
			run = append(run, it)
		} else {
			rest = append(rest, it)
		}
	}
	pos := func(at map[string]int, it T) int {
		if i, ok := at[text(it)]; ok {
			return i
		}
		return -1
	}
	sort.SliceStable(run, func(i, j int) bool { return pos(namedAt, run[i]) < pos(namedAt, run[j]) })
	sort.SliceStable(rest, func(i, j int) bool { return pos(serverAt, rest[i]) < pos(serverAt, rest[j]) })
	out := make([]T, 0, len(items))
	i, j := 0, 0
	for i < len(run) && j < len(rest) {
		if p := pos(serverAt, run[i]); p < 0 || p < pos(serverAt, rest[j]) {
			out = append(out, run[i])
			i++
		} else {
			out = append(out, rest[j])
			j++
		}
	}
	out = append(out, run[i:]...)
	return append(out, rest[j:]...)
}

// reversedNamed orders the items of a list merged beside an empty "$setElementOrder": those
// the patch names (named: its items' texts) in the reverse of the patch's order, the others
// (live's alone) in live's order (server: live's texts), the two interleaved: before each named
// item live holds come live's other items that stood before it; a named item live lacks comes
// where it stands, but those after the last named item live holds come after all of live's.
// Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an empty order reverses
// the patch's items").
func reversedNamed[T any](items []T, text func(T) string, named, server []string) []T {
	namedAt, serverAt := firstPositions(named), firstPositions(server)
	var run, rest []T
	for _, it := range items {
		if _, ok := namedAt[text(it)]; ok {
			run = append(run, it)
		} else {
			rest = append(rest, it)
		}
	}
	sort.SliceStable(run, func(i, j int) bool { return namedAt[text(run[i])] > namedAt[text(run[j])] })
	lastHeld := -1
	for i, it := range run {
		if _, ok := serverAt[text(it)]; ok {
			lastHeld = i
		}
	}
	out := make([]T, 0, len(items))
	j := 0
	for _, it := range run[:lastHeld+1] {
		if at, ok := serverAt[text(it)]; ok {
			for ; j < len(rest) && serverAt[text(rest[j])] < at; j++ {
				out = append(out, rest[j])
			}
		}
		out = append(out, it)
	}
	out = append(out, rest[j:]...)
	return append(out, run[lastHeld+1:]...)
}

// reversed returns the items in reverse order.
func reversed[T any](items []T) []T {
	out := make([]T, len(items))
	for i, it := range items {
		out[len(items)-1-i] = it
	}
	return out
}

// firstPositions maps each text to its first position.
func firstPositions(texts []string) map[string]int {
	at := make(map[string]int, len(texts))
	for i, t := range texts {
		if _, seen := at[t]; !seen && t != "" {
			at[t] = i
		}
	}
	return at
}

// withoutRepeats removes repeated values as the reference does: each value that repeats an
// earlier one is overwritten by the list's last value, and the list shortened, which moves that
// last value forward: [1 1 3 6] becomes [1 6 3]. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "repeats removed by the last value").
func withoutRepeats[T any](values []T, text func(T) string) []T {
	return removeRepeats(append([]T(nil), values...), text)
}
