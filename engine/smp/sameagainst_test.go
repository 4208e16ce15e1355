package smp

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestSameAgainst answers, case by case on the recorded vectors' schema, whether live and
// another live object are sure to give the same three-way patch.
func TestSameAgainst(t *testing.T) {
	sch := mergeItemSchema(t)
	tests := []struct {
		name                           string
		original, updated, live, other string
		want                           bool
	}{
		{"a field neither names, added", "{name: a}", "{name: b}", "{name: c}", "{name: c, value: d}", true},
		{"a named field, changed", "{name: a}", "{name: b}", "{name: c}", "{name: b}", false},
		{"a field only last-applied names, changed", "{name: a, value: x}", "{name: a}", "{name: a, value: x}", "{name: a, value: y}", false},
		{"an unnamed field inside a named map", "{simpleMap: {a: 1}}", "{simpleMap: {a: 2}}", "{simpleMap: {a: 1}}", "{simpleMap: {a: 1, b: 2}}", true},
		{"an unnamed field in an item merged by key", "{}", "{mergingList: [{name: a, value: v}]}", "{mergingList: [{name: a}]}",
			"{mergingList: [{name: a, other: o}]}", true},
		{"an item the config does not name, added", "{}", "{mergingList: [{name: a}]}", "{mergingList: [{name: a}]}",
			"{mergingList: [{name: a}, {name: b}]}", false},
		{"items merged by key, in another order", "{}", "{mergingList: [{name: a}, {name: b}]}", "{mergingList: [{name: a}, {name: b}]}",
			"{mergingList: [{name: b}, {name: a}]}", false},
		{"a list replaced whole: any difference counts", "{}", "{nonMergingList: [{name: a}]}", "{nonMergingList: [{name: a}]}",
			"{nonMergingList: [{name: a, value: v}]}", false},
		{"a set of primitives: any difference counts", "{}", "{mergingIntList: [1]}", "{mergingIntList: [1, 2]}", "{mergingIntList: [1]}", false},
		{"a map under retainKeys: any difference counts", "{}", "{retainKeysMap: {name: a}}", "{retainKeysMap: {name: a}}",
			"{retainKeysMap: {name: a, value: v}}", false},
		{"a directive in the config", "{}", "{$patch: replace, name: a}", "{name: a}", "{name: a, value: v}", false},
		{"a named field live lacks, other holds", "{}", "{value: v}", "{name: a}", "{name: a, value: v}", false},
		{"no last-applied, nothing changed where the config names", "", "{name: a}", "{name: a}", "{name: a, value: v}", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			original, updated := doc(t, tt.original), doc(t, tt.updated)
			live, other := doc(t, tt.live), doc(t, tt.other)
			if got := SameAgainst(original, updated, live, other, sch); got != tt.want {
				t.Fatalf("SameAgainst = %v, want %v", got, tt.want)
			}
			if tt.want {
				samePatches(t, original, updated, live, other, sch)
			}
		})
	}
}

// TestSameAgainstKeepsThePatch checks SameAgainst's promise on every recorded vector: for each
// change of its live object (a field added to a map, a scalar changed, a field taken out),
// when SameAgainst says the patch is the same, ThreeWay makes the same patch. It wants both
// answers to occur, so that the check is not vacuous.
func TestSameAgainstKeepsThePatch(t *testing.T) {
	vs, sch := loadVectors(t)
	answers := map[bool]int{}
	for _, v := range vs {
		original := parse(t, yamltree.Original, string(v.Original))
		updated := orEmpty(parse(t, yamltree.Updated, string(v.Modified)))
		live := orEmpty(parse(t, yamltree.Live, string(v.Current)))
		if _, err := ThreeWay(Align(orEmpty(original), updated, live, sch)); err != nil {
			continue
		}
		for i := range countNodes(live) {
			for _, change := range liveChanges {
				other := live.Clone()
				if !change(nthNode(other, i)) {
					continue
				}
				same := SameAgainst(original, updated, live, other, sch)
				answers[same]++
				if same {
					t.Run(v.Description, func(t *testing.T) { samePatches(t, original, updated, live, other, sch) })
				}
			}
		}
	}
	t.Logf("answers: %v", answers)
	if answers[true] == 0 || answers[false] == 0 {
		t.Fatalf("answers %v: want both", answers)
	}
}

// samePatches fails unless ThreeWay makes the same patch against live and other.
func samePatches(t *testing.T, original, updated, live, other *yamltree.Node, sch Schema) {
	t.Helper()
	against := func(n *yamltree.Node) string {
		p, err := ThreeWay(Align(orEmpty(original), orEmpty(updated), orEmpty(n), sch))
		if err != nil {
			return "error: " + err.Error()
		}
		return patchJSON(t, p)
	}
	if a, b := against(live), against(other); a != b {
		t.Fatalf("SameAgainst said the same, the patches differ:\nagainst live  %s\nagainst other %s\nlive:\n%s\nother:\n%s",
			a, b, yamltree.EmitNode(live), yamltree.EmitNode(other))
	}
}

// liveChanges change one node of a live object in place, reporting whether they could.
var liveChanges = []func(*yamltree.Node) bool{
	func(n *yamltree.Node) bool { // a field added
		if !n.IsMap() {
			return false
		}
		n.Set("zzAdded", yamltree.NewString("x"))
		return true
	},
	func(n *yamltree.Node) bool { // a scalar changed
		if n.IsMap() || n.IsList() {
			return false
		}
		*n = *yamltree.NewString(n.Value + "-changed")
		return true
	},
	func(n *yamltree.Node) bool { // its first field taken out
		if !n.IsMap() || len(n.Fields) == 0 {
			return false
		}
		n.Delete(n.Fields[0].Key.Value)
		return true
	},
}

// countNodes counts the values of a tree, map keys aside.
func countNodes(n *yamltree.Node) int {
	count := 1
	for _, f := range n.Fields {
		count += countNodes(f.Value)
	}
	for _, it := range n.Items {
		count += countNodes(it)
	}
	return count
}

// nthNode returns the tree's i-th value in the order countNodes counts them.
func nthNode(n *yamltree.Node, i int) *yamltree.Node {
	var found *yamltree.Node
	var walk func(*yamltree.Node)
	walk = func(m *yamltree.Node) {
		if found != nil {
			return
		}
		if i == 0 {
			found = m
			return
		}
		i--
		for _, f := range m.Fields {
			walk(f.Value)
		}
		for _, it := range m.Items {
			walk(it)
		}
	}
	walk(n)
	return found
}
