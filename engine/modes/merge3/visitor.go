package merge3

import "github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"

// The three-way policy, one function per shape, as kyaml's merge3.Visitor decides. Each returns
// the node to keep (nil: the value is cleared) and the rule that decided.

// visitScalar decides a scalar, and a map key (kyaml visits keys as scalars to carry their
// comments). Values are compared as kyaml compares them: by text, comments included.
func visitScalar(s sources) (*ynode.Node, rule) {
	switch {
	case s.updated.IsTaggedNull():
		return nil, ruleNullUpdated
	case s.local.IsTaggedNull():
		return nil, ruleNullLocal
	case s.updated.IsNull() && !s.original.IsNull():
		return nil, ruleRemovedUpstream
	case !s.updated.IsNull() && s.original.IsNull():
		return s.updated, ruleAddedUpstream
	case s.updated.IsNull():
		return keep(s.local, ruleLocalOnly)
	}
	sameUpstream := sameScalar(s.original, s.updated)
	if !sameUpstream && (s.local == nil || sameScalar(s.local, s.original)) {
		return s.updated, ruleChangedUpstream
	}
	if s.updated.Value != s.original.Value {
		return s.updated, ruleChangedOverLocal
	}
	if !sameUpstream {
		return s.local, ruleCommentOnly
	}
	return keep(s.local, ruleUnchanged)
}

// visitList decides a list that does not merge item by item: it is compared, and replaced, whole.
func visitList(s sources) (*ynode.Node, rule) {
	switch {
	case s.updated.IsTaggedNull():
		return nil, ruleNullUpdated
	case s.local.IsTaggedNull():
		return nil, ruleNullLocal
	case s.updated.IsNull() && !s.original.IsNull():
		return nil, ruleRemovedUpstream
	case !s.updated.IsNull() && s.original.IsNull():
		return s.updated, ruleAddedUpstream
	case s.updated.IsNull():
		return keep(s.local, ruleLocalOnly)
	}
	if ynode.CompareText(s.updated) != ynode.CompareText(s.original) {
		if s.local != nil && ynode.CompareText(s.local) != ynode.CompareText(s.original) {
			return s.updated, ruleChangedOverLocal
		}
		return s.updated, ruleChangedUpstream
	}
	return keep(s.local, ruleUnchanged)
}

// visitMap decides a map: cleared by a null, dropped when neither the local copy nor upstream
// has it any more, started empty when only upstream has it, else merged key by key.
func visitMap(s sources) (*ynode.Node, rule) {
	switch {
	case s.updated.IsTaggedNull():
		return nil, ruleNullUpdated
	case s.local.IsTaggedNull():
		return nil, ruleNullLocal
	case s.local == nil && s.updated == nil && !s.original.IsNull():
		return nil, ruleRemovedUpstream
	case s.local == nil && s.updated == nil:
		return nil, ruleGone
	case s.local == nil:
		return ynode.NewMap(), ruleNewMap
	}
	return s.local, ruleMerged
}

// visitKeyedList decides a list merged item by item: removed when upstream removed it (whatever
// the local copy did to it), started empty when the local copy lacks it, else merged.
func visitKeyedList(s sources) (*ynode.Node, rule) {
	switch {
	case s.updated.IsNull() && !s.original.IsNull():
		return nil, ruleRemovedUpstream
	case s.local.IsNull():
		return ynode.NewList(), ruleNewList
	}
	return s.local, ruleMerged
}

// keep returns local, or records that nothing is left when there is no local value.
func keep(local *ynode.Node, r rule) (*ynode.Node, rule) {
	if local == nil {
		return nil, ruleGone
	}
	return local, r
}

// sameScalar compares two scalars as kyaml does, by their written text: value and comments
// (their tags and quoting do not count: 3 and "3" are the same).
func sameScalar(a, b *ynode.Node) bool {
	return a.Value == b.Value && a.HeadComment == b.HeadComment && a.LineComment == b.LineComment && a.FootComment == b.FootComment
}
