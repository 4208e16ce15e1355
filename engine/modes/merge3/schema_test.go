package merge3

import (
	"reflect"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/schema"
)

// TestStrategyAndKeys checks each source of a schema and each row of crdListRules, and the
// field-strategy fallback.
func TestStrategyAndKeys(t *testing.T) {
	listMap := &schema.Type{Kind: schema.KindList, ListType: schema.ListMap, Keys: []string{"name"}}
	listSet := &schema.Type{Kind: schema.KindList, ListType: schema.ListSet}
	atomic := &schema.Type{Kind: schema.KindList, ListType: schema.ListAtomic}
	byPort := &schema.Field{Strategy: schema.PatchMerge, MergeKey: "port"}
	tests := []struct {
		name         string
		s            *sch
		wantStrategy string
		wantKeys     []string
	}{
		{"none", nil, "", nil},
		{"opaque", &sch{opaque: true, typ: listMap, field: byPort}, "", nil},
		{"comment", &sch{js: map[string]any{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "id"}}, "merge", []string{"id"}},
		{"crd list map", &sch{crd: true, typ: listMap}, "merge", []string{"name"}},
		{"crd list set", &sch{crd: true, typ: listSet}, "merge", nil},
		{"crd atomic falls back to the field", &sch{crd: true, typ: atomic, field: byPort}, "merge", []string{"port"}},
		{"crd atomic without a field", &sch{crd: true, typ: atomic}, "", nil},
		{"list map keys win over the merge key", &sch{typ: listMap, field: byPort}, "merge", []string{"name"}},
		{"merge key", &sch{typ: atomic, field: byPort}, "merge", []string{"port"}},
		{"no strategy", &sch{typ: listMap, field: &schema.Field{}}, "", nil},
	}
	for _, tt := range tests {
		strategy, keys := tt.s.strategyAndKeys()
		if strategy != tt.wantStrategy || !reflect.DeepEqual(keys, tt.wantKeys) {
			t.Errorf("%s: strategyAndKeys = %q, %v; want %q, %v", tt.name, strategy, keys, tt.wantStrategy, tt.wantKeys)
		}
	}
}

func TestCommentSchema(t *testing.T) {
	defs := testSchemas(t)
	tests := []struct {
		comment string
		merges  bool
		none    bool
	}{
		{`# {"$openapi":"replicas"}`, false, false},
		{`# {"type":"array","x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"name"}`, true, false},
		{`# {}`, false, true},
		{`# just words`, false, true},
		{`# {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`, false, false},
	}
	for _, tt := range tests {
		s := commentSchema(&ynode.Node{LineComment: tt.comment}, defs)
		if (s == nil) != tt.none || (s != nil && s.merges() != tt.merges) {
			t.Errorf("%s: schema %v, merges %v", tt.comment, s, s != nil && s.merges())
		}
	}
	podSpec := commentSchema(&ynode.Node{HeadComment: `# {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`}, defs)
	if _, keys := podSpec.fieldOf("containers").strategyAndKeys(); !reflect.DeepEqual(keys, []string{"name"}) {
		t.Errorf("a reference resolves: containers keys %v", keys)
	}
}
