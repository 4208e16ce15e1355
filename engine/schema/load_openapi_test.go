package schema

import (
	"os"
	"slices"
	"strings"
	"testing"
)

func TestLoadSwaggerMergeItem(t *testing.T) {
	for _, file := range []string{"testdata/swagger-merge-item.json", "testdata/swagger-merge-item-v3.json"} {
		t.Run(file, func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			set := mustLoad(t, string(text), nil)
			tests := []struct {
				path []string
				want view
			}{
				{[]string{"mergingList"}, view{KindList, PatchMerge, "name", ListMap, []string{"name"}, MapGranular}},
				{[]string{"nonMergingList"}, view{KindList, 0, "", ListAtomic, nil, MapGranular}},
				{[]string{"mergingIntList"}, view{KindList, PatchMerge, "", ListSet, nil, MapGranular}},
				{[]string{"nonMergingIntList"}, view{KindList, 0, "", ListAtomic, nil, MapGranular}},
				{[]string{"mergeItemPtr"}, view{KindUntyped, PatchMerge, "name", ListAtomic, nil, MapGranular}},
				{[]string{"simpleMap"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
				{[]string{"replacingItem"}, view{KindUntyped, PatchReplace, "", ListAtomic, nil, MapAtomic}},
				{[]string{"retainKeysMap"}, view{KindUntyped, PatchRetainKeys, "", ListAtomic, nil, MapGranular}},
				{[]string{"retainKeysMergingList"}, view{KindList, PatchMerge | PatchRetainKeys, "name", ListMap, []string{"name"}, MapGranular}},
				{[]string{"retainKeysMap", "mergingList"}, view{KindList, PatchMerge, "name", ListMap, []string{"name"}, MapGranular}},
				{[]string{"retainKeysMap", "simpleMap"}, view{KindUntyped, 0, "", ListAtomic, nil, MapGranular}},
				{[]string{"mergingList", "mergingList", "mergingIntList"}, view{KindList, PatchMerge, "", ListSet, nil, MapGranular}},
			}
			root := set.Named("mergeItem")
			if root == nil {
				t.Fatal("no type mergeItem")
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
			if set.Root("fake-group/some-version", "mergeItem") != root {
				t.Error("the kind fake-group/some-version mergeItem does not lead to mergeItem")
			}
			if f := root.Field("mergingList"); f.Type.Elem() != root {
				t.Error("mergingList items are not mergeItem itself")
			}
			if names := set.TypeNames(); !slices.Contains(names, "retainKeysMergeItem") {
				t.Errorf("types %v lack retainKeysMergeItem", names)
			}
		})
	}
}

func TestLoadOpenAPIConversions(t *testing.T) {
	doc := dedent(`
		swagger: "2.0"
		definitions:
		  thing:
		    type: object
		    properties:
		      ports:
		        type: array
		        items: {$ref: "#/definitions/port"}
		        x-kubernetes-list-type: map
		        x-kubernetes-list-map-keys: [containerPort, protocol]
		        x-kubernetes-patch-strategy: merge
		        x-kubernetes-patch-merge-key: containerPort
		      tags:
		        type: array
		        items: {type: string}
		        x-kubernetes-list-type: set
		      selector:
		        $ref: "#/definitions/selector"
		        x-kubernetes-map-type: atomic
		      plainSelector:
		        $ref: "#/definitions/selector"
		      labels:
		        type: object
		        additionalProperties: {type: string}
		      frozen:
		        type: object
		        x-kubernetes-map-type: atomic
		        properties:
		          a: {type: string}
		      anything:
		        x-kubernetes-preserve-unknown-fields: true
		      size: {type: string, format: int-or-string}
		      count: {type: integer}
		      when: {type: string, format: date-time}
		  port:
		    type: object
		    properties:
		      containerPort: {type: integer}
		      protocol: {type: string, default: TCP}
		  selector:
		    type: object
		    properties:
		      matchLabels:
		        type: object
		        additionalProperties: {type: string}
	`)
	set := mustLoad(t, doc, nil)
	thing := set.Named("thing")
	tests := []struct {
		path []string
		want view
	}{
		{[]string{"ports"}, view{KindList, PatchMerge, "containerPort", ListMap, []string{"containerPort", "protocol"}, MapGranular}},
		{[]string{"tags"}, view{KindList, 0, "", ListSet, nil, MapGranular}},
		{[]string{"selector"}, view{KindMap, 0, "", ListAtomic, nil, MapAtomic}},
		{[]string{"plainSelector"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"labels"}, view{KindMap, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"frozen"}, view{KindMap, 0, "", ListAtomic, nil, MapAtomic}},
		{[]string{"anything"}, view{KindUntyped, 0, "", ListAtomic, nil, MapGranular}},
		{[]string{"size"}, view{KindScalar, 0, "", ListAtomic, nil, MapGranular}},
	}
	for _, tt := range tests {
		f, typ := thing.Lookup(tt.path...)
		if typ == nil {
			t.Errorf("%v: not found", tt.path)
			continue
		}
		if got := viewOf(f, typ); got.String() != tt.want.String() {
			t.Errorf("%v:\n got %v\nwant %v", tt.path, got, tt.want)
		}
	}
	scalars := map[string]ScalarType{"size": ScalarUntyped, "count": ScalarNumeric, "when": ScalarUntyped}
	for name, want := range scalars {
		if got := thing.Field(name).Type.Scalar; got != want {
			t.Errorf("%s: scalar %q, want %q", name, got, want)
		}
	}
	if d := set.Named("port").Field("protocol").Default; d != "TCP" {
		t.Errorf("protocol default %v, want TCP", d)
	}
	if thing.Elem() != nil {
		t.Error("an object with properties admits other keys")
	}
	if set.Named("selector").Field("matchLabels") == nil || thing.Field("selector").Type.Name != "selector" {
		t.Error("the atomic selector is not a copy of the named type")
	}
	if set.Named("selector").MapType != MapGranular {
		t.Error("the override changed the named type itself")
	}
	if !strings.Contains(strings.Join(set.TypeNames(), " "), DeducedName) {
		t.Error("the loaded set lacks the deduced type")
	}
}
