package merge3

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

func TestSetFieldsInUse(t *testing.T) {
	keys := []string{"containerPort", "protocol"}
	tests := []struct {
		ids  []itemID
		want []string
	}{
		{[]itemID{{"80", ""}, {"53", "UDP"}}, keys},
		{[]itemID{{"80", ""}, {"90", ""}}, []string{"containerPort"}},
		{[]itemID{{"", "TCP"}}, []string{"protocol"}},
		{[]itemID{{"", ""}}, keys},
		{nil, keys},
	}
	for _, tt := range tests {
		if got := factSetFieldsInUse(tt.ids, keys); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("factSetFieldsInUse(%v) = %v, want %v", tt.ids, got, tt.want)
		}
	}
}

func TestPartialIdentitiesJoin(t *testing.T) {
	tests := []struct {
		ids, want []itemID
	}{
		{[]itemID{{"8080", ""}, {"8080", "TCP"}, {"53", "UDP"}}, []itemID{{"8080", "TCP"}, {"8080", "TCP"}, {"53", "UDP"}}},
		// an identity joins as it stood when its turn came: 53 joins UDP, then TCP, and UDP keeps the first join
		{[]itemID{{"53", ""}, {"53", "UDP"}, {"53", "TCP"}}, []itemID{{"53", "TCP"}, {"53", "UDP"}, {"53", "TCP"}}},
		{[]itemID{{"80", ""}, {"", "TCP"}}, []itemID{{"80", ""}, {"", "TCP"}}}, // no shared position
		{[]itemID{{"", ""}, {"80", ""}}, []itemID{{"80", ""}, {"80", ""}}},     // two empty texts share one
	}
	for _, tt := range tests {
		got := append([]itemID(nil), tt.ids...)
		factPartialIdentitiesJoin(got)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("factPartialIdentitiesJoin(%v) = %v, want %v", tt.ids, got, tt.want)
		}
	}
}

func TestFindByTexts(t *testing.T) {
	tests := []struct {
		set, want lookup
	}{
		{lookup{[]string{"containerPort", "protocol"}, []string{"80", ""}}, lookup{[]string{"containerPort"}, []string{"80"}}},
		{lookup{[]string{"containerPort", "protocol"}, []string{"", ""}}, lookup{[]string{"containerPort", "protocol"}, []string{"", ""}}},
		{lookup{[]string{"name"}, []string{"a"}}, lookup{[]string{"name"}, []string{"a"}}},
	}
	for _, tt := range tests {
		if got := factFindByTexts(tt.set); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("factFindByTexts(%v) = %v, want %v", tt.set, got, tt.want)
		}
	}
}

func list(t *testing.T, text string) *ynode.Node {
	t.Helper()
	return parseRoot(t, "live", "l:\n"+text).Get("l")
}

func names(items []*ynode.Node) string {
	var out []string
	for _, it := range items {
		if v := it.Get("name"); v != nil {
			out = append(out, v.Value)
		} else {
			out = append(out, "?"+it.Value)
		}
	}
	return strings.Join(out, " ")
}

// TestPut checks how an item is put into a list: in place of every item claimed, at the end
// when none is, empty items dropped on the way, "" claiming any text, no texts claiming all.
func TestPut(t *testing.T) {
	byName := func(texts ...string) lookup { return lookup{fields: []string{"name"}, texts: texts} }
	tests := []struct {
		name, list string
		put        bool
		by         lookup
		want       string
	}{
		{"replaced in place", "- name: a\n- name: b\n- name: c\n", true, byName("b"), "a new c"},
		{"appended when new", "- name: a\n", true, byName("z"), "a new"},
		{"empty items dropped", "- name: a\n- {}\n- null\n", true, byName("a"), "new"},
		{"every item claimed", "- name: a\n- name: a\n", true, byName("a"), "new new"},
		{"an empty text claims any", "- name: a\n- image: x\n", false, byName(""), "?"},
		{"no texts: everything goes", "- name: a\n- image: x\n", true, byName(), "new"},
		{"a scalar stays by a text", "- x\n- name: a\n", true, byName("a"), "?x new"},
	}
	item := parseRoot(t, "live", "name: new\n")
	for _, tt := range tests {
		var in *ynode.Node
		if tt.put {
			in = item
		}
		got, err := put(list(t, tt.list).Content, in, tt.by)
		if err != nil || names(got) != tt.want {
			t.Errorf("%s: %q %v, want %q", tt.name, names(got), err, tt.want)
		}
	}
	if _, err := put(list(t, "- x\n").Content, nil, byName("")); err != errNotMap {
		t.Errorf("a scalar claimed by an empty text: %v, want %v", err, errNotMap)
	}
	if _, err := put(list(t, "- {a: 1}\n").Content, nil, lookup{fields: []string{""}, texts: []string{"x"}}); err != errNotScalar {
		t.Errorf("a map in a list of primitives: %v, want %v", err, errNotScalar)
	}
}

func TestLookupFirst(t *testing.T) {
	l := list(t, "- name: a\n  port: 80\n- name: \n- name: null\n- b\n")
	tests := []struct {
		by   lookup
		want *ynode.Node
	}{
		{lookup{[]string{"name", "port"}, []string{"a", "80"}}, l.Content[0]},
		{lookup{[]string{"name"}, []string{""}}, l.Content[1]}, // an empty text finds a field written empty
		{lookup{[]string{"name"}, []string{"null"}}, l.Content[2]},
		{lookup{[]string{""}, []string{"b"}}, l.Content[3]},
		{lookup{[]string{"name"}, []string{"z"}}, nil},
	}
	for _, tt := range tests {
		if got := tt.by.first(l); got != tt.want {
			t.Errorf("%v.first = %v, want %v", tt.by, got, tt.want)
		}
	}
}

// TestItemTable checks each row of itemTable.
func TestItemTable(t *testing.T) {
	tests := []struct {
		facts  itemFact
		effect itemEffect
		rule   string
	}{
		{itemEmptied | itemLocal | itemMerged, takeOut, string(ruleEmptied)},
		{itemEmptied | itemLocal, takeOut, ""}, // removed upstream whole: the merge's own rule stays
		{itemEmptied, takeOut, ""},
		{itemLocal | itemMerged, gatherItem, ""},
		{0, gatherItem, ""},
	}
	for _, tt := range tests {
		if r := decideItem(tt.facts); r.effect != tt.effect || string(r.rule) != tt.rule {
			t.Errorf("decideItem(%b) = %v %q, want %v %q", tt.facts, r.effect, r.rule, tt.effect, tt.rule)
		}
	}
}
