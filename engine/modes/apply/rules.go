package apply

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of the apply mode. The first rows are kubectl's three-way patch (threeWayRule):
// recorded by package smp as it computes the patch, for every place it compares. The others
// are what the API server did when it applied the patch (ruleOfEffect), kubectl's own steps
// around it, and the resource as a whole.
const (
	// The config sets a field live lacks (last-applied did not have it).
	ruleAdded decision.Rule = "apply/added"
	// The config and last-applied set it alike; live lacks it (someone removed it).
	ruleRestored decision.Rule = "apply/restored"
	// No last-applied configuration: every field the config names is sent.
	ruleAddedWithoutLastApplied decision.Rule = "apply/added-without-last-applied"
	ruleSetWithoutLastApplied   decision.Rule = "apply/set-without-last-applied"
	// Live drifted; the config did not change it since last-applied: forced back.
	ruleForced decision.Rule = "apply/forced"
	// Last-applied lacked it, the config now sets it over live's value.
	ruleSetByConfig decision.Rule = "apply/set-by-config"
	// Changed in the config since last-applied.
	ruleChanged decision.Rule = "apply/changed-in-config"
	// The config's value is live's: nothing to send.
	ruleRetained decision.Rule = "apply/retained"
	// The config's map is live's, and its patch strategy is replace: sent whole all the same.
	ruleResent decision.Rule = "apply/resent-replace"
	// The config sets it to null: deleted.
	ruleNull decision.Rule = "apply/null-in-config"
	// In last-applied, gone from the config: deleted.
	ruleDeleted decision.Rule = "apply/deleted-from-config"
	// In live alone: left alone.
	ruleIgnored decision.Rule = "apply/ignored"
	// status belongs to the cluster.
	ruleStatus decision.Rule = "apply/status"
	// In last-applied and live, not in the config, kept: the patch does not reach it.
	ruleNotReached decision.Rule = "apply/not-reached"
	// The patch holds it though the config does not name it.
	ruleUnnamed decision.Rule = "apply/unnamed"
	// Cleared by the patch's $retainKeys.
	ruleRetainKeys decision.Rule = "apply/retainkeys-cleared"
	// Removed with the value holding it, which the patch replaced.
	ruleReplaced decision.Rule = "apply/replaced"
	// kubectl's last-applied annotation, written with the config it applies.
	ruleAnnotation decision.Rule = "apply/last-applied-annotation"
	// The config's annotations are not a map: kubectl writes a map holding its annotation.
	ruleAnnotationsReplaced decision.Rule = "apply/annotations-replaced"
	// A null annotation of the config, which kubectl reads as "".
	ruleAnnotationEmptied decision.Rule = "apply/annotation-null-as-empty"
	// The namespace kubectl fills in.
	ruleNamespace decision.Rule = "apply/namespace-defaulted"
	// managedFields, rewritten by the API server for kubectl-client-side-apply's update.
	ruleManagedFields decision.Rule = "apply/managed-fields"
	// Whole resources.
	ruleCreated decision.Rule = "apply/created"
	rulePruned  decision.Rule = "apply/pruned"
	ruleLeft    decision.Rule = "apply/left-alone"
	// An item of the config that another item of its list with the same key merged away: the
	// result lacks it (smp.MergedAway).
	ruleDroppedRepeatedKey decision.Rule = "apply/dropped-duplicate-key"
	// overwrite=false: live changed it since last-applied and the patch changes it too.
	ruleConflict decision.Rule = "apply/conflict"
)

// threeWayRule names the row of kubectl apply's decision table for what the three-way diff
// found at a place (smp records it there): the situation, then whether last-applied exists and
// holds the config's value.
func threeWayRule(s smp.Situation, at *smp.Aligned) decision.Rule {
	original, updated := at.At(smp.Original), at.At(smp.Updated)
	noLastApplied := at.Root().At(smp.Original) == nil
	switch s {
	case smp.FoundAdded:
		switch {
		case noLastApplied:
			return ruleAddedWithoutLastApplied
		case original != nil && yamltree.Equal(original, updated):
			return ruleRestored
		}
		return ruleAdded
	case smp.FoundChanged:
		switch {
		case noLastApplied:
			return ruleSetWithoutLastApplied
		case original == nil:
			return ruleSetByConfig
		case yamltree.Equal(original, updated):
			return ruleForced
		}
		return ruleChanged
	case smp.FoundSame:
		return ruleRetained
	case smp.FoundResent:
		return ruleResent
	case smp.FoundNull:
		return ruleNull
	}
	return ruleDeleted
}

// namedRules are the rules under which the config names a field: kept as live has it, such a
// field is retained; any other kept field is ignored. The rules' lists are lists, not sets: a list
// of constants is data in the wasm, a map literal code that builds it at start
// (docs/performance.md, "The wasm's size").
var namedRules = []decision.Rule{
	ruleAdded, ruleRestored, ruleAddedWithoutLastApplied, ruleSetWithoutLastApplied,
	ruleForced, ruleSetByConfig, ruleChanged, ruleRetained, ruleResent, ruleNamespace,
	ruleAnnotation, ruleAnnotationsReplaced, ruleUnnamed, ruleAnnotationEmptied,
}

// changeRules are the rules under which the patch sends a value other than live's.
var changeRules = []decision.Rule{ruleForced, ruleSetByConfig, ruleChanged, ruleSetWithoutLastApplied}
