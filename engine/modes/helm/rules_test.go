package helm

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestRules checks the rule table row by row: each situation of a mark gives its rule, and every
// rule has its sentence.
func TestRules(t *testing.T) {
	s := sides{
		ownership:     map[string]bool{".metadata.labels.app.kubernetes.io/managed-by": true},
		render:        map[string]bool{".spec.replicas": true, ".spec.image": true},
		live:          map[string]bool{".metadata.labels.tier": true, ".spec.replicas": true},
		renderChanged: map[string]bool{".spec.image": true},
		renderGone:    map[string]bool{".spec.old": true},
	}
	created := sides{created: true, ownership: s.ownership}
	tests := []struct {
		s          sides
		path, mark string
		m          method
		want       string
	}{
		{s, ".metadata.labels.app.kubernetes.io/managed-by", "added", clientSideM, ruleOwnership},
		{s, ".metadata.labels.app.kubernetes.io/managed-by", "changed", serverSide, ruleOwnership},
		{created, ".spec.replicas", "added", clientSideM, ruleCreated},
		{s, ".spec.image", "changed", clientSideM, ruleRenderChanged},
		{s, ".spec.replicas", "changed", clientSideM, ruleReverted},
		{s, ".spec.old", "deleted", clientSideM, ruleRenderRemoved},
		{s, ".metadata.labels.tier", "retained", clientSideM, ruleLiveOnly},
		{s, ".spec.replicas", "changed", serverSide, ""},
		{s, ".spec.replicas", "retained", clientSideM, ""},
	}
	for _, tt := range tests {
		f := &contract.Field{Path: tt.path, Mark: contract.Mark(tt.mark)}
		if got := tt.s.rule(f, tt.m); got != tt.want {
			t.Errorf("%s %s (%s): rule %q, want %q", tt.path, tt.mark, tt.m, got, tt.want)
		}
	}
	for _, r := range []string{ruleCreated, ruleRenderChanged, ruleReverted, ruleRenderRemoved, ruleLiveOnly, ruleOwnership} {
		if reasons[r] == "" {
			t.Errorf("rule %s has no sentence", r)
		}
	}
}
