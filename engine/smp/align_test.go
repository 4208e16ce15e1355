package smp

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func doc(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	if text == "" {
		return nil
	}
	n, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAlignPairsOnce pairs the fields and list items of the three sides and finds each place by
// its path, table by table.
func TestAlignPairsOnce(t *testing.T) {
	_, sch := loadVectors(t)
	tests := []struct {
		name, original, updated, live string
		path                          string // the place's path, written as Path writes it
		held                          string // which sides hold it
	}{
		{"a field all hold", "{name: a}", "{name: b}", "{name: c}", ".name", "original+updated+live"},
		{"a field live alone holds", "{}", "{}", "{other: x}", ".other", "live"},
		{"an item by key", "{mergingList: [{name: a}]}", "{mergingList: [{name: a, value: v}]}", "{mergingList: [{name: b}, {name: a}]}",
			`.mergingList[name="a"]`, "original+updated+live"},
		{"a value of a set", "{mergingIntList: [1]}", "{mergingIntList: [2, 1]}", "{mergingIntList: [1]}", ".mergingIntList[=2]", "updated"},
		{"an item only live lists", "{}", "{mergingList: [{name: a}]}", "{mergingList: [{name: a}, {name: z}]}", `.mergingList[name="z"]`, "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Align(doc(t, tt.original), doc(t, tt.updated), doc(t, tt.live), sch)
			found := findWritten(a, tt.path)
			if found == nil {
				t.Fatalf("no place at %s", tt.path)
			}
			if got := found.Held().String(); got != tt.held {
				t.Errorf("held %s, want %s", got, tt.held)
			}
			if got := found.Path().String(); got != tt.path {
				t.Errorf("path %s, want %s", got, tt.path)
			}
		})
	}
}

// findWritten walks the alignment to the place whose path is written path.
func findWritten(a *Aligned, path string) *Aligned {
	if a.Path().String() == path {
		return a
	}
	for _, c := range a.Fields() {
		if strings.HasPrefix(path, c.Path().String()) {
			if f := findWritten(c, path); f != nil {
				return f
			}
		}
	}
	if a.lists == nil {
		if lm, err := a.listMeta(); err == nil && a.parent != nil {
			a.lists = a.pairItems(lm)
		}
	}
	if a.lists != nil {
		for _, c := range a.lists.children {
			if f := findWritten(c, path); f != nil {
				return f
			}
		}
	}
	return nil
}

// TestPairedOrderReversesEqualTexts: the reference sorts with a "less or equal" comparison, so
// a short list's items of one text end in reverse order.
func TestPairedOrderReversesEqualTexts(t *testing.T) {
	got := pairedOrder([]string{"a", "b", "a", "a"})
	want := []int{3, 2, 0, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("pairedOrder = %v, want %v", got, want)
		}
	}
}
