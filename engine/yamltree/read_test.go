package yamltree

import (
	"strings"
	"testing"
)

// at follows a path of keys and item indexes ("spec", "0", "name") from a root.
func at(t *testing.T, root *Node, path ...string) *Node {
	t.Helper()
	n := root
	for _, p := range path {
		switch {
		case n.IsMap():
			n = n.Get(p)
		case n.IsList():
			i := int(p[0] - '0')
			n = n.Items[i]
		default:
			t.Fatalf("no %q under %v", p, n)
		}
		if n == nil {
			t.Fatalf("no %q", p)
		}
	}
	return n
}

// TestEndPositions checks where each kind of node ends: just past its last character.
func TestEndPositions(t *testing.T) {
	text := "a: plain text # c\n" + // 1
		"b: 'quoted'\n" + // 2
		"c: \"two\n  lines\"\n" + // 3-4
		"d: |\n  block\n  text\n\n" + // 5-8
		"e: [1, {f: 2}]\n" + // 9
		"g:\n  - x\n  - y: z\n" + // 10-12
		"h: folded\n  plain\n" + // 13-14
		"i:\n" + // 15
		"j: *k\n" // 16 (an alias, below)
	text = "k: &k v\n" + text
	root := parseOne(t, text, YAML11)
	for _, tt := range []struct {
		path     []string
		pos, end string
	}{
		{[]string{"a"}, "2:4", "2:14"},
		{[]string{"b"}, "3:4", "3:12"},
		{[]string{"c"}, "4:4", "5:9"},
		{[]string{"d"}, "6:4", "8:7"},
		{[]string{"e"}, "10:4", "10:15"},
		{[]string{"e", "1"}, "10:8", "10:14"},
		{[]string{"g"}, "12:3", "13:9"},
		{[]string{"g", "1"}, "13:5", "13:9"},
		{[]string{"h"}, "14:4", "15:8"},
		{[]string{"i"}, "16:3", "16:3"},
		{[]string{"j"}, "17:4", "17:6"},
	} {
		n := at(t, root, tt.path...)
		got := strings.TrimPrefix(n.Pos.String(), "live:") + " " + strings.TrimPrefix(n.End.String(), "live:")
		if want := tt.pos + " " + tt.end; got != want {
			t.Errorf("%v: at %s, want %s", tt.path, got, want)
		}
	}
	if got := strings.TrimPrefix(root.End.String(), "live:"); got != "17:6" {
		t.Errorf("root ends at %s, want 17:6", got)
	}
}

// TestAnchorsAndAliases checks that anchors are named on their nodes and aliases on the copies
// read for them, placed where the alias is written.
func TestAnchorsAndAliases(t *testing.T) {
	root := parseOne(t, "a: &x {b: 1} # on a\nc: *x # on c\nd: [&y 2, *y]\n", YAML12)
	a, c := root.Get("a"), root.Get("c")
	if a.Anchor() != "x" || a.Alias() != "" || c.Anchor() != "" || c.Alias() != "x" {
		t.Errorf("a: anchor %q alias %q; c: anchor %q alias %q", a.Anchor(), a.Alias(), c.Anchor(), c.Alias())
	}
	if !Equal(a, c) || c.Pos.Line != 2 || c.Comments().Line != "# on c" {
		t.Errorf("the alias's copy: %v at %s, comment %q", c, c.Pos, c.Comments().Line)
	}
	d := root.Get("d")
	if d.Items[0].Anchor() != "y" || d.Items[1].Alias() != "y" || d.Items[1].Value != "2" {
		t.Errorf("d: %+v, %+v", d.Items[0], d.Items[1])
	}
}

// TestFlowComments checks that comments inside flow collections are kept where kyaml puts them
// (observed with kyaml v0.21.2): on an entry's line its value's Line comment, on a line of their
// own the Head comment of the next entry, before the closing bracket the Foot comment of the
// last key or item.
func TestFlowComments(t *testing.T) {
	root := parseOne(t, "a: [1, # one\n  # above two\n  2\n  # after two\n  ] # on a\nb: {x: 1, # on x\n  # above y\n  y: 2\n  # foot\n  }\n", YAML12)
	a, b := root.Get("a"), root.Get("b")
	for _, tt := range []struct{ what, got, want string }{
		{"item 1 line", a.Items[0].Comments().Line, "# one"},
		{"item 2 head", a.Items[1].Comments().Head, "# above two"},
		{"item 2 foot", a.Items[1].Comments().Foot, "# after two"},
		{"list line", a.Comments().Line, "# on a"},
		{"x's value line", b.Get("x").Comments().Line, "# on x"},
		{"y's key head", b.Fields[1].Key.Comments().Head, "# above y"},
		{"y's key foot", b.Fields[1].Key.Comments().Foot, "# foot"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.what, tt.got, tt.want)
		}
	}
}

// TestKeepBlankLines checks that blank lines inside a comment are kept when asked, as kyaml
// keeps them, and left out by default.
func TestKeepBlankLines(t *testing.T) {
	text := "k:\n  # one\n\n  # two\n  x: 1\n"
	for _, tt := range []struct {
		keep bool
		want string
	}{{false, "# one\n# two"}, {true, "# one\n\n# two"}} {
		root, err := ParseOne(Live, text, Options{KeepBlankLines: tt.keep})
		if err != nil {
			t.Fatal(err)
		}
		if got := root.Get("k").Fields[0].Key.Comments().Head; got != tt.want {
			t.Errorf("keep %v: %q, want %q", tt.keep, got, tt.want)
		}
	}
}

// TestMergeKeyRules checks "<<": a merge key under YAML 1.1, as kubectl reads it, where a value
// that is not a map is refused; under YAML 1.2 an ordinary key whatever its value, as kyaml
// reads it.
func TestMergeKeyRules(t *testing.T) {
	if _, err := ParseOne(Live, "<<: 5\na: 1\n", Options{}); err == nil || !strings.Contains(err.Error(), "merge key") {
		t.Errorf("YAML 1.1: got %v, want a refusal", err)
	}
	root, err := ParseOne(Live, "<<: 5\na: 1\n", Options{Rules: YAML12})
	if err != nil || root.Get("<<").Value != "5" {
		t.Errorf("YAML 1.2: got %v (%v), want an ordinary key", root, err)
	}
	root, err = ParseOne(Live, "b: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n", Options{Rules: YAML12})
	if err != nil || strings.Join(root.Get("c").Keys(), ",") != "<<,y" || root.Lookup("c", "<<").Alias() != "b" {
		t.Errorf("YAML 1.2 merge of a map: %v (%v), want an ordinary key holding the alias", root, err)
	}
}

// TestReadErrors checks the place and words of errors the reader finds.
func TestReadErrors(t *testing.T) {
	tests := []struct{ text, at, message string }{
		{"a: b: c\n", "1:5", "mapping values are not allowed"},
		{"a: x\n  bad: indent\n", "2:6", "mapping values are not allowed"},
		{"a: 1\nb\nc: 2\n", "2:1", "could not find expected ':'"},
		{"a:\n  b: 1\n c: 2\n", "3:2", "unexpected content"},
		{"a: [1, 2\nb: 3\n", "2:2", "did not find expected ',' or ']'"},
		{"a: {b: 1\nc: 3\n", "2:2", "did not find expected ',' or '}'"},
		{"a: [1, 2\n", "2:1", "opens at line 1, column 4 never closes"},
		{"a: 'open\nb: 3\n", "3:1", "opens at line 1, column 4 never closes"},
		{"a: \"open\nb: 3\n---\nc: 1\n", "3:1", "found unexpected end of stream"},
		{"a: [a]]\n", "1:7", "closes no flow collection"},
		{"a: - x\n", "1:4", "block sequence entries are not allowed"},
		{"a: |x\n  y\n", "1:5", "did not find expected comment or line break"},
		{"a:\n\t- tab\n", "2:1", "a tab cannot indent"},
		{"- a\nb: 1\n", "2:1", "a key where a list item was expected"},
		{"a: 1\n- b\n", "2:1", "a list item cannot start here"},
		{"a: &x 1\nb: *y\n", "2:4", "alias *y refers to no anchor"},
		{"[a]: 1\n", "1:1", "only scalar map keys"},
		{"a: {b: 1, , c: 2}\n", "1:11", "an empty entry"},
		{"a: \"\\q\"\n", "1:5", "unknown escape"},
	}
	for _, tt := range tests {
		_, err := Parse(Live, tt.text, Options{})
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: got %v, want an error at %s", tt.text, err, tt.at)
			continue
		}
		if at := strings.TrimPrefix(e.Error(), "live:"); !strings.HasPrefix(at, tt.at+":") || !strings.Contains(e.Message, tt.message) {
			t.Errorf("%q: got %v, want live:%s with %q", tt.text, e, tt.at, tt.message)
		}
	}
}
