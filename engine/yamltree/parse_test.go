package yamltree

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestResolve(t *testing.T) {
	tests := []struct {
		text    string
		yaml11  Tag
		yaml12  Tag
		canon11 string
	}{
		{"on", BoolTag, StrTag, "true"},
		{"Off", BoolTag, StrTag, "false"},
		{"yes", BoolTag, StrTag, "true"},
		{"y", BoolTag, StrTag, "true"},
		{"N", BoolTag, StrTag, "false"},
		{"true", BoolTag, BoolTag, "true"},
		{"FALSE", BoolTag, BoolTag, "false"},
		{"0755", IntTag, IntTag, "493"},
		{"0o17", IntTag, IntTag, "15"},
		{"0x1F", IntTag, IntTag, "31"},
		{"0b101", IntTag, IntTag, "5"},
		{"1_000", IntTag, IntTag, "1000"},
		{"+12", IntTag, IntTag, "12"},
		{"08", FloatTag, FloatTag, "8"},
		{"1.50", FloatTag, FloatTag, "1.5"},
		{"1e3", FloatTag, FloatTag, "1000"},
		{".5", FloatTag, FloatTag, "0.5"},
		{".inf", FloatTag, FloatTag, ".inf"},
		{"-.Inf", FloatTag, FloatTag, "-.inf"},
		{".nan", FloatTag, FloatTag, ".nan"},
		{"~", NullTag, NullTag, "null"},
		{"null", NullTag, NullTag, "null"},
		{"", NullTag, NullTag, "null"},
		{"2024-01-02", StrTag, StrTag, "2024-01-02"},
		{"2001-12-14t21:59:43.10-05:00", StrTag, StrTag, "2001-12-14t21:59:43.10-05:00"},
		{"1.2.3", StrTag, StrTag, "1.2.3"},
		{"500m", StrTag, StrTag, "500m"},
		{"-", StrTag, StrTag, "-"},
		{"nginx:1.7", StrTag, StrTag, "nginx:1.7"},
	}
	for _, tt := range tests {
		if got := YAML11.Resolve(tt.text); got != tt.yaml11 {
			t.Errorf("YAML 1.1 %q: got %v, want %v", tt.text, got, tt.yaml11)
		}
		if got := YAML12.Resolve(tt.text); got != tt.yaml12 {
			t.Errorf("YAML 1.2 %q: got %v, want %v", tt.text, got, tt.yaml12)
		}
		if got := NewScalar(tt.yaml11, tt.text).Canonical(); got != tt.canon11 {
			t.Errorf("canonical %q: got %q, want %q", tt.text, got, tt.canon11)
		}
	}
}

func TestKeysUnderYAML11(t *testing.T) {
	root := parseOne(t, "on: 1\n0x10: 2\n'on': 3\n", YAML11)
	if got := strings.Join(root.Keys(), ","); got != "true,16,on" {
		t.Errorf("keys: got %s", got)
	}
	root = parseOne(t, "on: 1\n0x10: 2\n", YAML12)
	if got := strings.Join(root.Keys(), ","); got != "on,0x10" {
		t.Errorf("keys: got %s", got)
	}
}

// TestAdjacentSeparators checks that no document is lost after "---\n---" (goccy/go-yaml, which
// this package once read through, dropped them).
func TestAdjacentSeparators(t *testing.T) {
	tests := []struct {
		text  string
		roots int
		lines []int
	}{
		{"a: 1\n---\n---\nb: 2\n", 2, []int{1, 4}},
		{"---\n---\n---\na: 1\n---\nb: 2\n", 2, []int{4, 6}},
		{"a: 1\n---\n---\n---\nb: 2\n---\n---\nc: 3\n", 3, []int{1, 5, 8}},
		{"a: 1\n...\n---\nb: 2\n...\nc: 3\n", 3, []int{1, 4, 6}},
		{"--- # comment\na: 1\n---\t\nb: 2\n", 2, []int{2, 4}},
		{"a: |\n  ---x\n---\nb: 2\n", 2, []int{1, 4}},
		{"a: 1\r\n---\r\n---\r\nb: 2\r\n", 2, []int{1, 4}},
	}
	for _, tt := range tests {
		docs, err := Parse(Live, tt.text, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		var lines []int
		for _, d := range docs {
			if d.Root != nil {
				lines = append(lines, d.Root.Pos.Line)
			}
		}
		if len(lines) != tt.roots {
			t.Errorf("%q: got %d documents with content, want %d", tt.text, len(lines), tt.roots)
			continue
		}
		for i := range lines {
			if lines[i] != tt.lines[i] {
				t.Errorf("%q: document %d starts at line %d, want %d", tt.text, i, lines[i], tt.lines[i])
			}
		}
	}
}

// TestKeepChomping guards the trailing lines of "|+" scalars.
func TestKeepChomping(t *testing.T) {
	tests := []struct{ text, want string }{
		{"x: |+\n  keep\n\n\ny: 1\n", "keep\n\n\n"},
		{"x: |+\n  keep\n\n\n", "keep\n\n\n"},
		{"x: |+\n  keep\n", "keep\n"},
		{"x: |+\n  keep", "keep\n"},
		{"x: |+\n  keep\n\n---\ny: 1\n", "keep\n\n"},
		{"l:\n- |+\n  a\n\n- b\n", "a\n\n"},
		{"x: |-\n  keep\n\n", "keep"},
		{"x: |\n  keep\n\n", "keep\n"},
	}
	for _, tt := range tests {
		docs, err := Parse(Live, tt.text, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		root := docs[0].Root
		v := root.Get("x")
		if v == nil {
			v = root.Get("l").Items[0]
		}
		if v.Value != tt.want {
			t.Errorf("%q: got %q, want %q", tt.text, v.Value, tt.want)
		}
		out, _ := Emit(docs[:1])
		if back := parseOne(t, out, YAML11); !Equal(back, root) {
			t.Errorf("%q: emitted %q reads back as %v", tt.text, out, back)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		text         string
		line, column int
		message      string
	}{
		{"apiVersion: v1\nkind: Pod\nmetadata: [\n", 4, 1, "opens at line 3, column 11 never closes"},
		{"a: 1\nb: 2\na: 3\n", 3, 1, `duplicate key "a": first defined at line 1, column 1`},
		{"a: 1\n---\nb: *missing\n", 3, 4, "alias *missing"},
		{"a:\n  b: 1\n c: 2\n", 3, 0, ""},
		{"? [a, b]\n: c\n", 1, 3, "only scalar map keys are supported"},
		{"a:\n\tb: 1\n", 2, 1, "a tab cannot indent YAML"},
		{"a: 1\nb: \"x\xffy\"\n", 2, 6, "invalid UTF-8 (byte 0xff)"},
	}
	for _, tt := range tests {
		_, err := Parse(Live, tt.text, Options{})
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("%q: got %v (%T), want *Error", tt.text, err, err)
			continue
		}
		if e.Input != Live || e.Line != tt.line || (tt.column > 0 && e.Column != tt.column) {
			t.Errorf("%q: got %s, want live:%d:%d", tt.text, e, tt.line, tt.column)
		}
		if !strings.Contains(e.Message, tt.message) {
			t.Errorf("%q: message %q lacks %q", tt.text, e.Message, tt.message)
		}
	}
}

func TestBounds(t *testing.T) {
	many := strings.Repeat("a: 1\n---\n", 20)
	if _, err := Parse(Live, many, Options{MaxDocuments: 10}); err == nil || !strings.Contains(err.Error(), "more than 10 documents") {
		t.Errorf("documents bound: got %v", err)
	}
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	if _, err := Parse(Live, bomb, Options{MaxNodes: 10000}); err == nil || !strings.Contains(err.Error(), "more than 10000 nodes") {
		t.Errorf("alias bomb: got %v", err)
	}
	deep := strings.Repeat("[", 50) + strings.Repeat("]", 50)
	if _, err := Parse(Live, deep, Options{MaxDepth: 20}); err == nil || !strings.Contains(err.Error(), "deeper than 20") {
		t.Errorf("deep nesting: got %v", err)
	}
}

func TestPositionsAndComments(t *testing.T) {
	text := "# head\napiVersion: v1 # the version\nmetadata: # md\n  name: x\nlist:\n  # first\n  - a\n  - b: 1\n    c: 2\n"
	root := parseOne(t, text, YAML11)
	check := func(what string, n *Node, line, col int) {
		t.Helper()
		if n.Pos.Line != line || n.Pos.Column != col {
			t.Errorf("%s at %d:%d, want %d:%d", what, n.Pos.Line, n.Pos.Column, line, col)
		}
	}
	check("apiVersion value", root.Get("apiVersion"), 2, 13)
	check("metadata map", root.Get("metadata"), 4, 3)
	check("name value", root.Lookup("metadata", "name"), 4, 9)
	check("second item", root.Get("list").Items[1], 8, 5)
	check("c value", root.Get("list").Items[1].Get("c"), 9, 8)
	if got := root.Fields[0].Key.Comments().Head; got != "# head" {
		t.Errorf("head comment: %q", got)
	}
	if got := root.Get("apiVersion").Comments().Line; got != "# the version" {
		t.Errorf("line comment: %q", got)
	}
	if got := root.Get("metadata").Comments().Line; got != "# md" {
		t.Errorf("map line comment: %q", got)
	}
	if got := root.Get("list").Items[0].Comments().Head; got != "# first" {
		t.Errorf("item head comment: %q", got)
	}
	if !root.Get("list").IndentedItems {
		t.Errorf("indented list not recorded")
	}
	out, layout := Emit([]*Document{{Root: root}})
	if out != text {
		t.Errorf("layout not kept:\n%s", out)
	}
	if got := layout.Line(root.Lookup("metadata", "name")); got != 4 {
		t.Errorf("layout line of name: %d", got)
	}
}

func TestMergeKeys(t *testing.T) {
	root := parseOne(t, "base: &b {x: 1, y: 2}\nmore: &m {z: 3, x: 9}\nd:\n  <<: [*b, *m]\n  y: 5\n", YAML11)
	want := parseOne(t, "base: {x: 1, y: 2}\nmore: {z: 3, x: 9}\nd: {x: 1, y: 5, z: 3}\n", YAML11)
	if !Equal(root, want) {
		t.Errorf("merge keys: got %v", root)
	}
}

func TestQuotingKeepsValues(t *testing.T) {
	for _, s := range []string{"on", "yes", "0755", "1.0", "null", "~", "", " lead", "trail ", "a: b", "#x", "- x", "-x", "a #b",
		"[x]", "{x}", "postgres://db:5432/app?x=1&y=2", "*x", "&x", "!x", "%x", "@x", "`x", "'q'", "\"q\"", "multi\nline", "multi\nline\n", "tab\t", "---", "<<", "2024-01-02", "\x01"} {
		n := &Node{Kind: MapNode, Fields: []Field{{Key: NewString(s), Value: NewString(s)}}}
		out := EmitNode(n)
		for _, rules := range []Rules{YAML11, YAML12} {
			back := parseOne(t, out, rules)
			if !Equal(back, n) {
				t.Errorf("%q under %v: emitted %q, read back %v", s, rules, out, back)
			}
		}
	}
}

func TestJSON(t *testing.T) {
	root := parseOne(t, "b: [1, 1.50, 0x10, on, ~, \"<x>\"]\na: {z: 1, w: 2}\n", YAML11)
	got, err := JSON(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"b":[1,1.5,16,true,null,"\u003cx\u003e"],"a":{"z":1,"w":2}}`; got != want {
		t.Errorf("JSON: got %s, want %s", got, want)
	}
	sorted, _ := SortedJSON(root)
	if want := `{"a":{"w":2,"z":1},"b":[1,1.5,16,true,null,"\u003cx\u003e"]}`; sorted != want {
		t.Errorf("sorted JSON: got %s", sorted)
	}
	back := parseOne(t, got, YAML11)
	if !Equal(back, root) {
		t.Errorf("JSON does not read back: %v", back)
	}
	if _, err := JSON(parseOne(t, "x: .inf\n", YAML12)); err == nil {
		t.Errorf("infinity accepted as JSON")
	}
}

func parseOne(t *testing.T, text string, rules Rules) *Node {
	t.Helper()
	n, err := ParseOne(Live, text, Options{Rules: rules})
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return n
}

// TestExpansionBombsAreRefusedBeforeBuilding checks that the node budget is counted on the
// document before it is built: an alias or merge-key bomb is refused at the alias that passes
// the budget, and an input just under the budget is read.
func TestExpansionBombsAreRefusedBeforeBuilding(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line       int
	}{
		{"aliases", "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n", 3},
		{"merge keys", "a: &a {k0: 0, k1: 1, k2: 2, k3: 3, k4: 4}\nb: &b {x: [*a, *a, *a, *a, *a], <<: *a}\nc: {y: [*b, *b, *b, *b, *b], <<: *b}\n", 3},
	} {
		_, err := Parse(Live, tt.text, Options{MaxNodes: 300})
		e, ok := err.(*Error)
		if !ok || e.Line != tt.line || !strings.Contains(e.Message, "more than 300 nodes") {
			t.Errorf("%s: got %v, want a refusal at line %d", tt.name, err, tt.line)
		}
		if _, err := Parse(Live, tt.text, Options{MaxNodes: 2000}); err != nil {
			t.Errorf("%s: refused under a budget of 2000: %v", tt.name, err)
		}
	}
}

// TestCloneIsDeepAndIndependent checks that a copy shares nothing with its original and that
// growing one of its slices leaves its neighbours alone (the copy's slices share blocks).
func TestCloneIsDeepAndIndependent(t *testing.T) {
	docs, err := Parse(Live, "a: {b: 1, c: [x, y]}\nd: [1, 2]\ne: {}\nf: []\n", Options{})
	if err != nil {
		t.Fatal(err)
	}
	orig := docs[0].Root
	c := orig.Clone()
	if !Equal(orig, c) {
		t.Fatal("the copy differs")
	}
	c.Fields[0].Value.Fields = append(c.Fields[0].Value.Fields, Field{Key: NewString("z"), Value: NewString("z")})
	c.Fields[0].Value.Fields[1].Value.Items = append(c.Fields[0].Value.Fields[1].Value.Items, NewString("w"))
	c.Fields[1].Value.Items[0].Value = "changed"
	if got := c.Fields[1].Value.Items[0].Value; got != "changed" {
		t.Fatalf("copy: %q", got)
	}
	if len(c.Fields) != 4 || c.Fields[1].Key.Value != "d" || len(c.Fields[1].Value.Items) != 2 || c.Fields[1].Value.Items[1].Value != "2" {
		t.Errorf("appending to one slice of the copy changed another: %+v", c.Fields[1])
	}
	if orig.Fields[1].Value.Items[0].Value != "1" || len(orig.Fields[0].Value.Fields) != 2 || len(orig.Fields[0].Value.Fields[1].Value.Items) != 2 {
		t.Error("changing the copy changed the original")
	}
	if e := orig.Fields[2].Value.Clone(); e.Fields != nil && len(e.Fields) != 0 {
		t.Errorf("empty map: %+v", e)
	}
	if (orig.Fields[3].Value.Items == nil) != (orig.Fields[3].Value.Clone().Items == nil) {
		t.Error("an empty list's nil-ness changed")
	}
}

func TestAbbreviateKeepsWholeCharacters(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"abcdefghijkl", 10, "abcdefg..."},
		{"abcdef€€€€", 10, "abcdef..."}, // a cut at byte 7 would split the first euro sign
		{"abcde€€€€", 10, "abcde..."},   // and here the second
		{"ééééééé", 9, "ééé..."},
	} {
		if got := Abbreviate(tc.in, tc.max); got != tc.want || !utf8.ValidString(got) {
			t.Errorf("Abbreviate(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}

// TestSortedJSONOrdersEveryMap: keys sorted as Go's encoding/json writes a map, for maps in
// order already, out of order, with more keys than the insertion sort takes, and with a key
// written twice (kept in the order the map holds them).
func TestSortedJSONOrdersEveryMap(t *testing.T) {
	var many, manySorted []string
	for i := 40; i > 0; i-- {
		many = append(many, fmt.Sprintf("k%02d: %d", i, i))
	}
	for i := 1; i <= 40; i++ {
		manySorted = append(manySorted, fmt.Sprintf(`"k%02d":%d`, i, i))
	}
	for _, c := range []struct{ in, want string }{
		{"a: 1\nb: 2\n", `{"a":1,"b":2}`},
		{"b: 1\na: 2\nc: {z: 1, y: 2}\n", `{"a":2,"b":1,"c":{"y":2,"z":1}}`},
		{"{" + strings.Join(many, ", ") + "}\n", "{" + strings.Join(manySorted, ",") + "}"},
		{"[{b: 1, a: 2}, {d: 1, c: 2}]\n", `[{"a":2,"b":1},{"c":2,"d":1}]`},
	} {
		got, err := SortedJSON(parseOne(t, c.in, YAML12))
		if err != nil || got != c.want {
			t.Errorf("SortedJSON(%q) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	twice := parseOne(t, "b: 1\na: first\nc: second\n", YAML12)
	twice.Fields[2].Key.Value = "a"
	if got, _ := SortedJSON(twice); got != `{"a":"first","a":"second","b":1}` {
		t.Errorf("a key written twice: %s", got)
	}
}
