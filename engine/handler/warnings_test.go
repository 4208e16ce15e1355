package handler

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestWarningsOfCommandsThatSucceed replays what kubectl v1.37.2 printed on its standard error
// against kube-apiserver v1.37.2 (2026-12-06) for a Deployment holding an unknown field and a
// port defined twice, under --validate=warn: created, both warnings; applied again unchanged,
// the unknown field alone (the patch sends it again, the template is as it was); its image
// patched, the port alone (the patch holds no unknown field).
func TestWarningsOfCommandsThatSucceed(t *testing.T) {
	const (
		unknown   = `Warning: unknown field "spec.template.spec.containers[0].foo"`
		duplicate = "Warning: spec.template.spec.containers[0].ports[1]: duplicate port definition with spec.template.spec.containers[0].ports[0]"
		config    = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        foo: bar\n        ports:\n        - containerPort: 80\n          name: http\n        - containerPort: 80\n          name: http2\n"
	)
	h := Default()
	ask := func(mode, updated, live string) (contract.Command, string) {
		t.Helper()
		req := &contract.Request{Mode: mode, Updated: updated, Live: live, Options: contract.DefaultOptions()}
		req.Options.Validate, req.Options.Now = contract.ValidateWarn, "2026-01-01T00:00:00Z"
		resp := h.Handle(context.Background(), req)
		if len(resp.Errors) > 0 || len(resp.Commands) != 1 {
			t.Fatalf("%s: errors %+v, commands %+v", mode, resp.Errors, resp.Commands)
		}
		return resp.Commands[0], resp.Result
	}
	created, live := ask("apply", config, "")
	if want := []string{unknown, duplicate}; !slices.Equal(created.Warnings, want) || created.Output[0] != "deployment.apps/web created" {
		t.Errorf("created: warnings %q, output %q; want %q", created.Warnings, created.Output, want)
	}
	again, _ := ask("apply", config, live)
	if want := []string{unknown}; !slices.Equal(again.Warnings, want) || again.Output[0] != "deployment.apps/web configured" {
		t.Errorf("applied again: warnings %q, output %q; want %q", again.Warnings, again.Output, want)
	}
	patched, _ := ask("patch", "spec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx:1.28\n", live)
	if want := []string{duplicate}; !slices.Equal(patched.Warnings, want) || !strings.HasSuffix(patched.Output[0], "patched") {
		t.Errorf("patched: warnings %q, output %q; want %q", patched.Warnings, patched.Output, want)
	}
}
