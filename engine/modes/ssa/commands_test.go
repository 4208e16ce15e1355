package ssa_test

import (
	"testing"
)

// TestRefusedUpdateCreates: an update by kubectl of an object live lacks is kubectl create, also
// when the API server refuses the object (observed on kube-apiserver and kubectl v1.37.2, make
// apiserver-diff seed 1, ssa-15 and ssa-18: kubectl replace would answer NotFound instead).
func TestRefusedUpdateCreates(t *testing.T) {
	config := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 2\n"
	resp := run(t, config, "", `{"operation": "update", "manager": "kubectl-client-side-apply"}`)
	if !resp.RefusedOnly() || len(resp.Commands) != 1 || resp.Commands[0].Line != "kubectl create --field-manager=kubectl-client-side-apply -f new.yaml" {
		t.Errorf("errors %+v\ncommands %+v", resp.Errors, resp.Commands)
	}
	live := config + "  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}\n"
	resp = run(t, config, live, `{"operation": "update", "manager": "kubectl-client-side-apply"}`)
	if !resp.RefusedOnly() || len(resp.Commands) != 1 || resp.Commands[0].Line != "kubectl replace --field-manager=kubectl-client-side-apply -f config.yaml" {
		t.Errorf("errors %+v\ncommands %+v", resp.Errors, resp.Commands)
	}
}
