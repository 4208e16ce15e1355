package ynode

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func read(t *testing.T, text string) *Node {
	t.Helper()
	root, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := ReadDocument(root, NewSource(text))
	return n
}

// TestRoundTrip reads text and writes it back: the expected texts are kyaml's (its ByteReader
// and ByteWriter) on the same input.
func TestRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a:   1\nb: 'x'\nc: \"y\"\n", "a: 1\nb: 'x'\nc: \"y\"\n"},
		{"spec:\n    list:\n        - a\n        - b\n", "spec:\n  list:\n  - a\n  - b\n"},
		{"d: e  # note\n", "d: e # note\n"},
		{"l: # about l\n- x # about x\n# above y\n- y\n", "l: # about l\n- x # about x\n# above y\n- y\n"},
		{"l:\n- # first key\n  name: a\n  image: b\n", "l:\n- # first key\n  name: a\n  image: b\n"},
		{"a:\n  b: [1, 2] # flow\n  c: {} # empty\n", "a:\n  b: [1, 2] # flow\n  c: {} # empty\n"},
		{"a:\n  - x\n# above b\nb: 1\n", "a:\n- x\n# above b\nb: 1\n"},
		{"g: # null\nh: |\n  text\n", "g: # null\nh: |\n  text\n"},
		{"m: \"tab\\there\"\nn: \"\U0001F600\"\n", "m: \"tab\\there\"\nn: \"\\U0001F600\"\n"},
		{"k: |+\n  keep\n\n", "k: |+\n  keep\n\n"},
		// issue 15 item 6, each checked with kyaml through kio (scripts/conformance/merge3diff)
		{"--- # c\n# d\n\n# e\na: 1\n", "# c\n# d\n\n# e\na: 1\n"},
		{"--- # c\na: 1\n", "# c\na: 1\n"},
		{"l:\n- # c\n  # d\n  x\n- # e\n  [1]\n- a\n- # f\n\n  y\n", "l:\n# c\n# d\n- x\n# e\n- [1]\n- a\n# f\n- y\n"},
		{"--- &r\na: 1\n", "&r\na: 1\n"},
		{"--- !!map\na: 1\n", "!!map\na: 1\n"},
		{"a: !<tag:yaml.org,2002:bool> on\nb: !<!foo> bar\nc: !!str\nd: !!str yes\n010: x\n1.5: y\n",
			"a: !!bool on\nb: !foo bar\nc: !!str\nd: !!str yes\n010: x\n1.5: y\n"},
		{"v: [1, 2, # c\n 3]\nw: {\n  # c\n  a: 1\n}\nx: [a, {b: 1,\n  # c\n  c: 2}]\n",
			"v: [1, 2, # c\n  3]\nw: {\n  # c\n  a: 1}\nx: [a, {b: 1,\n    # c\n    c: 2}]\n"},
		{"list:\n- &c\n  name: a\n- &d [1, 2]\n- *c\n- !!str &f x\n- &g !!map\n  q: 1\n&k key: 1\nblk: &b !!map\n  p: 1\n<<: 5\nv: <<\nw: *k\n",
			"list:\n- &c\n  name: a\n- &d [1, 2]\n- *c\n- &f !!str x\n- &g !!map\n  q: 1\n&k key: 1\nblk: &b !!map\n  p: 1\n!!merge <<: 5\nv: !!merge <<\nw: *k\n"},
		// the non-specific tag "!" is not written again, its node typed as if untagged (kyaml's
		// text; issue 20's fuzz inputs tag-before-key and tag-before-key-2)
		{"data:\n  ! k: ! v\n  b: !<!> x\n  c: !\n  d: ! 12\nl:\n- &a ! e: 1\n  f: *a\n- !!str 010: 2\n  g: 3\n",
			"data:\n  k: v\n  b: x\n  c:\n  d: 12\nl:\n- &a e: 1\n  f: *a\n- !!str 010: 2\n  g: 3\n"},
		// plain keys of a flow map typed as a block map's (kyaml: {0: ''}; FuzzMerge3's
		// flow-key-typed); an empty null in a flow map written ''
		{"a: {0, 1.5: x, true: y, null: z, \"2\": w}\n", "a: {0: '', 1.5: x, true: y, null: z, \"2\": w}\n"},
		// an empty key (kyaml; FuzzMerge3's empty-key-quoted)
		{"a: 1\n?\nx:\n  ?\n  : b\n", "a: 1\n'':\nx:\n  '': b\n"},
		// an alias used as a key stays an alias (kyaml v0.21.3; yamldiff's class aliaskeys)
		{"a: &k name\n*k : v\nb: {x: &m a, *m : c}\n", "a: &k name\n*k: v\nb: {x: &m a, *m: c}\n"},
	}
	for _, tt := range tests {
		if got, _ := Emit([]*Node{read(t, tt.in)}); got != tt.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestComments checks that comments land on the nodes kyaml gives them.
func TestComments(t *testing.T) {
	n := read(t, "# top\na: 1 # line a\nb: # on b\n  c: 2\nl:\n- # on name\n  name: x\n")
	ka, va, kb := n.Content[0], n.Content[1], n.Content[2]
	if ka.HeadComment != "# top" || va.LineComment != "# line a" || kb.LineComment != "# on b" {
		t.Errorf("a: %q %q, b: %q", ka.HeadComment, va.LineComment, kb.LineComment)
	}
	item := n.Get("l").Content[0]
	if item.HeadComment != "" || item.Content[0].HeadComment != "# on name" {
		t.Errorf("the item has %q, its first key %q", item.HeadComment, item.Content[0].HeadComment)
	}
}

// TestReaderCorpus reads every text of the reading corpus and wants the trees kyaml read from it
// (testdata/reader.json, recorded by scripts/conformance/merge3diff): kinds, tags, styles,
// values, every comment, and each document's head comment.
func TestReaderCorpus(t *testing.T) {
	data, err := os.ReadFile("testdata/reader.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct {
		Cases []struct {
			Name, Text string
			Want       []tree
		}
	}
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	for _, c := range corpus.Cases {
		docs, err := yamltree.Parse(yamltree.Live, c.Text, yamltree.Options{Rules: yamltree.YAML12})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		source := NewSource(c.Text)
		var got []*Node
		for _, d := range docs {
			if d.Root != nil {
				root, head := ReadDocument(d.Root, source)
				got = append(got, &Node{Kind: DocumentNode, HeadComment: head, Content: []*Node{root}})
			}
		}
		if len(got) != len(c.Want) {
			t.Errorf("%s: %d documents, kyaml reads %d", c.Name, len(got), len(c.Want))
			continue
		}
		for i, w := range c.Want {
			if d := treeDiff("", w.n, got[i]); d != "" {
				t.Errorf("%s %q: %s", c.Name, c.Text, d)
			}
		}
	}
}

// treeDiff says where two trees first differ ("" when they do not); a document's line and foot
// comments are not compared (merge3 writes neither).
func treeDiff(path string, want, got *Node) string {
	type facts struct {
		Kind                           Kind
		Style                          Style
		Tag, Value                     string
		Tagged                         bool
		HeadComment, LineComment, Foot string
	}
	w := facts{want.Kind, want.Style, want.Tag, want.Value, want.Tagged, want.HeadComment, want.LineComment, want.FootComment}
	g := facts{got.Kind, got.Style, got.Tag, got.Value, got.Tagged, got.HeadComment, got.LineComment, got.FootComment}
	if w.Kind == DocumentNode {
		w.LineComment, w.Foot, g.LineComment, g.Foot = "", "", "", ""
	}
	if w != g || len(want.Content) != len(got.Content) {
		return fmt.Sprintf("%s: want %+v (%d children), got %+v (%d children)", path, w, len(want.Content), g, len(got.Content))
	}
	for i := range want.Content {
		if d := treeDiff(fmt.Sprintf("%s/%d", path, i), want.Content[i], got.Content[i]); d != "" {
			return d
		}
	}
	return ""
}
