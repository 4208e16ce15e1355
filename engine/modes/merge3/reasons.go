package merge3

import (
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

// say is one sentence: a template (its {original}, {updated} and {live} are the versions'
// values, {keys} how list items match, {listNote} and {note} the schema notes of a list, and
// {removed} the sentence of a value upstream removed), or a function choosing between templates.
type say struct {
	text  string
	write func(r reasons, c cue) string
}

// sentences are what one rule says, by the mark it makes (indexed by slot); an empty one falls
// back to the sentence of defaultSentences for that mark.
type sentences [slots]say

// slot is a kind of mark a sentence is for.
type slot uint8

const (
	onAdded slot = iota
	onChanged
	onRetained
	onIgnored
	onDeleted
	onAddedItem
	onIgnoredItem
	onDeletedItem
	onDroppedItem
	slots
)

// reasonRow is one rule's row of the reason table.
type reasonRow struct {
	rule decision.Rule
	sentences
}

// reasonTable holds every rule's sentences (table.go lists the rules).
var reasonTable = []reasonRow{
	{ruleAddedUpstream, sentences{
		onAdded:    say{text: "new upstream: upstream before did not have it and upstream now does, so kyaml adds it{listNote}"},
		onChanged:  say{text: "upstream added it (upstream before did not have it) as {updated}; the local copy had {live}, and upstream's wins{listNote}"},
		onRetained: say{text: "upstream added it with the value the local copy already had{listNote}"},
	}},
	{ruleChanged, sentences{onAdded: say{text: addedOverChange}, onChanged: say{write: changedUpstream}, onRetained: say{text: retainedChange}}},
	{ruleChangedOver, sentences{
		onAdded:    say{text: addedOverChange},
		onChanged:  say{text: "upstream changed it from {original} to {updated}; the local copy had changed it to {live}, but an upstream change wins over a local one{listNote}"},
		onRetained: say{text: retainedChange},
	}},
	{ruleUnchanged, sentences{onRetained: say{write: unchangedUpstream}}},
	{ruleCommentOnly, sentences{onRetained: say{text: "upstream changed only its comment, and the local copy had edited it: the local value and comment stay{listNote}"}}},
	{ruleRemoved, sentences{onDeleted: say{write: removedField}, onDeletedItem: say{text: "{removed} (items match {keys}){note}"}}},
	{ruleNullUpdated, sentences{onDeleted: say{text: nullUpdated}, onDeletedItem: say{text: nullUpdated}}},
	{ruleNullLive, sentences{onDeleted: say{text: nullLive}, onDeletedItem: say{text: nullLive}}},
	{ruleGone, sentences{onDeleted: say{text: "neither the local copy nor upstream now has a value for it: kyaml drops it"}}},
	{ruleAliasDropped, sentences{onDeleted: say{text: "the local copy's value here is the alias {live}: kyaml's merge has no case for aliases and drops the field, so the data the alias stands for is lost here (extra.warnings says so)"}}},
	{ruleNewMap, sentences{
		onAdded:     say{text: "upstream has this map and the local copy does not: kyaml starts an empty one and adds only what upstream changed, so what upstream left unchanged is not brought in"},
		onAddedItem: say{write: addedBack},
	}},
	{ruleNewList, sentences{onAdded: say{text: "upstream has this list and the local copy does not: kyaml starts an empty one and adds only the items upstream changed"}}},
	{ruleEmptied, sentences{onDeletedItem: say{text: "upstream removed this item and the local copy added nothing to it: nothing is left, so kyaml drops it (items match {keys}){note}"}}},
	{ruleDropped, sentences{onDeletedItem: say{text: droppedItem}}},
	{ruleKeyless, sentences{onDroppedItem: say{text: "upstream now lists this item, but its list merges items {keys} and the item has no value for that key: kyaml cannot match it with any item and drops it without a word (kubectl apply refuses such an item instead); give it its key to keep it"}}},
	{ruleKeyRestored, sentences{onAdded: say{text: restoredKey}, onChanged: say{text: restoredKey}, onRetained: say{text: restoredKey}}},
	{ruleKioAnnotation, sentences{onAdded: say{text: "kio copies its path, index and id annotations between their legacy and current names when it pairs resources"}}},
	{ruleKioEmptyMeta, sentences{onDeleted: say{text: "kio drops empty annotations, and then an empty metadata, when it reads and writes resources"}}},
	{ruleKioCleared, sentences{onDeleted: say{text: "kio's writer removes its own index annotations from every resource it writes"}}},
	{ruleKioKeep, sentences{onIgnored: say{text: "only the local copy has this resource (neither upstream version has it): kio keeps it as it is"}}},
	{ruleKioAdd, sentences{onAdded: say{text: "new upstream: upstream added this resource, and kio adds it as upstream has it"}}},
	{ruleKioRestore, sentences{onAdded: say{text: "the local copy has no resource with this apiVersion, kind, namespace and name (kio compares them as written, with no default namespace), but upstream had it and still has it: kio takes it for a local deletion and brings it back, as upstream now has it (local deletions of whole resources do not stick)"}}},
	{ruleKioDelete, sentences{onDeleted: say{text: "upstream deleted this resource: kio deletes the local copy too, even if it was edited locally"}}},
}

// defaultSentences are said for a mark its rule has no sentence for.
var defaultSentences = sentences{
	onAdded:       say{text: "not in the local copy: added by the merge"},
	onChanged:     say{write: rewritten},
	onRetained:    say{text: "the local value stays"},
	onIgnored:     say{text: "only the local copy has it: neither upstream before nor upstream now mentions it, so kyaml leaves it as it is"},
	onDeleted:     say{text: "removed by the merge"},
	onAddedItem:   say{write: newItem},
	onIgnoredItem: say{text: "only the local copy has this item (neither upstream version has one with the same key): kyaml keeps it where it is (items match {keys}){note}"},
	onDeletedItem: say{text: droppedItem},
}

// sentence writes the reason of a mark by rule: the rule's sentence for it, else the default.
func (r reasons) sentence(rule decision.Rule, mark contract.Mark, item bool, c cue) string {
	at := slotOf(mark, item)
	for _, row := range reasonTable {
		if row.rule == rule {
			if s := row.sentences[at]; s.text != "" || s.write != nil {
				return s.say(r, c)
			}
			break
		}
	}
	return defaultSentences[at].say(r, c)
}

// slotOf is the slot of a mark, on a list item or not.
func slotOf(mark contract.Mark, item bool) slot {
	switch {
	case item && mark == contract.Added:
		return onAddedItem
	case item && mark == contract.Deleted:
		return onDeletedItem
	case item && mark == contract.Ignored:
		return onIgnoredItem
	case mark == contract.Dropped:
		return onDroppedItem
	case mark == contract.Added:
		return onAdded
	case mark == contract.Changed:
		return onChanged
	case mark == contract.Retained:
		return onRetained
	case mark == contract.Ignored:
		return onIgnored
	}
	return onDeleted
}

func (s say) say(r reasons, c cue) string {
	if s.write != nil {
		return s.write(r, c)
	}
	return r.expand(s.text, c)
}

// expand writes a template, its placeholders filled from the cue.
func (r reasons) expand(tmpl string, c cue) string {
	var b strings.Builder
	b.Grow(len(tmpl) + 32) // the template's text and a short value or two: most sentences in one allocation
	for {
		open := strings.IndexByte(tmpl, '{')
		if open < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		closing := strings.IndexByte(tmpl[open:], '}') + open
		b.WriteString(tmpl[:open])
		switch tmpl[open+1 : closing] {
		case "original":
			b.WriteString(short(c.rec.original))
		case "updated":
			b.WriteString(short(c.rec.updated))
		case "live":
			b.WriteString(short(c.local))
		case "keys":
			b.WriteString(r.keyPhrase(c.info))
		case "listNote":
			b.WriteString(r.listNote(c))
		case "note":
			b.WriteString(r.noteOf(c.path, c.info))
		case "removed":
			b.WriteString(removedUpstream(c))
		}
		tmpl = tmpl[closing+1:]
	}
}

const (
	nullUpdated = "upstream now sets it to null: kyaml clears it"
	nullLive    = "the local copy sets it to null: kyaml reads a null as \"clear this\" and removes it"
	// restoredKey explains an item's key kyaml writes back.
	restoredKey = "upstream removed this item, but the local copy had added to it, so kyaml keeps what the local copy added; " +
		"the merge left the item without its key (upstream did not change it), and kyaml writes the key back, last and as a string"
)

const (
	addedOverChange = "upstream changed it (from {original} to {updated}) and the local copy does not have it: an upstream change wins, so kyaml adds upstream's new value{listNote}"
	retainedChange  = "upstream changed it from {original} to {updated}, the value the local copy already had{listNote}"
	droppedItem     = "removed while kyaml set the list's items (items match {keys}): an item that matched another one's key, or had none, is dropped{note}"
)

func changedUpstream(r reasons, c cue) string {
	if sameValue(c.rec.original, c.rec.updated) {
		return r.expand("upstream changed only the comment of {updated}: kyaml compares values with their comments, so it takes upstream's{listNote}", c)
	}
	return r.expand("upstream changed it from {original} to {updated} and the local copy still had {live}: upstream's new value wins{listNote}", c)
}

func unchangedUpstream(r reasons, c cue) string {
	if c.rec.original != nil && !sameText(c.local, c.rec.original) {
		return r.expand("upstream did not change it (still {original}): the local value stays, and the local copy's own edit ({live}) is kept{listNote}", c)
	}
	return r.expand("upstream did not change it: the local value stays (it is as upstream has it){listNote}", c)
}

func removedField(r reasons, c cue) string {
	if c.inRemovedItem {
		return "upstream removed this item: kyaml removes what upstream had in it, and keeps only what the local copy added"
	}
	return removedUpstream(c)
}

func addedBack(r reasons, c cue) string {
	if c.rec.original == nil {
		return newItem(r, c)
	}
	return r.expand("the local copy removed this item, but upstream changed it since: kyaml adds back only the fields upstream changed (items match {keys}){note}", c)
}

func rewritten(r reasons, c cue) string {
	if c.local.Kind == ynode.ScalarNode && c.result.Kind == ynode.ScalarNode && c.local.Value == c.result.Value {
		return "kyaml rewrites each item of a list merged as a set of values: the item keeps its text but loses its comment"
	}
	return r.expand("rewritten by the merge: the local copy had {live}", c)
}

func newItem(r reasons, c cue) string {
	if len(c.info.keys) == 0 {
		return r.expand("new value upstream: kyaml appends it after the local copy's values (the list merges as a set of values){note}", c)
	}
	return r.expand("new item upstream: kyaml appends it after the local copy's items, its fields in alphabetical order (items match {keys}){note}", c)
}

func removedUpstream(c cue) string {
	base := "upstream removed it (upstream before had " + short(c.rec.original) + ", upstream now does not): kyaml removes it from the local copy"
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
		p += ", a guessed key: no schema describes this list, and options.inferKeys let kyaml guess it from the items" // no parentheses: callers put the phrase in theirs
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
	if hasComments(n) {
		n = n.Copy()
		stripComments(n)
	}
	return ynode.ShortText(n, shortMax, cut)
}

// hasComments reports whether n or a node inside it has a comment.
func hasComments(n *ynode.Node) bool {
	if n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" {
		return true
	}
	for _, c := range n.Content {
		if hasComments(c) {
			return true
		}
	}
	return false
}

func stripComments(n *ynode.Node) {
	n.HeadComment, n.LineComment, n.FootComment = "", "", ""
	for _, c := range n.Content {
		stripComments(c)
	}
}

// shortMax is the longest value a sentence shows whole.
const shortMax = 60

func cut(s string) string { return yamltree.Abbreviate(s, shortMax) }

// sameValue compares two scalars' values, comments aside.
func sameValue(a, b *ynode.Node) bool {
	return a != nil && b != nil && a.Kind == ynode.ScalarNode && b.Kind == ynode.ScalarNode && a.Value == b.Value
}
