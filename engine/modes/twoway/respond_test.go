package twoway

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/stream"
)

// TestRepairCommand: a repair's kubectl patch names the kind with its version and group (a core
// kind by its name alone), the namespace when there is one, and quotes every word for a shell.
func TestRepairCommand(t *testing.T) {
	tests := []struct {
		id              stream.ID
		patchType, want string
		patch           string
	}{
		{stream.ID{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "shop", Name: "web-1.a_b"}, "strategic",
			`kubectl patch deployment.v1.apps web-1.a_b -n shop --type strategic -p '{}'`, "{}"},
		{stream.ID{APIVersion: "v1", Kind: "Namespace", Name: "team"}, "strategic", `kubectl patch namespace team --type strategic -p '{}'`, "{}"},
		{stream.ID{APIVersion: "rbac.authorization.k8s.io/v1", Kind: "ClusterRole", Name: "$(x)"}, "strategic",
			`kubectl patch clusterrole.v1.rbac.authorization.k8s.io '$(x)' --type strategic -p '{}'`, "{}"},
		{stream.ID{APIVersion: "example.com/v1", Kind: "Widget", Namespace: "my ns", Name: "it's"}, "merge",
			`kubectl patch widget.v1.example.com 'it'\''s' -n 'my ns' --type merge -p '{"a":"'\''; rm -rf / #"}'`, `{"a":"'; rm -rf / #"}`},
	}
	for _, tt := range tests {
		if got := newRepair(tt.id, tt.patchType, tt.patch).Command; got != tt.want {
			t.Errorf("%v:\ngot  %s\nwant %s", tt.id, got, tt.want)
		}
	}
}
