package smp

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// vector is one recorded case of strategicpatch's three-way test table (testdata/README.md).
type vector struct {
	Description    string
	Original       json.RawMessage
	Modified       json.RawMessage
	Current        json.RawMessage
	TwoWay         json.RawMessage
	ExpectConflict bool
	ActualPatch    string
	ActualResult   string
}

func loadVectors(t *testing.T) ([]vector, Schema) {
	t.Helper()
	data, err := os.ReadFile("testdata/smp-threeway-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err = json.Unmarshal(data, &vs); err != nil {
		t.Fatal(err)
	}
	return vs, mergeItemSchema(t)
}

// mergeItemSchema is the recorded vectors' schema: the swagger's mergeItem, merged by
// patchMergeKey.
func mergeItemSchema(t *testing.T) Schema {
	t.Helper()
	swagger, err := os.ReadFile("testdata/swagger-merge-item.json")
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(string(swagger), nil)
	if err != nil {
		t.Fatal(err)
	}
	root := set.Named("mergeItem")
	if root == nil {
		t.Fatal("mergeItem not in the swagger schema")
	}
	return For(root, PatchMergeKeys)
}

// parse reads a document of a vector; an absent one is nil.
func parse(t *testing.T, input yamltree.Input, text string) *yamltree.Node {
	t.Helper()
	if text == "" || text == "null" {
		return nil
	}
	n, err := yamltree.ParseOne(input, text, yamltree.Options{})
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return n
}

func patchJSON(t *testing.T, p *Map) string {
	t.Helper()
	s, err := p.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func sameJSON(t *testing.T, got, want string) bool {
	t.Helper()
	return equalValues(parse(t, yamltree.Result, got), parse(t, yamltree.Result, want))
}

// TestThreeWayVectors checks the three-way patch of every recorded case.
func TestThreeWayVectors(t *testing.T) {
	vs, sch := loadVectors(t)
	for _, v := range vs {
		original := parse(t, yamltree.Original, string(v.Original))
		modified := parse(t, yamltree.Updated, string(v.Modified))
		current := parse(t, yamltree.Live, string(v.Current))
		patch, err := ThreeWay(Align(orEmpty(original), orEmpty(modified), orEmpty(current), sch))
		if err != nil {
			t.Errorf("%s: %v", v.Description, err)
			continue
		}
		if got := patchJSON(t, patch); !sameJSON(t, got, v.ActualPatch) {
			t.Errorf("%s: patch\n got  %s\n want %s", v.Description, got, v.ActualPatch)
		}
	}
}

// TestTwoWayVectors checks the two-way patch from Original to Modified of every recorded case.
func TestTwoWayVectors(t *testing.T) {
	vs, sch := loadVectors(t)
	for _, v := range vs {
		original := parse(t, yamltree.Original, string(v.Original))
		modified := parse(t, yamltree.Updated, string(v.Modified))
		patch, err := TwoWay(Align(orEmpty(original), orEmpty(modified), nil, sch))
		if err != nil {
			t.Errorf("%s: %v", v.Description, err)
			continue
		}
		if got := patchJSON(t, patch); !sameJSON(t, got, string(v.TwoWay)) {
			t.Errorf("%s: two-way patch\n got  %s\n want %s", v.Description, got, v.TwoWay)
		}
	}
}

// TestApplyVectors applies the recorded patch of every case to its live object, and wants the
// recorded result; with overwrite=false, a conflict exactly where the reference reports one.
func TestApplyVectors(t *testing.T) {
	vs, sch := loadVectors(t)
	conflicts := 0
	for _, v := range vs {
		original := parse(t, yamltree.Original, string(v.Original))
		modified := parse(t, yamltree.Updated, string(v.Modified))
		current := parse(t, yamltree.Live, string(v.Current))
		a := Align(orEmpty(original), orEmpty(modified), orEmpty(current), sch)
		patch, err := ThreeWay(a)
		if err != nil {
			t.Errorf("%s: %v", v.Description, err)
			continue
		}
		result, err := Apply(orEmpty(current), patch, sch)
		if err != nil {
			t.Errorf("%s: apply: %v", v.Description, err)
			continue
		}
		if got, _ := yamltree.JSON(result.Result); !sameJSON(t, got, v.ActualResult) {
			t.Errorf("%s: result\n got  %s\n want %s", v.Description, got, v.ActualResult)
		}
		found, err := Conflicts(a, patch)
		if err != nil {
			t.Errorf("%s: conflicts: %v", v.Description, err)
		}
		if (len(found) > 0) != v.ExpectConflict {
			t.Errorf("%s: overwrite=false: conflicts %v, expected a conflict: %v", v.Description, found, v.ExpectConflict)
		}
		if v.ExpectConflict {
			conflicts++
		}
	}
	t.Logf("%d vectors, %d expecting a conflict", len(vs), conflicts)
}
