package apply_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestPatchComparesLiveAsTheClusterReturnsIt applies a config onto a live object given in
// another form than a cluster returns it (`cpu: 1`, returned as "1"; `value: ""`, returned
// without it) whose last-applied annotation is the config: kubectl computes its patch against
// what the cluster returns, sends both values again and prints "configured" (observed on
// kube-apiserver v1.37.2: make apiserver-diff seed 4, apply-2); the stored object is live as
// stored, and the two marks say why. Under apiServer off, the libraries' answer: nothing to send.
func TestPatchComparesLiveAsTheClusterReturnsIt(t *testing.T) {
	config := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: A\n      value: \"\"\n    resources:\n      limits:\n        cpu: 1\n"
	applied := `{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"containers":[{"env":[{"name":"A","value":""}],"image":"nginx","name":"web","resources":{"limits":{"cpu":1}}}]}}`
	live := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      " + applied + "\nspec:\n  containers:\n  - name: web\n    image: nginx\n    env:\n    - name: A\n      value: \"\"\n    resources:\n      limits:\n        cpu: 1\n"
	on := run(t, "", config, live)
	if len(on.Errors) > 0 {
		t.Fatal(on.Errors)
	}
	if got := on.Commands[0].Output; len(got) != 1 || got[0] != "pod/web configured" {
		t.Errorf("kubectl prints %q, want pod/web configured", got)
	}
	want := `{"spec":{"$setElementOrder/containers":[{"name":"web"}],"containers":[{"$setElementOrder/env":[{"name":"A"}],"env":[{"name":"A","value":""}],"name":"web","resources":{"limits":{"cpu":1}}}]}}`
	if on.Patch != want {
		t.Errorf("patch:\n got  %s\n want %s", on.Patch, want)
	}
	noted := 0
	for _, f := range on.Fields {
		if strings.Contains(f.Reason, "kubectl sends it all the same") {
			noted++
		}
	}
	if noted != 2 {
		t.Errorf("%d marks say the values are sent again, want 2 (cpu, value): %+v", noted, on.Fields)
	}
	off := run(t, "", config, live, func(o *contract.Options) { o.APIServer = contract.APIServerOff })
	if got := off.Commands[0].Output; len(got) != 1 || got[0] != "pod/web unchanged" {
		t.Errorf("apiServer off: kubectl prints %q, want pod/web unchanged", got)
	}
}
