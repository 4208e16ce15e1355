package apiserver

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// observedCRD is the CRD the custom resources of TestStoredCustomAsObserved were created with.
const observedCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.stable.example.com}
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas: {type: integer}
              size: {type: string}
              nsize: {type: string, nullable: true}
              settings: {type: object, additionalProperties: {type: string}}
              nsettings: {type: object, nullable: true, additionalProperties: {type: string}}
              members:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    role: {type: string}
              config:
                type: object
                properties:
                  debug: {type: boolean}
                  level: {type: integer}
                  nlevel: {type: integer, nullable: true}
          free: {type: object, x-kubernetes-preserve-unknown-fields: true}
`

// TestStoredCustomAsObserved stores custom resources created with `kubectl create` (an update:
// the field manager records what the server decoded) against kube-apiserver v1.37.2
// (run-apiserver.sh, 2026-12-06) and wants what `kubectl get -o json` showed: a null in a field
// the CRD does not mark nullable: true is pruned, and not owned (a nested one, a value of
// additionalProperties, an item's field too); a nullable field's null and a null in
// preserve-unknown-fields are stored and owned; metadata is ObjectMeta (labels: null dropped, a
// null label stored as ""). The same nulls under `kubectl apply --server-side` are refused
// (`spec.settings: Invalid value: "null": spec.settings in body must be of type object: "null"`),
// which the playground does not model (docs/apiserver.md).
func TestStoredCustomAsObserved(t *testing.T) {
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(observedCRD, builtin)
	if err != nil {
		t.Fatal(err)
	}
	root, meta := set.Root("stable.example.com/v1", "Widget"), builtin.Named("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta")
	cases := []struct {
		name, sent string
		dropped    []string
		stored     string
	}{{
		name: "w4, top-level nulls",
		sent: "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w4, labels: null, annotations: {a: null}}\n" +
			"spec:\n  nsize: null\n  settings: null\n  nsettings: null\n  config: {level: 1, nlevel: null}\nfree: {x: null, yy: {z: null}}\n",
		dropped: []string{"metadata.labels (null)", "metadata.annotations.a (null as empty)", "spec.settings (pruned null)"},
		stored: "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w4, annotations: {a: \"\"}}\n" +
			"spec:\n  nsize: null\n  nsettings: null\n  config: {level: 1, nlevel: null}\nfree: {x: null, yy: {z: null}}\n",
	}, {
		name: "w7, nested nulls",
		sent: "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w7, labels: {a: null}, finalizers: null}\n" +
			"spec:\n  settings: {k: null, j: v}\n  members: [{name: x, role: null}]\n",
		dropped: []string{"metadata.labels.a (null as empty)", "metadata.finalizers (null)", "spec.settings.k (pruned null)",
			"spec.members[0].role (pruned null)"},
		stored: "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w7, labels: {a: \"\"}}\n" +
			"spec:\n  settings: {j: v}\n  members: [{name: x}]\n",
	}, {
		name:    "w8, kubectl replace",
		sent:    "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w8}\nspec:\n  size: null\n  config: {level: null, nlevel: null}\n",
		dropped: []string{"spec.size (pruned null)", "spec.config.level (pruned null)"},
		stored:  "apiVersion: stable.example.com/v1\nkind: Widget\nmetadata: {name: w8}\nspec:\n  config: {nlevel: null}\n",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := parse(t, c.sent)
			before := yamltree.EmitNode(obj)
			s := StoreCustom(obj, root, meta, func(_ *schema.Field, list *schema.Type) []string { return list.Keys })
			var got []string
			for _, d := range s.Drops {
				got = append(got, d.Field+" ("+whyText(d.Why)+")")
			}
			if strings.Join(got, "\n") != strings.Join(c.dropped, "\n") {
				t.Errorf("dropped:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.dropped, "\n"))
			}
			if out, want := yamltree.EmitNode(s.Root), yamltree.EmitNode(parse(t, c.stored)); out != want {
				t.Errorf("stored:\n%s\nwant:\n%s", out, want)
			}
			if yamltree.EmitNode(obj) != before {
				t.Error("StoreCustom changed the object it was given")
			}
		})
	}
}
