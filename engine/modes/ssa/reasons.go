package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
)

// The reasons are written for someone learning server-side apply: each says what the operation
// decided for the field (the rule the merge, the apply or the field manager recorded, package
// managed's rules.go) and which managers own it afterwards.

// marked is one mark to explain: the field, its mark, and its sides.
type marked struct {
	path fieldpath.Path
	mark contract.Mark
	s    sides
}

// reasonRow is one row of the reasons table: a rule and how its marks are explained.
type reasonRow struct {
	rule    decision.Rule
	explain func(e *explainer, m marked) string
}

// reasonFor returns the sentence of rule's row for a mark; ok is false for a rule without one.
func reasonFor(rule decision.Rule, e *explainer, m marked) (string, bool) {
	for _, r := range reasons {
		if r.rule == rule {
			return r.explain(e, m), true
		}
	}
	return "", false
}

// reasons is the table of sentences, one row per rule. Conflict marks carry their conflict's
// message instead (conflicts.go).
var reasons = []reasonRow{
	{managed.RuleMerged, func(e *explainer, m marked) string {
		return e.valueSentence(m) + "; " + e.ownedBy(m.path)
	}},
	{managed.RuleShared, func(e *explainer, m marked) string {
		me := e.o.manager
		return e.valueSentence(m) + "; " + e.ownedBy(m.path) + "; shared: " + managerName(me) + " sets the value " + who(without(e.after(m.path), me)) + " set, so both own it"
	}},
	{managed.RuleForced, func(e *explainer, m marked) string {
		return e.valueSentence(m) + "; " + e.ownedBy(m.path) + "; forced: taken over from " + who(e.takenFrom(m.path))
	}},
	{managed.RuleHandedOver, func(e *explainer, m marked) string {
		return e.valueSentence(m) + "; " + e.ownedBy(m.path) + "; taken over from " + who(without(e.before(m.path), e.o.manager)) + " without a conflict: the last-applied annotation of client-side apply names this value, and live still has it"
	}},
	{managed.RuleMoved, func(e *explainer, m marked) string {
		return e.valueSentence(m) + "; " + managerName(e.o.manager) + " sets the value " + e.o.movedNames() + " had set, so both owned it; then kubectl, on its own side after the apply, moved everything " + e.o.movedNames() + " owned to " + managerName(e.o.manager) + " (it does so when an updater owns the last-applied annotation) and applied the config again; " + e.ownedBy(m.path)
	}},
	{managed.RuleMovedPruned, func(e *explainer, m marked) string {
		return "not in the config: " + who(e.before(m.path)) + " owned it, and after the apply kubectl moved everything " + e.o.movedNames() + " owned to " + managerName(e.o.manager) + " (it does so when an updater owns the last-applied annotation) and applied the config again; " + managerName(e.o.manager) + " does not name it and no one else owns it, so that second apply removes it (the API server then sets its default, if it has one)"
	}},
	{managed.RuleLeftAlone, func(e *explainer, m marked) string {
		return "not in the config: the apply leaves it as it is; " + e.ownedBy(m.path)
	}},
	{managed.RuleBeforeFirstApply, func(e *explainer, m marked) string {
		return "not in the config: the apply leaves it as it is; live had no managedFields, so the API server gave it to before-first-apply when the apply began; " +
			e.ownedBy(m.path)
	}},
	{managed.RuleKeptForOwner, func(e *explainer, m marked) string {
		return "not in the config any more: " + managerName(e.o.manager) + " applied it before, but " + who(without(e.after(m.path), e.o.manager)) + " owns it too, so the apply leaves it as it is; " + e.ownedBy(m.path) + " (" + managerName(e.o.manager) + " no longer owns it)"
	}},
	{managed.RulePruned, func(e *explainer, m marked) string {
		before := e.before(m.path)
		if contains(before, e.o.manager) || len(before) == 0 {
			return managerName(e.o.manager) + " applied it before and the config no longer names it; no other manager owns it, so the apply removes it (it was owned by " + who(before) + ")"
		}
		return "removed along with what " + managerName(e.o.manager) + " stopped applying; it was owned by " + who(before)
	}},
	{managed.RuleUpdateOwned, func(e *explainer, m marked) string {
		note := e.ownedBy(m.path)
		if gone := lost(e.before(m.path), e.after(m.path)); len(gone) > 0 {
			note += "; " + who(gone) + " no longer owns it"
		}
		switch {
		case e.o.action == Create:
			return "the object does not exist yet: the update creates it with this field; " + note
		case m.mark == contract.Added:
			return "the update adds it; " + note
		}
		return "the update changes it from " + explain.Short(m.s.live) + " to " + explain.Short(m.s.result) + ", and whoever changes a field owns it; " + note
	}},
	{managed.RuleUpdateUnchanged, func(e *explainer, m marked) string {
		return "unchanged by the update (an update owns only what it changes); " + e.ownedBy(m.path)
	}},
	{managed.RuleUpdateRemoved, func(e *explainer, m marked) string {
		return "the updated object lacks it, so the update removes it; it was owned by " + who(e.before(m.path))
	}},
	{managed.RuleIdentity, func(e *explainer, m marked) string {
		return e.valueSentence(m) + "; no manager owns it: the API server leaves an object's identity out of managedFields"
	}},
	{managed.RuleLastApplied, func(e *explainer, m marked) string {
		s := "kubectl applies server-side to an object that client-side apply annotated: the API server rewrites the last-applied annotation with this config, so that a later client-side apply still knows what was applied; "
		if e.o.tookStep(kubectlLastApplied) {
			s += "kubectl then applies the annotation alone as kubectl-last-applied; "
		}
		return s + e.ownedBy(m.path)
	}},
	{managed.RuleManagedFields, func(e *explainer, m marked) string {
		switch {
		case m.mark == contract.Deleted && len(m.path) == 1:
			return "it held nothing but managedFields, which the API server drops when no manager owns a field: the metadata goes with them"
		case m.mark == contract.Deleted:
			return "no manager owns a field any more, so the API server drops managedFields"
		}
		s := "written by the API server, owned by no manager: one entry per manager, operation and API version, listing the fields it owns (FieldsV1) and when it last changed the object"
		if e.o.tookStep(kubectlMoved) {
			s += "; after the apply, kubectl moved the fields of " + e.o.movedNames() + " (which owned the last-applied annotation) into " + managerName(e.o.manager) + "'s entry, removed its entry and applied the config again"
		}
		if e.o.tookStep(kubectlLastApplied) {
			s += "; kubectl-last-applied owns the annotation: kubectl applied it alone (its entry has no time, as an apply that changes nothing)"
		}
		return s
	}},
	{managed.RuleUntouchedObject, func(e *explainer, m marked) string {
		return "only live has this object: server-side apply works on the objects it is given and leaves every other one alone; its fields keep their owners"
	}},
}

// valueSentence says what the operation did to the field's value, from its mark.
func (e *explainer) valueSentence(m marked) string {
	switch m.mark {
	case contract.Added:
		switch {
		case e.o.action == Create:
			return "the object does not exist yet: the " + e.o.op + " creates it with this field"
		case e.o.op == opUpdate:
			return "the update adds it"
		case m.s.config == nil:
			return "added by the merge"
		}
		return "new in the config: live lacks it, so the apply adds it"
	case contract.Changed:
		if e.o.op == opUpdate {
			return "the update changes it from " + explain.Short(m.s.live) + " to " + explain.Short(m.s.result)
		}
		return "the config sets " + explain.Short(m.s.config) + " where live has " + explain.Short(m.s.live) + ": the applied value wins"
	case contract.Deleted:
		return "removed by the merge with the config's value; it was owned by " + who(e.before(m.path))
	}
	if e.o.op == opUpdate {
		return "unchanged by the update (an update owns only what it changes)"
	}
	return "the config sets the value live already has: nothing changes"
}

// ownedBy names the managers owning path after the operation.
func (e *explainer) ownedBy(path fieldpath.Path) string {
	return "owned by " + who(e.after(path))
}

// after and before are the managers owning path after and before the operation.
func (e *explainer) after(path fieldpath.Path) []managed.ID  { return ownersOf(e.o.done.After, path) }
func (e *explainer) before(path fieldpath.Path) []managed.ID { return ownersOf(e.o.done.Before, path) }

// takenFrom returns the managers the apply took path from by force.
func (e *explainer) takenFrom(path fieldpath.Path) []managed.ID {
	return ownersOf(e.o.done.Taken, path)
}

// lost returns the managers in before and not in after.
func lost(before, after []managed.ID) []managed.ID {
	var out []managed.ID
	for _, id := range before {
		if !contains(after, id) {
			out = append(out, id)
		}
	}
	return out
}
