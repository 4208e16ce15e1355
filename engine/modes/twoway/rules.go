package twoway

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of the twoway mode. The first rows are Helm 2's two-way patch between the renders
// (twoWayRule): recorded by package smp as it computes the patch. The others are what the API
// server did with the patch (ruleOf) and the resource as a whole.
const (
	// New in the new render (the previous one lacked it): the patch adds it.
	ruleAdded decision.Rule = "twoway/added"
	// Changed between the renders: the patch sets it.
	ruleChanged decision.Rule = "twoway/changed"
	// The renders agree: the patch leaves live's value, in sync with the new render or not.
	ruleUnchanged decision.Rule = "twoway/unchanged"
	// The new render sets it to null.
	ruleNull decision.Rule = "twoway/null"
	// The previous render had it, the new one does not: deleted.
	ruleDropped decision.Rule = "twoway/dropped"
	// Neither render names it.
	ruleIgnored decision.Rule = "twoway/ignored"
	// An item both renders list, which live lacks: the patch's changes to it make a new item.
	ruleItemFromChanges decision.Rule = "twoway/item-from-changes"
	// Cleared by the patch's $retainKeys.
	ruleRetainKeys decision.Rule = "twoway/retainkeys-cleared"
	// Removed with the value holding it, or by the patch otherwise.
	ruleReplaced decision.Rule = "twoway/replaced"
	// Whole resources.
	ruleCreated decision.Rule = "twoway/created"
	ruleDeleted decision.Rule = "twoway/deleted"
	ruleLeft    decision.Rule = "twoway/left-alone"
	// managedFields, rewritten by the API server for Tiller's update.
	ruleManagedFields decision.Rule = "twoway/managed-fields"
	// An item of the new render that another item of its list with the same key merged away:
	// the two-way result lacks it (smp.MergedAway).
	ruleDroppedRepeatedKey decision.Rule = "twoway/dropped-duplicate-key"
)

// twoWayRule names the row of the two-way diff's decision table for what it found at a place.
func twoWayRule(s smp.Situation, _ *smp.Aligned) decision.Rule {
	return map[smp.Situation]decision.Rule{
		smp.FoundAdded: ruleAdded, smp.FoundChanged: ruleChanged, smp.FoundSame: ruleUnchanged, smp.FoundResent: ruleUnchanged,
		smp.FoundNull: ruleNull, smp.FoundDropped: ruleDropped,
	}[s]
}

// namedRules are the rules under which a render names a field: kept as live has it, such a
// field is retained; any other kept field is ignored.
var namedRules = map[decision.Rule]bool{ruleAdded: true, ruleChanged: true, ruleUnchanged: true}

// ruleOf names the rule behind an effect of the two-way patch.
func (u *upgraded) ruleOf(e smp.Effect, at *smp.Aligned) decision.Rule {
	if managed.IsManagedFields(e.Path) && e.Live != nil && e.Result != nil && !yamltree.Equal(e.Live, e.Result) {
		return ruleManagedFields
	}
	switch e.Cause {
	case smp.ClearedByRetainKeys:
		return ruleRetainKeys
	case smp.Replaced:
		return ruleReplaced
	}
	if e.Shape == smp.Item && e.Cause == smp.Added && at != nil && at.At(smp.Original) != nil {
		return ruleItemFromChanges
	}
	rule, exact := u.decided(at)
	switch {
	case e.Cause == smp.Kept && !exact:
		return ruleIgnored
	case rule == "":
		return ruleReplaced
	case rule == ruleDropped && e.Cause == smp.Set:
		// The renders' diff deleted it, yet the patch sets it: the new render lists the key
		// twice, one item without the field and one with it (the patch deletes it, then sets it).
		return ruleChanged
	}
	return rule
}

// decided returns the two-way decision at place at, or at the nearest place above it, and
// whether it was at the place itself. A JSON merge patch's (custom resources) are read from the
// places by the same table.
func (u *upgraded) decided(at *smp.Aligned) (decision.Rule, bool) {
	for p := at; p != nil; p = p.Parent() {
		if !u.strategy {
			if s, ok := p.TwoWaySituation(); ok {
				return twoWayRule(s, p), p == at
			}
		} else if r := p.Decided(); r != "" {
			return r, p == at
		}
	}
	return "", false
}
