package ssa

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// The reasons are written for someone learning server-side apply: each says what the operation
// did to the field and which managers own it, before and after.

// ownership describes who owns path after the operation, and how that came about.
func (e *explainer) ownership(path fieldpath.Path) string {
	if isIdentity(path) {
		return "no manager owns it: the API server leaves an object's identity out of managedFields"
	}
	after := ownersOf(e.o.done.After, path)
	before := ownersOf(e.o.done.Before, path)
	me := e.o.manager
	note := "owned by " + who(after)
	switch {
	case e.o.done.HandedOver != nil && e.o.done.HandedOver.Has(path):
		note += fmt.Sprintf("; taken over from %s without a conflict: the last-applied annotation of client-side apply names this value, and live still has it", who(without(before, me)))
	case e.taken(path) != nil:
		note += fmt.Sprintf("; forced: taken over from %s", who(e.taken(path)))
	case contains(after, me) && !contains(before, me) && len(before) > 0 && len(after) > 1:
		note += fmt.Sprintf(" (shared: %s sets the value %s set, so both own it)", managerName(me), who(without(after, me)))
	case !contains(after, me) && contains(before, me):
		note += fmt.Sprintf(" (%s no longer owns it)", managerName(me))
	case len(lost(before, after)) > 0:
		note += fmt.Sprintf(" (%s no longer owns it)", who(lost(before, after)))
	}
	return note
}

// lost returns the managers in before and not in after.
func lost(before, after []string) []string {
	var out []string
	for _, id := range before {
		if !contains(after, id) {
			out = append(out, id)
		}
	}
	return out
}

// taken returns the managers the apply took path from by force, nil when none.
func (e *explainer) taken(path fieldpath.Path) []string {
	var out []string
	for _, id := range e.o.done.Taken.Names() {
		if e.o.done.Taken[id].Set.Has(path) {
			out = append(out, id)
		}
	}
	return out
}

func (e *explainer) reasonAdded(path fieldpath.Path, s sides) string {
	var base string
	switch {
	case e.o.action == Create:
		base = fmt.Sprintf("the object does not exist yet: the %s creates it with this field", e.o.op)
	case e.o.op == opUpdate:
		base = "the update adds it"
	case s.config == nil:
		base = "added by the merge"
	default:
		base = "new in the config: live lacks it, so the apply adds it"
	}
	return base + "; " + e.ownership(path)
}

func (e *explainer) reasonChanged(path fieldpath.Path, s sides) string {
	if isLastApplied(path) {
		return "kubectl applies server-side to an object that client-side apply annotated: the API server rewrites the last-applied annotation with this config, so that a later client-side apply still knows what was applied; " + e.ownership(path)
	}
	if e.o.op == opUpdate {
		return fmt.Sprintf("the update changes it from %s to %s, and whoever changes a field owns it; %s",
			explain.Short(s.live), explain.Short(s.result), e.ownership(path))
	}
	return fmt.Sprintf("the config sets %s where live has %s: the applied value wins; %s",
		explain.Short(s.config), explain.Short(s.live), e.ownership(path))
}

func (e *explainer) reasonRetained(path fieldpath.Path, s sides) string {
	if e.o.op == opUpdate {
		return "unchanged by the update (an update owns only what it changes); " + e.ownership(path)
	}
	return "the config sets the value live already has: nothing changes; " + e.ownership(path)
}

func (e *explainer) reasonIgnored(path fieldpath.Path, s sides) string {
	if e.o.op == opUpdate {
		return "left as it was; " + e.ownership(path)
	}
	return "not in the config: the apply leaves it as it is; " + e.ownership(path)
}

func (e *explainer) reasonDeleted(path fieldpath.Path, s sides) string {
	before := ownersOf(e.o.done.Before, path)
	if e.o.op == opUpdate {
		return fmt.Sprintf("the updated object lacks it, so the update removes it; it was owned by %s", who(before))
	}
	me := e.o.manager
	if s.config != nil {
		return fmt.Sprintf("removed by the merge with the config's value; it was owned by %s", who(before))
	}
	if contains(before, me) || len(before) == 0 {
		return fmt.Sprintf("%s applied it before and the config no longer names it; no other manager owns it, so the apply removes it (it was owned by %s)", managerName(me), who(before))
	}
	return fmt.Sprintf("removed along with what %s stopped applying; it was owned by %s", managerName(me), who(before))
}

func (e *explainer) reasonManagedFields(present bool) string {
	if !present {
		return "no manager owns a field any more, so the API server drops managedFields"
	}
	return "written by the API server, owned by no manager: one entry per manager, operation and API version, listing the fields it owns (FieldsV1) and when it last changed the object"
}
