package patch

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of the patch mode: what the API server did with each value when it applied the
// patch, one per row of its table (the cause package smp recorded, ruleOf).
const (
	// The patch sets the value (a field, a list or map replaced whole).
	ruleSet decision.Rule = "patch/set"
	// The value came with one the patch set above it.
	ruleCarried decision.Rule = "patch/carried"
	// The patch does not name it: it stays.
	ruleKept decision.Rule = "patch/kept"
	// An item or a set value the patch adds.
	ruleAdded decision.Rule = "patch/added"
	// A null in the patch.
	ruleNull decision.Rule = "patch/null"
	// Left out of the patch's $retainKeys.
	ruleRetainKeys decision.Rule = "patch/retainkeys-cleared"
	// $patch: delete on an item.
	ruleItemDeleted decision.Rule = "patch/item-deleted"
	// $deleteFromPrimitiveList.
	ruleValueDeleted decision.Rule = "patch/value-deleted"
	// Gone with the value holding it ($patch: replace or delete).
	ruleReplaced decision.Rule = "patch/replaced"
	// No patch targets the object.
	ruleUntargeted decision.Rule = "patch/untargeted"
	// managedFields, rewritten by the API server for kubectl-patch's update.
	ruleManagedFields decision.Rule = "patch/managed-fields"
	// An item of the patch that another item of its list with the same key merged away: the
	// result lacks it (smp.MergedAway).
	ruleDroppedRepeatedKey decision.Rule = "patch/dropped-duplicate-key"
)

// rulesByCause is the patch mode's table: the server's cause, to the rule.
var rulesByCause = map[smp.Cause]decision.Rule{
	smp.Kept: ruleKept, smp.Set: ruleSet, smp.Added: ruleAdded, smp.DeletedByNull: ruleNull,
	smp.ClearedByRetainKeys: ruleRetainKeys, smp.DeletedItem: ruleItemDeleted, smp.DeletedValue: ruleValueDeleted,
	smp.Replaced: ruleReplaced, smp.Carried: ruleCarried,
}

func ruleOf(e smp.Effect) decision.Rule {
	if managed.IsManagedFields(e.Path) && e.Live != nil && e.Result != nil && !yamltree.Equal(e.Live, e.Result) {
		return ruleManagedFields
	}
	return rulesByCause[e.Cause]
}

// fact is what a reason is written from.
type fact struct {
	mark  contract.Mark
	shape smp.Shape
	whole smp.Whole
	live  *yamltree.Node
	item  fieldpath.Element
	// collision is a dropped item's story.
	collision explain.Collision
}

// reasonTable explains what a strategic merge patch did, naming the directive or strategy that
// decided, one sentence per rule.
var reasonTable = []decision.RuleReason[fact]{
	{Rule: ruleSet, Reason: func(f fact) string {
		switch {
		case f.shape == smp.SetValue:
			return "the patch lists this value and the target has it: kept"
		case f.mark == contract.Added:
			return "the patch sets it and the target did not have it: added" + wholeNote(f)
		case f.mark == contract.Changed:
			return "the patch sets it (the target had " + explain.Short(f.live) + ")" + wholeNote(f)
		case f.whole == smp.AtomicList:
			return "the patch's list equals the target's: nothing changes"
		}
		return "the patch sets the value the target already has"
	}},
	{Rule: ruleCarried, Reason: func(f fact) string {
		if f.mark == contract.Changed {
			return "changed with the value that holds it (was " + explain.Short(f.live) + ")" + wholeNote(f)
		}
		return "added with the value that holds it" + wholeNote(f)
	}},
	{Rule: ruleKept, Reason: func(f fact) string {
		switch f.shape {
		case smp.Item:
			return "the patch does not list the item with " + explain.ItemKey(f.item) + ": it stays"
		case smp.SetValue:
			return "the patch does not list this value: a list merged as a set keeps it"
		}
		return "the patch does not name it: a strategic merge patch leaves every other field as it is"
	}},
	{Rule: ruleAdded, Reason: func(f fact) string {
		if f.shape == smp.Item {
			return "the patch lists an item with " + explain.ItemKey(f.item) + " and the target had none: appended (items merge by " + explain.KeyFields(f.item) + ")"
		}
		return "the patch lists this value and the target did not have it: added to the set"
	}},
	{Rule: ruleNull, Reason: func(fact) string { return "the patch sets it to null: deleted" }},
	{Rule: ruleRetainKeys, Reason: func(fact) string {
		return "the patch's $retainKeys list does not name it: the map keeps only the keys listed"
	}},
	{Rule: ruleItemDeleted, Reason: func(f fact) string {
		return "the patch deletes the item with " + explain.ItemKey(f.item) + " ($patch: delete)"
	}},
	{Rule: ruleValueDeleted, Reason: func(fact) string {
		return "the patch deletes this value from the set ($deleteFromPrimitiveList)"
	}},
	{Rule: ruleReplaced, Reason: func(f fact) string {
		if f.shape == smp.Item {
			return "the item with " + explain.ItemKey(f.item) + " is gone: the patch replaced the list ($patch: replace)"
		}
		return "removed: the value holding it was replaced or deleted by the patch ($patch: replace or delete)"
	}},
	{Rule: ruleUntargeted, Reason: func(fact) string { return "no patch targets this object: it stays as it is" }},
	{Rule: ruleManagedFields, Reason: func(fact) string { return managed.WrittenReason(writer.ManagerPatch) }},
	{Rule: ruleDroppedRepeatedKey, Reason: func(f fact) string {
		return f.collision.Reason()
	}},
}

// reasons is reasonTable by rule.
var reasons = decision.ByRule(reasonTable)

// reason writes a mark's sentence: its rule's, with the notes its item calls for.
func reason(rule decision.Rule, e smp.Effect, mark contract.Mark) string {
	f := fact{mark: mark, shape: e.Shape, whole: e.Whole, live: e.Live}
	if e.Shape == smp.Item {
		f.item = e.Path[len(e.Path)-1]
	}
	s := reasons[rule](f)
	if e.Shape == smp.Item {
		s += explain.MultiKeyNote(f.item)
	}
	if e.Repeats > 1 {
		s += "; the patch lists " + strconv.Itoa(e.Repeats) + " items with " + explain.ItemKey(e.Holder) + ", merged one after the other into this one"
	}
	return s
}

// wholeNote says why a value was replaced whole, when it was.
func wholeNote(f fact) string {
	switch f.whole {
	case smp.AtomicList:
		return "; the list has no merge strategy, so the patch's list replaces the target's whole"
	case smp.ReplacedMap:
		return "; the map is replaced whole"
	}
	return ""
}
