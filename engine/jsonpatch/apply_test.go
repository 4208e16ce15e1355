package jsonpatch

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

const doc = `{"a": {"b": 1, "c": [1, 2, 3]}, "d": "x"}`

func parse(t *testing.T, name yamltree.Input, text string) *yamltree.Node {
	t.Helper()
	docs, err := yamltree.Parse(name, text, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil || len(docs) != 1 {
		t.Fatalf("%s: %v", text, err)
	}
	return docs[0].Root
}

// TestApply: each case's result as the library gives it (observed with
// gopkg.in/evanphx/json-patch.v4 v4.13.0, scripts/conformance/patchdiff), or the error's words.
func TestApply(t *testing.T) {
	tests := []struct{ patch, want, err string }{
		{`[{"op": add, "path": /a/e, "value": 2}]`, `{"a":{"b":1,"c":[1,2,3],"e":2},"d":"x"}`, ""},
		{`[{"op": add, "path": /a/c/-, "value": 4}]`, `{"a":{"b":1,"c":[1,2,3,4]},"d":"x"}`, ""},
		{`[{"op": add, "path": /a/c/3, "value": 4}]`, `{"a":{"b":1,"c":[1,2,3,4]},"d":"x"}`, ""},
		{`[{"op": add, "path": /a/c/4, "value": 4}]`, "", "add inserts at most at index 3"},
		{`[{"op": add, "path": /a/c/-1, "value": 4}]`, `{"a":{"b":1,"c":[1,2,3,4]},"d":"x"}`, ""},
		{`[{"op": add, "path": /a/c/-4, "value": 9}]`, `{"a":{"b":1,"c":[9,1,2,3]},"d":"x"}`, ""},
		{`[{"op": add, "path": /a/c/01, "value": 4}]`, `{"a":{"b":1,"c":[1,4,2,3]},"d":"x"}`, ""},
		{`[{"op": add, "path": "/a/c/+1", "value": 1}]`, `{"a":{"b":1,"c":[1,1,2,3]},"d":"x"}`, ""},
		{`[{"op": add, "path": "/a/c/1e0", "value": 1}]`, "", "is not a list index"},
		{`[{"op": add, "path": /x/y, "value": 4}]`, "", "the path's parent is missing"},
		{`[{"op": add, "path": "", "value": 4}]`, "", "add cannot replace the whole document"},
		{`[{"op": add, "path": a, "value": 4}]`, "", "does not start with"},
		{`[{"op": add, "path": /a/b/c, "value": 4}]`, "", "/a/b is a scalar"},
		{`[{"op": add, "path": /d/0, "value": 1}]`, "", "/d is a scalar"},
		{`[{"op": add, "path": /a/q}]`, `{"a":{"b":1,"c":[1,2,3],"q":null},"d":"x"}`, ""},
		{`[{"op": add, "path": "/a~1b", "value": 1}]`, `{"a":{"b":1,"c":[1,2,3]},"a/b":1,"d":"x"}`, ""},
		{`[{"op": add, "path": "/a~2b", "value": 1}]`, `{"a":{"b":1,"c":[1,2,3]},"a~2b":1,"d":"x"}`, ""},
		{`[{"op": add, "path": "/a/", "value": 1}]`, `{"a":{"":1,"b":1,"c":[1,2,3]},"d":"x"}`, ""},
		{`[{"op": remove, "path": /a/z}]`, "", "nothing to remove"},
		{`[{"op": remove, "path": /a/c/5}]`, "", "no item 5 to remove"},
		{`[{"op": remove, "path": /a/c/-1}]`, `{"a":{"b":1,"c":[1,2]},"d":"x"}`, ""},
		{`[{"op": remove, "path": /a/c/-}]`, "", "is not a list index"},
		{`[{"op": remove, "path": ""}]`, "", "cannot remove the whole document"},
		{`[{"op": remove, "path": /a/b, "value": 3}]`, `{"a":{"c":[1,2,3]},"d":"x"}`, ""},
		{`[{"op": replace, "path": /a/z, "value": 1}]`, `{"a":{"b":1,"c":[1,2,3],"z":1},"d":"x"}`, ""},
		{`[{"op": replace, "path": /a/c/3, "value": 1}]`, "", "no item 3 to replace"},
		{`[{"op": replace, "path": "", "value": {"q": 1}}]`, `{"q":1}`, ""},
		{`[{"op": move, "from": /a/b, "path": /a/c/0}]`, `{"a":{"c":[1,1,2,3]},"d":"x"}`, ""},
		{`[{"op": move, "from": /a, "path": /a/q}]`, "", "the path's parent is missing"},
		{`[{"op": move, "from": /z, "path": /q}]`, "", "nothing to remove"},
		{`[{"op": move, "from": /a/c/0, "path": /a/c/-}]`, `{"a":{"b":1,"c":[2,3,1]},"d":"x"}`, ""},
		{`[{"op": copy, "from": /a/c, "path": /q}]`, `{"a":{"b":1,"c":[1,2,3]},"d":"x","q":[1,2,3]}`, ""},
		{`[{"op": copy, "from": /z, "path": /q}]`, `{"a":{"b":1,"c":[1,2,3]},"d":"x","q":null}`, ""},
		{`[{"op": copy, "from": /a/c/-, "path": /q}]`, "", "is not a list index"},
		{`[{"op": test, "path": /a/b, "value": 1}]`, `{"a":{"b":1,"c":[1,2,3]},"d":"x"}`, ""},
		{`[{"op": test, "path": /a/b, "value": 2}]`, "", "the test fails: /a/b holds 1, not 2"},
		{`[{"op": test, "path": /a/z, "value": null}]`, `{"a":{"b":1,"c":[1,2,3]},"d":"x"}`, ""},
		{`[{"op": test, "path": /a/z, "value": 1}]`, "", "the test fails"},
		{`[{"op": test, "path": /a/b}]`, "", "the test fails"},
		{`[{"op": test, "path": "", "value": {"d": "x", "a": {"c": [1, 2, 3], "b": 1}}}]`, doc, ""},
		{`[{"op": bogus, "path": /a/b}]`, "", "unknown op \"bogus\""},
		{`[{"path": /a/b}]`, "", "unknown op \"\""},
		{`[{"op": add, "value": 1}]`, "", "it has no path"},
		{`[{"op": add, "path": 7, "value": 1}]`, "", "it has no path"},
		{`[]`, doc, ""},
		{`[{"op": test, "path": /a/c, "value": [1, null, 3]}]`, "", "the test compares lists holding a null"},
		{`[{"op": test, "path": /a/c, "value": [2, null, 3]}]`, "", "the test fails"},
		{`[{"op": test, "path": /a/c, "value": [null]}]`, "", "the test fails"},
		{`[{"op": test, "path": /a, "value": {"b": 1, "c": [null, 2, 3]}}]`, "", "the test compares lists holding a null"},
		{`[{"op": test, "path": /a, "value": {"b": null, "c": [1, 2, 3]}}]`, "", "the test fails"},
		{`[{"op": add, "path": /n, "value": 1}, {"op": test, "path": /n, "value": 1}, {"op": remove, "path": /d}]`, `{"a":{"b":1,"c":[1,2,3]},"n":1}`, ""},
	}
	for _, tt := range tests {
		patch, err := Read(parse(t, yamltree.Updated, tt.patch))
		if err != nil {
			t.Errorf("%s: %v", tt.patch, err)
			continue
		}
		got, _, err := Apply(parse(t, yamltree.Live, doc), patch)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one saying %q", tt.patch, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.patch, err)
		case tt.err == "" && !yamltree.Equal(got, parse(t, yamltree.Live, tt.want)):
			t.Errorf("%s: got %s, want %s", tt.patch, yamltree.EmitNode(got), tt.want)
		}
	}
}

// TestErrorsNameTheOperation: an error is at the line of the pointer that failed and names the
// operation by number.
func TestErrorsNameTheOperation(t *testing.T) {
	patch, err := Read(parse(t, yamltree.Updated, "- op: add\n  path: /n\n  value: 1\n- op: remove\n  path: /a/z\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Apply(parse(t, yamltree.Live, doc), patch)
	e, ok := err.(*yamltree.Error)
	if !ok || e.Line != 5 || e.Column != 9 || !strings.HasPrefix(e.Message, "operation 2 (remove /a/z): ") {
		t.Errorf("error: %#v", err)
	}
}

func TestReadRefusesWhatIsNoPatch(t *testing.T) {
	for _, text := range []string{`{"op": add}`, `[1]`, `"x"`, `[[1]]`} {
		if _, err := Read(parse(t, yamltree.Updated, text)); err == nil {
			t.Errorf("%s: read", text)
		}
	}
	if p, err := Read(parse(t, yamltree.Updated, "null")); err != nil || len(p) != 0 {
		t.Errorf("null: %v %v", p, err)
	}
	patch, err := Read(parse(t, yamltree.Updated, "[null]"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Apply(parse(t, yamltree.Live, doc), patch); err == nil || !strings.Contains(err.Error(), "unknown op") {
		t.Errorf("[null]: %v", err)
	}
}

// TestApplyLeavesItsInputsAlone: the document and the patch's values are not modified.
func TestApplyLeavesItsInputsAlone(t *testing.T) {
	live := parse(t, yamltree.Live, doc)
	before := yamltree.EmitNode(live)
	root := parse(t, yamltree.Updated, `[{"op": add, "path": /v, "value": {"x": 1}}, {"op": add, "path": /v/y, "value": 2}, {"op": remove, "path": /a/c/0}]`)
	value := yamltree.EmitNode(root)
	patch, _ := Read(root)
	if _, _, err := Apply(live, patch); err != nil {
		t.Fatal(err)
	}
	if yamltree.EmitNode(live) != before || yamltree.EmitNode(root) != value {
		t.Error("Apply modified its inputs")
	}
}
