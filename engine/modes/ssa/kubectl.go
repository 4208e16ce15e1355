package ssa

import (
	"github.com/mergeplay/mergeplay/engine/managed"
)

// kubectlSteps adds to a successful apply what kubectl apply --server-side does on its own side
// (package managed, kubectl.go): the last-applied annotation applied as kubectl-last-applied,
// the fields of the updaters owning it moved to the applier, and the config applied again. Only
// for options.client "kubectl" (the default); "server" answers the API server's apply alone.
func (r runner) kubectlSteps(o *outcome, fm managed.FieldManager) error {
	opts := r.in.Request.Options
	if !opts.FromKubectl() || o.op == opUpdate || o.action != Apply {
		return nil
	}
	current := o.result
	if only := managed.LastAppliedOnly(current); only != nil && o.requester == "kubectl" {
		out, err := fm.Apply(managed.Request{Live: current, Object: only, Manager: managed.KubectlLastApplied, Now: r.now})
		if err != nil {
			return err
		}
		if len(out.Conflicts) == 0 {
			current = out.Object
			o.kubectl = append(o.kubectl, kubectlLastApplied)
		}
	}
	moved, from, err := managed.MoveToApplier(current, o.requester, r.now)
	if err != nil {
		return err
	}
	if len(from) > 0 {
		again, err := fm.Apply(managed.Request{Live: moved, Object: o.config, Manager: o.requester, Force: opts.Force, Now: r.now})
		if err != nil {
			return err
		}
		if len(again.Conflicts) > 0 {
			return nil // kubectl stops there, with the error; the first apply's object stands
		}
		o.kubectl, o.movedFrom = append(o.kubectl, kubectlMoved), from
		o.recordMoved(again)
		current, o.done.After, o.done.Entries = again.Object, again.After, again.Entries
	} else if len(o.kubectl) > 0 {
		entries, _ := managed.ReadEntries(managed.ManagedFieldsOf(current))
		managers, _, _ := managed.Decode(entries)
		o.done.After, o.done.Entries = managers, entries
	}
	o.result, o.done.Object = current, current
	return nil
}

// kubectl's steps, as outcome.kubectl lists those taken.
const (
	kubectlLastApplied = "last-applied" // the annotation applied as kubectl-last-applied
	kubectlMoved       = "moved"        // the updaters' fields moved to the applier, the config applied again
)

// recordMoved records what kubectl's move and second apply decided: the fields it removed, and
// the fields the applier shared with a moved updater, which it now owns alone.
func (o *outcome) recordMoved(again *managed.Outcome) {
	for _, e := range again.Decisions.Entries() {
		if e.Rule == managed.RulePruned {
			o.log.Record(e.Path, managed.RuleMovedPruned, e.Held)
		}
	}
	for _, e := range o.log.Entries() {
		if e.Rule == managed.RuleShared && len(without(ownersOf(again.After, e.Path), o.manager)) == 0 {
			o.log.Record(e.Path, managed.RuleMoved, e.Held)
		}
	}
}

// movedNames names the updaters whose fields kubectl moved.
func (o *outcome) movedNames() string { return who(o.movedFrom) }

// tookStep reports whether kubectl took the step after the apply.
func (o *outcome) tookStep(step string) bool {
	for _, s := range o.kubectl {
		if s == step {
			return true
		}
	}
	return false
}
