package jsonmerge

import (
	"errors"
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		name, target, patch, want string
	}{
		// RFC 7386, appendix A, where the reference agrees with it.
		{"replace", `{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{"add", `{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{"remove", `{"a":"b"}`, `{"a":null}`, `{}`},
		{"remove one", `{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{"list by scalar", `{"a":["b"]}`, `{"a":"c"}`, `{"a":"c"}`},
		{"scalar by list", `{"a":"c"}`, `{"a":["b"]}`, `{"a":["b"]}`},
		{"nested", `{"a":{"b":"c"}}`, `{"a":{"b":"d","c":null}}`, `{"a":{"b":"d"}}`},
		{"list whole", `{"a":[{"b":"c"}]}`, `{"a":[1]}`, `{"a":[1]}`},
		{"lists", `["a","b"]`, `["c","d"]`, `["c","d"]`},
		{"object by list", `{"a":"b"}`, `["c"]`, `["c"]`},
		{"null kept", `{"e":null}`, `{"a":1}`, `{"e":null,"a":1}`},
		{"list by object", `[1,2]`, `{"a":"b","c":null}`, `{"a":"b"}`},
		{"deep new", `{}`, `{"a":{"bb":{"ccc":null}}}`, `{"a":{"bb":{}}}`},
		// The reference's own rules.
		{"order kept", `{"b":1,"a":2}`, `{"c":3,"a":4}`, `{"b":1,"a":4,"c":3}`},
		{"into null", `{"a":null}`, `{"a":{"b":null,"c":1}}`, `{"a":{"c":1}}`},
		{"list into object kept whole", `{"a":{"x":1}}`, `{"a":[{"y":null}]}`, `{"a":[{"y":null}]}`},
		{"list into scalar pruned", `{"a":1}`, `{"a":[{"y":null},null]}`, `{"a":[{},null]}`},
		{"new list pruned", `{}`, `{"a":[{"y":null,"z":[{"w":null}]}]}`, `{"a":[{"z":[{}]}]}`},
		{"list patch pruned", `{"a":1}`, `[{"a":null},null,[{"b":null}]]`, `[{},null,[{}]]`},
		{"object on scalar", `"text"`, `{"a":null,"b":{"c":null}}`, `{"b":{}}`},
		{"empty patch", `{"a":1}`, `{}`, `{"a":1}`},
		{"numbers", `{"a":1}`, `{"a":1.0}`, `{"a":1.0}`},
		{"remove absent", `{"a":1}`, `{"b":null}`, `{"a":1}`},
		{"merge deep", `{"s":{"a":{"x":1,"y":2},"b":3}}`, `{"s":{"a":{"y":null,"z":4},"c":5}}`,
			`{"s":{"a":{"x":1,"z":4},"b":3,"c":5}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, copies := parseAll(t, tt.target, tt.patch)
			got, err := Apply(nodes[0], nodes[1])
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, got, tt.want)
			checkUnchanged(t, nodes, copies)
		})
	}
}

func TestApplyErrors(t *testing.T) {
	tests := []struct {
		name, target, patch string
		want                error
	}{
		{"no target", "", `{}`, ErrBadDocument},
		{"no patch", `{}`, "", ErrBadPatch},
		{"null target", `null`, `{}`, ErrBadDocument},
		{"null patch", `{}`, `null`, ErrBadPatch},
		{"null both", `null`, `1`, ErrBadDocument},
		{"scalar patch", `{"a":1}`, `"bar"`, ErrBadPatch},
		{"scalar on scalar", `1`, `2`, ErrBadPatch},
		{"infinite", `{"a":.inf}`, `{}`, ErrNotJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Apply(parse(t, tt.target), parse(t, tt.patch))
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, %v; want error %v", got, err, tt.want)
			}
			var inputErr *InputError
			if !errors.As(err, &inputErr) {
				t.Errorf("error %T is not an *InputError", err)
			}
		})
	}
}

func TestApplyPositions(t *testing.T) {
	target := parse(t, "a: 1\nb:\n  c: 2\n")
	patch := parse(t, "b:\n  d: 3\ne: 4\n")
	got, err := Apply(target, patch)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		path []string
		line int
	}{{[]string{"a"}, 1}, {[]string{"b", "c"}, 3}, {[]string{"b", "d"}, 2}, {[]string{"e"}, 3}}
	for _, c := range checks {
		if line := got.Lookup(c.path...).Pos.Line; line != c.line {
			t.Errorf("%v: line %d, want %d", c.path, line, c.line)
		}
	}
}

func TestInputErrorMessage(t *testing.T) {
	_, err := Apply(parse(t, "a: 1\n"), parse(t, "\n\"text\"\n"))
	want := `updated:2:1: patch: invalid JSON merge patch: a merge patch must be an object or a list`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
