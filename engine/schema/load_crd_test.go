package schema

import (
	"testing"
)

// cronTabCRD is a CRD with two versions (one not served), list and map types, and an embedded
// resource.
const cronTabCRD = `
	apiVersion: apiextensions.k8s.io/v1
	kind: CustomResourceDefinition
	metadata:
	  name: crontabs.stable.example.com
	spec:
	  group: stable.example.com
	  scope: Namespaced
	  names: {kind: CronTab, plural: crontabs}
	  versions:
	  - name: v1
	    served: true
	    storage: true
	    schema:
	      openAPIV3Schema:
	        type: object
	        properties:
	          metadata:
	            type: object
	          spec:
	            type: object
	            properties:
	              cronSpec: {type: string}
	              ports:
	                type: array
	                x-kubernetes-list-type: map
	                x-kubernetes-list-map-keys: [port, protocol]
	                items:
	                  type: object
	                  properties:
	                    port: {type: integer}
	                    protocol: {type: string, default: TCP}
	              hosts:
	                type: array
	                items: {type: string}
	              selector:
	                type: object
	                x-kubernetes-map-type: atomic
	                additionalProperties: {type: string}
	              template:
	                type: object
	                x-kubernetes-embedded-resource: true
	                x-kubernetes-preserve-unknown-fields: true
	              replicas:
	                x-kubernetes-int-or-string: true
	                anyOf: [{type: integer}, {type: string}]
	  - name: v2
	    served: false
	    storage: false
	    schema:
	      openAPIV3Schema: {type: object}
`

func TestLoadCRD(t *testing.T) {
	builtin := mustBuiltin(t)
	set := mustLoad(t, dedent(cronTabCRD), builtin)
	root := set.Root("stable.example.com/v1", "CronTab")
	if root == nil || root.Name != "com.example.stable.v1.CronTab" {
		t.Fatalf("root %v", root)
	}
	if set.Root("stable.example.com/v2", "CronTab") != nil {
		t.Error("a version that is not served has a root type")
	}
	if namespaced, known := set.Namespaced("stable.example.com/v1", "CronTab"); !namespaced || !known {
		t.Errorf("Namespaced = %v, %v", namespaced, known)
	}
	tests := []struct {
		path []string
		want view
	}{
		{[]string{"spec", "ports"}, view{KindList, 0, "", ListMap, []string{"port", "protocol"}, MapGranular}},
		{[]string{"spec", "hosts"}, view{KindList, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"spec", "selector"}, view{KindMap, 0, "", ListAtomic, nil, MapAtomic}},
		{[]string{"spec", "template"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		// x-kubernetes-int-or-string without a type: any value, as the API server converts it.
		{[]string{"spec", "replicas"}, view{KindUntyped, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"metadata", "finalizers"}, view{KindList, PatchMerge, "", ListSet, nil, MapGranular}},
		{[]string{"metadata", "ownerReferences"}, view{KindList, PatchMerge, "uid", ListMap, []string{"uid"}, MapGranular}},
		{[]string{"spec", "template", "metadata", "labels"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"spec", "template", "spec", "anything"}, view{KindUntyped, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"apiVersion"}, view{KindScalar, 0, "", ListAtomic, nil, MapGranular}},
	}
	for _, tt := range tests {
		f, typ := root.Lookup(tt.path...)
		if typ == nil {
			t.Errorf("%v: not found", tt.path)
			continue
		}
		if got := viewOf(f, typ); got.String() != tt.want.String() {
			t.Errorf("%v:\n got %v\nwant %v", tt.path, got, tt.want)
		}
	}
	if root.Field("metadata").Type != builtin.Named(objectMetaName) {
		t.Error("metadata is not the built-in ObjectMeta")
	}
	if _, ports := root.Lookup("spec", "ports"); ports.Elem().Field("protocol").Default != "TCP" {
		t.Error("the protocol default is lost")
	}
	if root.Field("spec").Type.Elem() != nil {
		t.Error("spec admits undeclared fields without x-kubernetes-preserve-unknown-fields")
	}
}

func TestLoadCRDVariants(t *testing.T) {
	tests := []struct {
		name, text             string
		apiVersion             string
		namespaced, scopeKnown bool
		// unknownFields says whether spec admits undeclared fields.
		unknownFields bool
	}{
		{"v1beta1 preserves unknown fields by default", dedent(`
			apiVersion: apiextensions.k8s.io/v1beta1
			kind: CustomResourceDefinition
			spec:
			  group: example.com
			  version: v1alpha1
			  scope: Cluster
			  names: {kind: Widget}
			  validation:
			    openAPIV3Schema:
			      type: object
			      properties:
			        spec: {type: object, properties: {size: {type: integer}}}
		`), "example.com/v1alpha1", false, true, true},
		{"a list of CRDs, no scope", dedent(`
			apiVersion: v1
			kind: List
			items:
			- apiVersion: apiextensions.k8s.io/v1
			  kind: CustomResourceDefinition
			  spec:
			    group: example.com
			    names: {kind: Widget}
			    versions:
			    - name: v1
			      served: true
			      schema:
			        openAPIV3Schema:
			          type: object
			          properties:
			            spec: {type: object, properties: {size: {type: integer}}}
		`), "example.com/v1", false, false, false},
		{"a version without schema", dedent(`
			apiVersion: apiextensions.k8s.io/v1
			kind: CustomResourceDefinition
			spec:
			  group: example.com
			  scope: Namespaced
			  names: {kind: Widget}
			  versions: [{name: v1, served: true}]
		`), "example.com/v1", true, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := mustLoad(t, tt.text, nil)
			root := set.Root(tt.apiVersion, "Widget")
			if root == nil {
				t.Fatalf("no root for %s Widget; kinds %v", tt.apiVersion, set.Kinds())
			}
			namespaced, known := set.Namespaced(tt.apiVersion, "Widget")
			if namespaced != tt.namespaced || known != tt.scopeKnown {
				t.Errorf("Namespaced = %v, %v; want %v, %v", namespaced, known, tt.namespaced, tt.scopeKnown)
			}
			spec := root.FieldType("spec")
			if spec == nil {
				t.Fatal("no spec")
			}
			if got := spec.Elem() != nil; got != tt.unknownFields {
				t.Errorf("spec admits unknown fields: %v, want %v", got, tt.unknownFields)
			}
			if meta := root.Field("metadata"); meta == nil || meta.Type.Name != DeducedName {
				t.Errorf("metadata without a base is not deduced: %v", meta)
			}
		})
	}
}

// TestLoadCRDWithoutSpec is the regression test of a crash FuzzLoad found: a CRD without a spec.
func TestLoadCRDWithoutSpec(t *testing.T) {
	for _, text := range []string{
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition",
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  names: {}\n",
		"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {group: g}\n",
	} {
		_, err := Load(text, nil)
		if err == nil {
			t.Errorf("%q accepted", text)
		}
	}
}
