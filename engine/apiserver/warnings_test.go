package apiserver

import (
	"strings"
	"testing"
)

// TestWarningsAsObserved: what kubectl printed for a Pod created with `kubectl create
// --dry-run=server` on kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06).
func TestWarningsAsObserved(t *testing.T) {
	pod := "metadata: {name: p1}\nspec:\n" +
		"  initContainers:\n  - {name: i0, image: x, ports: [{containerPort: 80, name: web}]}\n" +
		"  containers:\n" +
		"  - {name: c0, image: x, ports: [{containerPort: 80, name: web}, {containerPort: 80, name: web2}, {containerPort: 53, protocol: UDP, name: dns}]}\n" +
		"  - {name: c1, image: x, ports: [{containerPort: 80}, {containerPort: 53, protocol: TCP, name: dns}, {containerPort: 81, name: web}, {containerPort: 82, hostPort: 82, name: h}]}\n" +
		"  - {name: c2, image: x, ports: [{containerPort: 80, name: web}, {containerPort: 82, hostPort: 83, name: web3}]}\n"
	want := `Warning: spec.containers[0].ports[0]: duplicate port definition with spec.initContainers[0].ports[0]
Warning: spec.containers[0].ports[1]: duplicate port definition with spec.initContainers[0].ports[0]
Warning: spec.containers[0].ports[1]: duplicate port definition with spec.containers[0].ports[0]
Warning: spec.containers[1].ports[0]: duplicate port definition with spec.initContainers[0].ports[0]
Warning: spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[0]
Warning: spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[1]
Warning: spec.containers[2].ports[0]: duplicate port definition with spec.initContainers[0].ports[0]
Warning: spec.containers[2].ports[0]: duplicate port definition with spec.containers[0].ports[0]
Warning: spec.containers[2].ports[0]: duplicate port definition with spec.containers[0].ports[1]
Warning: spec.containers[2].ports[0]: duplicate port definition with spec.containers[1].ports[0]
Warning: spec.containers[0].ports[0]: duplicate port name "web" with spec.initContainers[0].ports[0], services and probes that select ports by name will use spec.initContainers[0].ports[0]
Warning: spec.containers[1].ports[1]: duplicate port name "dns" with spec.containers[0].ports[2], services and probes that select ports by name will use spec.containers[0].ports[2]
Warning: spec.containers[1].ports[2]: duplicate port name "web" with spec.initContainers[0].ports[0], services and probes that select ports by name will use spec.initContainers[0].ports[0]
Warning: spec.containers[2].ports[0]: duplicate port name "web" with spec.initContainers[0].ports[0], services and probes that select ports by name will use spec.initContainers[0].ports[0]`
	if got := strings.Join(Warnings(Object{APIVersion: "v1", Kind: "Pod", Root: parse(t, pod)}), "\n"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	deployment := "metadata: {name: d1}\nspec:\n  template:\n    spec:\n      containers:\n" +
		"      - {name: c0, image: x, ports: [{containerPort: 80, name: web}]}\n      - {name: c1, image: x, ports: [{containerPort: 80, name: web}]}\n"
	want = `Warning: spec.template.spec.containers[1].ports[0]: duplicate port definition with spec.template.spec.containers[0].ports[0]
Warning: spec.template.spec.containers[1].ports[0]: duplicate port name "web" with spec.template.spec.containers[0].ports[0], services and probes that select ports by name will use spec.template.spec.containers[0].ports[0]`
	if got := strings.Join(Warnings(Object{APIVersion: "apps/v1", Kind: "Deployment", Root: parse(t, deployment)}), "\n"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := Warnings(Object{APIVersion: "v1", Kind: "ConfigMap", Root: parse(t, "metadata: {name: c}\n")}); got != nil {
		t.Errorf("a ConfigMap: %q", got)
	}
}
