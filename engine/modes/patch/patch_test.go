package patch_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

func run(t *testing.T, patch, live string) *contract.Response {
	t.Helper()
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the merge alone: the fixtures' Deployments have no selector
	return handler.Default().Handle(context.Background(), &contract.Request{Mode: "patch", Updated: patch, Live: live, Options: opts})
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1}
  template:
    spec:
      containers:
      - name: web
        image: nginx:1
      - name: sidecar
        image: envoy:1
`

// TestErrorsPointAtThePatch checks the API server's rejections, each at the patch's line.
func TestErrorsPointAtThePatch(t *testing.T) {
	tests := []struct {
		name, patch string
		line        int
		message     string
	}{
		{"unknown directive in a list item", "spec:\n  template:\n    spec:\n      containers:\n      - name: web\n        $patch: explode\n", 6, "unknown patch type: explode"},
		{"item without its merge key", "spec:\n  template:\n    spec:\n      containers:\n      - image: nginx:2\n", 5, "does not contain declared merge key: name"},
		{"$retainKeys that does not cover the patch", "spec:\n  strategy:\n    $retainKeys: [type]\n    type: Recreate\n    rollingUpdate: {maxSurge: 2}\n", 5, "invalid patch format of retainKeys"},
		{"unknown directive in a map", "spec:\n  strategy:\n    $patch: explode\n", 3, "unknown patch type: explode"},
	}
	for _, tt := range tests {
		resp := run(t, tt.patch, deployment)
		if len(resp.Errors) != 1 {
			t.Errorf("%s: errors %+v", tt.name, resp.Errors)
			continue
		}
		e := resp.Errors[0]
		if e.Input != "updated" || e.Line != tt.line || !strings.Contains(e.Message, tt.message) {
			t.Errorf("%s: got %s:%d:%d %q, want updated:%d %q", tt.name, e.Input, e.Line, e.Column, e.Message, tt.line, tt.message)
		}
	}
}

func TestDirectives(t *testing.T) {
	tests := []struct {
		name, patch string
		contains    []string
		lacks       []string
	}{
		{"merge by name", "spec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:2\n", []string{"image: nginx:2", "image: envoy:1"}, nil},
		{"delete an item", "spec:\n  template:\n    spec:\n      containers:\n      - name: sidecar\n        $patch: delete\n", []string{"image: nginx:1"}, []string{"sidecar"}},
		{"replace a list", "spec:\n  template:\n    spec:\n      containers:\n      - name: only\n        image: x:1\n      - $patch: replace\n", []string{"name: only"}, []string{"sidecar", "nginx"}},
		{"retainKeys", "spec:\n  strategy:\n    $retainKeys: [type]\n    type: Recreate\n", []string{"type: Recreate"}, []string{"rollingUpdate"}},
		{"null deletes", "spec:\n  strategy: null\n", nil, []string{"strategy"}},
		{"replace a map", "spec:\n  strategy:\n    $patch: replace\n    type: Recreate\n", []string{"type: Recreate"}, []string{"maxSurge"}},
	}
	for _, tt := range tests {
		resp := run(t, tt.patch, deployment)
		if len(resp.Errors) > 0 {
			t.Errorf("%s: %+v", tt.name, resp.Errors)
			continue
		}
		for _, s := range tt.contains {
			if !strings.Contains(resp.Result, s) {
				t.Errorf("%s: result lacks %q:\n%s", tt.name, s, resp.Result)
			}
		}
		for _, s := range tt.lacks {
			if strings.Contains(resp.Result, s) {
				t.Errorf("%s: result still has %q:\n%s", tt.name, s, resp.Result)
			}
		}
	}
}

func TestCustomResourcesRefuseStrategicPatches(t *testing.T) {
	resp := run(t, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 2}\n", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1}\n")
	if len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, "415") {
		t.Errorf("errors: %+v", resp.Errors)
	}
}

func TestPatchWithoutTarget(t *testing.T) {
	resp := run(t, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v}\n", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n")
	if len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, "NotFound") || resp.Errors[0].Line != 1 {
		t.Errorf("errors: %+v", resp.Errors)
	}
}
