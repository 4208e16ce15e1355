package patch

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/smp"
)

// TestEveryCauseHasARuleAndAReason: the patch mode's table names every cause the server records,
// and every rule has a sentence.
func TestEveryCauseHasARuleAndAReason(t *testing.T) {
	for c := smp.Kept; c <= smp.Carried; c++ {
		rule, ok := rulesByCause[c]
		if !ok {
			t.Errorf("cause %d has no rule", c)
			continue
		}
		if reasons[rule] == nil {
			t.Errorf("rule %s has no reason", rule)
		}
	}
}
