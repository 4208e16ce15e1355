package patch

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// reasons explains what a strategic merge patch did, naming the directive or strategy that
// decided. In explain.Versions, Updated is the patch.
type reasons struct{}

var _ explain.Reasons = reasons{}

func (reasons) Added(_ fieldpath.Path, v explain.Versions, rule explain.Rule) string {
	if v.Updated == nil {
		return "added with the value that holds it" + ruleNote(rule)
	}
	return "the patch sets it and the target did not have it: added" + ruleNote(rule)
}

func (reasons) Changed(_ fieldpath.Path, v explain.Versions, rule explain.Rule) string {
	if v.Updated == nil {
		return fmt.Sprintf("changed with the value that holds it (was %s)", explain.Short(v.Live)) + ruleNote(rule)
	}
	return fmt.Sprintf("the patch sets it (the target had %s)", explain.Short(v.Live)) + ruleNote(rule)
}

func (reasons) Retained(_ fieldpath.Path, _ explain.Versions, rule explain.Rule) string {
	if rule == explain.AtomicList {
		return "the patch's list equals the target's: nothing changes"
	}
	return "the patch sets the value the target already has"
}

func (reasons) Ignored(fieldpath.Path, explain.Versions) string {
	return "the patch does not name it: a strategic merge patch leaves every other field as it is"
}

func (reasons) Deleted(_ fieldpath.Path, v explain.Versions, retainKeys bool) string {
	switch {
	case v.Updated != nil && v.Updated.IsNull():
		return "the patch sets it to null: deleted"
	case retainKeys:
		return "the patch's $retainKeys list does not name it: the map keeps only the keys listed"
	}
	return "removed: the value holding it was replaced or deleted by the patch ($patch: replace or delete)"
}

func (reasons) AddedItem(_ fieldpath.Path, _ explain.Versions, key explain.Key) string {
	return fmt.Sprintf("the patch lists an item with %s and the target had none: appended (items merge by %s)", key, key.Field) + key.MultiNote()
}

func (reasons) IgnoredItem(_ fieldpath.Path, _ explain.Versions, key explain.Key) string {
	return fmt.Sprintf("the patch does not list the item with %s: it stays", key) + key.MultiNote()
}

func (reasons) DeletedItem(_ fieldpath.Path, v explain.Versions, key explain.Key) string {
	if d := v.Updated.Get("$patch"); d != nil && d.Value == "delete" {
		return fmt.Sprintf("the patch deletes the item with %s ($patch: delete)", key) + key.MultiNote()
	}
	return fmt.Sprintf("the item with %s is gone: the patch replaced the list ($patch: replace)", key) + key.MultiNote()
}

func (reasons) AddedValue(fieldpath.Path, explain.Versions) string {
	return "the patch lists this value and the target did not have it: added to the set"
}

func (reasons) RetainedValue(fieldpath.Path, explain.Versions) string {
	return "the patch lists this value and the target has it: kept"
}

func (reasons) IgnoredValue(fieldpath.Path, explain.Versions) string {
	return "the patch does not list this value: a list merged as a set keeps it"
}

func (reasons) DeletedValue(fieldpath.Path, explain.Versions) string {
	return "the patch deletes this value from the set ($deleteFromPrimitiveList)"
}

func (reasons) MergedDuplicates(n int, key explain.Key) string {
	return fmt.Sprintf("; the patch lists %d items with %s, merged one after the other into this one", n, key)
}

func ruleNote(rule explain.Rule) string {
	switch rule {
	case explain.AtomicList:
		return "; the list has no merge strategy, so the patch's list replaces the target's whole"
	case explain.Replace:
		return "; the map is replaced whole"
	}
	return ""
}
