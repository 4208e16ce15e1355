package merge3

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// reasons writes the sentence behind each mark: which input had the value, what upstream did,
// which rule of kyaml's merge decided, and which key matched list items. "Upstream before" is the
// original input, "upstream now" the updated one, "the local copy" the live one.
type reasons struct {
	// note returns what kyaml's own built-in schema (Kubernetes 1.21) says of a list where it
	// differs from the current schema mergeplay uses, "" when they agree.
	note func(path fieldpath.Path, info *listInfo) string
}

func (r reasons) added(path fieldpath.Path, d record, result *ynode.Node) string {
	switch d.rule {
	case ruleAddedUpstream:
		return "new upstream: upstream before did not have it and upstream now does, so kyaml adds it" + r.listNote(path, d)
	case ruleChanged, ruleChangedOver:
		return fmt.Sprintf("upstream changed it (from %s to %s) and the local copy does not have it: an upstream change wins, so kyaml adds upstream's new value", short(d.original), short(d.updated)) + r.listNote(path, d)
	case ruleNewMap:
		return "upstream has this map and the local copy does not: kyaml starts an empty one and adds only what upstream changed, so what upstream left unchanged is not brought in"
	case ruleNewList:
		return "upstream has this list and the local copy does not: kyaml starts an empty one and adds only the items upstream changed"
	case ruleKeyRestored:
		return restoredKey
	case ruleKioAnnotation:
		return "kio copies its path, index and id annotations between their legacy and current names when it pairs resources"
	}
	if isKioAnnotation(path) {
		return "kio copies its path, index and id annotations between their legacy and current names when it pairs resources"
	}
	return "not in the local copy: added by the merge"
}

func (r reasons) changed(path fieldpath.Path, d record, local, result *ynode.Node) string {
	switch d.rule {
	case ruleChanged:
		if sameValue(d.original, d.updated) {
			return fmt.Sprintf("upstream changed only the comment of %s: kyaml compares values with their comments, so it takes upstream's", short(d.updated)) + r.listNote(path, d)
		}
		return fmt.Sprintf("upstream changed it from %s to %s and the local copy still had %s: upstream's new value wins", short(d.original), short(d.updated), short(local)) + r.listNote(path, d)
	case ruleChangedOver:
		return fmt.Sprintf("upstream changed it from %s to %s; the local copy had changed it to %s, but an upstream change wins over a local one", short(d.original), short(d.updated), short(local)) + r.listNote(path, d)
	case ruleAddedUpstream:
		return fmt.Sprintf("upstream added it (upstream before did not have it) as %s; the local copy had %s, and upstream's wins", short(d.updated), short(local)) + r.listNote(path, d)
	}
	if d.rule == ruleKeyRestored {
		return restoredKey
	}
	if local.Kind == ynode.ScalarNode && result.Kind == ynode.ScalarNode && local.Value == result.Value {
		return "kyaml rewrites each item of a list merged as a set of values: the item keeps its text but loses its comment"
	}
	return fmt.Sprintf("rewritten by the merge: the local copy had %s", short(local))
}

func (r reasons) retained(path fieldpath.Path, d record, local *ynode.Node) string {
	switch d.rule {
	case ruleUnchanged:
		if d.original != nil && !sameText(local, d.original) {
			return fmt.Sprintf("upstream did not change it (still %s): the local value stays, and the local copy's own edit (%s) is kept", short(d.original), short(local)) + r.listNote(path, d)
		}
		return "upstream did not change it: the local value stays (it is as upstream has it)" + r.listNote(path, d)
	case ruleCommentOnly:
		return "upstream changed only its comment, and the local copy had edited it: the local value and comment stay" + r.listNote(path, d)
	case ruleChanged, ruleChangedOver:
		return fmt.Sprintf("upstream changed it from %s to %s, the value the local copy already had", short(d.original), short(d.updated)) + r.listNote(path, d)
	case ruleAddedUpstream:
		return "upstream added it with the value the local copy already had" + r.listNote(path, d)
	case ruleKeyRestored:
		return restoredKey
	}
	return "the local value stays"
}

// restoredKey explains an item's key kyaml writes back.
const restoredKey = "upstream removed this item, but the local copy had added to it, so kyaml keeps what the local copy added; " +
	"the merge left the item without its key (upstream did not change it), and kyaml writes the key back, last and as a string"

func (r reasons) ignored(path fieldpath.Path, d record) string {
	return "only the local copy has it: neither upstream before nor upstream now mentions it, so kyaml leaves it as it is"
}

func (r reasons) deleted(path fieldpath.Path, d record, local *ynode.Node) string {
	switch d.rule {
	case ruleRemoved:
		return r.removedUpstream(d, local)
	case ruleNullUpdated:
		return "upstream now sets it to null: kyaml clears it"
	case ruleNullLive:
		return "the local copy sets it to null: kyaml reads a null as \"clear this\" and removes it"
	case ruleGone:
		return "neither the local copy nor upstream now has a value for it: kyaml drops it"
	}
	if isEmptyMeta(path, local) {
		return "kio drops empty annotations, and then an empty metadata, when it reads and writes resources"
	}
	if isClearedAnnotation(path) {
		return "kio's writer removes its own index annotations from every resource it writes"
	}
	return "removed by the merge"
}

func (r reasons) removedUpstream(d record, local *ynode.Node) string {
	base := fmt.Sprintf("upstream removed it (upstream before had %s, upstream now does not): kyaml removes it from the local copy", short(d.original))
	if d.original != nil && local != nil && !sameText(local, d.original) {
		base += ", even though the local copy had changed it"
	}
	return base
}

func (r reasons) addedItem(path fieldpath.Path, d record, info *listInfo) string {
	key := r.keyPhrase(info)
	switch {
	case d.original != nil && d.rule == ruleNewMap:
		return fmt.Sprintf("the local copy removed this item, but upstream changed it since: kyaml adds back only the fields upstream changed (items match %s)", key) + r.noteOf(path, info)
	case len(info.keys) == 0:
		return "new value upstream: kyaml appends it after the local copy's values (the list merges as a set of values)" + r.noteOf(path, info)
	}
	return fmt.Sprintf("new item upstream: kyaml appends it after the local copy's items, its fields in alphabetical order (items match %s)", key) + r.noteOf(path, info)
}

func (r reasons) ignoredItem(path fieldpath.Path, info *listInfo) string {
	return fmt.Sprintf("only the local copy has this item (neither upstream version has one with the same key): kyaml keeps it where it is (items match %s)", r.keyPhrase(info)) + r.noteOf(path, info)
}

func (r reasons) deletedItem(path fieldpath.Path, d record, info *listInfo, local *ynode.Node) string {
	key := r.keyPhrase(info)
	switch d.rule {
	case ruleRemoved:
		return r.removedUpstream(d, local) + fmt.Sprintf(" (items match %s)", key) + r.noteOf(path, info)
	case ruleEmptied:
		return fmt.Sprintf("upstream removed this item and the local copy added nothing to it: nothing is left, so kyaml drops it (items match %s)", key) + r.noteOf(path, info)
	case ruleNullUpdated, ruleNullLive:
		return r.deleted(path, d, local)
	}
	return fmt.Sprintf("removed while kyaml set the list's items (items match %s): an item that matched another one's key, or had none, is dropped", key) + r.noteOf(path, info)
}

// keyPhrase says how the items of a list match.
func (r reasons) keyPhrase(info *listInfo) string {
	var p string
	switch len(info.keys) {
	case 0:
		return "by value"
	case 1:
		p = "on " + info.keys[0]
	default:
		p = "on " + strings.Join(info.keys, " and ")
	}
	if info.inferred {
		p += " (a guessed key: no schema describes this list, and options.inferKeys let kyaml guess it from the items)"
	}
	return p
}

// listNote adds the schema note of a list replaced whole.
func (r reasons) listNote(path fieldpath.Path, d record) string {
	if d.list == nil || !d.list.whole {
		return ""
	}
	return "; this list has no merge key, so it is compared and replaced whole" + r.noteOf(path, d.list)
}

func (r reasons) noteOf(path fieldpath.Path, info *listInfo) string {
	if r.note == nil || info == nil {
		return ""
	}
	return r.note(path, info)
}

// short renders a value for a sentence.
func short(n *ynode.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == ynode.ScalarNode && n.IsTaggedNull():
		return "null"
	case n.Kind == ynode.ScalarNode && n.IsString():
		return cut(strconv.Quote(n.Value))
	case n.Kind == ynode.ScalarNode:
		return cut(n.Value)
	}
	c := n.Copy()
	stripComments(c)
	return cut(strings.TrimSpace(ynode.CompareText(c)))
}

func stripComments(n *ynode.Node) {
	n.HeadComment, n.LineComment, n.FootComment = "", "", ""
	for _, c := range n.Content {
		stripComments(c)
	}
}

func cut(s string) string { return yamltree.Abbreviate(s, 60) }

// sameValue compares two scalars' values, comments aside.
func sameValue(a, b *ynode.Node) bool {
	return a != nil && b != nil && a.Kind == ynode.ScalarNode && b.Kind == ynode.ScalarNode && a.Value == b.Value
}

func isAnnotationPath(path fieldpath.Path) bool {
	return len(path) == 3 && path[0].Field == "metadata" && path[1].Field == "annotations"
}

func isKioAnnotation(path fieldpath.Path) bool {
	if !isAnnotationPath(path) {
		return false
	}
	for _, p := range legacyPairs {
		if path[2].Field == p[0] || path[2].Field == p[1] {
			return true
		}
	}
	return false
}

func isClearedAnnotation(path fieldpath.Path) bool {
	if !isAnnotationPath(path) {
		return false
	}
	for _, k := range clearedOnWrite {
		if path[2].Field == k {
			return true
		}
	}
	return false
}

// isEmptyMeta reports an empty metadata or metadata.annotations, which kio drops.
func isEmptyMeta(path fieldpath.Path, local *ynode.Node) bool {
	empty := local != nil && len(local.Content) == 0
	return empty && ((len(path) == 1 && path[0].Field == "metadata") || (len(path) == 2 && path[0].Field == "metadata" && path[1].Field == "annotations"))
}
