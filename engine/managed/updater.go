package managed

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ApplyOp is one server-side apply on an object and the managers owning its fields: the config
// is merged into live, the applier owns exactly what the config names, what it stopped naming
// goes unless someone else owns it, and what changes leaves every other owner (a conflict
// unless forced). Managers are keyed by any name here (the field manager uses identifiers).
type ApplyOp struct {
	Type         *schema.Type
	Live, Config *yamltree.Node // Live may be nil (a null object)
	Version      string         // the API version the applier writes at
	Managers     Managers       // not changed
	Manager      ID
	Force        bool
	// Log receives a decision for every field the apply settles (see rules.go); nil records
	// nothing.
	Log *decision.Log
}

// Applied is what an apply did.
type Applied struct {
	// Object is the object after the apply; nil when the apply left it as it was.
	Object *yamltree.Node
	// Managers are the managers after the apply.
	Managers Managers
	// Taken lists, per manager, the fields the apply took from it (forced conflicts).
	Taken Managers
}

// Run applies. Without Force, fields other managers own that the apply would add or change are
// returned as Conflicts, and nothing is applied.
func (op ApplyOp) Run() (*Applied, error) {
	live := op.Live
	if live == nil {
		live = yamltree.NewNull()
	}
	managers := reconcileAll(op.Type, op.Managers)
	merged, err := typed.Merge(op.Type, live, op.Config, op.Log)
	if err != nil {
		return nil, err
	}
	previous, appliedBefore := managers[op.Manager]
	applies := typed.FieldSet(op.Type, op.Config)
	managers[op.Manager] = VersionedSet{Set: applies, APIVersion: op.Version, Applied: true}
	object := merged
	if appliedBefore {
		object = op.dropAbandoned(merged, previous.Set, managers)
	}
	cmp, err := typed.Compare(op.Type, live, object)
	if err != nil {
		return nil, err
	}
	contested := ownedElsewhere(managers, op.Manager, cmp.Changed())
	if len(contested) > 0 && !op.Force {
		for _, vs := range contested {
			recordSet(op.Log, vs.Set, RuleConflict)
		}
		return nil, conflictsOf(contested)
	}
	loseChanges(managers, cmp, op.Manager)
	for _, vs := range contested {
		recordSet(op.Log, vs.Set, RuleForced)
	}
	op.recordShared(managers, applies)
	out := &Applied{Object: object, Managers: managers, Taken: contested}
	if fieldset.EqualValues(live, object) {
		out.Object = nil
	}
	return out, nil
}

// dropAbandoned removes from merged what the applier named last time (the struct fields it went
// below included) and no longer does, unless some manager (the applier's new set included)
// owns it, by the same measure; a list item goes only where the applier owned the item itself.
// It records each field removed as RulePruned, and each field the applier stopped naming that
// another manager keeps as RuleKeptForOwner.
func (op ApplyOp) dropAbandoned(merged *yamltree.Node, previous *fieldset.Set, managers Managers) *yamltree.Node {
	owned, others := &fieldset.Set{}, &fieldset.Set{}
	for name, vs := range managers {
		owned = owned.Union(vs.Set)
		if name != op.Manager {
			others = others.Union(vs.Set)
		}
	}
	recordSet(op.Log, previous.Difference(managers[op.Manager].Set).Intersection(others), RuleKeptForOwner)
	unowned := typed.WithStructFields(op.Type, previous).Difference(typed.WithStructFields(op.Type, owned))
	if unowned.Empty() {
		return merged
	}
	abandoned := unowned.Intersection(typed.WithStructFields(op.Type, typed.FieldSet(op.Type, merged)))
	recordSet(op.Log, abandoned, RulePruned)
	return typed.Remove(op.Type, merged, abandoned)
}

// ownedElsewhere returns, per manager other than manager, the fields of changed it owns.
func ownedElsewhere(managers Managers, manager ID, changed *fieldset.Set) Managers {
	out := Managers{}
	for id, vs := range managers {
		if id == manager {
			continue
		}
		if c := vs.Set.Intersection(changed); !c.Empty() {
			out[id] = VersionedSet{Set: c, APIVersion: vs.APIVersion}
		}
	}
	return out
}

// loseChanges takes what cmp changed or removed from every manager but keep (all of them when keep
// is the zero ID), then drops every manager left owning nothing (keep too).
func loseChanges(managers Managers, cmp typed.Comparison, keep ID) {
	lost := cmp.Changed().Union(cmp.Removed)
	for name, vs := range managers {
		if name != keep {
			vs.Set = vs.Set.Difference(lost)
			managers[name] = vs
		}
	}
	for name, vs := range managers {
		if vs.Set.Empty() {
			delete(managers, name)
		}
	}
}

// recordShared records as RuleShared the fields the applier applies that another manager owns
// too after the apply (it applied the same value).
func (op ApplyOp) recordShared(managers Managers, applies *fieldset.Set) {
	for name, vs := range managers {
		if name != op.Manager {
			recordSet(op.Log, applies.Intersection(vs.Set), RuleShared)
		}
	}
}

// recordSet records rule at every path of set, keeping the inputs the merge saw there.
func recordSet(log *decision.Log, set *fieldset.Set, rule decision.Rule) {
	if log == nil {
		return
	}
	for _, p := range set.Paths() {
		relabel(log, p, rule)
	}
}

// relabel records a later decision on a field: the inputs held are those of the earlier one
// (live's when there was none). A nil log records nothing.
func relabel(log *decision.Log, path fieldpath.Path, rule decision.Rule) {
	if log == nil {
		return
	}
	log.Relabel(path, rule, decision.Live)
}

// UpdateOp is one update (a create, a replace or a patch) of an object from Live to Object: what
// changed or went away leaves every manager. It never conflicts.
type UpdateOp struct {
	Type         *schema.Type
	Live, Object *yamltree.Node // Live may be nil (a null object)
	Managers     Managers       // not changed
	// Log receives the update's decisions: every field of Object unchanged or taken
	// (RuleUpdateUnchanged, RuleUpdateOwned), every field of Live it removed (RuleUpdateRemoved),
	// those below an item live held twice included; nil records nothing.
	Log *decision.Log
}

// Run returns the managers after the update, and the fields it changed or added: the updater's
// to own.
func (op UpdateOp) Run() (Managers, *fieldset.Set, error) {
	live := op.Live
	if live == nil {
		live = yamltree.NewNull()
	}
	managers := reconcileAll(op.Type, op.Managers)
	cmp, err := typed.Compare(op.Type, live, op.Object)
	if err != nil {
		return nil, nil, err
	}
	loseChanges(managers, cmp, ID{})
	if op.Log != nil {
		// Live's fields first, as removed: those the object holds are decided again below.
		typed.Record(op.Type, live, op.Log, RuleUpdateRemoved, decision.Live)
		typed.Record(op.Type, op.Object, op.Log, RuleUpdateUnchanged, decision.Updated|decision.Live)
		recordSet(op.Log, cmp.Changed(), RuleUpdateOwned)
		recordSet(op.Log, cmp.Removed, RuleUpdateRemoved)
	}
	return managers, cmp.Changed(), nil
}

// reconcileAll returns a copy of managers with every set reconciled with the schema.
func reconcileAll(t *schema.Type, managers Managers) Managers {
	out := make(Managers, len(managers))
	for name, vs := range managers {
		if set, changed := typed.Reconcile(t, vs.Set); changed {
			vs.Set = set
		}
		out[name] = vs
	}
	return out
}
