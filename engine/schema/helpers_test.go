package schema

import (
	"strings"
	"testing"
)

// dedent removes the indentation of the first non-empty line from every line of a tab-indented
// literal, and the leading newline, so that YAML can sit indented in Go source.
func dedent(text string) string {
	text = strings.TrimPrefix(text, "\n")
	lines := strings.Split(text, "\n")
	indent := ""
	for _, line := range lines {
		if strings.TrimSpace(line) != "" {
			indent = line[:len(line)-len(strings.TrimLeft(line, "\t"))]
			break
		}
	}
	for i, line := range lines {
		if strings.TrimSpace(line) == "" {
			lines[i] = ""
			continue
		}
		lines[i] = strings.TrimPrefix(line, indent)
	}
	return strings.Join(lines, "\n")
}

// mustLoad loads a schema or fails the test.
func mustLoad(t *testing.T, text string, base *Set) *Set {
	t.Helper()
	set, err := Load(text, base)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return set
}

// mustBuiltin returns the built-in schema or fails the test.
func mustBuiltin(t testing.TB) *Set {
	t.Helper()
	set, err := Builtin()
	if err != nil {
		t.Fatalf("Builtin: %v", err)
	}
	return set
}

// view is what a test expects of a field: both views.
type view struct {
	kind     Kind
	strategy PatchStrategy
	mergeKey string
	listType ListType
	keys     []string
	mapType  MapType
}

// viewOf returns the view of a field and its type.
func viewOf(f *Field, t *Type) view {
	v := view{kind: t.Kind, listType: t.ListType, mapType: t.MapType}
	if t.ListType == ListMap {
		v.keys = t.Keys
	}
	if f != nil {
		v.strategy, v.mergeKey = f.Strategy, f.MergeKey
	}
	return v
}

// String formats a view for messages.
func (v view) String() string {
	return v.kind.String() + " strategy=" + quote(v.strategy.String()) + " key=" + quote(v.mergeKey) +
		" list=" + v.listType.String() + " keys=[" + strings.Join(v.keys, ",") + "] map=" + v.mapType.String()
}
