package typed

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// testSchema is a small structured-merge-diff schema with every kind of list and map.
const testSchema = `types:
- name: root
  map:
    fields:
    - name: name
      type: {scalar: string}
    - name: count
      type: {scalar: numeric}
    - name: labels
      type:
        map:
          elementType: {scalar: string}
    - name: selector
      type:
        map:
          elementType: {scalar: string}
          elementRelationship: atomic
    - name: args
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: atomic
    - name: finalizers
      type:
        list:
          elementType: {scalar: string}
          elementRelationship: associative
    - name: ports
      type:
        list:
          elementType: {namedType: port}
          elementRelationship: associative
          keys: [port, protocol]
    - name: members
      type:
        list:
          elementType: {namedType: member}
          elementRelationship: associative
          keys: [name]
    - name: spec
      type: {namedType: spec}
- name: member
  map:
    fields:
    - name: name
      type: {scalar: string}
    - name: role
      type: {scalar: string}
- name: port
  map:
    fields:
    - name: port
      type: {scalar: numeric}
    - name: protocol
      type: {scalar: string}
      default: TCP
    - name: name
      type: {scalar: string}
- name: spec
  map:
    fields:
    - name: replicas
      type: {scalar: numeric}
    - name: paused
      type: {scalar: boolean}
`

func rootType(t *testing.T) *schema.Type {
	t.Helper()
	set, err := schema.Load(testSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	return set.Named("root")
}

func parse(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	if text == "" {
		return nil
	}
	n, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name, value string
		dups        bool
		want        string
	}{
		{"valid", "name: a\ncount: 1\nports: [{port: 80}, {port: 80, protocol: UDP}]", false, ""},
		{"wrong scalar", "count: many", false, `.count: expected a number, found the string "many"`},
		{"undeclared", "nope: 1", false, ".nope: field not declared in schema"},
		{"map expected", "labels: [a]", false, ".labels: expected a map, found a list"},
		{"a key default fills in", "ports: [{name: http}]", false, ""},
		{"keyed item not a map", "ports: [80]", false, "may not have non-map elements"},
		{"duplicate", "ports: [{port: 80}, {port: 80, protocol: TCP}]", false, `.ports[port=80,protocol="TCP"]: duplicate`},
		{"duplicate allowed", "ports: [{port: 80}, {port: 80}]", true, ""},
		{"map in a set", "finalizers: [{a: 1}]", false, "an element that's a map type"},
		{"null is fine", "spec: null\nlabels: null\ncount: null", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			validate := ValidateConfig
			if tt.dups {
				validate = ValidateObject
			}
			err := validate(rootType(t), parse(t, tt.value))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestFieldSet(t *testing.T) {
	tests := []struct {
		name, value, want string
	}{
		{"scalars", "name: a\ncount: 2", ".count\n.name"},
		{"struct field is not a member", "spec: {replicas: 1}", ".spec.replicas"},
		{"empty struct is a member", "spec: {}", ".spec"},
		{"map keys are members", "labels: {a: x}", ".labels.a"},
		{"atomic", "selector: {a: x}\nargs: [x]", ".args\n.selector"},
		{"keyed items", "ports: [{port: 80, name: http}]", ".ports[port=80,protocol=\"TCP\"]\n.ports[port=80,protocol=\"TCP\"].name\n.ports[port=80,protocol=\"TCP\"].port"},
		{"empty associative list owns nothing", "finalizers: []", ""},
		{"duplicates", "finalizers: [a, a, b]", ".finalizers[=\"a\"]\n.finalizers[=\"b\"]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FieldSet(rootType(t), parse(t, tt.value)).String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name, live, config, want string
	}{
		{"config wins on leaves", "name: a\ncount: 1", "count: 2", "{name: a, count: 2}"},
		{"maps merge by key", "labels: {a: x}", "labels: {b: z}", "{labels: {a: x, b: z}}"},
		{"atomic maps replace", "selector: {a: x}", "selector: {b: z}", "{selector: {b: z}}"},
		{"sets keep live items", "finalizers: [a, b]", "finalizers: [c, a]", "{finalizers: [c, a, b]}"},
		{"keyed items merge", "ports: [{port: 80, name: a}, {port: 81}]", "ports: [{port: 81, protocol: TCP, name: b}]",
			"{ports: [{port: 80, name: a}, {port: 81, protocol: TCP, name: b}]}"},
		{"null keeps a granular map", "spec: {replicas: 1}", "spec: null", "{spec: {replicas: 1}}"},
		{"null replaces a scalar", "count: 1", "count: null", "{count: null}"},
		{"empty lists stay", "args: []", "finalizers: []", "{args: [], finalizers: []}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Merge(rootType(t), parse(t, tt.live), parse(t, tt.config), nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	c, err := Compare(rootType(t), parse(t, "name: a\ncount: 1\nlabels: {a: x}\nports: [{port: 80}]"),
		parse(t, "name: b\nlabels: {a: x, b: y}\nspec: {replicas: 2}\nports: [{port: 80}]"))
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, got, want string) {
		if got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
		}
	}
	check("removed", c.Removed.String(), ".count")
	check("modified", c.Modified.String(), ".name")
	check("added", c.Added.String(), ".spec\n.labels.b\n.spec.replicas")
}

func TestRemoveAndExtract(t *testing.T) {
	root := rootType(t)
	v := parse(t, "name: a\nlabels: {a: x}\nspec: {replicas: 1, paused: true}\nfinalizers: [f]")
	set := FieldSet(root, parse(t, "labels: {a: x}\nspec: {replicas: 1}\nfinalizers: [f]"))
	if got, want := Remove(root, v, set).String(), "{name: a, labels: null, spec: {paused: true}, finalizers: null}"; got != want {
		t.Errorf("Remove: got %s, want %s", got, want)
	}
	if got, want := Remove(root, v, WithStructFields(root, set)).String(), "{name: a}"; got != want {
		t.Errorf("Remove with named fields: got %s, want %s", got, want)
	}
	if got, want := Extract(root, v, set).String(), "{labels: {a: x}, spec: {replicas: 1}, finalizers: [f]}"; got != want {
		t.Errorf("Extract: got %s, want %s", got, want)
	}
}

func TestReconcile(t *testing.T) {
	root := rootType(t)
	set := FieldSet(schema.Deduced(), parse(t, "selector: {a: x}\nargs: {x: 1}\nlabels: {a: x}"))
	got, changed := Reconcile(root, set)
	// Deduced maps own their keys as members: labels stays granular, the atomic ones lose what
	// is below them.
	if !changed || got.String() != ".args\n.labels\n.selector\n.labels.a" {
		t.Errorf("got %v (%v)", got, changed)
	}
	if _, changed := Reconcile(root, FieldSet(root, parse(t, "selector: {a: x}"))); changed {
		t.Error("a set written with the schema needs no reconciling")
	}
}
