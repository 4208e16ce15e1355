package ynode

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func read(t *testing.T, text string) *Node {
	t.Helper()
	root, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		t.Fatal(err)
	}
	return FromTree(root, NewSource(text))
}

// TestRoundTrip reads text and writes it back: the expected texts are yaml.v3's (kyaml's
// ByteReader and ByteWriter) on the same input.
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
	}
	for _, tt := range tests {
		if got, _ := Emit([]*Node{read(t, tt.in)}); got != tt.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestComments checks that comments land on the nodes yaml.v3 gives them.
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
