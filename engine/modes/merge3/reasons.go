package merge3

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// reasons writes the sentence behind each mark, from the table of its rule (reasonTable): which
// input had the value, what upstream did, which rule of kyaml's merge decided, and which key
// matched list items. "Upstream before" is the original input, "upstream now" the updated one,
// "the local copy" the live one.
type reasons struct {
	// note returns what kyaml's own built-in schema (Kubernetes 1.21) says of a list where it
	// differs from the current schema mergeplay uses, "" when they agree.
	note func(path fieldpath.Path, info *listInfo) string
}

// cue is what a sentence is written from: the mark's path, the record of its value, the local
// value and the result's, and how the list an item belongs to merged.
type cue struct {
	path          fieldpath.Path
	rec           record
	local, result *ynode.Node
	info          *listInfo
	// inRemovedItem: the value is a field of an item upstream removed.
	inRemovedItem bool
}

// say is one sentence: a fixed text, or one written from the cue.
type say struct {
	text  string
	write func(r reasons, c cue) string
}

// sentences are what one rule says, by the mark it makes; an empty one falls back to the
// sentence of defaultSentences for that mark.
type sentences struct {
	added, changed, retained, ignored, deleted say
	addedItem, ignoredItem, deletedItem        say
}

// reasonRow is one rule's row of the reason table.
type reasonRow struct {
	rule decision.Rule
	sentences
}

// reasonTable holds every rule's sentences (table.go lists the rules).
var reasonTable = []reasonRow{
	{ruleAddedUpstream, sentences{added: say{write: addedUpstream}, changed: say{write: addedOverLive}, retained: say{write: addedAsLive}}},
	{ruleChanged, sentences{added: say{write: addedOverChange}, changed: say{write: changedUpstream}, retained: say{write: retainedChange}}},
	{ruleChangedOver, sentences{added: say{write: addedOverChange}, changed: say{write: changedOverLive}, retained: say{write: retainedChange}}},
	{ruleUnchanged, sentences{retained: say{write: unchangedUpstream}}},
	{ruleCommentOnly, sentences{retained: say{write: commentOnly}}},
	{ruleRemoved, sentences{deleted: say{write: removedField}, deletedItem: say{write: removedItem}}},
	{ruleNullUpdated, sentences{deleted: say{text: nullUpdated}, deletedItem: say{text: nullUpdated}}},
	{ruleNullLive, sentences{deleted: say{text: nullLive}, deletedItem: say{text: nullLive}}},
	{ruleGone, sentences{deleted: say{text: "neither the local copy nor upstream now has a value for it: kyaml drops it"}}},
	{ruleNewMap, sentences{
		added:     say{text: "upstream has this map and the local copy does not: kyaml starts an empty one and adds only what upstream changed, so what upstream left unchanged is not brought in"},
		addedItem: say{write: addedBack},
	}},
	{ruleNewList, sentences{added: say{text: "upstream has this list and the local copy does not: kyaml starts an empty one and adds only the items upstream changed"}}},
	{ruleEmptied, sentences{deletedItem: say{write: emptiedItem}}},
	{ruleDropped, sentences{deletedItem: say{write: droppedItem}}},
	{ruleKeyRestored, sentences{added: say{text: restoredKey}, changed: say{text: restoredKey}, retained: say{text: restoredKey}}},
	{ruleKioAnnotation, sentences{added: say{text: "kio copies its path, index and id annotations between their legacy and current names when it pairs resources"}}},
	{ruleKioEmptyMeta, sentences{deleted: say{text: "kio drops empty annotations, and then an empty metadata, when it reads and writes resources"}}},
	{ruleKioCleared, sentences{deleted: say{text: "kio's writer removes its own index annotations from every resource it writes"}}},
	{ruleKioKeep, sentences{ignored: say{text: "only the local copy has this resource (neither upstream version has it): kio keeps it as it is"}}},
	{ruleKioAdd, sentences{added: say{text: "new upstream: upstream added this resource, and kio adds it as upstream has it"}}},
	{ruleKioRestore, sentences{added: say{text: "the local copy has no resource with this apiVersion, kind, namespace and name (kio compares them as written, with no default namespace), but upstream had it and still has it: kio takes it for a local deletion and brings it back, as upstream now has it (local deletions of whole resources do not stick)"}}},
	{ruleKioDelete, sentences{deleted: say{text: "upstream deleted this resource: kio deletes the local copy too, even if it was edited locally"}}},
}

// defaultSentences are said for a mark its rule has no sentence for.
var defaultSentences = sentences{
	added:       say{text: "not in the local copy: added by the merge"},
	changed:     say{write: rewritten},
	retained:    say{text: "the local value stays"},
	ignored:     say{text: "only the local copy has it: neither upstream before nor upstream now mentions it, so kyaml leaves it as it is"},
	deleted:     say{text: "removed by the merge"},
	addedItem:   say{write: newItem},
	ignoredItem: say{write: liveOnlyItem},
	deletedItem: say{write: droppedItem},
}

// sentence writes the reason of a mark by rule: the rule's sentence for it, else the default.
func (r reasons) sentence(rule decision.Rule, mark contract.Mark, item bool, c cue) string {
	for _, row := range reasonTable {
		if row.rule == rule {
			if s := row.pick(mark, item); s.text != "" || s.write != nil {
				return s.say(r, c)
			}
			break
		}
	}
	return defaultSentences.pick(mark, item).say(r, c)
}

func (s sentences) pick(mark contract.Mark, item bool) say {
	switch {
	case item && mark == contract.Added:
		return s.addedItem
	case item && mark == contract.Deleted:
		return s.deletedItem
	case item && mark == contract.Ignored:
		return s.ignoredItem
	case mark == contract.Added:
		return s.added
	case mark == contract.Changed:
		return s.changed
	case mark == contract.Retained:
		return s.retained
	case mark == contract.Ignored:
		return s.ignored
	}
	return s.deleted
}

func (s say) say(r reasons, c cue) string {
	if s.write != nil {
		return s.write(r, c)
	}
	return s.text
}

const (
	nullUpdated = "upstream now sets it to null: kyaml clears it"
	nullLive    = "the local copy sets it to null: kyaml reads a null as \"clear this\" and removes it"
	// restoredKey explains an item's key kyaml writes back.
	restoredKey = "upstream removed this item, but the local copy had added to it, so kyaml keeps what the local copy added; " +
		"the merge left the item without its key (upstream did not change it), and kyaml writes the key back, last and as a string"
)

func addedUpstream(r reasons, c cue) string {
	return "new upstream: upstream before did not have it and upstream now does, so kyaml adds it" + r.listNote(c)
}

func addedOverLive(r reasons, c cue) string {
	return fmt.Sprintf("upstream added it (upstream before did not have it) as %s; the local copy had %s, and upstream's wins", short(c.rec.updated), short(c.local)) + r.listNote(c)
}

func addedAsLive(r reasons, c cue) string {
	return "upstream added it with the value the local copy already had" + r.listNote(c)
}

func changedUpstream(r reasons, c cue) string {
	d := c.rec
	if sameValue(d.original, d.updated) {
		return fmt.Sprintf("upstream changed only the comment of %s: kyaml compares values with their comments, so it takes upstream's", short(d.updated)) + r.listNote(c)
	}
	return fmt.Sprintf("upstream changed it from %s to %s and the local copy still had %s: upstream's new value wins", short(d.original), short(d.updated), short(c.local)) + r.listNote(c)
}

func changedOverLive(r reasons, c cue) string {
	return fmt.Sprintf("upstream changed it from %s to %s; the local copy had changed it to %s, but an upstream change wins over a local one", short(c.rec.original), short(c.rec.updated), short(c.local)) + r.listNote(c)
}

func unchangedUpstream(r reasons, c cue) string {
	if c.rec.original != nil && !sameText(c.local, c.rec.original) {
		return fmt.Sprintf("upstream did not change it (still %s): the local value stays, and the local copy's own edit (%s) is kept", short(c.rec.original), short(c.local)) + r.listNote(c)
	}
	return "upstream did not change it: the local value stays (it is as upstream has it)" + r.listNote(c)
}

func commentOnly(r reasons, c cue) string {
	return "upstream changed only its comment, and the local copy had edited it: the local value and comment stay" + r.listNote(c)
}

func removedField(r reasons, c cue) string {
	if c.inRemovedItem {
		return "upstream removed this item: kyaml removes what upstream had in it, and keeps only what the local copy added"
	}
	return removedUpstream(c)
}

func removedItem(r reasons, c cue) string {
	return removedUpstream(c) + fmt.Sprintf(" (items match %s)", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func addedBack(r reasons, c cue) string {
	if c.rec.original == nil {
		return newItem(r, c)
	}
	return fmt.Sprintf("the local copy removed this item, but upstream changed it since: kyaml adds back only the fields upstream changed (items match %s)", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func emptiedItem(r reasons, c cue) string {
	return fmt.Sprintf("upstream removed this item and the local copy added nothing to it: nothing is left, so kyaml drops it (items match %s)", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func droppedItem(r reasons, c cue) string {
	return fmt.Sprintf("removed while kyaml set the list's items (items match %s): an item that matched another one's key, or had none, is dropped", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func rewritten(r reasons, c cue) string {
	if c.local.Kind == ynode.ScalarNode && c.result.Kind == ynode.ScalarNode && c.local.Value == c.result.Value {
		return "kyaml rewrites each item of a list merged as a set of values: the item keeps its text but loses its comment"
	}
	return fmt.Sprintf("rewritten by the merge: the local copy had %s", short(c.local))
}

func newItem(r reasons, c cue) string {
	if len(c.info.keys) == 0 {
		return "new value upstream: kyaml appends it after the local copy's values (the list merges as a set of values)" + r.noteOf(c.path, c.info)
	}
	return fmt.Sprintf("new item upstream: kyaml appends it after the local copy's items, its fields in alphabetical order (items match %s)", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func liveOnlyItem(r reasons, c cue) string {
	return fmt.Sprintf("only the local copy has this item (neither upstream version has one with the same key): kyaml keeps it where it is (items match %s)", r.keyPhrase(c.info)) + r.noteOf(c.path, c.info)
}

func addedOverChange(r reasons, c cue) string {
	return fmt.Sprintf("upstream changed it (from %s to %s) and the local copy does not have it: an upstream change wins, so kyaml adds upstream's new value", short(c.rec.original), short(c.rec.updated)) + r.listNote(c)
}

func retainedChange(r reasons, c cue) string {
	return fmt.Sprintf("upstream changed it from %s to %s, the value the local copy already had", short(c.rec.original), short(c.rec.updated)) + r.listNote(c)
}

func removedUpstream(c cue) string {
	base := fmt.Sprintf("upstream removed it (upstream before had %s, upstream now does not): kyaml removes it from the local copy", short(c.rec.original))
	if c.rec.original != nil && c.local != nil && !sameText(c.local, c.rec.original) {
		base += ", even though the local copy had changed it"
	}
	return base
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
func (r reasons) listNote(c cue) string {
	if c.rec.list == nil || !c.rec.list.whole {
		return ""
	}
	return "; this list has no merge key, so it is compared and replaced whole" + r.noteOf(c.path, c.rec.list)
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
