package answerjson

import (
	"strings"
	"testing"
)

// TestExpandJSON reads answers and deltas of both versions: the marks they carry named in full,
// the names gone, a step's with its own names; a mark that names no name is refused.
func TestExpandJSON(t *testing.T) {
	const names = `"names":{"resources":["v1/ConfigMap/default/a"],"paths":[".a",".b"],"reasons":["why"],"rules":["apply/added"]}`
	for _, tt := range []struct{ name, in, want, err string }{
		{"whole", `{"version":2,"fields":[{"resource":0,"path":1,"mark":"added","line":1,"endLine":0,"reason":0,"rule":0}],` + names + `,"steps":[]}`,
			`{"fields":[{"endLine":0,"line":1,"mark":"added","path":".b","reason":"why","resource":"v1/ConfigMap/default/a","rule":"apply/added"}],"steps":[],"version":2}`, ""},
		{"a delta's inserted marks", `{"version":2,"delta":{"since":1,"answer":2},"fields":{"edits":[{"keep":3},{"items":[{"resource":0,"path":0,"reason":0,"rule":0}]}]},` + names + `}`,
			`{"delta":{"answer":2,"since":1},"fields":{"edits":[{"keep":3},{"items":[{"path":".a","reason":"why","resource":"v1/ConfigMap/default/a","rule":"apply/added"}]}]},"version":2}`, ""},
		{"a step's own names", `{"version":2,"fields":[],"names":{"resources":[],"paths":[],"reasons":[],"rules":[]},"steps":[{"fields":[{"resource":0,"path":0,"reason":0,"rule":0}],` + names + `}]}`,
			`{"fields":[],"steps":[{"fields":[{"path":".a","reason":"why","resource":"v1/ConfigMap/default/a","rule":"apply/added"}]}],"version":2}`, ""},
		{"version 1", `{"version":1,"fields":[{"resource":"r","path":".a","reason":"x","rule":"y"}],"steps":[]}`,
			`{"fields":[{"path":".a","reason":"x","resource":"r","rule":"y"}],"steps":[],"version":1}`, ""},
		{"an index past the names", `{"fields":[{"resource":0,"path":2,"reason":0,"rule":0}],` + names + `}`, "", "path is not an index"},
		{"a string for an index", `{"fields":[{"resource":"r","path":0,"reason":0,"rule":0}],` + names + `}`, "", "resource is not an index"},
		{"names without a table", `{"fields":[],"names":{"resources":[]}}`, "", "names.paths"},
	} {
		got, err := ExpandJSON([]byte(tt.in))
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		case tt.err == "" && (err != nil || string(got) != tt.want):
			t.Errorf("%s:\ngot  %s, %v\nwant %s", tt.name, got, err, tt.want)
		}
	}
}
