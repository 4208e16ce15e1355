package apiserver

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// crd is a namespaced CRD of group stable.example.com, version v1, named by its singular name
// and kind, whose schema's root holds properties (indented under openAPIV3Schema's properties).
func crd(singular, kind, properties string) string {
	return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: " + singular + "s.stable.example.com}\n" +
		"spec:\n  group: stable.example.com\n  scope: Namespaced\n" +
		"  names: {plural: " + singular + "s, singular: " + singular + ", kind: " + kind + ", listKind: " + kind + "List}\n" +
		"  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n" +
		"        type: object\n        properties:\n" + properties
}

// observedCRD is the CRD the custom resources of TestStoredCustomAsObserved were created with.
func observedCRD() string {
	return crd("widget", "Widget", `          spec:
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
`)
}

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
	set, err := schema.Load(observedCRD(), builtin)
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

// defaultsCRD is the CRD the custom resources of TestStoredCustomDefaultsAsObserved were
// created with: defaults on scalars, on a nullable field, on an object and on its own field, on
// a list, on list-map items' fields (a key among them) and in additionalProperties.
func defaultsCRD() string {
	return crd("gadget", "Gadget", `          spec:
            type: object
            properties:
              size: {type: string, default: small}
              nsize: {type: string, nullable: true, default: medium}
              replicas: {type: integer, default: 1}
              ratio: {type: number, default: 1.5}
              enabled: {type: boolean, default: false}
              config:
                type: object
                default: {level: 3}
                properties:
                  level: {type: integer}
                  mode: {type: string, default: fast}
              tags: {type: array, items: {type: string}, default: [a, b]}
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [port, protocol]
                items:
                  type: object
                  required: [port]
                  properties:
                    port: {type: integer}
                    protocol: {type: string, default: TCP}
                    name: {type: string, default: unnamed}
              settings:
                type: object
                additionalProperties:
                  type: object
                  properties:
                    v: {type: string, default: dv}
`)
}

// TestStoredCustomDefaultsAsObserved stores custom resources of defaultsCRD as kube-apiserver
// v1.37.2 stored them (run-apiserver.sh, 2026-12-06; `kubectl create` and `kubectl apply
// --server-side`, then `kubectl get -o json`): a field the object lacks takes its default, a
// default's own fields theirs (config: {level: 3} became {level: 3, mode: fast}), a null in a
// field without nullable: true is pruned and then defaulted, a nullable field's null stays null,
// list items and additionalProperties' values take their fields' defaults, and an object the
// object lacks whose schema has no default (spec) is not made.
func TestStoredCustomDefaultsAsObserved(t *testing.T) {
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(defaultsCRD(), builtin)
	if err != nil {
		t.Fatal(err)
	}
	root, meta := set.Root("stable.example.com/v1", "Gadget"), builtin.Named("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta")
	head := "apiVersion: stable.example.com/v1\nkind: Gadget\nmetadata: {name: g}\n"
	cases := []struct {
		name, sent string
		defaults   []string
		stored     string
	}{{
		name: "g1, nulls and items",
		sent: head + "spec:\n  size: null\n  nsize: null\n  ports: [{port: 80}]\n  settings: {x: {}}\n",
		defaults: []string{"spec.ports[0].protocol", "spec.ports[0].name", "spec.settings.x.v", "spec.size", "spec.replicas",
			"spec.ratio", "spec.enabled", "spec.config", "spec.tags"},
		stored: head + "spec:\n  nsize: null\n  ports: [{port: 80, protocol: TCP, name: unnamed}]\n  settings: {x: {v: dv}}\n" +
			"  size: small\n  replicas: 1\n  ratio: 1.5\n  enabled: false\n  config:\n    level: 3\n    mode: fast\n  tags:\n  - a\n  - b\n",
	}, {
		name:     "g2, an object given empty",
		sent:     head + "spec:\n  ports: [{port: 80}]\n  config: {}\n",
		defaults: []string{"spec.ports[0].protocol", "spec.ports[0].name", "spec.config.mode", "spec.size", "spec.nsize", "spec.replicas", "spec.ratio", "spec.enabled", "spec.tags"},
		stored: head + "spec:\n  ports: [{port: 80, protocol: TCP, name: unnamed}]\n  config:\n    mode: fast\n" +
			"  size: small\n  nsize: medium\n  replicas: 1\n  ratio: 1.5\n  enabled: false\n  tags:\n  - a\n  - b\n",
	}, {
		name:   "g3, no spec",
		sent:   head,
		stored: head,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := StoreCustom(parse(t, c.sent), root, meta, func(_ *schema.Field, list *schema.Type) []string { return list.Keys })
			var got []string
			for _, d := range s.Defaults {
				got = append(got, d.Field)
			}
			if strings.Join(got, " ") != strings.Join(c.defaults, " ") {
				t.Errorf("defaults: %s\nwant:     %s", strings.Join(got, " "), strings.Join(c.defaults, " "))
			}
			if out, want := yamltree.EmitNode(s.Root), yamltree.EmitNode(parse(t, c.stored)); out != want {
				t.Errorf("stored:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

// TestStoredMetadataOfAnUnknownKind: a kind no schema describes keeps what it holds, but its
// metadata is stored as ObjectMeta (make apiserver-diff seed 8, apply-15: a Widget applied with
// finalizers: [] under a CRD that keeps any field, kube-apiserver v1.37.2, 2026-12-07).
func TestStoredMetadataOfAnUnknownKind(t *testing.T) {
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	meta := builtin.Named("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta")
	sent := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: db, finalizers: [], labels: {a: null}}\n" +
		"spec: {tags: [], settings: {}, size: null}\n"
	obj := parse(t, sent)
	s := StoreMetadata(obj, meta, nil)
	var got []string
	for _, d := range s.Drops {
		got = append(got, d.Field+" ("+whyText(d.Why)+")")
	}
	if want := "metadata.finalizers (empty)\nmetadata.labels.a (null as empty)"; strings.Join(got, "\n") != want {
		t.Errorf("dropped:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	want := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: db, labels: {a: \"\"}}\nspec: {tags: [], settings: {}, size: null}\n"
	if out := yamltree.EmitNode(s.Root); out != yamltree.EmitNode(parse(t, want)) {
		t.Errorf("stored:\n%s\nwant:\n%s", out, want)
	}
	if yamltree.EmitNode(obj) != yamltree.EmitNode(parse(t, sent)) {
		t.Error("StoreMetadata changed the object it was given")
	}
	if plain := parse(t, "apiVersion: example.com/v1\nkind: Widget\nspec: {a: 1}\n"); StoreMetadata(plain, meta, nil).Root != plain {
		t.Error("an object without metadata is stored as it is")
	}
}
