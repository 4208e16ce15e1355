package reproduce_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// widgetCRD is a CRD of options.schema for example.com's Widget.
const widgetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`

func TestPermissiveCRDForCustomKindsOnly(t *testing.T) {
	cases := []struct {
		name, live, updated, schema string
		want                        string // the custom-crd.yaml line, "" when none is written
	}{
		{name: "built-in kind", live: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: default}\ndata: {k: v}\n",
			updated: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: w}\n"},
		{name: "custom kind, no schema", live: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a, namespace: default}\nspec: {n: 1}\n",
			updated: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {n: 2}\n",
			want:    `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},"spec":{"group":"example.com","names":{"kind":"Widget","listKind":"WidgetList","plural":"widgets","singular":"widget"},"scope":"Namespaced","versions":[{"name":"v1","schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},"served":true,"storage":true}]}}`},
		{name: "custom kind, two versions", live: "apiVersion: example.com/v2\nkind: Widget\nmetadata: {name: a, namespace: default}\nspec: {n: 1}\n",
			updated: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: b}\nspec: {n: 2}\n",
			want:    `"versions":[{"name":"v1","schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},"served":true,"storage":true},{"name":"v2","schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},"served":true,"storage":false}]`},
		{name: "custom kind its CRD describes", live: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a, namespace: default}\nspec: {n: 1}\n",
			updated: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: a}\nspec: {n: 2}\n", schema: widgetCRD},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := &contract.Request{Mode: "apply", Updated: c.updated, Live: c.live, Options: contract.DefaultOptions()}
			req.Options.Schema = c.schema
			script, _ := scriptOf(t, req)
			wrote := strings.Contains(script, "cat > custom-crd.yaml")
			if wrote != (c.want != "") || !strings.Contains(script, c.want) {
				t.Errorf("custom-crd.yaml written: %v, want %v holding %s:\n%s", wrote, c.want != "", c.want, script)
			}
		})
	}
}
