package twoway

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// reasons explains Helm 2's two-way upgrade. In explain.Versions, Original is the previous
// release's render and Updated the new render.
type reasons struct{}

var _ explain.Reasons = reasons{}

func (reasons) Added(_ fieldpath.Path, v explain.Versions, _ explain.Rule) string {
	if v.Original == nil {
		return "new in this release's render: the two-way patch adds it"
	}
	return "changed between the renders: the two-way patch sets it"
}

func (reasons) Changed(_ fieldpath.Path, v explain.Versions, _ explain.Rule) string {
	return fmt.Sprintf("changed between the renders (from %s): the two-way patch sets it, replacing live's %s", explain.Short(v.Original), explain.Short(v.Live))
}

func (reasons) Retained(_ fieldpath.Path, v explain.Versions, _ explain.Rule) string {
	if !yamltree.Equal(v.Live, v.Updated) {
		return fmt.Sprintf("OUT OF SYNC: the new render says %s, but both renders agree on it, so the two-way patch leaves live's %s (someone edited it in the cluster); Helm 3's three-way merge would set it back", explain.Short(v.Updated), explain.Short(v.Live))
	}
	return "the new render has the value live has"
}

func (reasons) Ignored(fieldpath.Path, explain.Versions) string {
	return "neither render names it (set by the server or a controller): left alone"
}

func (reasons) Deleted(_ fieldpath.Path, v explain.Versions, retainKeys bool) string {
	switch {
	case v.Updated != nil && v.Updated.IsNull():
		return "the new render sets it to null: deleted"
	case v.Original != nil && v.Updated == nil:
		return "the previous render had it and the new one does not: the two-way patch deletes it"
	case retainKeys:
		return "the map has the retainKeys strategy: keys the new render does not name are cleared"
	}
	return "removed by the two-way patch"
}

func (reasons) AddedItem(_ fieldpath.Path, v explain.Versions, key explain.Key) string {
	if v.Original != nil {
		return fmt.Sprintf("both renders list the item with %s, yet live lacks it: the two-way patch would not add it back unless it changed", key)
	}
	return fmt.Sprintf("the new render adds the item with %s", key)
}

func (reasons) IgnoredItem(_ fieldpath.Path, _ explain.Versions, key explain.Key) string {
	return fmt.Sprintf("neither render lists the item with %s: left alone", key)
}

func (reasons) DeletedItem(_ fieldpath.Path, _ explain.Versions, key explain.Key) string {
	return fmt.Sprintf("the previous render listed the item with %s and the new one does not: deleted", key)
}

func (reasons) AddedValue(fieldpath.Path, explain.Versions) string {
	return "the new render adds this value"
}

func (reasons) RetainedValue(fieldpath.Path, explain.Versions) string {
	return "the new render lists this value and live has it"
}

func (reasons) IgnoredValue(fieldpath.Path, explain.Versions) string {
	return "neither render lists this value: kept"
}

func (reasons) DeletedValue(fieldpath.Path, explain.Versions) string {
	return "the new render dropped this value: removed"
}

func (reasons) MergedDuplicates(n int, key explain.Key) string {
	return fmt.Sprintf("; the new render lists %d items with %s, merged into one", n, key)
}
