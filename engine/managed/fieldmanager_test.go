package managed

import (
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/schema"
)

func deployments(t *testing.T) FieldManager {
	t.Helper()
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return FieldManager{Type: set.Root("apps/v1", "Deployment"), APIVersion: "apps/v1", Kind: "Deployment"}
}

var now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
`

// summary writes an outcome's entries as "manager operation time: paths" lines, or its conflicts.
func summary(o *Outcome) string {
	if len(o.Conflicts) > 0 {
		var lines []string
		for _, c := range o.Conflicts {
			lines = append(lines, "conflict "+c.Manager.Manager+" "+c.Path.String())
		}
		return strings.Join(lines, "\n")
	}
	var lines []string
	for _, e := range o.Entries {
		at := "-"
		if e.Time != nil {
			at = e.Time.Format("2006")
		}
		lines = append(lines, e.Manager+" "+e.Operation+" "+at+": "+strings.ReplaceAll(e.Fields.String(), "\n", " "))
	}
	return strings.Join(lines, "\n")
}

func TestFieldManager(t *testing.T) {
	fm := deployments(t)
	owned := func(manager, op, fields string) string {
		return "  - {manager: " + manager + ", operation: " + op + ", apiVersion: apps/v1, time: \"2025-01-01T00:00:00Z\", fieldsType: FieldsV1, fieldsV1: " + fields + "}\n"
	}
	replicas := `{"f:spec": {"f:replicas": {}}}`
	tests := []struct {
		name, live, object, manager string
		update, force               bool
		want                        string
	}{
		{name: "create", object: deployment + "spec: {replicas: 2}\n", manager: "kubectl",
			want: "kubectl Apply 2026: .spec.replicas"},
		{name: "before-first-apply owns what live had", live: deployment + "spec: {replicas: 2, paused: true}\n",
			object: deployment + "spec: {replicas: 2}\n", manager: "kubectl",
			want: "kubectl Apply -: .spec.replicas\nbefore-first-apply Update 2026: .spec .spec.paused .spec.replicas"},
		{name: "conflict", live: deployment + "  managedFields:\n" + owned("hpa", "Update", replicas) + "spec: {replicas: 5}\n",
			object: deployment + "spec: {replicas: 2}\n", manager: "kubectl", want: "conflict hpa .spec.replicas"},
		{name: "force takes over", live: deployment + "  managedFields:\n" + owned("hpa", "Update", replicas) + "spec: {replicas: 5}\n",
			object: deployment + "spec: {replicas: 2}\n", manager: "kubectl", force: true, want: "kubectl Apply 2026: .spec.replicas"},
		{name: "the same value is shared", live: deployment + "  managedFields:\n" + owned("hpa", "Update", replicas) + "spec: {replicas: 5}\n",
			object: deployment + "spec: {replicas: 5}\n", manager: "kubectl",
			want: "kubectl Apply -: .spec.replicas\nhpa Update 2025: .spec.replicas"},
		{name: "update takes what changed", live: deployment + "  managedFields:\n" + owned("kubectl", "Apply", replicas) + "spec: {replicas: 5}\n",
			object: deployment + "spec: {replicas: 7}\n", manager: "hpa", update: true,
			want: "hpa Update 2026: .spec.replicas"},
		{name: "an existing object without managed fields stays untracked",
			live: deployment + "  uid: abc\nspec: {replicas: 5}\n", object: deployment + "  uid: abc\nspec: {replicas: 7}\n",
			manager: "hpa", update: true, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := Request{Object: parseNode(t, tt.object), Manager: tt.manager, Force: tt.force, Now: now}
			if tt.live != "" {
				req.Live = parseNode(t, tt.live)
			}
			run := fm.Apply
			if tt.update {
				run = fm.Update
			}
			out, err := run(req)
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(out); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestClientSideHandOver(t *testing.T) {
	fm := deployments(t)
	lastApplied := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web"},"spec":{"replicas":2}}`
	live := deployment + "  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '" + lastApplied + "'\n" +
		"  managedFields:\n  - {manager: kubectl-client-side-apply, operation: Update, apiVersion: apps/v1, fieldsType: FieldsV1, fieldsV1: " +
		`{"f:metadata": {"f:annotations": {".": {}, "f:kubectl.kubernetes.io/last-applied-configuration": {}}}, "f:spec": {"f:replicas": {}}}` + "}\n" +
		"spec: {replicas: 2}\n"
	out, err := fm.Apply(Request{Live: parseNode(t, live), Object: parseNode(t, deployment+"spec: {replicas: 3}\n"), Manager: "kubectl", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Conflicts) > 0 || out.HandedOver == nil || out.HandedOver.String() != ".spec.replicas" {
		t.Fatalf("the hand-over did not happen: %s (%v)", summary(out), out.HandedOver)
	}
	want := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":3}}` + "\n"
	if out.LastApplied != want {
		t.Errorf("last-applied = %q, want %q", out.LastApplied, want)
	}
	// Another manager gets no such favour.
	other, err := fm.Apply(Request{Live: parseNode(t, live), Object: parseNode(t, deployment+"spec: {replicas: 3}\n"), Manager: "helm", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if got := summary(other); got != "conflict kubectl-client-side-apply .spec.replicas" {
		t.Errorf("helm: %s", got)
	}
}

func TestApplyErrors(t *testing.T) {
	fm := deployments(t)
	tests := map[string]string{
		"apiVersion: v1\nkind: Deployment\nmetadata: {name: web}\n":                   "must be a apps/v1 Deployment",
		deployment + "  managedFields: []\n":                                          "managedFields must be nil",
		deployment + "spec: {replicas: many}\n":                                       "expected a number",
		deployment + "spec: {template: {spec: {containers: [{name: a}, {name: a}]}}}": "duplicate entries",
	}
	for object, want := range tests {
		_, err := fm.Apply(Request{Object: parseNode(t, object), Manager: "kubectl", Now: now})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", object, err, want)
		}
	}
}
