package apply

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The reasons are written for someone learning what kubectl apply does: each names the inputs
// that decided and the rule that applied.

func (e *explainer) addedReason(v versions, why rule) string {
	base := "new in the config: live did not have it, so apply adds it"
	switch {
	case v.u == nil:
		return "added by the patch, though the config does not name it"
	case v.o != nil && sameData(v.o, v.u):
		base = "the config (and last-applied) set it, but live lacks it (someone removed it): apply adds it back, because every field the config names is sent"
	case !e.hasOriginal:
		base = "the config sets it and live lacks it: apply adds it"
	}
	return base + ruleNote(why)
}

func (e *explainer) changedReason(v versions, why rule) string {
	was := short(v.l)
	var base string
	switch {
	case v.u == nil:
		base = fmt.Sprintf("changed by the patch from %s, though the config does not name it", was)
	case !e.hasOriginal:
		base = fmt.Sprintf("no last-applied configuration to compare with: apply sets every field the config names, so live's %s is replaced", was)
	case v.o != nil && sameData(v.o, v.u):
		base = fmt.Sprintf("live drifted to %s, but the config still says %s: apply puts back the config's value on every field it names, even ones the config did not change", was, short(v.u))
	case v.o == nil:
		base = fmt.Sprintf("the config now sets it (last-applied did not): the config's value replaces live's %s", was)
	default:
		base = fmt.Sprintf("changed in the config since last-applied (from %s): the config's value replaces live's %s", short(v.o), was)
	}
	return base + ruleNote(why)
}

func retainedReason(why rule) string {
	switch why {
	case ruleAtomicList, ruleMergeList:
		return "the config's list equals live's: nothing to replace"
	}
	return "the config sets it to the value live already has: nothing to change"
}

func (e *explainer) ignoredReason(path fieldpath.Path, v versions) string {
	if len(path) > 0 && path[0].Field == "status" {
		return "status belongs to the cluster: neither last-applied nor the config names it, so apply leaves it alone"
	}
	if v.o != nil {
		return "in last-applied and live, not in the config, yet kept: the patch does not reach it"
	}
	return "only live has it (set by the server, a controller or someone else): neither last-applied nor the config names it, so apply leaves it alone"
}

func (e *explainer) deletedReason(v versions, retainKeys bool) string {
	switch {
	case v.u != nil && v.u.IsNull():
		return "the config sets it to null: apply deletes it"
	case v.o != nil && v.u == nil:
		return "in last-applied but no longer in the config: apply deletes what you removed from the config"
	case retainKeys:
		return "this map has the retainKeys strategy: the patch lists the keys the config names ($retainKeys) and the server clears every other key, even ones it set itself"
	case v.o == nil && v.u == nil:
		return "removed by the patch: the value holding it was replaced"
	}
	return "removed by the patch"
}

func addedItemReason(v versions, mergeKey string, key *yamltree.Node) string {
	id := fmt.Sprintf("%s=%s", mergeKey, short(key))
	if v.o != nil {
		return fmt.Sprintf("the item with %s is in the config (and last-applied) but not in live: apply adds it back (items merge by their %s)", id, mergeKey)
	}
	return fmt.Sprintf("new item with %s in the config: items of this list merge by their %s, and live had none with this one", id, mergeKey)
}

func ignoredItemReason(mergeKey string, key *yamltree.Node) string {
	return fmt.Sprintf("only live has the item with %s=%s (neither last-applied nor the config lists it): items merge by %s, so apply leaves it alone", mergeKey, short(key), mergeKey)
}

func deletedItemReason(v versions, mergeKey string, key *yamltree.Node) string {
	id := fmt.Sprintf("%s=%s", mergeKey, short(key))
	switch {
	case v.o != nil && v.u == nil:
		return fmt.Sprintf("the item with %s was in last-applied and is gone from the config: the patch deletes it ($patch: delete), even if live changed it", id)
	case v.u != nil:
		return fmt.Sprintf("the item with %s was replaced", id)
	}
	return fmt.Sprintf("the item with %s was removed by the patch", id)
}

func addedValueReason(v versions) string {
	if v.o != nil {
		return "the config and last-applied list this value but live lacks it: apply adds it back to the set"
	}
	return "new value in the config: the list merges as a set of values, and this one is added"
}

func deletedValueReason(v versions) string {
	if v.o != nil && v.u == nil {
		return "in last-applied, gone from the config: apply removes it from the set ($deleteFromPrimitiveList)"
	}
	return "removed from the set by the patch"
}

func ruleNote(why rule) string {
	switch why {
	case ruleAtomicList:
		return "; this list has no merge key (atomic), so the config's whole list replaces live's"
	case ruleMergeList:
		return "; a custom resource gets a JSON merge patch, which replaces lists whole"
	case ruleReplace:
		return "; this map has the replace strategy, so it is replaced whole"
	}
	return ""
}

// short renders a value for a reason, cut to a readable length.
func short(n *yamltree.Node) string {
	if n == nil {
		return "nothing"
	}
	s := n.String()
	if n.Kind == yamltree.ScalarNode && n.Tag == yamltree.StrTag {
		s = fmt.Sprintf("%q", n.Value)
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
