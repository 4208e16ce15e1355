package jsonmerge

import (
	"errors"
	"testing"
)

func TestTwoWay(t *testing.T) {
	tests := []struct {
		name, original, modified, want string
	}{
		{"add and remove", `{"a":1,"b":2}`, `{"a":1,"c":3}`, `{"c":3,"b":null}`},
		{"nested removal", `{"a":{"x":1,"y":2}}`, `{"a":{"x":1}}`, `{"a":{"y":null}}`},
		{"same list", `{"a":[1,2]}`, `{"a":[1,2]}`, `{}`},
		{"list order", `{"a":[1,2]}`, `{"a":[2,1]}`, `{"a":[2,1]}`},
		{"list of maps", `{"a":[{"x":1}]}`, `{"a":[{"x":1,"y":null}]}`, `{"a":[{"x":1,"y":null}]}`},
		{"type change", `{"a":1}`, `{"a":"1"}`, `{"a":"1"}`},
		{"bool", `{"a":true}`, `{"a":false}`, `{"a":false}`},
		{"equal numbers", `{"a":1,"b":-0.0}`, `{"a":1.0,"b":0}`, `{}`},
		{"nulls equal", `{"a":null}`, `{"a":null}`, `{}`},
		{"to null", `{"a":1}`, `{"a":null}`, `{"a":null}`},
		{"null to object", `{"a":null}`, `{"a":{"b":null}}`, `{"a":{"b":null}}`},
		{"empty objects", `{"a":{}}`, `{"a":{}}`, `{}`},
		{"scalar to empty object", `{"a":1}`, `{"a":{}}`, `{"a":{}}`},
		{"object emptied", `{"a":{"x":1}}`, `{"a":{}}`, `{"a":{"x":null}}`},
		{"null original", `null`, `{"a":1}`, `{"a":1}`},
		{"null modified", `{"a":1}`, `null`, `{"a":null}`},
		{"document lists", `[{"a":1},{"b":1},null]`, `[{"a":2},{"b":1},{"c":1}]`, `[{"a":2},{},{"c":1}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, copies := parseAll(t, tt.original, tt.modified)
			got, err := TwoWay(nodes[0], nodes[1])
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, got, tt.want)
			checkUnchanged(t, nodes, copies)
		})
	}
}

func TestTwoWayErrors(t *testing.T) {
	tests := []struct {
		name, original, modified string
		want                     error
	}{
		{"no original", "", `{}`, ErrBadDocument},
		{"no modified", `{}`, "", ErrBadDocument},
		{"scalar", `"x"`, `{}`, ErrBadDocument},
		{"one list", `{}`, `[]`, ErrMismatchedTypes},
		{"no original, a list", "", `[]`, ErrMismatchedTypes},
		{"list lengths", `[{}]`, `[]`, ErrBadDocument},
		{"list of scalars", `[1]`, `[2]`, ErrBadDocument},
		{"NaN", `{}`, `{"a":.nan}`, ErrNotJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TwoWay(parse(t, tt.original), parse(t, tt.modified))
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, %v; want error %v", got, err, tt.want)
			}
		})
	}
}
