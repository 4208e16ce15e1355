package twoway_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/twoway"
)

func run(t *testing.T, previous, next, live string) *contract.Response {
	t.Helper()
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the merge alone: the fixtures' Deployments have no selector
	resp := handler.Default().Handle(context.Background(), &contract.Request{Mode: "twoway", Original: previous, Updated: next, Live: live, Options: opts})
	if len(resp.Errors) > 0 {
		t.Fatalf("errors: %+v", resp.Errors)
	}
	return resp
}

const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: %s\n  template:\n    spec:\n      containers:\n      - {name: web, image: %s}\n"

func dep(replicas, image string) string {
	return strings.Replace(strings.Replace(deployment, "%s", replicas, 1), "%s", image, 1)
}

func TestTwoWayLeavesLiveEditsThreeWayRepairs(t *testing.T) {
	resp := run(t, dep("2", "nginx:1"), dep("2", "nginx:2"), dep("5", "nginx:1"))
	if !strings.Contains(resp.Result, "replicas: 5") || !strings.Contains(resp.Result, "nginx:2") {
		t.Errorf("two-way result:\n%s", resp.Result)
	}
	three := resp.Extra["threeWay"].(map[string]string)["result"]
	if !strings.Contains(three, "replicas: 2") {
		t.Errorf("three-way result:\n%s", three)
	}
	warnings := resp.Extra["warnings"].(twoway.Warnings)
	if len(warnings) != 1 || warnings[0].Path != ".spec.replicas" || warnings[0].TwoWay != "5" || warnings[0].ThreeWay != "2" {
		t.Errorf("warnings: %+v", warnings)
	}
	repairs := resp.Extra["repairPatches"].(twoway.Repairs)
	if len(repairs) != 1 || !strings.Contains(repairs[0].Patch, `"replicas":2`) {
		t.Errorf("repairs: %+v", repairs)
	}
}

func TestDroppedResourcesAreDeleted(t *testing.T) {
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: old}\n"
	resp := run(t, dep("1", "a")+"---\n"+cm, dep("1", "a"), dep("1", "a")+"---\n"+cm)
	if strings.Contains(resp.Result, "name: old") {
		t.Errorf("dropped resource kept:\n%s", resp.Result)
	}
	found := false
	for _, f := range resp.Fields {
		found = found || (f.Resource == "v1/ConfigMap/default/old" && f.Mark == contract.Deleted)
	}
	if !found {
		t.Errorf("no deleted mark for the dropped resource: %+v", resp.Fields)
	}
}

// TestObjectMissingFromThePreviousReleaseStopsTheUpgrade: Helm 2's Update refuses an object that
// the new render and the cluster hold but the previous release does not ("no ConfigMap with the
// name "b" found"), so the mode answers with that error at the object in the new render.
func TestObjectMissingFromThePreviousReleaseStopsTheUpgrade(t *testing.T) {
	cm := func(name, value string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + "}\ndata: {k: \"" + value + "\"}\n"
	}
	for _, tc := range []struct {
		name, previous, next, live string
		line                       int
		message                    string
	}{
		{"in a stream", cm("a", "1"), cm("a", "2") + "---\n" + cm("b", "2"), cm("a", "1") + "---\n" + cm("b", "1"), 6,
			`no ConfigMap with the name "b" found`},
		{"no previous render at all", "", cm("a", "2"), cm("a", "1"), 1, `no ConfigMap with the name "a" found`},
		{"no identity", "", "data: {k: 2}\n", "data: {k: 1}\n", 1, "the object is in the cluster and in the new render"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := handler.Default().Handle(context.Background(), &contract.Request{Mode: "twoway",
				Original: tc.previous, Updated: tc.next, Live: tc.live, Options: contract.DefaultOptions()})
			if len(resp.Errors) != 1 || resp.Result != "" {
				t.Fatalf("want one error and no result, got %+v, result %q", resp.Errors, resp.Result)
			}
			e := resp.Errors[0]
			if e.Input != "updated" || e.Line != tc.line || !strings.Contains(e.Message, tc.message) {
				t.Errorf("error %+v, want updated:%d: …%s…", e, tc.line, tc.message)
			}
		})
	}
}

// TestNewListWithKeylessItem: the new render adds an env list whose entry lacks its name (the
// merge key). Helm 2's two-way patch sends the new list whole and the API server takes it whole
// (observed: scripts/conformance/smpfacts "two-way sends a new list whole"), so the upgrade goes
// through; no repair patch can be computed for it (a three-way patch pairs the lists' items),
// which the warnings say.
func TestNewListWithKeylessItem(t *testing.T) {
	previous := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - {name: web, image: a}\n"
	next := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        image: a\n        env:\n        - value: x\n"
	resp := run(t, previous, next, previous)
	if !strings.Contains(resp.Result, "env: [{value: x}]") {
		t.Errorf("the new env list is not in the result:\n%s", resp.Result)
	}
	if !strings.Contains(resp.Patch, `"env":[{"value":"x"}]`) {
		t.Errorf("patch %s, want the env list whole", resp.Patch)
	}
}
