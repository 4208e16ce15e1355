package merge3

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// The rules of kyaml's three-way merge, each the id of a decision recorded in the resource's
// decision log and named by the marks it makes (contract.Field.Rule). reasons.go holds their
// sentences.
const (
	ruleNullUpdated   decision.Rule = "merge3/null-upstream"       // upstream now sets the value to null: cleared
	ruleNullLive      decision.Rule = "merge3/null-live"           // the local copy sets it to null: cleared
	ruleAddedUpstream decision.Rule = "merge3/added-upstream"      // upstream added it: upstream's wins
	ruleRemoved       decision.Rule = "merge3/removed-upstream"    // upstream removed it: removed, local edits or not
	ruleLiveOnly      decision.Rule = "merge3/live-only"           // neither upstream version has it: local stays
	ruleChanged       decision.Rule = "merge3/changed-upstream"    // upstream changed it, the local copy had not: upstream's wins
	ruleChangedOver   decision.Rule = "merge3/changed-over-live"   // upstream changed it and so had the local copy: upstream's still wins
	ruleCommentOnly   decision.Rule = "merge3/comment-only"        // upstream changed only the comments of a value the local copy edited: local stays
	ruleUnchanged     decision.Rule = "merge3/unchanged"           // upstream did not change it: local stays, drifted or not
	ruleGone          decision.Rule = "merge3/gone"                // missing from the local copy and from upstream now: nothing to keep
	ruleAliasDropped  decision.Rule = "merge3/alias-dropped"       // its first version is an alias: kyaml's merge has no case for it, dropped
	ruleNewMap        decision.Rule = "merge3/new-map"             // the local copy lacks a map upstream has: started empty, merged into
	ruleNewList       decision.Rule = "merge3/new-list"            // the local copy lacks a keyed list upstream has: started empty, merged into
	ruleMerged        decision.Rule = "merge3/merged"              // a map or keyed list the local copy has: merged entry by entry
	ruleEmptied       decision.Rule = "merge3/item-emptied"        // an item whose merge left nothing: dropped from its list
	ruleDropped       decision.Rule = "merge3/item-dropped"        // a local item dropped while kyaml set the list's items (empty, or matched by another's key)
	ruleKeyRestored   decision.Rule = "merge3/key-restored"        // an item's merge key, written back after the merge left the item without it
	ruleKeyless       decision.Rule = "merge3/dropped-without-key" // upstream's new item lacks its list's merge key: kyaml drops it (a dropped mark)
	ruleKioKeep       decision.Rule = "merge3/kio-keep"            // only the local copy has the resource: kept
	ruleKioAdd        decision.Rule = "merge3/kio-add"             // upstream added the resource
	ruleKioRestore    decision.Rule = "merge3/kio-restore"         // the local copy deleted it, upstream still has it: brought back
	ruleKioDelete     decision.Rule = "merge3/kio-delete"          // upstream deleted the resource
	ruleKioAnnotation decision.Rule = "merge3/kio-annotation"      // kio copied a path, index or id annotation to its other name
	ruleKioEmptyMeta  decision.Rule = "merge3/kio-empty-dropped"   // kio dropped empty annotations, then an empty metadata
	ruleKioCleared    decision.Rule = "merge3/kio-cleared"         // kio's writer cleared its own index annotation
)

// fact is one thing known about a triple before it is decided.
type fact uint16

const (
	updatedNull     fact = 1 << iota // upstream now holds null (tagged null)
	liveNull                         // the local copy holds null
	originalHas                      // upstream before holds a value that is not null
	updatedHas                       // upstream now holds a value that is not null
	liveHas                          // the local copy holds a value that is not null
	updatedPresent                   // upstream now holds something, null included
	livePresent                      // the local copy holds something, null included
	upstreamChanged                  // upstream before and now are written differently (comments count)
	liveEdited                       // the local copy is written differently from upstream before
	valueChanged                     // upstream before and now differ in their text alone (a scalar's value)
)

// effect is what a decision does with the value.
type effect uint8

const (
	drop        effect = iota // the value goes
	takeUpdated               // upstream now's value is put in
	keepLive                  // the local value stays (nothing stays when there is none)
	startMap                  // an empty map is put in and merged into
	startList                 // an empty list is put in and merged into
	mergeLive                 // the local map or list is merged into
)

// row is one line of a decision table: when the triple has every fact of need and none of
// without, the effect applies, by the rule. The first row that applies decides.
type row struct {
	need, without fact
	effect        effect
	rule          decision.Rule
}

// The tables, one per shape, as kyaml decides (its merge3 visitor, observed through the
// recorded vectors and merge3diff). A scalar and a list compared whole are compared by their
// written text, comments included (ynode.CompareText): a changed comment is a change.
var (
	scalarTable = []row{
		{need: updatedNull, effect: drop, rule: ruleNullUpdated},
		{need: liveNull, effect: drop, rule: ruleNullLive},
		{need: originalHas, without: updatedHas, effect: drop, rule: ruleRemoved},
		{need: updatedHas, without: originalHas, effect: takeUpdated, rule: ruleAddedUpstream},
		{without: updatedHas, effect: keepLive, rule: ruleLiveOnly},
		{need: upstreamChanged, without: liveEdited, effect: takeUpdated, rule: ruleChanged},
		{need: valueChanged, effect: takeUpdated, rule: ruleChangedOver},
		{need: upstreamChanged, effect: keepLive, rule: ruleCommentOnly},
		{effect: keepLive, rule: ruleUnchanged},
	}
	// wholeListTable decides a list without merge keys, compared and replaced whole.
	wholeListTable = []row{
		{need: updatedNull, effect: drop, rule: ruleNullUpdated},
		{need: liveNull, effect: drop, rule: ruleNullLive},
		{need: originalHas, without: updatedHas, effect: drop, rule: ruleRemoved},
		{need: updatedHas, without: originalHas, effect: takeUpdated, rule: ruleAddedUpstream},
		{without: updatedHas, effect: keepLive, rule: ruleLiveOnly},
		{need: upstreamChanged | liveEdited, effect: takeUpdated, rule: ruleChangedOver},
		{need: upstreamChanged, effect: takeUpdated, rule: ruleChanged},
		{effect: keepLive, rule: ruleUnchanged},
	}
	mapTable = []row{
		{need: updatedNull, effect: drop, rule: ruleNullUpdated},
		{need: liveNull, effect: drop, rule: ruleNullLive},
		{need: originalHas, without: livePresent | updatedPresent, effect: drop, rule: ruleRemoved},
		{without: livePresent | updatedPresent, effect: drop, rule: ruleGone},
		{without: livePresent, effect: startMap, rule: ruleNewMap},
		{effect: mergeLive, rule: ruleMerged},
	}
	// keyedListTable decides a list merged item by item. (kyaml gives it no null rules: a null
	// upstream now counts as missing.)
	keyedListTable = []row{
		{need: originalHas, without: updatedHas, effect: drop, rule: ruleRemoved},
		{without: liveHas, effect: startList, rule: ruleNewList},
		{effect: mergeLive, rule: ruleMerged},
	}
)

// decide returns the first row of table that applies to f.
func decide(table []row, f fact) row {
	for _, r := range table {
		if f&r.need == r.need && f&r.without == 0 {
			return r
		}
	}
	return table[len(table)-1]
}

// factsOf learns the facts of a triple; same compares two present versions as the table's shape
// compares them (nil for maps and keyed lists, whose tables compare nothing).
func factsOf(t triple, same func(a, b *ynode.Node) bool) fact {
	var f fact
	set := func(cond bool, bit fact) {
		if cond {
			f |= bit
		}
	}
	set(t.updated.IsTaggedNull(), updatedNull)
	set(t.live.IsTaggedNull(), liveNull)
	set(!t.original.IsNull(), originalHas)
	set(!t.updated.IsNull(), updatedHas)
	set(!t.live.IsNull(), liveHas)
	set(t.updated != nil, updatedPresent)
	set(t.live != nil, livePresent)
	if same == nil {
		return f
	}
	if t.original != nil && t.updated != nil {
		set(!same(t.original, t.updated), upstreamChanged)
		set(t.original.Value != t.updated.Value, valueChanged)
	}
	set(t.live != nil && t.original != nil && !same(t.live, t.original), liveEdited)
	return f
}

// sameScalar compares two scalars as kyaml does, by their written text: value and comments
// (their tags and quoting do not count: 3 and "3" are the same).
func sameScalar(a, b *ynode.Node) bool {
	return a.Value == b.Value && a.HeadComment == b.HeadComment && a.LineComment == b.LineComment && a.FootComment == b.FootComment &&
		a.Anchor == b.Anchor // observed: an anchor upstream added ("&s 1" over "1") is a change
}

// sameText compares two values by the text kyaml compares them by.
func sameText(a, b *ynode.Node) bool {
	if a.Kind == ynode.ScalarNode && b.Kind == ynode.ScalarNode {
		return sameScalar(a, b)
	}
	return ynode.SameText(a, b)
}
