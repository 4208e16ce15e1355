package schema

import "testing"

func TestDeduced(t *testing.T) {
	d := Deduced()
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"name", d.Name, DeducedName},
		{"kind", d.Kind, KindUntyped},
		{"scalar", d.Scalar, ScalarUntyped},
		{"maps", d.MapType, MapGranular},
		{"lists", d.ListType, ListAtomic},
		{"map values", d.Elem(), d},
		{"list items", d.ListElem().Name, AtomicName},
		{"list items' maps", d.ListElem().MapType, MapAtomic},
		{"list items' values", d.ListElem().Elem(), d.ListElem()},
		{"a field", d.Field("anything"), (*Field)(nil)},
		{"a deep key", d.FieldType("a").FieldType("b"), d},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	if Deduced() == d {
		t.Error("Deduced returns a shared type")
	}
}
