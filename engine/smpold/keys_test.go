package smpold

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// proposalSchema merges "list" on foo and bar together, as the multi-field merge key proposal's
// example declares.
type proposalSchema struct{ Untyped }

func (proposalSchema) Slice(key string) (Schema, Meta, error) {
	if key == "list" {
		return Untyped{}, Meta{Strategies: []string{"merge"}, MergeKey: "foo,bar"}, nil
	}
	return Untyped{}, Meta{}, nil
}

const proposalLive = "list:\n- {foo: a, bar: x, other: 1}\n- {foo: a, bar: 'y', other: 2}\n- {foo: b, bar: x, other: 3}\n"

func TestMultiFieldMergeKeyProposal(t *testing.T) {
	tests := []struct{ patch, want string }{
		{"list:\n- {foo: a, bar: x, other: 4, another: val}\n",
			"list:\n- {foo: a, bar: x, other: 4, another: val}\n- {foo: a, bar: 'y', other: 2}\n- {foo: b, bar: x, other: 3}\n"},
		{"list:\n- {$patch: delete, foo: a, bar: x}\n",
			"list:\n- {foo: a, bar: 'y', other: 2}\n- {foo: b, bar: x, other: 3}\n"},
	}
	for _, tt := range tests {
		got, err := Apply(parse(t, proposalLive), parse(t, tt.patch), proposalSchema{})
		if err != nil {
			t.Fatalf("%s: %v", tt.patch, err)
		}
		if want := parse(t, tt.want); !yamltree.SameOrder(got, want) {
			t.Errorf("patch %s: got %v, want %v", tt.patch, got, want)
		}
	}
}

func TestMultiFieldMergeKeyRejectsPartialKeys(t *testing.T) {
	for _, patch := range []string{"list:\n- {foo: a, other: 4}\n", "list:\n- {$patch: delete, foo: a}\n"} {
		_, err := Apply(parse(t, proposalLive), parse(t, patch), proposalSchema{})
		if err == nil || !strings.Contains(err.Error(), "lacks bar of the multi-field merge key foo,bar") {
			t.Errorf("%s: got %v", patch, err)
		}
		var e *Error
		if ok := asError(err, &e); !ok || e.Pos.Line != 2 {
			t.Errorf("%s: error not located at the patch item: %v", patch, err)
		}
	}
}

func TestMultiFieldThreeWay(t *testing.T) {
	original := parse(t, "list:\n- {foo: a, bar: x}\n- {foo: a, bar: z}\n")
	modified := parse(t, "list:\n- {foo: a, bar: x, other: 5}\n")
	current := parse(t, proposalLive)
	patch, _, err := ThreeWay(original, modified, current, proposalSchema{}, true)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := yamltree.SortedJSON(patch)
	want := `{"$setElementOrder/list":[{"bar":"x","foo":"a"}],"list":[{"bar":"x","foo":"a","other":5},{"$patch":"delete","bar":"z","foo":"a"}]}`
	if got != want {
		t.Errorf("patch:\n got  %s\n want %s", got, want)
	}
}

func parse(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	n, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*target = e
	}
	return ok
}
