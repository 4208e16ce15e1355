package managed

import (
	"sort"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Applied is what ApplyConfig did.
type Applied struct {
	// Object is the object after the apply; nil when the apply left it as it was.
	Object *yamltree.Node
	// Managers are the managers after the apply.
	Managers Managers
	// Taken lists, per manager, the fields the apply took from it (forced conflicts).
	Taken Managers
	// Merged is live with the config merged in, before pruning.
	Merged *yamltree.Node
}

// ApplyConfig applies config to live for manager at version, as structured-merge-diff does: the config
// is merged into live; the manager's set becomes exactly the fields of the config; fields it owned
// and no longer applies are removed unless another manager owns them (an item of a list only
// where it owned the item itself); every other manager owning a field the apply adds or changes
// is in conflict. Without force, conflicts are returned as Conflicts and nothing is applied; with
// force, the conflicting fields move to the applier. Fields the apply removes leave every set.
//
// managers is not changed. live may be nil (a null object).
func ApplyConfig(t *schema.Type, live, config *yamltree.Node, version string, managers Managers, manager string, force bool) (*Applied, error) {
	if live == nil {
		live = yamltree.NewNull()
	}
	managers = reconcileAll(t, managers)
	merged, err := typed.Merge(t, live, config, nil)
	if err != nil {
		return nil, err
	}
	last, hadLast := managers[manager]
	managers[manager] = VersionedSet{Set: typed.FieldSet(t, config), APIVersion: version, Applied: true}
	object := merged
	if hadLast {
		object = prune(t, merged, managers, last)
	}
	taken, err := settle(t, live, object, managers, manager, force)
	if err != nil {
		return nil, err
	}
	out := &Applied{Object: object, Managers: managers, Taken: taken, Merged: merged}
	if fieldset.EqualValues(live, object) {
		out.Object = nil
	}
	return out, nil
}

// RecordUpdate records that manager changed live into object at version (a create, an update or a
// patch): every other manager loses the fields that changed or went away, and the updater gains
// the fields that changed or appeared, on top of what it owned. It never conflicts.
func RecordUpdate(t *schema.Type, live, object *yamltree.Node, version string, managers Managers, manager string) (Managers, error) {
	if live == nil {
		live = yamltree.NewNull()
	}
	managers = reconcileAll(t, managers)
	cmp, err := typed.Compare(t, live, object)
	if err != nil {
		return nil, err
	}
	takeAway(managers, manager, cmp, true)
	mine := managers[manager].Set
	set := mine.Difference(cmp.Removed).Union(cmp.Changed())
	if set.Empty() {
		delete(managers, manager)
	} else {
		managers[manager] = VersionedSet{Set: set, APIVersion: version}
	}
	return managers, nil
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

// settle compares live with the new object and takes the changed fields from the other managers:
// without force, any such field they own is a conflict. It returns what it took.
func settle(t *schema.Type, live, object *yamltree.Node, managers Managers, manager string, force bool) (Managers, error) {
	cmp, err := typed.Compare(t, live, object)
	if err != nil {
		return nil, err
	}
	conflicts := conflictSets(managers, manager, cmp)
	if !force && len(conflicts) > 0 {
		return nil, conflictsOf(conflicts)
	}
	takeAway(managers, manager, cmp, false)
	return conflicts, nil
}

// conflictSets returns, per other manager, the fields it owns that cmp added or changed.
func conflictSets(managers Managers, manager string, cmp typed.Comparison) Managers {
	out := Managers{}
	changed := cmp.Changed()
	for name, vs := range managers {
		if name == manager {
			continue
		}
		if c := vs.Set.Intersection(changed); !c.Empty() {
			out[name] = VersionedSet{Set: c, APIVersion: vs.APIVersion}
		}
	}
	return out
}

// takeAway removes from every manager but manager the fields cmp changed or removed, then drops
// managers left with nothing (manager too, unless keepSelf: an update adds to its own set after).
func takeAway(managers Managers, manager string, cmp typed.Comparison, keepSelf bool) {
	changed := cmp.Changed()
	for name, vs := range managers {
		if name == manager {
			continue
		}
		vs.Set = vs.Set.Difference(changed).Difference(cmp.Removed)
		managers[name] = vs
	}
	for name, vs := range managers {
		if vs.Set.Empty() && !(keepSelf && name == manager) {
			delete(managers, name)
		}
	}
}

// prune removes from merged the fields the applier owned last time (last) and no longer applies,
// unless another manager owns them, as the reference does in three steps: remove everything last
// names; add back what any manager (the applier's new set included) owns; add back what was never
// the applier's.
func prune(t *schema.Type, merged *yamltree.Node, managers Managers, last VersionedSet) *yamltree.Node {
	if last.Set.Empty() {
		return merged
	}
	lastNamed := typed.NamedFieldsAsMembers(t, last.Set)
	pruned := typed.Remove(t, merged, lastNamed)
	pruned = addBackOwned(t, merged, pruned, managers, last.APIVersion)
	return addBackDangling(t, merged, pruned, lastNamed)
}

// addBackOwned restores in pruned the fields of merged that some manager owns, one API version at
// a time (the pruned version first), as the reference does.
func addBackOwned(t *schema.Type, merged, pruned *yamltree.Node, managers Managers, prunedVersion string) *yamltree.Node {
	byVersion := map[string]*fieldset.Set{}
	for _, vs := range managers {
		if byVersion[vs.APIVersion] == nil {
			byVersion[vs.APIVersion] = &fieldset.Set{}
		}
		byVersion[vs.APIVersion] = byVersion[vs.APIVersion].Union(vs.Set)
	}
	versions := make([]string, 0, len(byVersion))
	for v := range byVersion {
		if v != prunedVersion {
			versions = append(versions, v)
		}
	}
	sort.Strings(versions)
	if _, ok := byVersion[prunedVersion]; ok {
		versions = append([]string{prunedVersion}, versions...)
	}
	mergedSet := typed.NamedFieldsAsMembers(t, typed.FieldSet(t, merged))
	for _, v := range versions {
		prunedSet := typed.NamedFieldsAsMembers(t, typed.FieldSet(t, pruned))
		keep := prunedSet.Union(typed.NamedFieldsAsMembers(t, byVersion[v]))
		pruned = typed.Remove(t, merged, mergedSet.Difference(keep))
	}
	return pruned
}

// addBackDangling removes from merged only what pruning removed and the applier owned last time.
func addBackDangling(t *schema.Type, merged, pruned *yamltree.Node, lastNamed *fieldset.Set) *yamltree.Node {
	prunedSet := typed.NamedFieldsAsMembers(t, typed.FieldSet(t, pruned))
	mergedSet := typed.NamedFieldsAsMembers(t, typed.FieldSet(t, merged))
	return typed.Remove(t, merged, mergedSet.Difference(prunedSet).Intersection(lastNamed))
}
