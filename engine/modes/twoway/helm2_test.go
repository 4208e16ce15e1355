package twoway_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/twoway"
)

// TestEqualRendersSendNoPatch: Helm 2 sends no patch when the renders are equal, even when
// CreateTwoWayMergePatch would return a $setElementOrder for an unsorted list of primitives
// (it sorts the original's list in place, then finds it differs from the modified one). Live's
// own order of finalizers must survive.
func TestEqualRendersSendNoPatch(t *testing.T) {
	render := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  finalizers: [example.com/z, example.com/a]\n"
	live := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  finalizers: [example.com/a, example.com/lock, example.com/z]\n"
	resp := run(t, render, render, live)
	if resp.Patch != "{}" {
		t.Errorf("patch %s, want {}", resp.Patch)
	}
	if !strings.Contains(resp.Result, "finalizers: [example.com/a, example.com/lock, example.com/z]") {
		t.Errorf("live's order of finalizers changed:\n%s", resp.Result)
	}
}

// TestThreeWayFailureLeavesTwoWay: Helm 3's three-way patch for these inputs is refused when
// applied ($setElementOrder names containerPort 9090 twice, for a TCP and a UDP port, and the
// patch's items do not follow it), but Helm 2's two-way upgrade succeeds: the mode answers with
// the two-way result and warns that the three-way one fails.
func TestThreeWayFailureLeavesTwoWay(t *testing.T) {
	const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        ports:\n%s"
	tcp9090 := "        - {containerPort: 9090, name: p9090, protocol: TCP}\n"
	tcp3000 := "        - {containerPort: 3000, name: p3000, protocol: TCP}\n"
	udp9090 := "        - {containerPort: 9090, name: udp, protocol: UDP}\n"
	previous := strings.Replace(deployment, "%s", tcp9090+tcp3000, 1)
	next := strings.Replace(deployment, "%s", tcp9090+tcp3000+udp9090, 1)
	live := strings.Replace(deployment, "%s", tcp9090, 1)
	resp := run(t, previous, next, live)
	// What CreateTwoWayMergePatch and StrategicMergePatch answer (quirks of the twin key
	// included: the result keeps live's one port).
	const patch = `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"web"}],"containers":[{"$setElementOrder/ports":[{"containerPort":9090},{"containerPort":3000},{"containerPort":9090}],"name":"web","ports":[{"containerPort":9090,"name":"udp","protocol":"UDP"},{"containerPort":9090,"name":"p9090","protocol":"TCP"}]}]}}}}`
	if resp.Patch != patch || !strings.Contains(resp.Result, "ports:\n        - {containerPort: 9090, name: p9090, protocol: TCP}\n") {
		t.Errorf("two-way patch %s, result:\n%s", resp.Patch, resp.Result)
	}
	if three := resp.Extra["threeWay"].(map[string]string)["result"]; three != "" {
		t.Errorf("the three-way result holds the resource it fails on:\n%s", three)
	}
	warnings := resp.Extra["warnings"].(twoway.Warnings)
	if len(warnings) != 1 || !strings.Contains(warnings[0].Message, "three-way upgrade of this resource fails") || warnings[0].Line != 1 {
		t.Errorf("warnings: %+v", warnings)
	}
}
