package merge3

import (
	"errors"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// triple is one value as the three inputs hold it: original (upstream as it was), updated
// (upstream now) and live (the local copy, which the merge rewrites in place). A missing one is
// nil.
type triple struct {
	original, updated, live *ynode.Node
}

// liveFirst returns the versions in the order kyaml consults them (factLiveFirst): the local
// copy, upstream before, upstream now.
func (t triple) liveFirst() [3]*ynode.Node { return [3]*ynode.Node{t.live, t.original, t.updated} }

// liveFirstRefs returns where the versions are held, in liveFirst's order.
func (t *triple) liveFirstRefs() [3]**ynode.Node {
	return [3]**ynode.Node{&t.live, &t.original, &t.updated}
}

// inputNames name the versions in liveFirst's order, for messages.
var inputNames = [3]string{"the local copy", "upstream before", "upstream now"}

// shape returns the shape of the first version in liveFirst's order that holds a value (not
// missing or null), 0 when none does.
//
// factLiveFirst: kyaml consults the versions local copy first, then upstream before, then
// upstream now: the first holding a value gives the value's shape, and the first whose comment
// declares a schema gives its schema. Observed with kyaml v0.21.x through merge3diff (its
// refusals of a value that changes shape, and TestWalkFacts/factLiveFirst).
func (t triple) shape() ynode.Kind {
	for _, n := range t.liveFirst() {
		if !n.IsNull() {
			return n.Kind
		}
	}
	return 0
}

// factShapesAgree: kyaml refuses the merge when the versions holding a value (null counts as
// none) do not all hold it in the shape kind, the first one's; the message names both shapes.
// Observed with kyaml v0.21.x through merge3diff ("kyaml refuses": the generator turns a map
// into a scalar upstream, and the other way).
func (t triple) factShapesAgree(kind ynode.Kind, path []string) error {
	if kind == 0 {
		return nil
	}
	first := ""
	for i, n := range t.liveFirst() {
		if n.IsNull() {
			continue
		}
		if first == "" {
			first = inputNames[i]
		}
		if n.Kind != kind {
			return located(n, "kyaml stops here: "+pathText(path)+" is "+withArticle(kind)+" in "+first+" but "+withArticle(n.Kind)+" here (wrong node kind: expected "+kyamlKind(kind)+" but got "+kyamlKind(n.Kind)+")")
		}
	}
	return nil
}

// kyamlKind names a shape as kyaml's error message does.
func kyamlKind(k ynode.Kind) string {
	switch k {
	case ynode.MapNode:
		return "MappingNode"
	case ynode.ListNode:
		return "SequenceNode"
	case ynode.ScalarNode:
		return "ScalarNode"
	case ynode.AliasNode:
		return "AliasNode"
	}
	return "Kind(0)"
}

// withArticle names a shape for a sentence: "a map", "an alias".
func withArticle(k ynode.Kind) string {
	if k == ynode.AliasNode {
		return "an alias"
	}
	return "a " + k.String()
}

func pathText(path []string) string {
	if len(path) == 0 {
		return "the value"
	}
	return strings.Join(path, ".")
}

// located returns an error at n's place in its input.
func located(n *ynode.Node, msg string) error {
	if n != nil && n.Src != nil && n.Src.Pos.IsValid() {
		return yamltree.ErrorAt(n.Src.Pos, msg)
	}
	return errors.New(msg)
}
