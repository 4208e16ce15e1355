package decision

import "testing"

func TestByRuleMapsEachRuleToItsReason(t *testing.T) {
	table := []RuleReason[int]{
		{Rule: "a/one", Reason: func(n int) string { return "one " + string(rune('0'+n)) }},
		{Rule: "a/two", Reason: func(int) string { return "two" }},
	}
	reasons := ByRule(table)
	if len(reasons) != 2 {
		t.Fatalf("%d reasons, want 2", len(reasons))
	}
	if got := reasons["a/one"](3); got != "one 3" {
		t.Errorf("a/one says %q", got)
	}
	if got := reasons["a/two"](0); got != "two" {
		t.Errorf("a/two says %q", got)
	}
	if reasons["a/three"] != nil {
		t.Error("a rule out of the table has a reason")
	}
}
