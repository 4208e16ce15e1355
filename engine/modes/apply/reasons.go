package apply

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

// fact is what a reason is written from: the mark, what it covers, and the field as last-applied
// (original), the config (updated), live and the result hold it.
type fact struct {
	mark                            contract.Mark
	shape                           smp.Shape
	whole                           smp.Whole
	merge                           bool // a JSON merge patch (custom resources)
	original, updated, live, result *yamltree.Node
	// item is the key of the item the mark covers (Shape Item); repeats how many items of the
	// config share the key (holder) of the item holding the field.
	item    fieldpath.Element
	repeats int
	holder  fieldpath.Element
	// resultLine is the result's line of the value (result) a dropped item was merged into.
	resultLine int
}

var short = explain.Short

// reasonTable writes, for each rule of the apply mode, the sentence behind a mark, for someone
// learning kubectl apply: it names the inputs that decided and the rule that applied.
var reasonTable = []decision.RuleReason[fact]{
	{Rule: ruleAnnotation, Reason: func(f fact) string {
		switch f.mark {
		case contract.Added:
			return "kubectl records the config it applies in this annotation; the next apply reads it as last-applied to find what you removed"
		case contract.Changed:
			return "kubectl rewrites this annotation with the config it applies; the next apply reads it as last-applied to find what you removed"
		}
		return "the config is the one last applied: kubectl writes the same annotation again"
	}},
	{Rule: ruleAnnotationsReplaced, Reason: func(fact) string {
		return "the config's annotations are not a map (null, say): kubectl puts in their place a map holding only its last-applied annotation, which records the config it applies"
	}},
	{Rule: ruleAnnotationEmptied, Reason: func(f fact) string {
		s := "the config sets this annotation to null, but kubectl reads annotations as strings and turns the null into \"\": the annotation is set to the empty string, not deleted (a null deletes any other field)"
		if f.mark == contract.Retained {
			s += "; live already has \"\""
		}
		return s
	}},
	{Rule: ruleManagedFields, Reason: func(fact) string { return managed.WrittenReason(writer.ManagerClientSideApply) }},
	{Rule: ruleNamespace, Reason: func(fact) string {
		return "the config names no namespace, so kubectl fills in the default one before applying: it becomes part of the applied config (and of last-applied)"
	}},
	{Rule: ruleAdded, Reason: func(f fact) string {
		return byShape(f, "new in the config: live did not have it, so apply adds it"+wholeNote(f),
			"new item with "+explain.ItemKey(f.item)+" in the config: items of this list merge by their "+explain.KeyFields(f.item)+", and live had none with this one",
			"new value in the config: the list merges as a set of values, and this one is added")
	}},
	{Rule: ruleRestored, Reason: func(f fact) string {
		return byShape(f, "the config (and last-applied) set it, but live lacks it (someone removed it): apply adds it back, because every field the config names is sent"+wholeNote(f),
			"the item with "+explain.ItemKey(f.item)+" is in the config (and last-applied) but not in live: apply adds it back (items merge by their "+explain.KeyFields(f.item)+")",
			"the config and last-applied list this value but live lacks it: apply adds it back to the set")
	}},
	{Rule: ruleAddedWithoutLastApplied, Reason: func(f fact) string {
		return byShape(f, "the config sets it and live lacks it: apply adds it"+wholeNote(f),
			"new item with "+explain.ItemKey(f.item)+" in the config: items of this list merge by their "+explain.KeyFields(f.item)+", and live had none with this one",
			"new value in the config: the list merges as a set of values, and this one is added")
	}},
	{Rule: ruleSetWithoutLastApplied, Reason: func(f fact) string {
		return "no last-applied configuration to compare with: apply sets every field the config names, so live's " + short(f.live) + " is replaced" + wholeNote(f)
	}},
	{Rule: ruleForced, Reason: func(f fact) string {
		return "live drifted to " + short(f.live) + ", but the config still says " + short(f.updated) + ": apply puts back the config's value on every field it names, even ones the config did not change" + wholeNote(f)
	}},
	{Rule: ruleSetByConfig, Reason: func(f fact) string {
		return "the config now sets it (last-applied did not): the config's value replaces live's " + short(f.live) + wholeNote(f)
	}},
	{Rule: ruleChanged, Reason: func(f fact) string {
		return "changed in the config since last-applied (from " + short(f.original) + "): the config's value replaces live's " + short(f.live) + wholeNote(f)
	}},
	{Rule: ruleRetained, Reason: func(f fact) string {
		switch {
		case f.shape == smp.SetValue:
			return "the config lists this value and live has it: the set keeps it"
		case f.whole == smp.AtomicList:
			return "the config's list equals live's: nothing to replace"
		}
		return "the config sets it to the value live already has: nothing to change"
	}},
	{Rule: ruleResent, Reason: func(fact) string {
		return "the config's value is live's, yet kubectl's patch sends it on every apply: its patch strategy is replace (the schema says so), so the patch carries this map whole and the API server replaces it with the same value"
	}},
	{Rule: ruleNull, Reason: func(fact) string { return "the config sets it to null: apply deletes it" }},
	{Rule: ruleDeleted, Reason: func(f fact) string {
		return byShape(f, "in last-applied but no longer in the config: apply deletes what you removed from the config",
			"the item with "+explain.ItemKey(f.item)+" was in last-applied and is gone from the config: the patch deletes it ($patch: delete), even if live changed it",
			"in last-applied, gone from the config: apply removes it from the set ($deleteFromPrimitiveList)")
	}},
	{Rule: ruleIgnored, Reason: func(f fact) string {
		return byShape(f, "only live has it (set by the server, a controller or someone else): neither last-applied nor the config names it, so apply leaves it alone",
			"only live has the item with "+explain.ItemKey(f.item)+" (neither last-applied nor the config lists it): items merge by "+explain.KeyFields(f.item)+", so apply leaves it alone",
			"only live lists this value (it was not in last-applied): a list merged as a set keeps values added by others")
	}},
	{Rule: ruleStatus, Reason: func(fact) string {
		return "status belongs to the cluster: neither last-applied nor the config names it, so apply leaves it alone"
	}},
	{Rule: ruleNotReached, Reason: func(fact) string {
		return "in last-applied and live, not in the config, yet kept: the patch does not reach it"
	}},
	{Rule: ruleUnnamed, Reason: func(f fact) string {
		if f.mark == contract.Changed {
			return "changed by the patch from " + short(f.live) + ", though the config does not name it" + wholeNote(f)
		}
		return "added by the patch, though the config does not name it"
	}},
	{Rule: ruleRetainKeys, Reason: func(fact) string {
		return "this map has the retainKeys strategy: the patch lists the keys the config names ($retainKeys) and the server clears every other key, even ones it set itself"
	}},
	{Rule: ruleReplaced, Reason: func(f fact) string {
		return byShape(f, "removed by the patch: the value holding it was replaced",
			"the item with "+explain.ItemKey(f.item)+" was replaced", "removed from the set by the patch")
	}},
	{Rule: ruleCreated, Reason: func(fact) string {
		return "not in the cluster: kubectl creates it from the config, with the last-applied annotation"
	}},
	{Rule: rulePruned, Reason: func(fact) string {
		return "--prune: last-applied had this resource and the config no longer does, so kubectl deletes it"
	}},
	{Rule: ruleDroppedRepeatedKey, Reason: func(f fact) string {
		return explain.Collision{Source: "the config", Merger: "kubectl's patch", Key: f.holder, Repeats: f.repeats,
			Item: f.updated, Kept: f.result, KeptLine: f.resultLine}.Reason()
	}},
	{Rule: ruleLeft, Reason: func(fact) string {
		return "not in the config: kubectl apply leaves resources it is not given alone (unless --prune deletes the ones it applied before)"
	}},
}

// reasons is reasonTable by rule.
var reasons = decision.ByRule(reasonTable)

// reason writes the sentence of a mark: its rule's, with the notes its item calls for.
func reason(rule decision.Rule, f fact) string {
	s := reasons[rule](f)
	if f.shape == smp.Item {
		s += explain.MultiKeyNote(f.item)
	}
	if f.repeats > 1 && f.shape != smp.Item {
		s += "; the config lists " + strconv.Itoa(f.repeats) + " items with " + explain.ItemKey(f.holder) +
			", and a strategic merge patch matches items on " + explain.KeyFields(f.holder) +
			" alone, so it merged them into this one: the others are lost (server-side apply keys container ports on containerPort and protocol)"
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

// wholeNote says why a value was replaced whole, when it was.
func wholeNote(f fact) string {
	switch {
	case f.whole == smp.AtomicList && f.merge:
		return "; a custom resource gets a JSON merge patch, which replaces lists whole"
	case f.whole == smp.AtomicList:
		return "; this list has no merge key (atomic), so the config's whole list replaces live's"
	case f.whole == smp.ReplacedMap:
		return "; this map has the replace strategy, so it is replaced whole"
	}
	return ""
}
