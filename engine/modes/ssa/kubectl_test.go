package ssa_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// csaLive is a ConfigMap client-side kubectl apply wrote: the last-applied annotation, and
// kubectl-client-side-apply (an updater) owning it, data.a and data.b; extraUpdater, when not
// "", adds an updater owning data.c alone.
func csaLive(extraUpdater string) string {
	s := cm + "  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      {\"apiVersion\":\"v1\",\"data\":{\"a\":\"one\",\"b\":\"two\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"c\"}}\n" +
		managedBy("kubectl-client-side-apply", "Update", `{"f:data": {"f:a": {}, "f:b": {}}, "f:metadata": {"f:annotations": {".": {}, "f:kubectl.kubernetes.io/last-applied-configuration": {}}}}`)
	if extraUpdater != "" {
		s += "  - manager: " + extraUpdater + "\n    operation: Update\n    apiVersion: v1\n    time: \"2025-01-01T00:00:00Z\"\n    fieldsType: FieldsV1\n    fieldsV1: {\"f:data\": {\"f:c\": {}}}\n"
	}
	return s + "data: {a: one, b: two, c: three}\n"
}

// TestKubectlSteps checks kubectl's own steps after a server-side apply (package managed,
// kubectl.go), row by row as they were observed on kube-apiserver and kubectl v1.37.2: the
// managers left, in order, and what the object holds.
func TestKubectlSteps(t *testing.T) {
	tests := []struct {
		name, live, updated, options string
		managers                     string // manager/operation, in managedFields' order
		data                         string // data's keys afterwards
		annotation                   bool   // the last-applied annotation is kept
	}{
		// kubectl-last-applied's entry has no time (its apply changed nothing) and sorts first;
		// kubectl's carries the request's once kubectl moved the client-side fields to it
		{"kubectl: the annotation applied alone, the client-side fields moved", csaLive(""), cm + "data: {a: one, b: two}\n", `{}`,
			"kubectl-last-applied/Apply kubectl/Apply", "a b c", true},
		{"a field only client-side apply owned and the config leaves out goes", csaLive(""), cm + "data: {a: one}\n", `{}`,
			"kubectl-last-applied/Apply kubectl/Apply", "a c", true},
		{"an updater that does not own the annotation keeps its fields", csaLive("helm"), cm + "data: {a: one, b: two}\n", `{}`,
			"kubectl-last-applied/Apply kubectl/Apply helm/Update", "a b c", true},
		{"another field manager: no kubectl-last-applied, the annotation goes", csaLive(""), cm + "data: {a: one, b: two}\n", `{"manager": "other"}`,
			"other/Apply", "a b c", false},
		{"client server: the API server's apply alone", csaLive(""), cm + "data: {a: one, b: two}\n", `{"client": "server"}`,
			"kubectl/Apply kubectl-client-side-apply/Update", "a b c", true},
		{"no updater owns the annotation: only the annotation applied", cm + "  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: \"{}\"\n" +
			managedBy("kubectl-client-side-apply", "Update", `{"f:data": {"f:a": {}}}`) + "data: {a: one}\n", cm + "data: {a: one}\n", `{}`,
			"kubectl/Apply kubectl-last-applied/Apply kubectl-client-side-apply/Update", "a", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := run(t, tt.updated, tt.live, tt.options)
			if len(resp.Errors) > 0 || len(resp.Conflicts) > 0 {
				t.Fatalf("errors %+v conflicts %+v", resp.Errors, resp.Conflicts)
			}
			root, err := yamltree.ParseOne(yamltree.Result, resp.Result, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var managers []string
			for _, e := range root.Lookup("metadata", "managedFields").Items {
				managers = append(managers, e.Get("manager").Str()+"/"+e.Get("operation").Str())
			}
			if got := strings.Join(managers, " "); got != tt.managers {
				t.Errorf("managers %q, want %q\n%s", got, tt.managers, resp.Result)
			}
			if got := strings.Join(root.Get("data").Keys(), " "); got != tt.data {
				t.Errorf("data holds %q, want %q", got, tt.data)
			}
			if has := root.Lookup("metadata", "annotations", "kubectl.kubernetes.io/last-applied-configuration") != nil; has != tt.annotation {
				t.Errorf("last-applied annotation kept: %v, want %v", has, tt.annotation)
			}
			for _, f := range resp.Fields {
				if f.Reason == "" || strings.Contains(f.Reason, "no manager set") {
					t.Errorf("%s %s: reason %q", f.Mark, f.Path, f.Reason)
				}
			}
		})
	}
}
