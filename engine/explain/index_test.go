package explain

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestIndexesAgreeWithSearches builds random lists (scalars of every type, maps keyed by one or
// two fields with scalar, null, missing and compound key values) and checks that the indexes find
// the very item FindItem and FindValue find, and count what a search counts.
func TestIndexesAgreeWithSearches(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	scalars := []string{"a", "'a'", "1", "1.0", "0x1", "true", "'true'", "null", "~", "[1]", "{x: 1}", "[]", "{}"}
	for round := 0; round < 400; round++ {
		var b strings.Builder
		b.WriteString("l:\n")
		for i := 0; i < rng.Intn(12); i++ {
			switch rng.Intn(3) {
			case 0:
				fmt.Fprintf(&b, "- %s\n", scalars[rng.Intn(len(scalars))])
			case 1:
				fmt.Fprintf(&b, "- {name: %s, v: %d}\n", scalars[rng.Intn(len(scalars))], i)
			default:
				fmt.Fprintf(&b, "- {name: %s, port: %s, v: %d}\n", scalars[rng.Intn(len(scalars))], scalars[rng.Intn(4)], i)
			}
		}
		root, err := yamltree.ParseOne(yamltree.Live, b.String(), yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		list := root.Get("l")
		if list == nil || !list.IsList() {
			list = yamltree.NewList()
		}
		for _, field := range []string{"name", "name,port"} {
			items := newItemIndex(list, field)
			for _, probe := range list.Items {
				key := Key{Field: field, Value: smp.ItemKey(probe, field)}
				if got, want := items.find(key), FindItem(list, key); got != want {
					t.Fatalf("%s, key %s: index finds %v, FindItem %v", b.String(), field, got, want)
				}
				want := 0
				for _, it := range list.Items {
					if smp.SameKey(smp.ItemKey(it, field), key.Value) {
						want++
					}
				}
				if got := items.count(key); got != want {
					t.Fatalf("%s, key %s: index counts %d, want %d", b.String(), field, got, want)
				}
			}
		}
		values := newValueIndex(list)
		for _, probe := range list.Items {
			if got, want := values.find(probe), FindValue(list, probe); got != want {
				t.Fatalf("%s: value index finds %v, FindValue %v", b.String(), got, want)
			}
		}
	}
}
