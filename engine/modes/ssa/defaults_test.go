package ssa_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestApplyOwnsNoDefault applies the server-side apply cases of the API server's observed
// defaults (engine/apiserver/testdata/defaults.txt, kube-apiserver v1.37.2) onto nothing and
// wants the Apply entry the server wrote: what was applied and nothing the server defaulted, a
// port's key holding the protocol it defaulted (k:{"containerPort":80,"protocol":"TCP"}); and
// the defaults in the result, marked ssa/server-default.
func TestApplyOwnsNoDefault(t *testing.T) {
	data, err := os.ReadFile("../../apiserver/testdata/defaults.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(data), "\n=== ")[1:] {
		head, rest, _ := strings.Cut(block, "\n")
		if !strings.HasSuffix(head, ": ssa") {
			continue
		}
		n++
		sent := strings.SplitN(strings.SplitN(rest, "--- sent\n", 2)[1], "--- stored\n", 2)
		resp := run(t, sent[0], "", `{"manager": "applier"}`)
		if len(resp.Errors) > 0 {
			t.Fatalf("%s: %+v", head, resp.Errors)
		}
		got, err := yamltree.ParseOne(yamltree.Input("result"), resp.Result, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := yamltree.ParseOne(yamltree.Input("stored"), sent[1], yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		entry := func(obj *yamltree.Node) *yamltree.Node { return managed.ManagedFieldsOf(obj).Items[0].Get("fieldsV1") }
		if !yamltree.Equal(entry(got), entry(want)) {
			t.Errorf("%s: the Apply entry owns\n%s\nwant (the server's)\n%s", head, yamltree.EmitNode(entry(got)), yamltree.EmitNode(entry(want)))
		}
		defaults := 0
		for _, f := range resp.Fields {
			if f.Rule == "ssa/server-default" && f.Mark == contract.Added {
				defaults++
			}
		}
		if defaults == 0 {
			t.Errorf("%s: no default marked", head)
		}
	}
	if n == 0 {
		t.Fatal("no server-side apply case observed")
	}
}

// TestRepeatedApplyKeepsTimes applies configs holding values the API server does not store onto
// nothing, then again onto what it stored: the second apply stores the object as it was, so the
// server keeps managedFields' times (observed on kube-apiserver v1.37.2: same time, same
// resourceVersion) and the operation reads as unchanged.
func TestRepeatedApplyKeepsTimes(t *testing.T) {
	for name, config := range map[string]string{
		"omitempty false":  "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  paused: false\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
		"empty map":        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  nodeSelector: {}\n  containers:\n  - name: web\n    image: nginx\n",
		"null label":       "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n  labels:\n    app: null\ndata:\n  a: b\n",
		"nothing unstored": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: b\n",
	} {
		first := run(t, config, "", `{"apiServer": "on"}`)
		if len(first.Errors) > 0 || len(first.Conflicts) > 0 {
			t.Fatalf("%s: %+v %+v", name, first.Errors, first.Conflicts)
		}
		again := run(t, config, first.Result, `{"apiServer": "on", "now": "2027-01-01T00:00:00Z"}`)
		if again.Result != first.Result {
			t.Errorf("%s: the repeat stored\n%s\nwant what the first stored\n%s", name, again.Result, first.Result)
		}
		if ops := again.Extra["operations"].(ssa.Operations); len(ops) != 1 || ops[0].Changed {
			t.Errorf("%s: the repeat reads as a change: %+v", name, ops)
		}
		for _, e := range again.Extra["managedFields"].(ssa.ManagedFieldsList)[0].Entries {
			if e.Time == "2027-01-01T00:00:00Z" {
				t.Errorf("%s: extra.managedFields gives %s the repeat's time", name, e.Manager)
			}
		}
	}
}

// TestBeforeFirstApplyOwnsLiveDefaults applies to a Deployment given without managedFields and
// without the defaults a cluster wrote when it stored it: before-first-apply owns them as the
// API server gives it every field the object holds, so a config setting progressDeadlineSeconds
// conflicts on the default 600 live as given does not show, and a config leaving it out keeps it,
// owned by before-first-apply, whose entry owns no "." for the spec struct (observed on
// kube-apiserver v1.37.2: the Service of make apiserver-diff seed 3, ssa-13, and this Deployment,
// through their reproduce scripts).
func TestBeforeFirstApplyOwnsLiveDefaults(t *testing.T) {
	live := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n  uid: 2cd1ec9b-2cfc-4364-85a7-12958899df34\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"
	config := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  progressDeadlineSeconds: 300\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"
	resp := run(t, config, live, `{"apiServer": "on"}`)
	if len(resp.Conflicts) != 1 || resp.Conflicts[0].Path != ".spec.progressDeadlineSeconds" || resp.Conflicts[0].Manager != managed.BeforeFirstApply || resp.Conflicts[0].Live != "600" {
		t.Fatalf("conflicts %+v, want one with before-first-apply on .spec.progressDeadlineSeconds, live 600", resp.Conflicts)
	}
	if !strings.Contains(resp.Conflicts[0].Message, "live as given does not show it") {
		t.Errorf("the conflict does not say live as given lacks the default: %s", resp.Conflicts[0].Message)
	}
	kept := run(t, strings.Replace(config, "  progressDeadlineSeconds: 300\n", "", 1), live, `{"apiServer": "on"}`)
	got, err := yamltree.ParseOne(yamltree.Input("result"), kept.Result, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var entry *yamltree.Node
	for _, e := range managed.ManagedFieldsOf(got).Items {
		if e.Get("manager").Value == managed.BeforeFirstApply {
			entry = e.Lookup("fieldsV1", "f:spec")
		}
	}
	if entry == nil || entry.Get(".") != nil || entry.Get("f:progressDeadlineSeconds") == nil || entry.Get("f:revisionHistoryLimit") == nil {
		t.Fatalf("before-first-apply's spec entry is\n%s\nwant the defaults and no \".\"", yamltree.EmitNode(entry))
	}
	for _, f := range kept.Fields {
		if f.Path == ".spec.progressDeadlineSeconds" && (f.Mark != contract.Added || !strings.Contains(f.Reason, "live as a cluster stores it holds the API server's default")) {
			t.Errorf("the default kept from live is marked %s: %s", f.Mark, f.Reason)
		}
	}
}
