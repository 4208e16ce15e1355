package handler

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestAPIServerRefusals: every mode that sends an object to an API server (apply, ssa, patch,
// twoway) answers the server's refusal of the object it would store (engine/apiserver), at the
// config's line, with kubectl's message (observed with kubectl and kube-apiserver v1.37.2:
// engine/apiserver/testdata/observed.json), and no result.
func TestAPIServerRefusals(t *testing.T) {
	const (
		labelKey   = `The ConfigMap "web" is invalid: metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`
		finalizer  = `The ConfigMap "web" is invalid: metadata.finalizers[0]: Invalid value: "noslash": name is neither a standard finalizer name nor is it fully qualified`
		labelValue = `The ConfigMap "web" is invalid: metadata.labels: Invalid value: "-x": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`
		cm         = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n"
		bad        = cm + "  labels:\n    \"a b\": x\n"
	)
	tests := []struct {
		name, mode, original, updated, live string
		want                                []string // input:line:column message
	}{
		{"apply creates", "apply", "", bad, "", []string{"updated:6:5 " + labelKey}},
		{"apply patches", "apply", cm, bad, cm, []string{"updated:6:5 " + labelKey}},
		{"apply sends nothing", "apply", "", cm, "", nil}, // live: applied (below), with a bad label
		{"apply keeps live's label", "apply", cm, cm + "data: {a: b}\n", cm + "  labels: {a: \"-x\"}\n", []string{"live:5:15 " + labelValue}},
		{"ssa applies", "ssa", "", cm + "  finalizers: [noslash]\n", cm, []string{"updated:5:16 " + finalizer}},
		{"ssa creates", "ssa", "", bad, "", []string{"updated:6:5 " + labelKey}},
		{"patch", "patch", "", "metadata:\n  labels:\n    \"a b\": x\n", cm, []string{"updated:3:5 " + labelKey}},
		{"twoway", "twoway", cm, bad, cm, []string{"updated:6:5 " + labelKey}},
		{"apply, missing namespace", "apply", "", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n  namespace: Bad_NS\n", "",
			[]string{`updated:5:14 Error from server (NotFound): namespaces "Bad_NS" not found`}},
		{"a custom resource is not checked", "apply", "", "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: Web_1\n  labels: {\"a b\": x}\n", "", nil},
	}
	h := Default()
	applied := handle(t, h, `{"mode":"apply","updated":`+strings.TrimSpace(fmt.Sprintf("%q", cm))+`}`).Result
	for _, tt := range tests {
		if tt.name == "apply sends nothing" {
			tt.live = strings.Replace(applied, "metadata:\n", "metadata:\n  labels:\n    \"a b\": x\n", 1)
		}
		body, _ := json.Marshal(map[string]any{"mode": tt.mode, "original": tt.original, "updated": tt.updated, "live": tt.live})
		resp := handle(t, h, string(body))
		var got []string
		for _, e := range resp.Errors {
			got = append(got, fmt.Sprintf("%s:%d:%d %s", e.Input, e.Line, e.Column, e.Message))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		if tt.name == "apply sends nothing" && (len(resp.Commands) != 1 || fmt.Sprint(resp.Commands[0].Output) != "[configmap/web unchanged]") {
			t.Errorf("%s: commands %+v, want kubectl's unchanged", tt.name, resp.Commands)
		}
		if len(tt.want) > 0 && resp.Result != "" {
			t.Errorf("%s: a result beside the refusal", tt.name)
		}
	}
}
