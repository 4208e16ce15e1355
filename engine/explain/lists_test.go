package explain

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestFindItem checks which item of a list a key finds: merge keys compare as the reference
// compares them, and a key holding a list or a nested map (which the reference never matches)
// still finds the item holding the same data, so that an item kept as it was is not marked added
// and deleted at once.
func TestFindItem(t *testing.T) {
	tests := []struct {
		name, list, field, key string
		want                   int // the index of the item found, -1 for none
	}{
		{"a string key", "[{name: a}, {name: b}]", "name", "b", 1},
		{"no such key", "[{name: a}]", "name", "c", -1},
		{"an item without the key", "[{image: a}, {name: b}]", "name", "b", 1},
		{"an int is not a string", "[{name: '1'}]", "name", "1", -1},
		{"a list as key (fuzz: FuzzPatch/4f018c15c9965744)", "[{name: a}, {name: [null]}]", "name", "[null]", 1},
		{"a different list", "[{name: [1]}]", "name", "[2]", -1},
		{"a map inside the key", "[{name: {a: {b: 1}}}]", "name", "{a: {b: 1}}", 0},
		{"a multi-field key holding a list", "[{a: 1, b: [x]}, {a: 1, b: [y]}]", "a,b", "{a: 1, b: [y]}", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list, err := yamltree.ParseOne(yamltree.Live, tt.list, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			key, err := yamltree.ParseOne(yamltree.Updated, tt.key, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := FindItem(list, Key{Field: tt.field, Value: key})
			want := (*yamltree.Node)(nil)
			if tt.want >= 0 {
				want = list.Items[tt.want]
			}
			if got != want {
				t.Errorf("found %v, want item %d", got, tt.want)
			}
		})
	}
}
