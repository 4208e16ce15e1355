package merge3

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// A keyed list merges item by item, in three steps:
//
//  1. the items of the three versions are aligned by their identity, the texts of their key
//     fields (alignItems, itemalign.go);
//  2. each aligned item is merged by the walk, in the alignment's order, and decided by
//     itemTable: an item the merge emptied is taken out of the local list, the others are
//     gathered (mergeRows);
//  3. the gathered items are written into the local list (writeItems, itemwrite.go).
//
// What kyaml's merge does in the corners of these steps is stated as named facts beside the
// code that keeps them (itemfacts.go).

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
	keys, err := m.listKeys(t, sc, path, info)
	if err != nil {
		return nil, rec, err
	}
	if err := m.mergeRows(t.live, alignItems(t, keys), sc.elements(), info); err != nil {
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
	for _, n := range t.liveFirst() {
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

// listKeys returns the key fields a list's items are told apart by, and notes them in info: the
// schema's when it describes the list (none: a list of primitives, merged as a set), else the
// key guessed from the versions' items (factGuessedKeyAgrees).
func (m *merger) listKeys(t triple, sc *sch, path []string, info *listInfo) ([]string, error) {
	if strategy, keys := sc.strategyAndKeys(); strategy != "" || len(keys) > 0 {
		info.keys = keys
		return keys, nil
	}
	key, err := m.factGuessedKeyAgrees(t, path)
	if err != nil {
		return nil, err
	}
	info.keys, info.inferred = []string{key}, true
	return info.keys, nil
}

// itemEffect is what becomes of one aligned item once merged.
type itemEffect uint8

const (
	gatherItem itemEffect = iota // the merged item is gathered, to be written into the list
	takeOut                      // the local items it claims are taken out of the list
)

// itemFact is one thing known about an aligned item once merged.
type itemFact uint8

const (
	itemEmptied itemFact = 1 << iota // the merge left nothing, or an empty map
	itemLocal                        // the local list held the item when its turn came
	itemMerged                       // the item was merged field by field (kept or started empty)
)

// itemRule is one row of itemTable: when the item has every fact of need, the effect applies;
// the rule recorded on the local item is rule, or the merge's own when rule is "" (nothing is
// recorded for an item the local list lacks and the merge emptied).
type itemRule struct {
	need   itemFact
	effect itemEffect
	rule   decision.Rule
}

// itemTable decides an aligned item once merged; the first row that applies decides. Observed
// with kyaml v0.21.x through merge3diff (ItemRemoved, PartialItem): an item upstream removed
// and the local copy left alone merges to an empty map, and goes.
var itemTable = []itemRule{
	{need: itemEmptied | itemLocal | itemMerged, effect: takeOut, rule: ruleEmptied},
	{need: itemEmptied, effect: takeOut},
	{effect: gatherItem},
}

// decideItem returns itemTable's row for an aligned item's facts.
func decideItem(f itemFact) itemRule {
	for _, r := range itemTable {
		if f&r.need == r.need {
			return r
		}
	}
	return itemTable[len(itemTable)-1]
}

// itemFacts learns the facts of a merged item.
func itemFacts(val *ynode.Node, local *ynode.Node, rec record) itemFact {
	var f itemFact
	if val.IsEmptyMap() {
		f |= itemEmptied
	}
	if local != nil {
		f |= itemLocal
	}
	if rec.rule == ruleMerged || rec.rule == ruleNewMap {
		f |= itemMerged
	}
	return f
}

// mergeRows merges the aligned items in order, each decided by itemTable, and writes the
// gathered ones into list. The local item is found in list as it stands when its turn comes
// (factLocalFoundLate).
func (m *merger) mergeRows(list *ynode.Node, a itemAlignment, elemSch *sch, info *listInfo) error {
	before := append([]*ynode.Node(nil), list.Content...)
	var gathered []*ynode.Node
	for _, row := range a.rows {
		row.items.live = factLocalFoundLate(row, list)
		val, rec, err := m.merge(row.items, elemSch, nil)
		if err != nil {
			return err
		}
		rec.list = info
		d := decideItem(itemFacts(val, row.items.live, rec))
		if d.effect == takeOut {
			m.noteTakenOut(row.items.live, rec, d.rule)
			if err = takeClaimed(list, row.set); err != nil {
				return located(list, "kyaml stops here: "+err.Error())
			}
			continue
		}
		m.factKeyWrittenBack(val, row)
		m.records[val] = rec
		if gathered, err = put(gathered, val, row.set); err != nil {
			return located(list, "kyaml stops here: "+err.Error())
		}
	}
	if err := writeItems(list, gathered, a.setFields); err != nil {
		return located(list, "kyaml stops here: "+err.Error())
	}
	m.untouched(before, list, info)
	return nil
}

// noteTakenOut records why a local item the merge emptied goes: by rule, or by the merge's own
// rule when rule is "".
func (m *merger) noteTakenOut(local *ynode.Node, rec record, rule decision.Rule) {
	if local == nil {
		return
	}
	if rule != "" {
		rec.rule = rule
	}
	m.records[local] = rec
}

// untouched records the local items no aligned item reached: taken out while the merged items
// were written (empty ones, and ones another item's identity claimed), or left where they were
// (an item with no text for any key, which no identity finds).
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
