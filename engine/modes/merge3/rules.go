package merge3

import "github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"

// rule names a branch of kyaml's three-way policy (merge3/visitor.go): which of the three
// versions of a value decided, and why. Every value of the result, and every value the merge
// removed, is recorded with its rule; the marks and their reasons are read from those records.
type rule uint8

const (
	ruleNone rule = iota
	// ruleNullUpdated: upstream now sets the value to null; kyaml clears it.
	ruleNullUpdated
	// ruleNullLocal: the local copy sets the value to null; kyaml clears it.
	ruleNullLocal
	// ruleAddedUpstream: upstream added the value (the original did not have it); upstream's wins.
	ruleAddedUpstream
	// ruleRemovedUpstream: upstream removed the value; kyaml removes it, local edits or not.
	ruleRemovedUpstream
	// ruleLocalOnly: neither upstream version has the value; local keeps it.
	ruleLocalOnly
	// ruleChangedUpstream: upstream changed the value and the local copy had not; upstream's wins.
	ruleChangedUpstream
	// ruleChangedOverLocal: upstream changed the value and the local copy had changed it too;
	// upstream's still wins.
	ruleChangedOverLocal
	// ruleCommentOnly: upstream changed only the comments of a value the local copy changed;
	// local stays.
	ruleCommentOnly
	// ruleUnchanged: upstream did not change the value; local stays (drifted or not).
	ruleUnchanged
	// ruleGone: missing from the local copy and from upstream now; nothing to keep.
	ruleGone
	// ruleNewMap, ruleNewList: the local copy lacks a map or keyed list that upstream has; kyaml
	// starts an empty one and merges into it (so only what upstream changed lands in it).
	ruleNewMap
	ruleNewList
	// ruleMerged: a map or keyed list the local copy has; merged entry by entry.
	ruleMerged
	// ruleEmptied: an item whose merge left nothing; kyaml drops it from the list.
	ruleEmptied
	// ruleKeyRestored: the merge key of an item, put back by kyaml after the merge left the item
	// without it (written as a string).
	ruleKeyRestored
	// ruleAnnotation: kio's own bookkeeping annotation, cleared when written.
	ruleAnnotation
)

// decision is what the merge decided for one value, with the versions it decided from.
type decision struct {
	rule                     rule
	local, original, updated *ynode.Node
	list                     *listInfo // for a list merged item by item, or an item of one
}

// listInfo says how a list was merged.
type listInfo struct {
	// keys are the merge keys; empty for a list of primitives merged as a set.
	keys []string
	// inferred: no schema described the list; its key was guessed (options.inferKeys).
	inferred bool
	// atomic: the list was compared and replaced whole.
	atomic bool
	// schemaPath and kind locate the list in its kind's schema, for the kyaml 1.21 note.
	kind, schemaPath string
	// fromComment: a comment's schema decided.
	fromComment bool
}
