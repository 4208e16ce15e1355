package yamltree

import (
	"strings"
	"testing"
)

// TestEndLineOfScalar checks the last line the layout reports for a string holding newlines: the
// content's last line when the emitter wrote a block scalar, the scalar's own line when it had to
// quote it (a character YAML cannot carry unescaped, only newlines, a quoted or flow style).
// Marks take their end lines from it, and the page strikes or highlights those lines.
func TestEndLineOfScalar(t *testing.T) {
	tests := []struct {
		name, text string
		end        int // the last line of key b's value; key b is on line 1
	}{
		{"literal block", "b: |\n  x\n  y\n", 3},
		{"plain over two lines", "b: x\n\n  y\n", 3},
		{"kept trailing newlines", "b: |+\n  x\n\n\nc: 1\n", 4},
		{"a DEL forces quotes (fuzz: FuzzPatch/136a58f457479ee3)", "b: \"0\\n\\x7f\"\n", 1},
		{"only newlines", "b: \"\\n\\n\"\n", 1},
		{"double-quoted stays quoted", "b: \"x\\ny\"\n", 1},
		{"a carriage return forces quotes", "b: \"x\\r\\ny\"\n", 1},
		{"inside a flow map", "b: {c: \"x\\ny\"}\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := ParseOne(Live, tt.text, Options{})
			if err != nil {
				t.Fatal(err)
			}
			out, layout := Emit([]*Document{{Root: root}})
			b := root.Get("b")
			if b.IsMap() {
				b = b.Get("c")
			}
			if got := layout.EndLine(b); got != tt.end {
				t.Errorf("EndLine = %d, want %d\n%s", got, tt.end, out)
			}
			if lines := strings.Count(out, "\n"); layout.EndLine(b) > lines {
				t.Errorf("end line %d past the text's %d lines:\n%s", layout.EndLine(b), lines, out)
			}
		})
	}
}

// TestNullItemBeforeKey checks that a list whose last item is null, written at its key's column
// with another key after it, reads back as the same data: a bare "-" there would take the next
// key as the item's content (fuzz: FuzzSSA, where server-side apply added a key after such a
// list).
func TestNullItemBeforeKey(t *testing.T) {
	tests := []struct {
		name, text  string
		atKeyColumn bool // write the lists' items at their key's column
		want        string
	}{
		{"last item null, at the key's column", "a:\n  -\nb: 1\n", true, "a:\n- null\nb: 1\n"},
		{"null between items stays bare", "a:\n  -\n  - x\nb: 1\n", true, "a:\n-\n- x\nb: 1\n"},
		{"indented items keep the bare dash", "a:\n    -\nb: 1\n", false, "a:\n  -\nb: 1\n"},
		{"nested in a list item", "- a:\n    -\n  b: 1\n", true, "- a:\n  - null\n  b: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := Parse(Live, tt.text, Options{})
			if err != nil {
				t.Fatal(err)
			}
			root := docs[0].Root
			placeItems(root, tt.atKeyColumn)
			out, _ := Emit(docs)
			if out != tt.want {
				t.Errorf("emitted %q, want %q", out, tt.want)
			}
			again, err := ParseOne(Result, out, Options{})
			if err != nil || !Equal(again, root) {
				t.Errorf("%q reads back as %v (%v), not as %v", out, again, err, root)
			}
		})
	}
}

// placeItems sets how every block list under a key places its items.
func placeItems(n *Node, atKeyColumn bool) {
	for _, f := range n.Fields {
		if f.Value.IsList() {
			f.Value.IndentedItems = !atKeyColumn
		}
		placeItems(f.Value, atKeyColumn)
	}
	for _, it := range n.Items {
		placeItems(it, atKeyColumn)
	}
}

// TestLayoutOfCollections checks what the layout says of maps and lists: their last lines, the
// column of their keys or items (where they would stand, for one written empty or in flow
// style), and the lines that open a block collection. The page draws the result from these.
func TestLayoutOfCollections(t *testing.T) {
	text := "a:\n  b: 1\n  c:\n  - x\n  -\n    - w\n    - z\n  d: {e: 1}\n  f: []\n# foot\ng: |\n  text\n"
	root, err := ParseOne(Live, text, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, layout := Emit([]*Document{{Root: root}})
	if out != text {
		t.Fatalf("written %q, not as read", out)
	}
	a, c := root.Get("a"), root.Get("a").Get("c")
	for _, tt := range []struct {
		name      string
		node      *Node
		line, end int
		indent    int
	}{
		{"root", root, 1, 12, 0},
		{"a", a, 1, 9, 2},
		{"c, items at its key's column", c, 3, 7, 2},
		{"a list item that is a list", c.Items[1], 5, 7, 4},
		{"a flow map", a.Get("d"), 8, 8, 4},
		{"an empty list", a.Get("f"), 9, 9, 2},
		{"a block scalar", root.Get("g"), 11, 12, 0},
	} {
		if got := [3]int{layout.Line(tt.node), layout.EndLine(tt.node), layout.Indent(tt.node)}; got != [3]int{tt.line, tt.end, tt.indent} {
			t.Errorf("%s: line, end, indent %v, want %v", tt.name, got, [3]int{tt.line, tt.end, tt.indent})
		}
	}
	want := [][2]int{{5, 7}, {3, 7}, {1, 9}}
	if got := layout.Blocks(); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("blocks %v, want %v", got, want)
	}
}
