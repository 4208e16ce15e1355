package twoway

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/smp"
)

// TestTwoWayRules checks the two-way decision table row by row.
func TestTwoWayRules(t *testing.T) {
	tests := []struct {
		found smp.Situation
		want  decision.Rule
	}{
		{smp.FoundAdded, ruleAdded}, {smp.FoundChanged, ruleChanged}, {smp.FoundSame, ruleUnchanged},
		{smp.FoundNull, ruleNull}, {smp.FoundDropped, ruleDropped},
	}
	for _, tt := range tests {
		if got := twoWayRule(tt.found, nil); got != tt.want {
			t.Errorf("situation %d: rule %s, want %s", tt.found, got, tt.want)
		}
		if reasons[tt.want] == nil {
			t.Errorf("rule %s has no reason", tt.want)
		}
	}
}
