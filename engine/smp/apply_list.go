package smp

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// mergeList merges a patch list into a list live holds, for a list the schema merges.
func (ap *applier) mergeList(current *yamltree.Node, p *List, lm listMeta) (*yamltree.Node, error) {
	m, err := ap.mergeItems(current.Items, p, lm, current)
	if err != nil {
		return nil, err
	}
	out := shell(current, yamltree.ListNode)
	out.Items = m.arranged(ap.nodeOps(lm, lm.key, current).text)
	ap.o.moveRecords(current, out)
	ap.o.merged[out] = &Value{List: p}
	return out, nil
}

// mergeItems merges a patch list into live's items, after the API server's checks: one kind of
// item on both sides; maps holding their key in a list merged by key; no map in a set.
func (ap *applier) mergeItems(items []*yamltree.Node, p *List, lm listMeta, holder *yamltree.Node) (mergedList[*yamltree.Node], error) {
	if d, err := readListDirectives(p, lm.key); err != nil || d.replaced {
		if err == nil {
			_, err = checkPatchLists(lm, nil, d.items)
		}
		ops := ap.nodeOps(lm, lm.keyFor(d.items), holder)
		taken := byFirstPosition(takeAll(d.items, ops), ops.text)
		if err == nil {
			ap.replacedItems(items, taken, lm.keyFor(d.items), holder, p)
		}
		return mergedList[*yamltree.Node]{items: taken, replaced: d.replaced}, err
	}
	if len(items) == 0 {
		if _, err := checkPatchLists(lm, nil, patchData(p.Items)); err != nil {
			return mergedList[*yamltree.Node]{}, err
		}
	}
	key, err := checkLists(lm, items, p.Items)
	if err != nil {
		return mergedList[*yamltree.Node]{}, err
	}
	ops := ap.nodeOps(lm, key, holder)
	if len(key) == 0 {
		return mergePrimitives(items, decodedCapacity(len(items)), p, ops), nil
	}
	m, err := mergeKeyed(items, p, key, ops)
	if err == nil && holder != nil {
		ap.readdedItems(holder, m.items, key)
	}
	return m, err
}

// readdedItems links each of live's items the patch deleted and then added again under the same
// key (a patch repeating the key: "$patch: delete" beside an item, as Helm 2's two-way patch
// writes when the previous render listed the key twice) to the item added, as a list replace
// does: the item is live's, made anew, its fields told apart from live's, and not reported
// deleted. strategicpatch deletes first and adds after (scripts/conformance/smpfacts: the
// two-apply op).
func (ap *applier) readdedItems(holder *yamltree.Node, items []*yamltree.Node, key []string) {
	rs := ap.o.removed[holder]
	if len(rs) == 0 {
		return
	}
	at := positions{key: key}
	used := map[*yamltree.Node]bool{}
	added := func(t string) *yamltree.Node {
		for _, n := range items {
			if nt, _ := at.matchText(n); nt == t && !used[n] && ap.o.setBy[n] != nil && ap.o.liveOf[n] == nil {
				return n
			}
		}
		return nil
	}
	kept := rs[:0:0]
	for _, r := range rs {
		if r.cause == DeletedItem {
			t, _ := at.matchText(r.live)
			if n := added(t); n != nil {
				used[n] = true
				ap.o.liveOf[n] = ap.o.liveOf[r.live]
				if pv := ap.o.setBy[n]; pv.Map != nil {
					ap.replacedMap(r.live, n, pv.Map)
				}
				continue
			}
		}
		kept = append(kept, r)
	}
	ap.o.removed[holder] = kept
}

// nodeOps are the item operations on live's items, which holder (nil for none) holds.
func (ap *applier) nodeOps(lm listMeta, key []string, holder *yamltree.Node) itemOps[*yamltree.Node] {
	at := positions{key: key}
	shape := Item
	if len(key) == 0 {
		shape = SetValue
	}
	return itemOps[*yamltree.Node]{
		text: func(n *yamltree.Node) string { t, _ := at.matchText(n); return t },
		take: func(v *Value) *yamltree.Node { return ap.o.set(v.node(keepAll), v) },
		deleted: func(n *yamltree.Node, by *Value) {
			if holder != nil {
				ap.o.remove(holder, removal{elem: elementOf(n, key), live: n, cause: DeletedItem, patch: by, shape: shape})
			}
		},
		merge: func(n *yamltree.Node, v *Value) (*yamltree.Node, error) {
			if v.Map == nil || !n.IsMap() {
				return nil, nullItemMerge(v, key)
			}
			m, err := ap.mergeMap(n, v.Map, lm.items)
			if err == nil {
				ap.o.moveRecords(n, m)
				ap.o.merged[m] = v
				ap.o.merges[m] = ap.o.merges[n] + 1
			}
			return m, err
		},
		directive:  func(n *yamltree.Node) bool { return n.IsMap() && n.Has(keyPrefix[PatchEntry]) },
		missingKey: func(n *yamltree.Node) error { return missingKeyError(key, n) },
	}
}

// nullItemMerge is the error of a patch's null item meeting live's null item in a list merged by
// key (both lack the key, so they match): strategicpatch dereferences the null as a map and
// panics, so the API server cannot apply the patch. Observed with apimachinery v0.37.2
// (scripts/conformance/smpfacts: "null items of a keyed list panic").
func nullItemMerge(v *Value, key []string) error {
	return errorAt(v.Node, "a null item of a list merged by "+keyFieldsText(key)+" meets live's null item (neither holds the key, so they match), and strategicpatch crashes merging them (nil pointer dereference)")
}

// replacedItems records a list "$patch: replace" made anew: each new item continues live's
// item with its key, if any (so that its fields are told apart); live's other items are gone.
func (ap *applier) replacedItems(items, taken []*yamltree.Node, key []string, holder *yamltree.Node, p *List) {
	at := positions{key: key}
	text := func(n *yamltree.Node) string { t, _ := at.matchText(n); return t }
	paired := map[*yamltree.Node]bool{}
	for _, it := range items {
		t := text(it)
		i := -1
		for j, n := range taken {
			if !paired[n] && t != "" && text(n) == t {
				i = j
				break
			}
		}
		if i >= 0 {
			paired[taken[i]] = true
			ap.o.liveOf[taken[i]] = ap.o.liveOf[it]
			if pv := ap.o.setBy[taken[i]]; pv != nil && pv.Map != nil {
				ap.replacedMap(it, taken[i], pv.Map)
			}
			continue
		}
		if holder != nil {
			ap.o.remove(holder, removal{elem: elementOf(it, key), live: it, cause: Replaced, patch: &Value{List: p}, shape: Item})
		}
	}
}

// checkLists checks a list and a patch list about to be merged, and returns the key their items
// merge on (nil for a set of primitives).
func checkLists(lm listMeta, items []*yamltree.Node, patch []*Value) ([]string, error) {
	if listsAgree(lm, items, patch) {
		return lm.key, nil
	}
	values := make([]*Value, len(items))
	for i, it := range items {
		values[i] = Read(it)
	}
	return checkPatchLists(lm, values, patchData(patch))
}

// listsAgree is checkPatchLists's passing case read on live's items as they are (no copy into
// patch values): items of one kind, maps holding every key field for a list merged by key, no
// map in a list of primitives. When it does not hold, the full check finds the error to report.
func listsAgree(lm listMeta, items []*yamltree.Node, patch []*Value) bool {
	k := nullKind
	agree := func(ik kind) bool {
		if k == nullKind {
			k = ik
		}
		return ik == k
	}
	for _, f := range lm.key {
		if strings.HasPrefix(f, "$") {
			return false
		}
	}
	for _, it := range items {
		if !agree(kindOf(it)) || (it.IsMap() && !nodeHasKey(it, lm.key)) {
			return false
		}
	}
	for _, it := range patch {
		if it.Map != nil && it.Map.Get(PatchEntry, "") != nil {
			continue
		}
		if !agree(it.kind()) || (it.Map != nil && !hasKey(it.Map, lm.key)) {
			return false
		}
	}
	switch {
	case k == nullKind:
		return true
	case len(lm.key) > 0:
		return k == mapKind
	}
	return k != mapKind
}

// nodeHasKey reports whether a live map holds every key field.
func nodeHasKey(n *yamltree.Node, key []string) bool {
	for _, f := range key {
		if !n.Has(f) {
			return false
		}
	}
	return true
}

// patchData is a patch list without its "$patch" items.
func patchData(items []*Value) []*Value {
	out := make([]*Value, 0, len(items))
	for _, it := range items {
		if it.Map == nil || it.Map.Get(PatchEntry, "") == nil {
			out = append(out, it)
		}
	}
	return out
}

// orderedList merges the list field a "$setElementOrder" orders (when the patch holds it) and
// puts it in that order: the items the order names first, as it names them; the others (live
// holds them alone) interleaved by where they stood. A patch list whose items do not follow the
// order is refused.
func (ap *applier) orderedList(target *yamltree.Node, p *Map, e *Entry, sch Schema) error {
	current, patchList, err := orderedInputs(target, p, e)
	if err != nil || (current == nil && patchList == nil) {
		return err
	}
	lm, err := sch.listField(e.Name)
	if err != nil {
		return err
	}
	merged, err := ap.mergeOrdered(current, patchList, e.Value.List, lm)
	if err != nil {
		return err
	}
	list := p.Field(e.Name)
	if current == nil {
		out := shell(patchList.Node, yamltree.ListNode)
		out.Items = merged
		ap.o.set(out, list)
		target.Fields = append(target.Fields, yamltree.Field{Key: keyNodeOf(p.Get(FieldEntry, e.Name)), Value: out})
		return nil
	}
	out := shell(current, yamltree.ListNode)
	out.Items = merged
	ap.o.moveRecords(current, out)
	ap.o.ordered[out] = true
	if !lm.merge && patchList != nil {
		ap.o.set(out, list)
	}
	target.Fields[target.Index(e.Name)].Value = out
	return nil
}

// orderedInputs returns the list live holds under an order's field (nil: none) and the patch's
// list (nil: none), failing as the API server does on an order that is not a list, a patch value
// beside it that is not a list (a null too), a live value that is not a list, and lists without
// a single item between them.
func orderedInputs(target *yamltree.Node, p *Map, e *Entry) (*yamltree.Node, *List, error) {
	if e.Value.List == nil {
		return nil, nil, &Error{Message: "expected a []interface {}, but received a " + describeNonList(e.Value.Tree())}
	}
	var patchList *List
	if list := p.Field(e.Name); list != nil && list.List != nil {
		patchList = list.List
	} else if list != nil {
		return nil, nil, &Error{Message: "expected a []interface {}, but received a " + describeNonList(list.Tree())}
	}
	current := target.Get(e.Name)
	if (target.Has(e.Name) || patchList != nil) && countItems(current)+countPatchItems(patchList) == 0 {
		return nil, nil, &Error{Message: "no elements in any of the given slices"}
	}
	if target.Has(e.Name) && !current.IsList() {
		return nil, nil, &Error{Message: "expected a []interface {}, but received a " + printed(current)}
	}
	return current, patchList, nil
}

// mergeOrdered merges patchList (nil: none) into current (nil: live lacks the list) and
// orders the result: the list merge first, then the order's checks (one kind of item; the keys
// of a list merged by key, in the order too; the patch list's items in the order's order, unless
// the patch replaced the list) and its arrangement. An empty order reverses the patch's items
// (unorderedMerge).
func (ap *applier) mergeOrdered(current *yamltree.Node, patchList, order *List, lm listMeta) ([]*yamltree.Node, error) {
	m, err := ap.mergeForOrder(current, patchList, lm)
	switch {
	case err != nil:
		return nil, err
	case !lm.merge && patchList != nil && itemsKind(listValue(patchList.Items...).Tree()) == mapKind:
		return nil, errUnhashable
	case len(order.Items) == 0:
		return ap.unorderedMerge(m, current, patchList, lm), nil
	}
	key, err := checkLists(lm, m.items, order.Items)
	if err != nil {
		return nil, err
	}
	if patchList != nil && len(patchData(patchList.Items)) > 0 {
		if err := checkOrder(patchList.Items, order.Items, key); err != nil {
			return nil, err
		}
	}
	ops := ap.nodeOps(lm, key, current)
	if m.view == nil && current != nil {
		m.view = textsOf(current.Items, ops.text)
	}
	m.replaced = false
	return m.ordered(ops.text, patchTexts(order.Items, key)), nil
}

// unorderedMerge arranges a list merged beside an empty "$setElementOrder": the patch's items
// come in the reverse of the patch's order (all of them, repeats too, where the patch's list is
// taken whole: live lacks the list, or the schema does not merge it); live's other items are
// interleaved by where live held them (reversedNamed). A patch without items leaves the merge as
// it is. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an empty order
// reverses the patch's items").
func (ap *applier) unorderedMerge(m mergedList[*yamltree.Node], current *yamltree.Node, patchList *List, lm listMeta) []*yamltree.Node {
	switch {
	case patchList == nil || len(patchData(patchList.Items)) == 0 || m.replaced:
		return m.ordered(nil, nil)
	case current == nil || !lm.merge:
		return reversed(m.items)
	}
	text := ap.nodeOps(lm, lm.key, current).text
	return reversedNamed(m.items, text, patchTexts(patchData(patchList.Items), lm.key), textsOf(current.Items, text))
}

// mergeForOrder is the list merge beside a "$setElementOrder": live's list as it is when the
// patch holds none; the patch's items (its "$patch: delete" items dropped, or all but the
// "$patch: replace" one) when live lacks the list, each less the maps holding "$patch" inside it
// (nulls kept: withoutDirectiveMaps), repeats kept; else a list merge (into live's empty list
// too: repeated keys merge into one), or, for a list the schema does not merge, the patch's list.
// Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an ordered list live lacks
// is taken less its directives", "an ordered list live holds empty is merged into").
func (ap *applier) mergeForOrder(current *yamltree.Node, patchList *List, lm listMeta) (mergedList[*yamltree.Node], error) {
	ops := ap.nodeOps(lm, nil, current)
	switch {
	case patchList == nil:
		_, err := checkLists(lm, current.Items, nil)
		return mergedList[*yamltree.Node]{items: current.Items}, err
	case current == nil:
		items, replaced := withoutDirectiveItems(patchList)
		if all := listValue(patchList.Items...).Tree(); itemsKind(all) == mixedKinds {
			return mergedList[*yamltree.Node]{}, mixedKindsError(yamltree.NewList(), all)
		}
		if _, err := checkPatchLists(lm, nil, items); err != nil {
			return mergedList[*yamltree.Node]{}, err
		}
		return mergedList[*yamltree.Node]{items: takeAll(takenItems(items), ops), replaced: replaced && len(items) == 0}, nil
	case lm.merge:
		if _, err := checkLists(lm, current.Items, nil); err != nil {
			return mergedList[*yamltree.Node]{}, err
		}
		return ap.mergeItems(current.Items, patchList, lm, current)
	}
	return mergedList[*yamltree.Node]{items: takeAll(patchList.Items, ops)}, nil
}

// withoutDirectiveItems separates a patch list's items from its maps holding "$patch", which an
// ordered list live lacks drops whatever their value (an unknown one, "merge", a null, or a
// delete item without its key: none is refused), and reports whether one was "$patch: replace".
// Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an ordered list live lacks
// drops its directives unread").
func withoutDirectiveItems(l *List) (items []*Value, replaced bool) {
	for _, it := range l.Items {
		if it.Map == nil || it.Map.Get(PatchEntry, "") == nil {
			items = append(items, it)
			continue
		}
		replaced = replaced || directiveOf(it.Map.Get(PatchEntry, "").Value) == "replace"
	}
	return items, replaced
}

// describeNonList names the type of a value that should have been a list, as the reference's
// message does: its Go type once decoded ("string", "int64", "map[string]interface {}"), a null
// as fmt writes a nil. Observed with apimachinery v0.37.2 (scripts/conformance/smpfacts: "an
// order that is not a list").
func describeNonList(n *yamltree.Node) string {
	if n.IsNull() {
		return "%!s(<nil>)"
	}
	return kindOf(n).String()
}

func countItems(n *yamltree.Node) int {
	if n.IsList() {
		return len(n.Items)
	}
	return 0
}

func countPatchItems(l *List) int {
	if l == nil {
		return 0
	}
	return len(l.Items)
}

// byFirstPosition orders items by where their text first appears among them, stably: a list a
// patch replaces comes out so, its repeated keys side by side.
func byFirstPosition[T any](items []T, text func(T) string) []T {
	first := firstPositions(textsOf(items, text))
	sort.SliceStable(items, func(i, j int) bool { return first[text(items[i])] < first[text(items[j])] })
	return items
}

// takenItems is each item less the maps holding "$patch" inside it (withoutDirectiveMaps).
func takenItems(items []*Value) []*Value {
	out := make([]*Value, 0, len(items))
	for _, it := range items {
		if v := withoutDirectiveMaps(it); v != nil {
			out = append(out, v)
		}
	}
	return out
}
