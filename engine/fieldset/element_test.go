package fieldset

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestCompareOrder(t *testing.T) {
	// Each element sorts strictly before the next one.
	ordered := []fieldpath.Element{
		{Field: "a"},
		{Field: "b"},
		{Keys: []fieldpath.KeyValue{{Name: "name", Value: str("a")}}},
		{Keys: []fieldpath.KeyValue{{Name: "name", Value: str("a")}, {Name: "port", Value: num("1")}}},
		{Keys: []fieldpath.KeyValue{{Name: "port", Value: num("9")}}},
		{Keys: []fieldpath.KeyValue{{Name: "port", Value: num("10")}}},
		{Value: num("-1")},
		{Value: yamltree.NewScalar(yamltree.FloatTag, "1.5")},
		{Value: num("2")},
		{Value: str("a")},
		{Value: yamltree.NewScalar(yamltree.BoolTag, "false")},
		{Value: yamltree.NewScalar(yamltree.BoolTag, "true")},
		{Value: yamltree.NewList(num("1"))},
		{Value: yamltree.NewMap()},
		{Value: yamltree.NewNull()},
		{Index: 0, IsIndex: true},
		{Index: 3, IsIndex: true},
	}
	for i := range ordered {
		for j := range ordered {
			got := Compare(ordered[i], ordered[j])
			want := sign(i - j)
			if got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
}

func TestNumbersCompareByValue(t *testing.T) {
	one, oneFloat := num("1"), yamltree.NewScalar(yamltree.FloatTag, "1.0")
	if !EqualValues(one, oneFloat) {
		t.Error("1 and 1.0 differ")
	}
	if EqualValues(one, str("1")) {
		t.Error("1 and \"1\" are equal")
	}
	m1 := yamltree.NewMap()
	m1.Set("a", one)
	m2 := yamltree.NewMap()
	m2.Set("a", oneFloat)
	if CompareValues(m1, m2) != 0 {
		t.Error("maps with equal numbers differ")
	}
	m2.Set("b", one)
	if CompareValues(m1, m2) != -1 || CompareValues(m2, m1) != 1 {
		t.Error("a map that lacks a key should sort first")
	}
}
