package schema

import (
	"slices"
	"testing"
)

// smallSet builds a set from a structured-merge-diff schema plus kinds, for tests.
func smallSet(t *testing.T, types string, kinds ...kindDecl) *Set {
	t.Helper()
	user := mustLoad(t, types, nil)
	for _, k := range kinds {
		info, err := (&builder{named: user.types}).kind(k)
		if err != nil {
			t.Fatal(err)
		}
		user.kinds[info.GroupVersionKind] = info
	}
	return user
}

func TestMerge(t *testing.T) {
	lower := smallSet(t, "types:\n- name: a\n  scalar: string\n- name: b\n  scalar: string\n",
		kindDecl{APIVersion: "v1", Kind: "A", Type: "a", Scope: "Cluster"},
		kindDecl{APIVersion: "v1", Kind: "B", Type: "b", Scope: "Namespaced"})
	upper := smallSet(t, "types:\n- name: a\n  scalar: numeric\n",
		kindDecl{APIVersion: "v1", Kind: "A", Type: "a"})
	merged := Merge(lower, nil, upper)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"upper type wins", merged.Named("a").Scalar, ScalarNumeric},
		{"lower type stays", merged.Named("b"), lower.Named("b")},
		{"upper kind wins", merged.Root("v1", "A"), upper.Named("a")},
		{"lower kind stays", merged.Root("v1", "B"), lower.Named("b")},
		{"inputs unchanged", lower.Named("a").Scalar, ScalarString},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	if namespaced, known := merged.Namespaced("v1", "A"); namespaced || !known {
		t.Errorf("a kind without a scope on top lost the scope below: %v, %v", namespaced, known)
	}
	var kinds []string
	for _, k := range merged.Kinds() {
		kinds = append(kinds, k.APIVersion+" "+k.Kind)
	}
	if !slices.Equal(kinds, []string{"v1 A", "v1 B"}) {
		t.Errorf("Kinds = %v", kinds)
	}
	if Merge().Root("v1", "A") != nil {
		t.Error("an empty merge knows a kind")
	}
}
