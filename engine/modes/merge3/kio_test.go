package merge3

import "testing"

// TestGroupAction checks each row of resourceActions through group.action, with the resources
// each input holds.
func TestGroupAction(t *testing.T) {
	some := &resource{}
	tests := []struct {
		name  string
		group group
		want  action
	}{
		{"only local", group{local: some}, actionKeep},
		{"added upstream", group{updated: some}, actionAdd},
		{"added upstream and locally", group{updated: some, local: some}, actionMerge},
		{"deleted upstream, local gone too", group{original: some}, actionNone},
		{"deleted upstream, local kept", group{original: some, local: some}, actionDelete},
		{"deleted locally, upstream kept", group{original: some, updated: some}, actionRestore},
		{"held by all three", group{original: some, updated: some, local: some}, actionMerge},
		{"held by none", group{}, actionNone},
	}
	for _, tt := range tests {
		if got := tt.group.action(); got != tt.want {
			t.Errorf("%s: action = %q, want %q", tt.name, got, tt.want)
		}
	}
	if len(resourceActions) != 8 {
		t.Errorf("resourceActions has %d rows, want all 8 ways three inputs can hold a resource", len(resourceActions))
	}
}
