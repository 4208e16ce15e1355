package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestSetField checks each row of fieldWrites through setField on a map holding a: "1" written
// single-quoted.
func TestSetField(t *testing.T) {
	null := &ynode.Node{Kind: ynode.ScalarNode, Tag: ynode.NullTag, Value: "null"}
	tests := []struct {
		name      string
		field     string
		value     *ynode.Node
		wantKeys  []string
		wantStyle ynode.Style // of the value now under field
	}{
		{"null over an entry removes it", "a", null, nil, 0},
		{"missing over an entry removes it", "a", nil, nil, 0},
		{"null without an entry writes nothing", "b", null, []string{"a"}, 0},
		{"a value over an entry takes its style", "a", ynode.NewScalar("2"), []string{"a"}, ynode.SingleQuoted},
		{"a new value is appended", "b", ynode.NewScalar("x"), []string{"a", "b"}, 0},
		{"a new YAML 1.1 lookalike is quoted", "b", ynode.NewScalar("on"), []string{"a", "b"}, ynode.DoubleQuoted},
	}
	for _, tt := range tests {
		m := ynode.NewMap()
		one := ynode.NewScalar("1")
		one.Style = ynode.SingleQuoted
		m.Append(ynode.NewScalar("a"), one)
		got := setField(m, tt.field, tt.value, [3]string{}, 0)
		var keys []string
		for i := 0; i < len(m.Content); i += 2 {
			keys = append(keys, m.Content[i].Value)
		}
		if len(keys) != len(tt.wantKeys) || (len(keys) > 0 && keys[len(keys)-1] != tt.wantKeys[len(tt.wantKeys)-1]) {
			t.Errorf("%s: keys = %v, want %v", tt.name, keys, tt.wantKeys)
		}
		if got != nil && got.Style != tt.wantStyle {
			t.Errorf("%s: style = %v, want %v", tt.name, got.Style, tt.wantStyle)
		}
		if _, v := m.Field(tt.field); v != got {
			t.Errorf("%s: setField returned %v, the map holds %v", tt.name, got, v)
		}
	}
}

func TestYAML11NonString(t *testing.T) {
	for text, want := range map[string]bool{
		"on": true, "Yes": true, "n": true, "null": true, "0755": true, "1.5": true, "[a]": true, "a: b": true, "#x": true,
		"nginx": false, "": false, "a b": false, "x:y": false, "line\nbreak": false, "2001-12-14": false,
	} {
		if got := isYAML11NonString(text); got != want {
			t.Errorf("isYAML11NonString(%q) = %v", text, got)
		}
	}
}

// TestPlainAloneReadsAsTheReader wants every text plainAlone takes to read, as a YAML 1.1
// document, as one plain scalar typed as Rules.Resolve says (a string holding the text); and the texts it
// leaves to the reader to be left.
func TestPlainAloneReadsAsTheReader(t *testing.T) {
	taken := []string{"1", "0755", "1.5", "1e3", "1_000", "0x1F", "0o17", "0b101", "190:20:30", "1:20", "2001-12-14",
		"1-2", "1.", "nginx:1.25", "registry.io/app:v1.2.3", "a/b", "1a", "x:y", "y", "on", "NULL", "8080", "1+2", "a_b-c.d"}
	for _, text := range taken {
		if !plainAlone(text) {
			t.Errorf("plainAlone(%q) = false", text)
			continue
		}
		root, err := yamltree.ParseOne("value", text, yamltree.Options{Rules: yamltree.YAML11})
		if err != nil || root == nil {
			t.Fatalf("%q: %v", text, err)
		}
		if root.Kind != yamltree.ScalarNode || root.Tag != yamltree.YAML11.Resolve(text) || (root.Tag == yamltree.StrTag && root.Value != text) {
			t.Errorf("%q reads as %v %q %v, Resolve says %v", text, root.Kind, root.Value, root.Tag, yamltree.YAML11.Resolve(text))
		}
	}
	for _, text := range []string{"", "a:", "-1", "-", "---", "...", ".5", "+1", "a b", "a#b", "a: b", "[a]", "'a'", "a,b", "*a", "&a", "!a", "%a", "@a", "a\tb"} {
		if plainAlone(text) {
			t.Errorf("plainAlone(%q) = true", text)
		}
	}
}
