package smp

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestAddedFieldsStandInKeyOrder: a field a patch adds goes in its place in key order when live's
// fields are in key order (as kubectl get -o yaml prints an object), else after them.
func TestAddedFieldsStandInKeyOrder(t *testing.T) {
	tests := []struct {
		live, add string
		want      string
	}{
		{"{selector: 1, template: 2}", "replicas", "replicas selector template"},
		{"{selector: 1, template: 2}", "zz", "selector template zz"},
		{"{selector: 1, template: 2}", "a", "a selector template"},
		{"{template: 2, selector: 1}", "replicas", "template selector replicas"},
		{"{}", "a", "a"},
		{"{only: 1}", "a", "a only"},
	}
	for _, tt := range tests {
		n, err := yamltree.ParseOne(yamltree.Live, tt.live, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		at := addedAt(n.Fields, tt.add)
		n.Fields = append(n.Fields[:at], append([]yamltree.Field{{Key: yamltree.NewString(tt.add)}}, n.Fields[at:]...)...)
		var keys []string
		for _, f := range n.Fields {
			keys = append(keys, f.Key.Value)
		}
		if got := strings.Join(keys, " "); got != tt.want {
			t.Errorf("%s + %s: %s, want %s", tt.live, tt.add, got, tt.want)
		}
	}
}
