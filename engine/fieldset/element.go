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

// compareMaps orders two maps as their fields, sorted by name, compare as key fields do
// (compareKeys): name, then value, pair by pair; a map whose sorted fields begin the other's sorts
// first. So {"a":1} < {"a":1,"b":1} < {"a":2} < {"b":1} (observed in the order of "v:" elements,
// scripts/conformance/ssadiff/fieldsv1probe_test.go).
func compareMaps(a, b *yamltree.Node) int {
	return compareKeys(sortedFields(a), sortedFields(b))
}

// sortedFields returns a map's fields as key fields, sorted by name.
func sortedFields(m *yamltree.Node) []fieldpath.KeyValue {
	out := make([]fieldpath.KeyValue, len(m.Fields))
	for i, f := range m.Fields {
		out[i] = fieldpath.KeyValue{Name: f.Key.Value, Value: f.Value}
	}
	SortKeys(out)
	return out
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
