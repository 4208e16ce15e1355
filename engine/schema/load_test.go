package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestLoadErrorsNameTheirLine(t *testing.T) {
	tests := []struct {
		name, text   string
		line, column int
		message      string
	}{
		{"not YAML", "types: [\n", 2, 1, "opens at line 1, column 8 never closes"},
		{"not a map", "- a\n- b\n", 1, 1, "a schema must be a map"},
		{"unrecognized", "hello: world\n", 1, 1, "unrecognized schema"},
		{"smd unknown key", dedent(`
			types:
			- name: a
			  map:
			    fields:
			    - name: x
			      typo: {scalar: string}
		`), 6, 7, `unknown key "typo"`},
		{"smd unknown named type", dedent(`
			types:
			- name: a
			  map:
			    fields:
			    - name: x
			      type:
			        namedType: b
		`), 7, 9, `unknown type "b"`},
		{"smd unknown relationship", dedent(`
			types:
			- name: a
			  list:
			    elementType: {scalar: string}
			    elementRelationship: sideways
		`), 2, 3, `unknown elementRelationship "sideways"`},
		{"smd duplicate type", dedent(`
			types:
			- name: a
			  scalar: string
			- name: a
			  scalar: numeric
		`), 4, 3, `type "a" is declared twice`},
		{"smd override on a scalar", dedent(`
			types:
			- name: a
			  scalar: string
			- name: b
			  map:
			    fields:
			    - name: x
			      type: {namedType: a, elementRelationship: atomic}
		`), 8, 13, "elementRelationship \"atomic\" on a scalar type"},
		{"smd bad scalar", "types:\n- name: a\n  scalar: text\n", 2, 3, `unknown scalar type "text"`},
		{"openapi unknown ref", dedent(`
			{"swagger": "2.0",
			 "definitions": {
			   "a": {"type": "object",
			         "properties": {
			           "b": {"$ref": "#/definitions/missing"}}}}}
		`), 5, 17, `unknown type "missing"`},
		{"openapi bad list type", dedent(`
			openapi: "3.0.0"
			components:
			  schemas:
			    a:
			      type: object
			      properties:
			        l:
			          type: array
			          items: {type: string}
			          x-kubernetes-list-type: bag
		`), 10, 35, `unknown x-kubernetes-list-type "bag"`},
		{"openapi map list without keys", dedent(`
			swagger: "2.0"
			definitions:
			  a:
			    type: array
			    items: {type: object}
			    x-kubernetes-list-type: map
		`), 6, 29, "needs x-kubernetes-list-map-keys"},
		{"openapi bad patch strategy", dedent(`
			swagger: "2.0"
			definitions:
			  a:
			    properties:
			      l:
			        type: array
			        items: {type: string}
			        x-kubernetes-patch-strategy: mrege
		`), 8, 38, `unknown patch strategy "mrege"`},
		{"openapi array without items", "swagger: '2.0'\ndefinitions:\n  a: {type: array}\n", 3, 6, "an array needs items"},
		{"openapi unknown type", "swagger: '2.0'\ndefinitions:\n  a: {type: text}\n", 3, 13, `unknown type "text"`},
		{"crd without kind", dedent(`
			apiVersion: apiextensions.k8s.io/v1
			kind: CustomResourceDefinition
			spec:
			  group: example.com
			  versions: [{name: v1, served: true}]
		`), 4, 3, "needs spec.group and spec.names.kind"},
		{"crd bad scope", dedent(`
			apiVersion: apiextensions.k8s.io/v1
			kind: CustomResourceDefinition
			spec:
			  group: example.com
			  scope: Global
			  names: {kind: Widget}
			  versions:
			  - name: v1
			    served: true
		`), 5, 10, `unknown scope "Global"`},
		{"crd root not an object", dedent(`
			apiVersion: apiextensions.k8s.io/v1
			kind: CustomResourceDefinition
			spec:
			  group: example.com
			  names: {kind: Widget}
			  versions:
			  - name: v1
			    served: true
			    schema:
			      openAPIV3Schema:
			        type: string
		`), 11, 9, "must be of type object"},
		{"crd bad apiVersion", "apiVersion: v1\nkind: CustomResourceDefinition\n", 1, 1, "must be apiextensions.k8s.io/v1 or v1beta1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(tt.text, nil)
			var e *yamltree.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want a *yamltree.Error", err, err)
			}
			if e.Input != yamltree.Schema || e.Line != tt.line || (tt.column > 0 && e.Column != tt.column) ||
				!strings.Contains(e.Message, tt.message) {
				t.Errorf("error %q at %s:%d:%d, want %q at schema:%d:%d", e.Message, e.Input, e.Line, e.Column,
					tt.message, tt.line, tt.column)
			}
		})
	}
}

func TestLoadDetectsFormats(t *testing.T) {
	tests := []struct {
		name, text string
		typeName   string
	}{
		{"empty", "", ""},
		{"comments only", "# nothing\n", ""},
		{"openapi v2", `{"swagger": "2.0", "definitions": {"a": {"type": "string"}}}`, "a"},
		{"openapi v3", `{"openapi": "3.0.0", "components": {"schemas": {"a": {"type": "string"}}}}`, "a"},
		{"smd", "types:\n- name: a\n  scalar: string\n", "a"},
		{"two documents", "types:\n- name: a\n  scalar: string\n---\ntypes:\n- name: b\n  scalar: string\n", "b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := mustLoad(t, tt.text, nil)
			if tt.typeName != "" && set.Named(tt.typeName) == nil {
				t.Errorf("no type %q among %v", tt.typeName, set.TypeNames())
			}
			if set.Named(DeducedName) == nil || set.Named(AtomicName) == nil {
				t.Error("the untyped types are missing")
			}
		})
	}
}

func TestLoadResolvesNamesInBase(t *testing.T) {
	builtin := mustBuiltin(t)
	doc := dedent(`
		swagger: "2.0"
		definitions:
		  com.example.v1.Widget:
		    type: object
		    properties:
		      metadata: {$ref: "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"}
		      template: {$ref: "#/definitions/io.k8s.api.core.v1.PodTemplateSpec"}
		    x-kubernetes-group-version-kind:
		    - {group: example.com, version: v1, kind: Widget}
	`)
	set := Merge(builtin, mustLoad(t, doc, builtin))
	f, typ := set.Lookup("example.com/v1", "Widget", "template", "spec", "containers")
	if f == nil || f.MergeKey != "name" || typ.ListType != ListMap {
		t.Errorf("containers through the built-in PodTemplateSpec: %v %v", f, typ)
	}
	if set.Root("apps/v1", "Deployment") == nil {
		t.Error("the merged set lost the built-ins")
	}
	if _, err := Load(doc, nil); err == nil {
		t.Error("without a base, the built-in names resolve")
	}
}
