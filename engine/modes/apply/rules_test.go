package apply

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func tree(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	if text == "" {
		return nil
	}
	n, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestThreeWayRules checks kubectl apply's decision table row by row: what the three-way diff
// records at .spec.replicas for last-applied, the config and live.
func TestThreeWayRules(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	sch := smp.For(set.Root("apps/v1", "Deployment"), smp.PatchMergeKeys)
	tests := []struct {
		name, original, updated, live string
		want                          decision.Rule
	}{
		{"new in the config", "{spec: {}}", "{spec: {replicas: 2}}", "{spec: {}}", ruleAdded},
		{"restored", "{spec: {replicas: 2}}", "{spec: {replicas: 2}}", "{spec: {}}", ruleRestored},
		{"added without last-applied", "", "{spec: {replicas: 2}}", "{spec: {}}", ruleAddedWithoutLastApplied},
		{"drift reverted", "{spec: {replicas: 2}}", "{spec: {replicas: 2}}", "{spec: {replicas: 5}}", ruleForced},
		{"changed in the config", "{spec: {replicas: 1}}", "{spec: {replicas: 2}}", "{spec: {replicas: 1}}", ruleChanged},
		{"set by the config", "{spec: {}}", "{spec: {replicas: 2}}", "{spec: {replicas: 1}}", ruleSetByConfig},
		{"set without last-applied", "", "{spec: {replicas: 2}}", "{spec: {replicas: 1}}", ruleSetWithoutLastApplied},
		{"retained", "{spec: {replicas: 2}}", "{spec: {replicas: 2}}", "{spec: {replicas: 2}}", ruleRetained},
		{"null in the config", "{spec: {replicas: 2}}", "{spec: {replicas: null}}", "{spec: {replicas: 2}}", ruleNull},
		{"deleted from the config", "{spec: {replicas: 2}}", "{spec: {}}", "{spec: {replicas: 2}}", ruleDeleted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := &decision.Log{}
			a := smp.Align(tree(t, tt.original), tree(t, tt.updated), tree(t, tt.live), sch)
			a.Record(&smp.Decisions{Log: log, ThreeWay: threeWayRule})
			if _, err := smp.ThreeWay(a); err != nil {
				t.Fatal(err)
			}
			e, ok := log.Lookup(fieldpath.Path{}.Field("spec").Field("replicas"))
			if !ok || e.Rule != tt.want {
				t.Errorf("recorded %+v (%v), want %s", e, ok, tt.want)
			}
		})
	}
}
