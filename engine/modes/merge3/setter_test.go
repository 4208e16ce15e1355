package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
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
