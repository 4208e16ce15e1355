package schema_test

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// The two views of container ports: a strategic merge patch merges them on containerPort,
// server-side apply keys them on containerPort and protocol.
func ExampleSet_Lookup() {
	builtin, err := schema.Builtin()
	if err != nil {
		panic(err)
	}
	f, t := builtin.Lookup("apps/v1", "Deployment", "spec", "template", "spec", "containers", "ports")
	fmt.Println("patch:", f.Strategy, "by", f.MergeKey)
	fmt.Println("apply:", t.ListType, "by", t.Keys)
	// Output:
	// patch: merge by containerPort
	// apply: map by [containerPort protocol]
}

// A CRD on top of the built-ins: its metadata is the built-in ObjectMeta.
func ExampleLoad() {
	builtin, err := schema.Builtin()
	if err != nil {
		panic(err)
	}
	user, err := schema.Load(`
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget}
  versions:
  - name: v1
    served: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              hosts:
                type: array
                items: {type: string}
                x-kubernetes-list-type: set
`, builtin)
	if err != nil {
		panic(err)
	}
	set := schema.Merge(builtin, user)
	_, hosts := set.Lookup("example.com/v1", "Widget", "spec", "hosts")
	_, finalizers := set.Lookup("example.com/v1", "Widget", "metadata", "finalizers")
	fmt.Println(hosts.ListType, finalizers.ListType)
	_, err = schema.Load("types:\n- name: a\n  scalar: text\n", nil)
	fmt.Println(err)
	// Output:
	// set set
	// schema:2:3: type "a": unknown scalar type "text" (want string, numeric, boolean or untyped)
}
