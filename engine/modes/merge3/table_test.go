package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// TestTables checks the decision tables row by row: each row is reached by the facts of a
// triple made for it, and decides as the row says.
func TestTables(t *testing.T) {
	s := func(v string) *ynode.Node { return ynode.NewString(v) }
	null := &ynode.Node{Kind: ynode.ScalarNode, Tag: ynode.NullTag, Value: "null"}
	commented := s("a")
	commented.LineComment = "# note"
	tests := []struct {
		name  string
		table []row
		t     triple
		same  func(a, b *ynode.Node) bool
		want  decision.Rule
		eff   effect
	}{
		{"null upstream", scalarTable, triple{s("a"), null, s("a")}, sameScalar, ruleNullUpdated, drop},
		{"null live", scalarTable, triple{s("a"), s("b"), null}, sameScalar, ruleNullLive, drop},
		{"removed upstream", scalarTable, triple{s("a"), nil, s("b")}, sameScalar, ruleRemoved, drop},
		{"added upstream", scalarTable, triple{nil, s("b"), s("c")}, sameScalar, ruleAddedUpstream, takeUpdated},
		{"live only", scalarTable, triple{nil, nil, s("c")}, sameScalar, ruleLiveOnly, keepLive},
		{"changed upstream", scalarTable, triple{s("a"), s("b"), s("a")}, sameScalar, ruleChanged, takeUpdated},
		{"changed over live", scalarTable, triple{s("a"), s("b"), s("c")}, sameScalar, ruleChangedOver, takeUpdated},
		{"comment only", scalarTable, triple{s("a"), commented, s("c")}, sameScalar, ruleCommentOnly, keepLive},
		{"unchanged", scalarTable, triple{s("a"), s("a"), s("c")}, sameScalar, ruleUnchanged, keepLive},
		{"list changed over live", wholeListTable, triple{list1("a"), list1("b"), list1("c")}, ynode.SameText, ruleChangedOver, takeUpdated},
		{"list changed upstream", wholeListTable, triple{list1("a"), list1("b"), list1("a")}, ynode.SameText, ruleChanged, takeUpdated},
		{"list unchanged", wholeListTable, triple{list1("a"), list1("a"), list1("c")}, ynode.SameText, ruleUnchanged, keepLive},
		{"map removed upstream", mapTable, triple{ynode.NewMap(), nil, nil}, nil, ruleRemoved, drop},
		{"map gone", mapTable, triple{nil, nil, nil}, nil, ruleGone, drop},
		{"map new", mapTable, triple{nil, ynode.NewMap(), nil}, nil, ruleNewMap, startMap},
		{"map merged", mapTable, triple{nil, ynode.NewMap(), ynode.NewMap()}, nil, ruleMerged, mergeLive},
		{"map null upstream", mapTable, triple{ynode.NewMap(), null, ynode.NewMap()}, nil, ruleNullUpdated, drop},
		{"keyed list removed", keyedListTable, triple{list1("a"), null, list1("a")}, nil, ruleRemoved, drop},
		{"keyed list new", keyedListTable, triple{nil, list1("a"), null}, nil, ruleNewList, startList},
		{"keyed list merged", keyedListTable, triple{nil, list1("a"), list1("b")}, nil, ruleMerged, mergeLive},
	}
	for _, tt := range tests {
		r := decide(tt.table, factsOf(tt.t, tt.same))
		if r.rule != tt.want || r.effect != tt.eff {
			t.Errorf("%s: %s %d, want %s %d", tt.name, r.rule, r.effect, tt.want, tt.eff)
		}
	}
}

func list1(v string) *ynode.Node {
	return &ynode.Node{Kind: ynode.ListNode, Content: []*ynode.Node{ynode.NewString(v)}}
}
