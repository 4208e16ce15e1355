package smp

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// listPairs are the items of the lists a place holds, paired across sides.
type listPairs struct {
	children []*Aligned
	// byText finds the first child of a text.
	byText map[string]*Aligned
	// kinds is the kind of each side's items: nullKind when the side holds no item (or no list),
	// mixedKinds when its items are of several kinds.
	kinds [sideCount]kind
	// missing is, per side, the map items that lack the merge key, in the list's order.
	missing [sideCount][]*yamltree.Node
}

// mixedKinds marks a list whose items are of several kinds.
const mixedKinds kind = 255

// items returns the items of the lists the sides in ss hold here, paired, in the order the
// reference's diff walks them (pairedOrder), each child holding the items of every side. Items
// of a list merged by key pair on their key's text (keyText), others on their value's text; a
// text repeated in one list pairs by occurrence. It fails as the reference does when the items
// of those sides are not all of one kind, or when an item of a list of maps lacks its key.
func (a *Aligned) items(lm listMeta, ss ...Side) ([]*Aligned, kind, error) {
	if a.lists == nil {
		a.lists = a.pairItems(lm)
	}
	k := nullKind
	for _, s := range ss {
		switch sk := a.lists.kinds[s]; {
		case sk == nullKind:
		case k == nullKind:
			k = sk
		case sk != k:
			k = mixedKinds
		}
		if a.lists.kinds[s] == mixedKinds {
			k = mixedKinds
		}
	}
	if k == mixedKinds {
		var lists []*yamltree.Node
		for _, s := range ss {
			lists = append(lists, orEmptyList(a.sides[s]))
		}
		return nil, k, located(mixedKindsError(lists...), a.anyNode())
	}
	if k == mapKind && len(lm.key) > 0 {
		var lacking []*yamltree.Node // the reference names the first; Lacking lists them all
		for _, s := range ss {
			lacking = append(lacking, a.lists.missing[s]...)
		}
		if len(lacking) > 0 {
			return nil, k, missingKeyError(lm.key, lacking...)
		}
	}
	return a.lists.children, k, nil
}

func orEmptyList(n *yamltree.Node) *yamltree.Node {
	if n.IsList() {
		return n
	}
	return yamltree.NewList()
}

// pairItems pairs the items of every side's list.
func (a *Aligned) pairItems(lm listMeta) *listPairs {
	p := &listPairs{}
	byPair := map[pairKey]*Aligned{}
	var keys []pairKey
	for s := range sideCount {
		l := a.sides[s]
		if !l.IsList() {
			continue
		}
		p.kinds[s] = itemsKind(l)
		for _, k := range p.pairKeys(l, lm.key, s) {
			c := byPair[k.pairKey]
			if c == nil {
				c = &Aligned{parent: a, sch: lm.items}
				byPair[k.pairKey] = c
				keys = append(keys, k.pairKey)
			}
			c.sides[s] = k.item
		}
	}
	// sort.Slice rather than slices.SortFunc: the generic sort of this struct weighs about 20 KB
	// in the wasm, sort.Slice's code is shared.
	sort.Slice(keys, func(i, j int) bool {
		x, y := keys[i], keys[j]
		if c := strings.Compare(x.text, y.text); c != 0 {
			return c < 0
		}
		return x.rank < y.rank
	})
	p.children = make([]*Aligned, len(keys))
	p.byText = make(map[string]*Aligned, len(keys))
	for i, k := range keys {
		c := byPair[k]
		c.elem = elementOf(c.anyNode(), lm.key)
		c.index, c.text = i, k.text
		p.children[i] = c
		if k.rank == 0 {
			p.byText[k.text] = c
		}
	}
	return p
}

// keyedItem is an item of one side's list with what it pairs on.
type keyedItem struct {
	_ incomparable.Field
	pairKey
	item *yamltree.Node
}

// pairKeys reads what each item of one side's list pairs on, in the reference's diff order:
// its text, and which occurrence of the text it is. Items of a list merged by key that lack the
// key pair with nothing; they are recorded as missing in that order too, sorted as a key printed
// "<nil>": of several, the reference's diff names the one its sort puts first (in a short list,
// the last one written). Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "the
// diff names the last item lacking its key", "a long list names the item its sort puts first").
func (p *listPairs) pairKeys(l *yamltree.Node, key []string, s Side) []keyedItem {
	texts, sorted := make([]string, len(l.Items)), make([]string, len(l.Items))
	for i, it := range l.Items {
		texts[i] = itemText(it, key)
		sorted[i] = texts[i]
		if texts[i] == "" {
			sorted[i] = "k" + printed(nil)
		}
	}
	ranks := map[string]int{}
	out := make([]keyedItem, 0, len(l.Items))
	for _, i := range pairedOrder(sorted) {
		if texts[i] == "" {
			p.missing[s] = append(p.missing[s], l.Items[i])
			continue
		}
		out = append(out, keyedItem{pairKey: pairKey{text: texts[i], rank: ranks[texts[i]]}, item: l.Items[i]})
		ranks[texts[i]]++
	}
	return out
}

// pairKey identifies the items that pair: their text, and which occurrence of it they are.
type pairKey struct {
	text string
	rank int
}

// itemText is the text an item pairs on: its key's for a map of a list merged by key (empty
// when it lacks the key), its value's otherwise.
func itemText(it *yamltree.Node, key []string) string {
	if it.IsMap() && len(key) > 0 {
		k, ok := keyOf(it, key)
		if !ok {
			return ""
		}
		return "k" + keyText(k)
	}
	return "v" + printed(it)
}

// elementOf is the path element of an item: its key, or its value.
func elementOf(it *yamltree.Node, key []string) fieldpath.Element {
	if it.IsMap() && len(key) > 0 {
		if k, ok := keyOf(it, key); ok {
			return k
		}
	}
	return fieldpath.Element{Value: it}
}

// itemsKind is the kind shared by every item of l, nullKind for an empty list, mixedKinds when
// they differ.
func itemsKind(l *yamltree.Node) kind {
	k := nullKind
	for i, it := range l.Items {
		ik := kindOf(it)
		if i == 0 {
			k = ik
		} else if ik != k {
			return mixedKinds
		}
	}
	return k
}

// pairedOrder returns the indexes of items in the order the reference sorts a list before it
// diffs it: by text, with sort.Sort and a "less or equal" comparison, which is not stable and,
// on equal texts, moves items past each other (a short list ends with its equal texts in
// reverse order). The items of one text then pair, across lists, in this order: it decides
// which of two items with one key is diffed against which. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "equal keys pair in reverse").
func pairedOrder(texts []string) []int {
	index := make([]int, len(texts))
	for i := range index {
		index[i] = i
	}
	// sort.Slice runs the same pdqsort as sort.Sort (the same comparisons and swaps), without
	// linking sort.Sort's own copy of it into the wasm.
	sort.Slice(index, func(i, j int) bool { return texts[index[i]] <= texts[index[j]] })
	return index
}
