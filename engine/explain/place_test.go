package explain

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestRemoved places values live holds and the result lacks: after the nearest value before them
// that the result still holds, or under what holds them, moved to the result's indentation.
func TestRemoved(t *testing.T) {
	spec := fieldpath.Path{}.Field("spec")
	containers := spec.Field("containers")
	byName := func(name string) fieldpath.Element {
		return fieldpath.Element{Keys: []fieldpath.KeyValue{{Name: "name", Value: yamltree.NewString(name)}}}
	}
	port := func(n, protocol string) fieldpath.Element {
		return fieldpath.Element{Keys: []fieldpath.KeyValue{{Name: "containerPort", Value: yamltree.NewScalar(yamltree.IntTag, n)}, {Name: "protocol", Value: yamltree.NewString(protocol)}}}
	}
	tests := []struct {
		name, live, result string
		path               fieldpath.Path
		line               int // live's line of the value
		want               contract.Place
	}{
		{"a key after the sibling before it", "spec:\n  a: 1\n  b: 2\n  c: 3\n", "spec:\n  a: 1\n  c: 3\n",
			spec.Field("b"), 3, contract.Place{After: 2, Under: 1}},
		{"the first key, right under its map's key", "spec:\n  b: 2\n  a: 1\n", "spec:\n  a: 1\n",
			spec.Field("b"), 2, contract.Place{After: 1, Under: 1}},
		{"a root field first in its document", "b: 2\na: 1\n", "a: 1\n",
			fieldpath.Path{}.Field("b"), 1, contract.Place{After: 0}},
		{"after the sibling's whole subtree", "spec:\n  a:\n    x: 1\n    z: [1, 2]\n  b: 2\n", "spec:\n  a:\n    x: 1\n    z: [1, 2]\n",
			spec.Field("b"), 5, contract.Place{After: 4, Under: 1}},
		{"an item between its neighbours", "spec:\n  containers:\n  - name: a\n    image: x\n  - name: b\n  - name: c\n", "spec:\n  containers:\n  - name: a\n    image: x\n  - name: c\n",
			containers.Append(byName("b")), 5, contract.Place{After: 4, Under: 2}},
		{"a field of a kept item, inside it", "spec:\n  containers:\n  - name: a\n  - name: m\n    image: x\n    ports: [1]\n", "spec:\n  containers:\n  - name: a\n  - resources: {}\n    name: m\n",
			containers.Append(byName("m")).Field("image"), 5, contract.Place{After: 5, Under: 4}},
		{"live indented deeper (a List's item): moved left", "items:\n- spec:\n    a: 1\n    b: 2\n", "spec:\n  a: 1\n",
			spec.Field("b"), 4, contract.Place{After: 2, Shift: -2, Under: 1}},
		{"live's items indented under their key: moved left", "spec:\n  containers:\n    - name: a\n    - name: b\n", "spec:\n  containers:\n  - name: a\n",
			containers.Append(byName("b")), 4, contract.Place{After: 3, Shift: -2, Under: 2}},
		{"its parent gone too: where the parent stood", "spec:\n  a: 1\n  b:\n    c: 1\n", "spec:\n  a: 1\n",
			spec.Field("b").Field("c"), 4, contract.Place{After: 2, Under: 1}},
		{"an item live lacks a key field of (a default): found by its line", "ports:\n- containerPort: 80\n- containerPort: 90\n", "ports:\n- containerPort: 80\n  protocol: TCP\n",
			fieldpath.Path{}.Field("ports").Append(port("90", "TCP")), 3, contract.Place{After: 3, Under: 1}},
		{"a set's value", "f:\n- a\n- b\n- c\n", "f:\n- a\n- c\n",
			fieldpath.Path{}.Field("f").Item(yamltree.NewString("b")), 3, contract.Place{After: 2, Under: 1}},
		{"a value of a flow list: its holder's line, moved as the holder", "m:\n    f: [a, b, c]\n", "m:\n  f: [a, c]\n",
			fieldpath.Path{}.Field("m").Field("f").Item(yamltree.NewString("b")), 2, contract.Place{After: 2, Shift: -2, Under: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			live, err := yamltree.ParseOne(yamltree.Live, tt.live, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if items := live.Get("items"); items != nil {
				live = items.Items[0] // a List's item, as the stream reads it
			}
			result, err := yamltree.ParseOne(yamltree.Result, tt.result, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text, layout := yamltree.Emit([]*yamltree.Document{{Root: result}})
			if text != tt.result {
				t.Fatalf("the result is written %q, not as given", text)
			}
			got := Spot{Result: result, Live: live}.Removed(layout, tt.path, tt.line)
			if *got != tt.want {
				t.Errorf("%s: got %+v, want %+v", tt.path, *got, tt.want)
			}
		})
	}
}

// TestSpots puts a resource the result lacks between the documents around it.
func TestSpots(t *testing.T) {
	docs, err := yamltree.Parse(yamltree.Result, "a: 1\nb:\n  c: 2\n---\nd: 3\n", yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, layout := yamltree.Emit(docs)
	spots := Spots(layout, []*yamltree.Node{nil, docs[0].Root, nil, docs[1].Root, nil}, nil)
	want := [][2]int{{0, 0}, {0, 0}, {1, 3}, {1, 0}, {2, 5}} // {doc, after} for the missing ones
	for i, s := range spots {
		if s.Doc != want[i][0] || (s.Result == nil && s.After != want[i][1]) {
			t.Errorf("spot %d: doc %d after %d, want %v", i, s.Doc, s.After, want[i])
		}
		if s.Result == nil && *s.Removed(layout, nil, 1) != (contract.Place{After: s.After, Doc: s.Doc}) {
			t.Errorf("spot %d: a whole resource is not drawn between documents", i)
		}
	}
}
