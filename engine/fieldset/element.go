package fieldset

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// elementKind ranks the forms of an element: fields, then keyed items, then set items, then
// positions.
func elementKind(e fieldpath.Element) int {
	switch {
	case e.IsIndex:
		return 3
	case e.Keys != nil:
		return 1
	case e.Value != nil:
		return 2
	}
	return 0
}

// Compare orders two elements as structured-merge-diff does: -1 when a sorts first, 0 when they are
// equal, 1 otherwise.
func Compare(a, b fieldpath.Element) int {
	ka, kb := elementKind(a), elementKind(b)
	if ka != kb {
		return sign(ka - kb)
	}
	switch ka {
	case 0:
		return strings.Compare(a.Field, b.Field)
	case 1:
		return compareKeys(a.Keys, b.Keys)
	case 2:
		return CompareValues(a.Value, b.Value)
	}
	return sign(a.Index - b.Index)
}

// Equal reports whether two elements select the same field.
func Equal(a, b fieldpath.Element) bool { return Compare(a, b) == 0 }

// compareKeys orders two key lists lexically: name, then value, field by field; a shorter list
// that is a prefix of the other sorts first.
func compareKeys(a, b []fieldpath.KeyValue) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := strings.Compare(a[i].Name, b[i].Name); c != 0 {
			return c
		}
		if c := CompareValues(a[i].Value, b[i].Value); c != 0 {
			return c
		}
	}
	return sign(len(a) - len(b))
}

// SortKeys sorts key fields by name, the order key elements keep.
func SortKeys(keys []fieldpath.KeyValue) {
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].Name < keys[j].Name })
}

// valueRank ranks the kinds of value: numbers, strings, booleans, lists, maps, null.
func valueRank(n *yamltree.Node) int {
	switch {
	case n.IsNull():
		return 5
	case n.IsList():
		return 3
	case n.IsMap():
		return 4
	}
	switch n.Tag {
	case yamltree.IntTag, yamltree.FloatTag:
		return 0
	case yamltree.StrTag:
		return 1
	}
	return 2
}

// CompareValues orders two values as structured-merge-diff orders data: numbers by value, then
// strings, booleans (false first), lists and maps lexically, and null last.
func CompareValues(a, b *yamltree.Node) int {
	ra, rb := valueRank(a), valueRank(b)
	if ra != rb {
		return sign(ra - rb)
	}
	switch ra {
	case 0:
		fa, _ := a.Float()
		fb, _ := b.Float()
		return compareFloats(fa, fb)
	case 1:
		return strings.Compare(a.Value, b.Value)
	case 2:
		va, _ := a.Bool()
		vb, _ := b.Bool()
		return compareBools(va, vb)
	case 3:
		return compareLists(a.Items, b.Items)
	case 4:
		return compareMaps(a, b)
	}
	return 0
}

// EqualValues reports whether two values are the same data (numbers by value).
func EqualValues(a, b *yamltree.Node) bool { return CompareValues(a, b) == 0 }

func compareLists(a, b []*yamltree.Node) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := CompareValues(a[i], b[i]); c != 0 {
			return c
		}
	}
	return sign(len(a) - len(b))
}

// compareMaps walks the union of both maps' keys in lexical order: the first key one map lacks,
// or the first value that differs, decides.
func compareMaps(a, b *yamltree.Node) int {
	keys := map[string]bool{}
	for _, f := range a.Fields {
		keys[f.Key.Value] = true
	}
	for _, f := range b.Fields {
		keys[f.Key.Value] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for i, k := range sorted {
		switch {
		case i == len(a.Fields):
			return -1
		case i == len(b.Fields):
			return 1
		case !a.Has(k):
			return 1
		case !b.Has(k):
			return -1
		}
		if c := CompareValues(a.Get(k), b.Get(k)); c != 0 {
			return c
		}
	}
	return 0
}

func compareFloats(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func compareBools(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
