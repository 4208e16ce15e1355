package schema

import (
	"os"
	"testing"
)

func TestLoadSMD(t *testing.T) {
	tests := []struct {
		file, root string
		path       []string
		want       view
	}{
		{"smd-field-level-overrides.yaml", "type", []string{"associativeListReference"}, view{KindList, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-field-level-overrides.yaml", "type", []string{"separableInlineList"}, view{KindList, 0, "", ListSet, nil, MapGranular}},
		{"smd-field-level-overrides.yaml", "type", []string{"separableMapReference"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-field-level-overrides.yaml", "type", []string{"atomicMapReference"}, view{KindMap, 0, "", ListAtomic, nil, MapAtomic}},
		{"smd-nested-lists-and-maps.yaml", "type", []string{"listOfLists"}, view{KindList, 0, "", ListMap, []string{"name"}, MapGranular}},
		{"smd-nested-lists-and-maps.yaml", "type", []string{"listOfLists", "value"}, view{KindList, 0, "", ListSet, nil, MapGranular}},
		{"smd-nested-lists-and-maps.yaml", "type", []string{"mapOfMaps", "a"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-nested-lists-and-maps.yaml", "type", []string{"mapOfMapsRecursive", "a", "b", "c"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-deduced.yaml", DeducedName, []string{"a", "b"}, view{KindUntyped, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-deduced.yaml", AtomicName, []string{"a", "b"}, view{KindUntyped, 0, "", ListAtomic, nil, MapAtomic}},
		{"smd-preserve-unknown-fields.yaml", "type", []string{"num"}, view{KindScalar, 0, "", ListAtomic, nil, MapGranular}},
		{"smd-preserve-unknown-fields.yaml", "type", []string{"other"}, view{KindScalar, 0, "", ListAtomic, nil, MapGranular}},
	}
	for _, tt := range tests {
		text, err := os.ReadFile("testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		set := mustLoad(t, string(text), nil)
		root := set.Named(tt.root)
		if root == nil {
			t.Errorf("%s: no type %s", tt.file, tt.root)
			continue
		}
		f, typ := root.Lookup(tt.path...)
		if typ == nil {
			t.Errorf("%s %v: not found", tt.file, tt.path)
			continue
		}
		if got := viewOf(f, typ); got.String() != tt.want.String() {
			t.Errorf("%s %v:\n got %v\nwant %v", tt.file, tt.path, got, tt.want)
		}
	}
}

func TestLoadSMDKeepsNamedTypesApart(t *testing.T) {
	text, err := os.ReadFile("testdata/smd-field-level-overrides.yaml")
	if err != nil {
		t.Fatal(err)
	}
	set := mustLoad(t, string(text), nil)
	if got := set.Named("associativeList"); got.ListType != ListMap {
		t.Errorf("the override changed the named list: %s", got.ListType)
	}
	if got := set.Named("atomicMap"); got.MapType != MapAtomic {
		t.Errorf("the override changed the named map: %s", got.MapType)
	}
	ref := set.Named("type").Field("associativeListReference").Type
	if ref.Name != "associativeList" || ref.Elem() != set.Named("associativeList").Elem() {
		t.Error("the overridden reference is not a copy of associativeList")
	}
	if elem := ref.Elem(); elem.MapType != MapAtomic || elem.Name != "unspecifiedMap" {
		t.Errorf("associativeList items: %s %s, want the atomic override of unspecifiedMap", elem.Name, elem.MapType)
	}
}
