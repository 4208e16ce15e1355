package schema

import (
	"slices"
	"testing"
)

func TestNames(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{KindUntyped.String(), "untyped"},
		{KindScalar.String(), "scalar"},
		{KindMap.String(), "map"},
		{KindList.String(), "list"},
		{ListAtomic.String(), "atomic"},
		{ListSet.String(), "set"},
		{ListMap.String(), "map"},
		{MapGranular.String(), "granular"},
		{MapAtomic.String(), "atomic"},
		{ScopeNamespaced.String(), "Namespaced"},
		{ScopeCluster.String(), "Cluster"},
		{ScopeUnknown.String(), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestMergeKeys(t *testing.T) {
	tests := []struct {
		field *Field
		want  []string
	}{
		{nil, nil},
		{&Field{}, nil},
		{&Field{MergeKey: "name"}, []string{"name"}},
		{&Field{MergeKey: "containerPort, protocol"}, []string{"containerPort", "protocol"}},
	}
	for _, tt := range tests {
		if got := tt.field.MergeKeys(); !slices.Equal(got, tt.want) {
			t.Errorf("MergeKeys of %+v = %q, want %q", tt.field, got, tt.want)
		}
	}
}

func TestIsAtomic(t *testing.T) {
	deduced := Deduced()
	tests := []struct {
		name string
		typ  *Type
		want bool
	}{
		{"scalar", &Type{Kind: KindScalar}, true},
		{"atomic list", &Type{Kind: KindList, ListType: ListAtomic}, true},
		{"set", &Type{Kind: KindList, ListType: ListSet}, false},
		{"granular map", &Type{Kind: KindMap}, false},
		{"atomic map", &Type{Kind: KindMap, MapType: MapAtomic}, true},
		{"deduced", deduced, false},
		{"untyped atomic", deduced.ListElem(), true},
	}
	for _, tt := range tests {
		if got := tt.typ.IsAtomic(); got != tt.want {
			t.Errorf("%s: IsAtomic = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNilTypeLookups(t *testing.T) {
	var typ *Type
	if typ.Field("a") != nil || typ.Elem() != nil || typ.ListElem() != nil || typ.FieldType("a") != nil || typ.Fields() != nil {
		t.Error("a nil type answers")
	}
	var set *Set
	if set.Root("v1", "Pod") != nil || set.Named("a") != nil || set.Kinds() != nil || set.TypeNames() != nil {
		t.Error("a nil set answers")
	}
	if namespaced, known := set.Namespaced("v1", "Pod"); namespaced || known {
		t.Error("a nil set knows a scope")
	}
}

func TestParts(t *testing.T) {
	set, err := Load("types:\n- name: sm\n  scalar: string\n  map:\n    elementType: {scalar: string}\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name                string
		typ                 *Type
		scalar, list, mapOK bool
	}{
		{"nil", nil, false, false, false},
		{"scalar", &Type{Kind: KindScalar, Scalar: ScalarString}, true, false, false},
		{"list", &Type{Kind: KindList}, false, true, false},
		{"map", &Type{Kind: KindMap}, false, false, true},
		{"deduced", Deduced(), true, true, true},
		{"scalar and map", set.Named("sm"), true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.typ.HasScalar(); got != tt.scalar {
				t.Errorf("HasScalar = %v, want %v", got, tt.scalar)
			}
			if got := tt.typ.HasList(); got != tt.list {
				t.Errorf("HasList = %v, want %v", got, tt.list)
			}
			if got := tt.typ.HasMap(); got != tt.mapOK {
				t.Errorf("HasMap = %v, want %v", got, tt.mapOK)
			}
		})
	}
}
