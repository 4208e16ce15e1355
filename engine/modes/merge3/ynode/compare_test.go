package ynode

import (
	"reflect"
	"strings"
	"testing"
)

// corpusRoots returns the roots of the golden corpus' trees (testdata/writer.json): each tree,
// a document's content for a document.
func corpusRoots(t *testing.T) []*Node {
	t.Helper()
	var roots []*Node
	for _, root := range corpusTrees(t) {
		if root.Kind == DocumentNode && len(root.Content) > 0 {
			root = root.Content[0]
		}
		roots = append(roots, root)
	}
	return roots
}

// TestComparePrefixIsTheStart writes every corpus tree, and lists of them, with every limit:
// what the limited writer wrote up to its limit is the start of the whole text.
func TestComparePrefixIsTheStart(t *testing.T) {
	roots := corpusRoots(t)
	roots = append(roots, &Node{Kind: ListNode, Content: roots}, &Node{Kind: MapNode, Content: mapOf(roots)})
	for i, n := range roots {
		full := CompareText(n)
		step := 1 + len(full)/500 // every limit on a tree, some on the list and the map of them all
		for limit := 1; limit <= len(full)+1; limit += step {
			text, whole := comparePrefix(n, limit)
			switch {
			case whole && text != full:
				t.Fatalf("tree %d, limit %d: whole %q, want %q", i, limit, text, full)
			case !whole && (len(text) < limit || text[:limit] != full[:limit]):
				t.Fatalf("tree %d, limit %d: start %q of %q", i, limit, text, full)
			}
		}
	}
}

// mapOf makes a map of the nodes, each under a key of its own.
func mapOf(values []*Node) []*Node {
	var content []*Node
	for i, v := range values {
		content = append(content, NewString(strings.Repeat("k", i+1)), v)
	}
	return content
}

// TestSameTextAndShortTextAgreeWithTheWholeText compares pairs of long lists built from the
// corpus, alike, differing early, late or in a comment, by SameText and by their whole texts;
// and ShortText with the whole text cut.
func TestSameTextAndShortTextAgreeWithTheWholeText(t *testing.T) {
	roots := corpusRoots(t)
	long := func() *Node {
		l := &Node{Kind: ListNode}
		for range 40 {
			l.Content = append(l.Content, roots...)
		}
		return l
	}
	base := long()
	early, late, comment, tag := long(), long(), long(), long()
	early.Content[0] = NewString("changed")
	late.Content[len(late.Content)-1] = NewString("changed")
	comment.Content[len(comment.Content)/2].LineComment = "# changed"
	tag.Content[3] = &Node{Kind: ScalarNode, Tag: StrTag, Tagged: true, Value: "x"}
	shorter := &Node{Kind: ListNode, Content: base.Content[:len(base.Content)-1]}
	nodes := []*Node{base, long(), early, late, comment, tag, shorter, NewString(" x "), &Node{Kind: MapNode}}
	nodes = append(nodes, roots[:min(len(roots), 40)]...)
	cut := func(s string) string {
		if len(s) > 10 {
			return s[:7] + "..."
		}
		return s
	}
	texts := make([]string, len(nodes))
	for i, n := range nodes {
		texts[i] = CompareText(n)
	}
	for i, a := range nodes {
		if got, want := ShortText(a, 10, cut), cut(strings.TrimSpace(texts[i])); got != want {
			t.Errorf("node %d: short %q, want %q", i, got, want)
		}
		for j, b := range nodes {
			if got, want := SameText(a, b), texts[i] == texts[j]; got != want {
				t.Errorf("nodes %d and %d: same %v, want %v", i, j, got, want)
			}
		}
	}
}

// TestIdenticalReadsEveryField fails when Node gains a field: identical must then compare it
// too, or say why the writer does not read it.
func TestIdenticalReadsEveryField(t *testing.T) {
	if n := reflect.TypeFor[Node]().NumField(); n != 11 {
		t.Errorf("Node has %d fields; identical compares 9 of them, and Content, and leaves Src", n)
	}
}
