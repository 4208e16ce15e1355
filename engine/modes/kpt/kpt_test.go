package kpt_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// upstream is the package's Deployment at a version: image and replicas.
func upstream(image, replicas string) string {
	return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: " + replicas +
		"\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: " + image + "\n"
}

// TestUpdateThenApply: a package fetched at v1, its local copy edited (replicas 5) and applied,
// then kpt pkg update to v2 (a new image) and kubectl apply: the local edit stays, the upstream
// change arrives; the step is the apply mode's answer on the merged copy.
func TestUpdateThenApply(t *testing.T) {
	h := handler.Default()
	opts := contract.DefaultOptions()
	opts.Now = "2026-01-01T00:00:00Z"
	v1, v2, local := upstream("nginx:1.27", "2"), upstream("nginx:1.28", "2"), upstream("nginx:1.27", "5")
	hist := &contract.Request{Mode: contract.History, Options: opts, Steps: []*contract.Request{
		{Mode: "apply", Updated: local, Options: opts},
		{Mode: "kpt", Original: v1, Updated: v2, Options: opts},
	}}
	resp := h.Handle(context.Background(), hist)
	if len(resp.Steps) != 2 || len(resp.Steps[1].Errors) > 0 {
		t.Fatalf("%+v", resp.Errors)
	}
	step := resp.Steps[1]
	copyText, _ := step.Extra["localCopy"].(string)
	for _, s := range []string{"replicas: 5", "nginx:1.28"} {
		if !strings.Contains(step.Result, s) || !strings.Contains(copyText, s) {
			t.Errorf("result or local copy lacks %q:\n%s\n---\n%s", s, step.Result, copyText)
		}
	}
	if len(step.Commands) != 2 || !strings.HasPrefix(step.Commands[0].Line, "kpt pkg update ") || !strings.HasPrefix(step.Commands[1].Line, "kubectl apply ") {
		t.Errorf("commands: %+v", step.Commands)
	}
	applied := h.Handle(context.Background(), &contract.Request{Mode: "apply", Updated: copyText, Live: resp.Steps[0].Result, Options: opts})
	if applied.Result != step.Result || len(applied.Fields) != len(step.Fields) {
		t.Errorf("the step is not the apply's answer on the merged copy:\n%s\n---\n%s", step.Result, applied.Result)
	}
}

func TestWithoutALocalCopy(t *testing.T) {
	opts := contract.DefaultOptions()
	resp := handler.Default().Handle(context.Background(), &contract.Request{Mode: "kpt", Original: upstream("a", "1"), Updated: upstream("b", "1"), Live: upstream("a", "1"), Options: opts})
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "live" || !strings.Contains(resp.Errors[0].Message, "last-applied") {
		t.Errorf("errors: %+v", resp.Errors)
	}
}
