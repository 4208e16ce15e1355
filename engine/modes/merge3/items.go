package merge3

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// A keyed list merges item by item, in three steps: its items are aligned across the three
// versions by the text of their key fields (alignItems), each aligned triple is merged as a map
// (or, for a list of primitives, as a scalar) and kept or dropped (mergeAligned), and the
// results are set into the local list (placeItems). The facts kyaml's merge shows, which these
// steps keep:
//
//   - Items match by the text of their key fields; a key that is missing, null or empty counts
//     as "" (an item lacking the key is an item with key "").
//   - With several keys, a tuple missing some values is joined with one that agrees with it
//     wherever both have a value and shares at least one (a port 8080 with no protocol and
//     8080/TCP are one port).
//   - An item is found in a version by the keys its tuple has values for, exactly; it is set
//     into a list by the keys some tuple of the list has values for, where "" matches any value.
//   - The local items keep their order, each replaced by its merged version; new items are
//     appended, in the order their tuples were met (local, then upstream before, then now).
//   - An item whose merge leaves nothing (upstream removed it and the local copy added nothing)
//     is removed; an item upstream removed but the local copy added to keeps the local additions,
//     and its key is written back, last and as a string.
//   - Setting an item drops the list's null and empty items on the way; an item holding none of
//     the keys replaces the whole list.

// mergeItems merges a list item by item.
func (m *merger) mergeItems(t triple, sc *sch, path []string) (*ynode.Node, record, error) {
	r := decide(keyedListTable, factsOf(t, nil))
	info := &listInfo{kind: sc.kindName(), schemaPath: sc.pathName(), fromComment: sc.fromComment()}
	rec := m.record(r.rule, t, info)
	switch r.effect {
	case startList:
		t.live = ynode.NewList()
	case mergeLive:
	default:
		return nil, rec, nil
	}
	keys, err := m.itemKeys(t, sc, path, info)
	if err != nil {
		return nil, rec, err
	}
	rows := alignItems(t, keys)
	if err := m.mergeAligned(t.live, rows, sc.elements(), info); err != nil {
		return nil, rec, err
	}
	return t.live, rec, nil
}

// keyed reports whether a list merges item by item: with a schema, when its patch strategy says
// merge; without one, only when guessing keys is on and some version's items all carry one of
// the guessed keys.
func (m *merger) keyed(sc *sch, t triple) bool {
	if sc != nil {
		return sc.merges()
	}
	for _, n := range t.byLive() {
		if !n.IsNull() && m.guessKey(n) != "" {
			return true
		}
	}
	return false
}

// guessKey returns the first guessed key every item of list carries ("" when none; an empty
// list carries them all).
func (m *merger) guessKey(list *ynode.Node) string {
	for _, key := range m.infer {
		all := true
		for _, item := range list.Content {
			if k, _ := item.Field(key); k == nil {
				all = false
				break
			}
		}
		if all {
			return key
		}
	}
	return ""
}

// itemKeys returns the keys a list's items match by: the schema's, else one guessed (every
// version with items must agree). No keys: a list of primitives, merged as a set.
func (m *merger) itemKeys(t triple, sc *sch, path []string, info *listInfo) ([]string, error) {
	strategy, keys := sc.strategyAndKeys()
	if strategy != "" || len(keys) > 0 {
		info.keys = keys
		return keys, nil
	}
	key := ""
	for _, n := range t.byLive() {
		if n == nil || len(n.Content) == 0 {
			continue
		}
		next := m.guessKey(n)
		if key != "" && key != next {
			return nil, located(n, "kyaml stops here: conflicting merge keys ["+key+","+next+"] for field "+strings.Join(path, ".")+": the items of one version all carry "+strconv.Quote(key)+", of another "+strconv.Quote(next))
		}
		key = next
	}
	if key == "" {
		return nil, located(t.live, "kyaml stops here: no merge key found for field "+strings.Join(path, "."))
	}
	info.keys, info.inferred = []string{key}, true
	return info.keys, nil
}

// aligned is one item as the three versions hold it, with the key texts it was aligned by.
type aligned struct {
	// items are the original's and the updated's items; the local one is looked up when its
	// turn comes (mergeAligned).
	items triple
	// keys and values set the merged item into the list: the keys some tuple of the list has a
	// value for, and this tuple's values for them ("" matches any value).
	keys, values []string
	// findKeys and findValues find the item in a version: the keys this tuple has a value for.
	findKeys, findValues []string
}

// alignItems pairs the items of the three lists: one aligned triple per distinct key tuple, in
// the order the tuples are met (live, original, updated). No keys: the items are primitives,
// aligned by their text (the one key "").
func alignItems(t triple, keys []string) []aligned {
	if len(keys) == 0 {
		keys = []string{""}
	}
	tuples := keyTuples(t, keys)
	if len(keys) > 1 {
		tuples = joinPartial(tuples)
	}
	out := make([]aligned, 0, len(tuples))
	for _, tuple := range tuples {
		if len(tuple) == 0 {
			continue
		}
		setKeys, setValues := keysWithValues(tuples, tuple, keys)
		findKeys, findValues := keysWithValues([][]string{setValues}, setValues, setKeys)
		out = append(out, aligned{keys: setKeys, values: setValues, findKeys: findKeys, findValues: findValues,
			items: triple{original: findItem(t.original, findKeys, findValues), updated: findItem(t.updated, findKeys, findValues)}})
	}
	return out
}

// keyTuples lists the key texts of every item, local items first, then the original's, then the
// updated's, each tuple once.
func keyTuples(t triple, keys []string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, n := range t.byLive() {
		if n == nil || n.Kind != ynode.ListNode {
			continue
		}
		for _, item := range n.Content {
			tuple := keyTexts(item, keys)
			id := strings.Join(tuple, "\x00")
			if len(tuple) == 0 || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, tuple)
		}
	}
	return out
}

// keyTexts returns the text of each key field of item ("" when missing, null or empty); the key
// "" is the item's own text.
func keyTexts(item *ynode.Node, keys []string) []string {
	var out []string
	for _, key := range keys {
		v := item.Get(key)
		if key == "" {
			out = append(out, item.Value)
		} else if v.IsNilOrEmpty() {
			out = append(out, "")
		} else {
			out = append(out, v.Value)
		}
	}
	return out
}

// joinPartial joins tuples that agree wherever both have a value and share at least one value,
// pair by pair in order, each joined pair replaced by the join (so a list may hold a tuple twice).
func joinPartial(tuples [][]string) [][]string {
	for i, a := range tuples {
		for j := range tuples {
			if joined, ok := joinTuples(a, tuples[j]); ok {
				tuples[i], tuples[j] = joined, joined
			}
		}
	}
	return tuples
}

func joinTuples(a, b []string) ([]string, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	shared := false
	out := make([]string, len(a))
	for i := range a {
		switch {
		case a[i] == b[i]:
			shared, out[i] = true, a[i]
		case a[i] != "" && b[i] != "":
			return nil, false
		case a[i] != "":
			out[i] = a[i]
		default:
			out[i] = b[i]
		}
	}
	return out, shared
}

// keysWithValues keeps the keys that some tuple of tuples has a value for, and tuple's values
// for them; when no tuple has any, all keys and values stay.
func keysWithValues(tuples [][]string, tuple, keys []string) ([]string, []string) {
	valued := map[string]bool{}
	for _, vs := range tuples {
		for i, v := range vs {
			if v != "" {
				valued[keys[i]] = true
			}
		}
	}
	if len(valued) == 0 {
		return keys, tuple
	}
	var outKeys, outValues []string
	for _, k := range keys {
		if valued[k] {
			outKeys = append(outKeys, k)
		}
	}
	for i, v := range tuple {
		if v != "" || valued[keys[i]] {
			outValues = append(outValues, v)
		}
	}
	return outKeys, outValues
}

// mergeAligned merges each aligned item and sets the results into list: an item the merge
// empties is removed from it at once; the others are gathered (one per key) and set in at the
// end, by the keys of the last aligned item. The local item is looked up in list as it stands
// when its turn comes: an earlier removal (by an empty key text, which matches any item holding
// the key) can take it away, and it is then rebuilt from upstream's changes alone.
func (m *merger) mergeAligned(list *ynode.Node, rows []aligned, elemSch *sch, info *listInfo) error {
	before := append([]*ynode.Node(nil), list.Content...)
	merged := ynode.NewList()
	for _, a := range rows {
		if err := m.mergeRow(list, merged, a, elemSch, info); err != nil {
			return err
		}
	}
	if len(rows) > 0 {
		if err := placeItems(list, merged, rows[len(rows)-1].keys); err != nil {
			return located(list, "kyaml stops here: "+err.Error())
		}
	}
	m.untouched(before, list, info)
	return nil
}

// mergeRow merges one aligned item: removed from list when the merge empties it, else gathered
// into merged.
func (m *merger) mergeRow(list, merged *ynode.Node, a aligned, elemSch *sch, info *listInfo) error {
	a.items.live = findItem(list, a.findKeys, a.findValues)
	val, rec, err := m.merge(a.items, elemSch, nil)
	if err != nil {
		return err
	}
	rec.list = info
	target, item := merged, val
	if val.IsEmptyMap() {
		m.dropped(a, rec)
		target, item = list, nil
	} else {
		if err := m.restoreKeys(val, a); err != nil {
			return err
		}
		m.records[val] = rec
	}
	if err := putItem(target, item, a.keys, a.values); err != nil {
		return located(list, "kyaml stops here: "+err.Error())
	}
	return nil
}

// untouched records the local items no aligned triple reached: dropped while the merged items
// were set (empty ones, and ones another item's key text matched), or left where they were (an
// item with no text for any key, which no key text finds).
func (m *merger) untouched(before []*ynode.Node, list *ynode.Node, info *listInfo) {
	kept := map[*ynode.Node]bool{}
	for _, it := range list.Content {
		kept[it] = true
	}
	for _, it := range before {
		if _, ok := m.records[it]; ok {
			continue
		}
		rule := ruleDropped
		if kept[it] {
			rule = ruleLiveOnly
		}
		m.records[it] = record{rule: rule, live: it, list: info}
	}
}

// dropped records why a local item the merge emptied goes.
func (m *merger) dropped(a aligned, rec record) {
	if a.items.live == nil {
		return
	}
	if rec.rule == ruleMerged || rec.rule == ruleNewMap {
		rec.rule = ruleEmptied
	}
	m.records[a.items.live] = rec
}

// restoreKeys writes back an item's key fields the merge left it without (as new string
// scalars, last; on an item that is itself a scalar, the scalar takes the text).
func (m *merger) restoreKeys(val *ynode.Node, a aligned) error {
	for i, key := range a.keys {
		if val.Get(key) != nil || a.values[i] == "" {
			continue
		}
		switch {
		case val.Kind == ynode.ScalarNode && key == "":
			setScalar(val, a.values[i])
			continue
		case val.Kind != ynode.MapNode || key == "":
			return located(val, "kyaml stops here: wrong node kind: an item of this list is a "+val.Kind.String())
		}
		if final := setField(val, key, ynode.NewScalar(a.values[i]), [3]string{}, 0); final != nil {
			fields := triple{a.items.original.Get(key), a.items.updated.Get(key), a.items.live.Get(key)}
			m.records[final] = m.record(ruleKeyRestored, fields, nil)
		}
	}
	return nil
}
