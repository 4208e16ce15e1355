package twoway

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// fact is what a reason is written from: the mark, what it covers, and the field as the
// previous render (original), the new render (updated) and live hold it.
type fact struct {
	mark                    contract.Mark
	shape                   smp.Shape
	original, updated, live *yamltree.Node
	item                    fieldpath.Element
	repeats                 int
	holder                  fieldpath.Element
	// result is the two-way result's item a dropped item was merged into, on resultLine.
	result     *yamltree.Node
	resultLine int
}

// reasonTable explains Helm 2's two-way upgrade, one sentence per rule.
var reasonTable = []decision.RuleReason[fact]{
	{Rule: ruleAdded, Reason: func(f fact) string {
		return byShape(f, "new in this release's render: the two-way patch adds it",
			"the new render adds the item with "+explain.ItemKey(f.item), "the new render adds this value")
	}},
	{Rule: ruleChanged, Reason: func(f fact) string {
		if f.mark == contract.Added {
			return "changed between the renders: the two-way patch sets it"
		}
		return "changed between the renders (from " + explain.Short(f.original) + "): the two-way patch sets it, replacing live's " + explain.Short(f.live)
	}},
	{Rule: ruleUnchanged, Reason: func(f fact) string {
		switch {
		case f.shape == smp.SetValue:
			return "the new render lists this value and live has it"
		case !yamltree.Equal(f.live, f.updated):
			return "OUT OF SYNC: the new render says " + explain.Short(f.updated) + ", but both renders agree on it, so the two-way patch leaves live's " + explain.Short(f.live) + " (someone edited it in the cluster); Helm 3's three-way merge would set it back"
		}
		return "the new render has the value live has"
	}},
	{Rule: ruleNull, Reason: func(fact) string { return "the new render sets it to null: deleted" }},
	{Rule: ruleDropped, Reason: func(f fact) string {
		return byShape(f, "the previous render had it and the new one does not: the two-way patch deletes it",
			"the previous render listed the item with "+explain.ItemKey(f.item)+" and the new one does not: deleted",
			"the new render dropped this value: removed")
	}},
	{Rule: ruleIgnored, Reason: func(f fact) string {
		return byShape(f, "neither render names it (set by the server or a controller): left alone",
			"neither render lists the item with "+explain.ItemKey(f.item)+": left alone", "neither render lists this value: kept")
	}},
	{Rule: ruleItemFromChanges, Reason: func(f fact) string {
		return "both renders list the item with " + explain.ItemKey(f.item) + ", yet live lacks it: the two-way patch would not add it back unless it changed"
	}},
	{Rule: ruleRetainKeys, Reason: func(fact) string {
		return "the map has the retainKeys strategy: keys the new render does not name are cleared"
	}},
	{Rule: ruleReplaced, Reason: func(fact) string { return "removed by the two-way patch" }},
	{Rule: ruleCreated, Reason: func(fact) string { return "new in this release's render: Helm creates it" }},
	{Rule: ruleDeleted, Reason: func(fact) string {
		return "the previous release rendered it and the new render does not: Helm deletes it"
	}},
	{Rule: ruleLeft, Reason: func(fact) string { return "not in either render: not part of the release, left alone" }},
	{Rule: ruleManagedFields, Reason: func(fact) string { return managed.WrittenReason(ManagerTiller) }},
	{Rule: ruleDroppedRepeatedKey, Reason: func(f fact) string {
		return explain.Collision{Source: "the new render", Merger: "the two-way patch", Key: f.holder, Repeats: f.repeats,
			Item: f.updated, Kept: f.result, KeptLine: f.resultLine}.Reason()
	}},
}

// reasons is reasonTable by rule.
var reasons = decision.ByRule(reasonTable)

// reason writes a mark's sentence, with the note for an item the new render repeats.
func reason(rule decision.Rule, f fact) string {
	s := reasons[rule](f)
	if f.repeats > 1 && f.shape != smp.Item {
		s += "; the new render lists " + strconv.Itoa(f.repeats) + " items with " + explain.ItemKey(f.holder) + ", merged into one"
	}
	return s
}

// byShape picks the sentence for a leaf, a whole item or a value of a set.
func byShape(f fact, leaf, item, value string) string {
	switch f.shape {
	case smp.Item:
		return item
	case smp.SetValue:
		return value
	}
	return leaf
}
