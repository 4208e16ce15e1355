package ssa_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// FuzzSSA checks that no input makes the mode fail inside (a panic or an engine error), that
// every result reads back, and that repeating an operation on its own result changes nothing.
func FuzzSSA(f *testing.F) {
	deploy := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        ports:\n        - containerPort: 53\n        - containerPort: 53\n          protocol: UDP\n"
	f.Add(deploy, "", false, false)
	f.Add(deploy, deploy, true, false)
	f.Add(deploy, strings.Replace(deploy, "replicas: 3", "replicas: 5", 1)+"  paused: true\n", false, false)
	f.Add(cm+"data: {a: b}\n", cm+managedBy("hpa", "Update", `{"f:data": {"f:a": {}}}`)+"data: {a: c}\n", false, true)
	f.Add("a: [1, 2]\nb: {c: d}\n", "a: [3]\nb: {e: f}\n", false, false)
	f.Add(cm+"---\n"+deploy, cm, true, false)
	h := handler.New(ssa.Mode())
	f.Fuzz(func(t *testing.T, updated, live string, force, update bool) {
		op := "apply"
		if update {
			op = "update"
		}
		ask := func(live, now string) *contract.Response {
			opts := contract.DefaultOptions()
			opts.Force, opts.Operation, opts.Now = force, op, now
			return h.Handle(context.Background(), &contract.Request{Mode: "ssa", Updated: updated, Live: live, Options: opts})
		}
		first := ask(live, "2026-01-01T00:00:00Z")
		for _, e := range first.Errors {
			if e.Input == "engine" {
				t.Fatalf("internal error: %s", e.Message)
			}
		}
		if first.Result == "" {
			return
		}
		if _, err := yamltree.Parse(yamltree.Result, first.Result, yamltree.Options{}); err != nil {
			t.Fatalf("the result does not read back: %v\n%s", err, first.Result)
		}
		again := ask(first.Result, "2027-01-01T00:00:00Z")
		if again.Result != first.Result {
			t.Fatalf("repeating the %s changed the result:\n%s\n---\n%s\nerrors %+v conflicts %+v", op, first.Result, again.Result, again.Errors, again.Conflicts)
		}
	})
}
