package apply

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// reasons explains kubectl apply's marks for someone learning it: each sentence names the
// inputs that decided (last-applied, the config, live) and the rule that applied. In
// explain.Versions, Original is last-applied, Updated the config (with its new annotation).
type reasons struct {
	// hasOriginal is false when kubectl found no last-applied configuration.
	hasOriginal bool
	// defaultedNamespace is true when the config names no namespace and kubectl filled it in.
	defaultedNamespace bool
}

// namespaceNote explains metadata.namespace when kubectl filled it in.
func (r reasons) namespaceNote(path fieldpath.Path) (string, bool) {
	if !r.defaultedNamespace || len(path) != 2 || path[0].Field != "metadata" || path[1].Field != "namespace" {
		return "", false
	}
	return "the config names no namespace, so kubectl fills in the default one before applying: it becomes part of the applied config (and of last-applied)", true
}

var _ explain.Reasons = reasons{}

var short = explain.Short

func (r reasons) Added(path fieldpath.Path, v explain.Versions, rule explain.Rule) string {
	if isLastApplied(path) {
		return "kubectl records the config it applies in this annotation; the next apply reads it as last-applied to find what you removed"
	}
	if note, ok := r.namespaceNote(path); ok {
		return note
	}
	base := "new in the config: live did not have it, so apply adds it"
	switch {
	case v.Updated == nil:
		return "added by the patch, though the config does not name it"
	case v.Original != nil && yamltree.Equal(v.Original, v.Updated):
		base = "the config (and last-applied) set it, but live lacks it (someone removed it): apply adds it back, because every field the config names is sent"
	case !r.hasOriginal:
		base = "the config sets it and live lacks it: apply adds it"
	}
	return base + ruleNote(rule)
}

func (r reasons) Changed(path fieldpath.Path, v explain.Versions, rule explain.Rule) string {
	if isLastApplied(path) {
		return "kubectl rewrites this annotation with the config it applies; the next apply reads it as last-applied to find what you removed"
	}
	if note, ok := r.namespaceNote(path); ok {
		return note
	}
	was := short(v.Live)
	var base string
	switch {
	case v.Updated == nil:
		base = fmt.Sprintf("changed by the patch from %s, though the config does not name it", was)
	case !r.hasOriginal:
		base = fmt.Sprintf("no last-applied configuration to compare with: apply sets every field the config names, so live's %s is replaced", was)
	case v.Original != nil && yamltree.Equal(v.Original, v.Updated):
		base = fmt.Sprintf("live drifted to %s, but the config still says %s: apply puts back the config's value on every field it names, even ones the config did not change", was, short(v.Updated))
	case v.Original == nil:
		base = fmt.Sprintf("the config now sets it (last-applied did not): the config's value replaces live's %s", was)
	default:
		base = fmt.Sprintf("changed in the config since last-applied (from %s): the config's value replaces live's %s", short(v.Original), was)
	}
	return base + ruleNote(rule)
}

func (r reasons) Retained(path fieldpath.Path, _ explain.Versions, rule explain.Rule) string {
	if note, ok := r.namespaceNote(path); ok {
		return note
	}
	switch {
	case isLastApplied(path):
		return "the config is the one last applied: kubectl writes the same annotation again"
	case rule == explain.AtomicList || rule == explain.MergePatchList:
		return "the config's list equals live's: nothing to replace"
	}
	return "the config sets it to the value live already has: nothing to change"
}

func (r reasons) Ignored(path fieldpath.Path, v explain.Versions) string {
	if len(path) > 0 && path[0].Field == "status" {
		return "status belongs to the cluster: neither last-applied nor the config names it, so apply leaves it alone"
	}
	if v.Original != nil {
		return "in last-applied and live, not in the config, yet kept: the patch does not reach it"
	}
	return "only live has it (set by the server, a controller or someone else): neither last-applied nor the config names it, so apply leaves it alone"
}

func (r reasons) Deleted(_ fieldpath.Path, v explain.Versions, retainKeys bool) string {
	switch {
	case v.Updated != nil && v.Updated.IsNull():
		return "the config sets it to null: apply deletes it"
	case v.Original != nil && v.Updated == nil:
		return "in last-applied but no longer in the config: apply deletes what you removed from the config"
	case retainKeys:
		return "this map has the retainKeys strategy: the patch lists the keys the config names ($retainKeys) and the server clears every other key, even ones it set itself"
	case v.Original == nil && v.Updated == nil:
		return "removed by the patch: the value holding it was replaced"
	}
	return "removed by the patch"
}

func (r reasons) AddedItem(_ fieldpath.Path, v explain.Versions, key explain.Key) string {
	if v.Original != nil {
		return fmt.Sprintf("the item with %s is in the config (and last-applied) but not in live: apply adds it back (items merge by their %s)", key, key.Field) + key.MultiNote()
	}
	return fmt.Sprintf("new item with %s in the config: items of this list merge by their %s, and live had none with this one", key, key.Field) + key.MultiNote()
}

func (r reasons) IgnoredItem(_ fieldpath.Path, _ explain.Versions, key explain.Key) string {
	return fmt.Sprintf("only live has the item with %s (neither last-applied nor the config lists it): items merge by %s, so apply leaves it alone", key, key.Field) + key.MultiNote()
}

func (r reasons) DeletedItem(_ fieldpath.Path, v explain.Versions, key explain.Key) string {
	switch {
	case v.Original != nil && v.Updated == nil:
		return fmt.Sprintf("the item with %s was in last-applied and is gone from the config: the patch deletes it ($patch: delete), even if live changed it", key) + key.MultiNote()
	case v.Updated != nil:
		return fmt.Sprintf("the item with %s was replaced", key) + key.MultiNote()
	}
	return fmt.Sprintf("the item with %s was removed by the patch", key) + key.MultiNote()
}

func (r reasons) AddedValue(_ fieldpath.Path, v explain.Versions) string {
	if v.Original != nil {
		return "the config and last-applied list this value but live lacks it: apply adds it back to the set"
	}
	return "new value in the config: the list merges as a set of values, and this one is added"
}

func (r reasons) RetainedValue(fieldpath.Path, explain.Versions) string {
	return "the config lists this value and live has it: the set keeps it"
}

func (r reasons) IgnoredValue(fieldpath.Path, explain.Versions) string {
	return "only live lists this value (it was not in last-applied): a list merged as a set keeps values added by others"
}

func (r reasons) DeletedValue(_ fieldpath.Path, v explain.Versions) string {
	if v.Original != nil && v.Updated == nil {
		return "in last-applied, gone from the config: apply removes it from the set ($deleteFromPrimitiveList)"
	}
	return "removed from the set by the patch"
}

func (r reasons) MergedDuplicates(n int, key explain.Key) string {
	return fmt.Sprintf("; the config lists %d items with %s, and a strategic merge patch matches items on %s alone, so it merged them into this one: the others are lost (server-side apply keys container ports on containerPort and protocol)", n, key, key.Field)
}

func ruleNote(rule explain.Rule) string {
	switch rule {
	case explain.AtomicList:
		return "; this list has no merge key (atomic), so the config's whole list replaces live's"
	case explain.MergePatchList:
		return "; a custom resource gets a JSON merge patch, which replaces lists whole"
	case explain.Replace:
		return "; this map has the replace strategy, so it is replaced whole"
	}
	return ""
}

// isLastApplied reports whether path is kubectl's last-applied annotation.
func isLastApplied(path fieldpath.Path) bool {
	return isAnnotations(path) && path[2].Field == LastAppliedAnnotation
}

func isAnnotations(path fieldpath.Path) bool {
	return len(path) == 3 && path[0].Field == "metadata" && path[1].Field == "annotations"
}
