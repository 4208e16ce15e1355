package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestRuleAt wants kio's last rule at a path written alike (a field named with dots included), ""
// elsewhere, with notes added between the questions.
func TestRuleAt(t *testing.T) {
	index := fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: "config.kubernetes.io/index"}}
	k := &kioNotes{}
	k.note(index, "kio/first")
	if got := k.ruleAt(index); got != "kio/first" {
		t.Errorf("ruleAt(index) = %q", got)
	}
	k.note(index, "kio/second")
	k.note(fieldpath.Path{{Field: "spec"}, {Field: "ports"}, {Keys: []fieldpath.KeyValue{{Name: "port", Value: yamltree.NewScalar(yamltree.IntTag, "80")}}}}, "kio/keyed")
	for _, c := range []struct {
		path fieldpath.Path
		want decision.Rule
	}{
		{index, "kio/second"},
		{fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: "config"}, {Field: "kubernetes"}, {Field: "io/index"}}, "kio/second"},
		{fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: "index"}}, ""},
		{fieldpath.Path{{Field: "spec"}, {Field: "ports"}, {Keys: []fieldpath.KeyValue{{Name: "port", Value: yamltree.NewScalar(yamltree.IntTag, "80")}}}}, "kio/keyed"},
		{fieldpath.Path{{Field: "spec"}, {Field: "ports"}, {Index: 0, IsIndex: true}}, ""},
		{nil, ""},
	} {
		if got := k.ruleAt(c.path); got != c.want {
			t.Errorf("ruleAt(%s) = %q, want %q", c.path, got, c.want)
		}
	}
	var none *kioNotes
	if got := none.ruleAt(index); got != "" {
		t.Errorf("nil notes: %q", got)
	}
}
