package ynode

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// tree is a node in the notation of the golden corpus (testdata/writer.json, written by
// scripts/conformance/merge3diff): an object with kind, tag, value, style ("double", "flow",
// "tagged|double"...), head, line, foot and items; a JSON string is a !!str scalar, a number an
// !!int or !!float, true and false !!bool, null !!null.
type tree struct{ n *Node }

var treeKinds = map[string]Kind{"doc": DocumentNode, "map": MapNode, "seq": ListNode, "scalar": ScalarNode}

var treeStyles = map[string]Style{"plain": Plain, "double": DoubleQuoted, "single": SingleQuoted,
	"literal": Literal, "folded": Folded, "flow": Flow}

func (t *tree) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case string:
		t.n = &Node{Kind: ScalarNode, Tag: StrTag, Value: x}
		return nil
	case float64:
		tag := IntTag
		if strings.ContainsAny(string(data), ".eE") {
			tag = FloatTag
		}
		t.n = &Node{Kind: ScalarNode, Tag: tag, Value: string(data)}
		return nil
	case bool:
		t.n = &Node{Kind: ScalarNode, Tag: BoolTag, Value: fmt.Sprint(x)}
		return nil
	case nil:
		t.n = &Node{Kind: ScalarNode, Tag: NullTag, Value: "null"}
		return nil
	}
	var o struct {
		Kind, Tag, Value, Style, Head, Line, Foot string
		Items                                     []tree
	}
	if err := json.Unmarshal(data, &o); err != nil {
		return err
	}
	t.n = &Node{Kind: treeKinds[o.Kind], Tag: o.Tag, Value: o.Value, HeadComment: o.Head, LineComment: o.Line, FootComment: o.Foot}
	for _, st := range strings.Split(o.Style, "|") {
		if st == "tagged" {
			t.n.Tagged = true
		} else if st != "" {
			t.n.Style = treeStyles[st]
		}
	}
	for _, it := range o.Items {
		t.n.Content = append(t.n.Content, it.n)
	}
	return nil
}

// TestWriterCorpus writes every tree of the golden corpus and wants the text kyaml wrote for it.
func TestWriterCorpus(t *testing.T) {
	data, err := os.ReadFile("testdata/writer.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct {
		Cases []struct {
			Name string
			Tree json.RawMessage
			Want string
		}
	}
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	if len(corpus.Cases) < 15 {
		t.Fatalf("the corpus holds %d cases", len(corpus.Cases))
	}
	for _, c := range corpus.Cases {
		var docs []tree
		if err := json.Unmarshal(c.Tree, &docs); err != nil {
			var one tree
			if err := json.Unmarshal(c.Tree, &one); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			docs = []tree{one}
		}
		var nodes []*Node
		for _, d := range docs {
			nodes = append(nodes, d.n)
		}
		if got, _ := Emit(nodes); got != c.Want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", c.Name, got, c.Want)
		}
		if got := Text(nodes); got != c.Want {
			t.Errorf("%s, without a layout:\ngot\n%s\nwant\n%s", c.Name, got, c.Want)
		}
	}
}

// TestEmitAloneAsInAStream writes every two trees of the golden corpus as one stream and wants
// it to be the first written alone, "---", then the second written alone, its lines moved down,
// unless EmitAlone says the first holds something for the text after it.
func TestEmitAloneAsInAStream(t *testing.T) {
	nodes := corpusTrees(t)
	holding := 0
	for _, a := range nodes {
		textA, _, holds := EmitAlone(a)
		if holds {
			holding++
			continue
		}
		for _, b := range nodes {
			textB, alone, _ := EmitAlone(b)
			text, l := Emit([]*Node{a, b})
			if want := textA + "---\n" + textB; text != want {
				t.Fatalf("written in one stream\n%s\nwritten alone\n%s", text, want)
			}
			offset := strings.Count(textA, "\n") + 1
			root := b.Content[0]
			if b.Kind != DocumentNode {
				root = b
			}
			if l.Line(root) != alone.Line(root)+offset || l.EndLine(root) != alone.EndLine(root)+offset {
				t.Fatalf("%q: lines %d-%d in the stream, %d-%d alone", textB, l.Line(root), l.EndLine(root), alone.Line(root), alone.EndLine(root))
			}
		}
	}
	t.Logf("%d of %d trees hold", holding, len(nodes))
	if holding == len(nodes) {
		t.Fatalf("every one of %d trees holds a comment for the next", len(nodes))
	}
}

// corpusTrees returns every tree of the golden corpus (testdata/writer.json), a stream's
// documents one by one.
func corpusTrees(t *testing.T) []*Node {
	t.Helper()
	data, err := os.ReadFile("testdata/writer.json")
	if err != nil {
		t.Fatal(err)
	}
	var corpus struct {
		Cases []struct{ Tree json.RawMessage }
	}
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	var out []*Node
	for _, c := range corpus.Cases {
		var docs []tree
		if err := json.Unmarshal(c.Tree, &docs); err != nil {
			var one tree
			if err := json.Unmarshal(c.Tree, &one); err != nil {
				t.Fatal(err)
			}
			docs = []tree{one}
		}
		for _, d := range docs {
			out = append(out, d.n)
		}
	}
	return out
}

// TestLayout checks the lines recorded for nodes: a scalar's line, a list item's "-" line, a
// block collection's first and last lines, the second document's lines after "---".
func TestLayout(t *testing.T) {
	str := func(v string) *Node { return NewString(v) }
	image := str("nginx")
	item := &Node{Kind: MapNode, Content: []*Node{str("name"), str("web"), str("image"), image}}
	list := &Node{Kind: ListNode, Content: []*Node{item}}
	block := str("a\nb")
	block.Style = Literal
	root := &Node{Kind: MapNode, Content: []*Node{str("containers"), list, str("script"), block}}
	second := &Node{Kind: MapNode, Content: []*Node{str("x"), str("y")}}
	text, l := Emit([]*Node{root, second})
	want := "containers:\n- name: web\n  image: nginx\nscript: |-\n  a\n  b\n---\nx: y\n"
	if text != want {
		t.Fatalf("text %q, want %q", text, want)
	}
	for _, c := range []struct {
		n           *Node
		first, last int
	}{{root, 1, 6}, {list, 2, 3}, {item, 2, 3}, {image, 3, 3}, {block, 4, 6}, {second, 8, 8}} {
		if l.Line(c.n) != c.first || l.EndLine(c.n) != c.last {
			t.Errorf("%q: lines %d-%d, want %d-%d", c.n.Value, l.Line(c.n), l.EndLine(c.n), c.first, c.last)
		}
	}
}

func TestCompareTextIgnoresTheValuesOwnStyle(t *testing.T) {
	flow := &Node{Kind: ListNode, Style: Flow, Content: []*Node{NewString("a"), NewString("b")}}
	block := &Node{Kind: ListNode, Content: []*Node{NewString("a"), NewString("b")}}
	if CompareText(flow) != CompareText(block) || CompareText(block) != "[a, b]\n" {
		t.Errorf("flow %q, block %q", CompareText(flow), CompareText(block))
	}
	quoted := &Node{Kind: ListNode, Content: []*Node{{Kind: ScalarNode, Tag: StrTag, Value: "a", Style: DoubleQuoted}, NewString("b")}}
	if CompareText(quoted) == CompareText(block) {
		t.Error("an item's own style counts")
	}
	commented := block.Copy()
	commented.Content[0].LineComment = "# note"
	if CompareText(commented) == CompareText(block) {
		t.Error("a comment counts")
	}
}
