package jsonmerge

import (
	"errors"
	"reflect"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestThreeWay(t *testing.T) {
	tests := []struct {
		name, original, modified, current, want string
	}{
		{"kubectl apply", `{"spec":{"a":1,"b":2}}`, `{"spec":{"a":1,"c":3}}`, `{"spec":{"a":5,"b":2,"d":4}}`,
			`{"spec":{"b":null,"a":1,"c":3}}`},
		{"drift reverted", `{"a":1}`, `{"a":1}`, `{"a":2}`, `{"a":1}`},
		{"live-only kept", `{"a":1}`, `{"a":1}`, `{"a":1,"b":2}`, `{}`},
		{"delete only what original had", `{"a":1}`, `{}`, `{"a":1,"b":2}`, `{"a":null}`},
		{"lists whole", `{"l":[1,2]}`, `{"l":[1,2]}`, `{"l":[1,2,3]}`, `{"l":[1,2]}`},
		{"emptied object is no change", `{}`, `{"a":{}}`, `{"a":{"x":1}}`, `{}`},
		{"new empty object", `{}`, `{"a":{}}`, `{}`, `{"a":{}}`},
		{"null in config", `{}`, `{"a":null}`, `{"a":1}`, `{"a":null}`},
		{"null in new list pruned", `{}`, `{"l":[{"x":null,"y":1}]}`, `{}`, `{"l":[{"y":1}]}`},
		{"deletion and change nested", `{"m":{"x":1,"y":1}}`, `{"m":{"y":2}}`, `{"m":{"x":1,"y":1}}`,
			`{"m":{"x":null,"y":2}}`},
		{"type change", `{"a":{"x":1}}`, `{"a":[1]}`, `{"a":{"x":1}}`, `{"a":[1]}`},
		{"nulls as empty", `null`, `{"a":1}`, `null`, `{"a":1}`},
		{"nothing", "", "", "", `{}`},
		{"same identity", `{"apiVersion":"v1","kind":"A","metadata":{"name":"n"}}`,
			`{"apiVersion":"v1","kind":"A","metadata":{"name":"n","labels":{"x":"y"}}}`,
			`{"apiVersion":"v1","kind":"A","metadata":{"name":"n"}}`, `{"metadata":{"labels":{"x":"y"}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, copies := parseAll(t, tt.original, tt.modified, tt.current)
			got, err := ThreeWay(nodes[0], nodes[1], nodes[2])
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, got, tt.want)
			checkUnchanged(t, nodes, copies)
		})
	}
}

func TestThreeWayPreconditions(t *testing.T) {
	tests := []struct {
		name, original, modified, current string
		want                              []string
	}{
		{"kind", `{"kind":"A"}`, `{"kind":"B"}`, `{"kind":"A"}`, []string{".kind"}},
		{"apiVersion removed", `{"apiVersion":"v1"}`, `{}`, `{"apiVersion":"v1"}`, []string{".apiVersion"}},
		{"name", `{}`, `{"metadata":{"name":"b"}}`, `{"metadata":{"name":"a"}}`, []string{".metadata.name"}},
		{"all", `{}`, `{"apiVersion":"v2","kind":"B","metadata":{"name":"b"}}`, `{}`,
			[]string{".apiVersion", ".kind", ".metadata.name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ThreeWay(parse(t, tt.original), parse(t, tt.modified), parse(t, tt.current))
			var pre *PreconditionError
			if !errors.As(err, &pre) {
				t.Fatalf("got error %v, want a *PreconditionError", err)
			}
			if !reflect.DeepEqual(pre.Paths, tt.want) {
				t.Errorf("paths %q, want %q", pre.Paths, tt.want)
			}
		})
	}
}

func TestThreeWayErrors(t *testing.T) {
	tests := []struct {
		name, original, modified, current string
		want                              error
	}{
		{"scalar", `{}`, `1`, `{}`, ErrBadDocument},
		{"lists", `[]`, `[]`, `[]`, ErrBadDocument},
		{"list and object", `{}`, `[]`, `{}`, ErrMismatchedTypes},
		{"infinite", `{}`, `{}`, `{"a":-.inf}`, ErrNotJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ThreeWay(parse(t, tt.original), parse(t, tt.modified), parse(t, tt.current))
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
}

func TestConflicts(t *testing.T) {
	tests := []struct {
		name, left, right string
		want              []string
	}{
		{"disjoint", `{"a":1}`, `{"b":null}`, nil},
		{"equal", `{"a":{"b":1}}`, `{"a":{"b":1}}`, nil},
		{"leaf", `{"a":{"b":1}}`, `{"a":{"b":null}}`, []string{".a.b"}},
		{"object against null", `{"a":{"b":1}}`, `{"a":null}`, []string{".a"}},
		{"scalar against object", `{"a":1}`, `{"a":{"x":null}}`, []string{".a"}},
		{"list items", `{"l":[1,{"x":1}]}`, `{"l":[1,{"x":2}]}`, []string{".l[1].x"}},
		{"list lengths", `{"l":[1]}`, `{"l":[1,2]}`, []string{".l"}},
		{"several", `{"a":1,"b":2}`, `{"a":null,"b":null}`, []string{".a", ".b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := conflicts(parse(t, tt.left), parse(t, tt.right), "")
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	err := &ConflictError{Paths: []string{".a", ".b"}, Changes: yamltree.NewMap(), Deletions: yamltree.NewMap()}
	if want := "the changes from live to the config conflict with the deletions from the original at .a, .b"; err.Error() != want {
		t.Errorf("message %q", err.Error())
	}
}
