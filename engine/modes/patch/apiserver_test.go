package patch_test

import (
	"context"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// TestEmptiedLabelsAreAMap: a patch deleting the template's only label leaves an empty map,
// which the server does not store but validates as {} (observed on kube-apiserver v1.37.2, make
// apiserver-diff seed 1, patch-14: "Invalid value: {}", where a template without labels reads
// "Invalid value: null").
func TestEmptiedLabelsAreAMap(t *testing.T) {
	live := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers: [{name: web, image: nginx}]\n"
	patch := "spec:\n  template:\n    metadata:\n      labels:\n        app: null\n"
	resp := handler.Default().Handle(context.Background(), &contract.Request{Mode: "patch", Updated: patch, Live: live, Options: contract.DefaultOptions()})
	want := "The Deployment \"web\" is invalid: spec.template.metadata.labels: Invalid value: {}: `selector` does not match template `labels`"
	if len(resp.Errors) != 1 || resp.Errors[0].Message != want || resp.Errors[0].Line != 4 {
		t.Errorf("errors: %+v", resp.Errors)
	}
}
