package objectmeta

import (
	"fmt"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestCheck holds every observation of kubectl's decoding of metadata: the rows observed with
// kubectl v1.37.2 against an API server (`kubectl apply -f` on a ConfigMap cx, one line of
// metadata changed), then rows found by decoding into apimachinery v0.37.2's ObjectMeta as the
// reference reading does (scripts/conformance/applydiff/objectmeta.go). Every row was then
// checked with kubectl v1.37.2 itself, `kubectl apply --validate=false --dry-run=client -f
// config.yaml`, which decodes before it contacts any server (2026-11-26): its message after
// `error: unable to decode "config.yaml": ` is each row's. line is the metadata's text after
// "metadata:\n" (block, two spaces); at is the refused value's line:column in the document;
// message "" means accepted.
func TestCheck(t *testing.T) {
	tests := []struct{ line, at, message string }{
		// observed with kubectl v1.37.2
		{"annotations: {a: true}", "4:20", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: {a: yes}", "4:20", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: {a: 1}", "4:20", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: {a: 1.5}", "4:20", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: {a: 1e30}", "4:20", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: {a: [1]}", "4:20", "json: cannot unmarshal array into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"annotations: x", "4:16", "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.annotations of type map[string]string"},
		{"annotations: [a]", "4:16", "json: cannot unmarshal array into Go struct field ObjectMeta.metadata.annotations of type map[string]string"},
		{"labels: {app: true}", "4:17", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string"},
		{"labels: {a: {b: c}}", "4:15", "json: cannot unmarshal object into Go struct field ObjectMeta.metadata.labels of type string"},
		{"name: 5", "4:9", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string"},
		{"namespace: 7", "4:14", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.namespace of type string"},
		{"finalizers: [1]", "4:16", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.finalizers of type string"},
		{"generation: 1.5", "4:15", "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64"},
		{`generation: "1"`, "4:15", "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.generation of type int64"},
		{"deletionGracePeriodSeconds: x", "4:31", "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.deletionGracePeriodSeconds of type int64"},
		{"creationTimestamp: 5", "4:22", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string"},
		{`creationTimestamp: "yesterday"`, "4:22", `parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`},
		{"ownerReferences: [{name: 1}]", "4:28", "json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.name of type string"},
		{`ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: o, uid: u, controller: "yes"}]`, "4:84", "json: cannot unmarshal string into Go struct field OwnerReference.metadata.ownerReferences.controller of type bool"},
		{"managedFields: [{manager: 5}]", "4:29", "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.metadata.managedFields.manager of type string"},
		{"annotations: {a: null}", "", ""},
		{"annotations: {a: 2024-01-01}", "", ""},
		{"bogus: 1", "", ""},
		// observed by decoding into ObjectMeta (apimachinery v0.37.2)
		{"uid: 5", "4:8", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.uid of type types.UID"},
		{"managedFields: [{operation: 5}]", "4:31", "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.metadata.managedFields.operation of type v1.ManagedFieldsOperationType"},
		{"managedFields: [{fieldsV1: x}, {fieldsV1: [1]}, {fieldsV1: 5}]", "", ""},
		{"managedFields: [{time: yesterday}]", "4:26", `parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`},
		{"managedFields: [{time: 5}]", "4:26", "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.metadata.managedFields.time of type string"},
		{"creationTimestamp: ''", "4:22", `parsing time "" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "2006"`},
		{"creationTimestamp: 2024-01-01", "4:22", `parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"`},
		{"creationTimestamp: 2024-13-01T00:00:00Z", "4:22", `parsing time "2024-13-01T00:00:00Z": month out of range`},
		{"creationTimestamp: 2024-01-01T00:00:00Z", "", ""},
		{"creationTimestamp: '2024-01-01T00:00:00.5+01:00'", "", ""},
		{"creationTimestamp: null", "", ""},
		{"deletionTimestamp: 5", "4:22", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.deletionTimestamp of type string"},
		{"ownerReferences: {a: 1}", "4:20", "json: cannot unmarshal object into Go struct field ObjectMeta.metadata.ownerReferences of type []v1.OwnerReference"},
		{"ownerReferences: [5]", "4:21", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.ownerReferences of type v1.OwnerReference"},
		{"ownerReferences: [{uid: 5}]", "4:27", "json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.uid of type types.UID"},
		{"ownerReferences: [{blockOwnerDeletion: 1}]", "4:42", "json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.blockOwnerDeletion of type bool"},
		{"ownerReferences: [null]", "", ""},
		{"managedFields: 5", "4:18", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.managedFields of type []v1.ManagedFieldsEntry"},
		{"managedFields: [{subresource: 1}]", "4:33", "json: cannot unmarshal number into Go struct field ManagedFieldsEntry.metadata.managedFields.subresource of type string"},
		{"finalizers: x", "4:15", "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.finalizers of type []string"},
		{"finalizers: [a, null, 1, true]", "4:25", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.finalizers of type string"},
		{"labels: 5", "4:11", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type map[string]string"},
		{"labels: {a: null}", "", ""},
		{"generation: 1e30", "4:15", "json: cannot unmarshal number 1e+30 into Go struct field ObjectMeta.metadata.generation of type int64"},
		{"generation: 99999999999999999999", "4:15", "json: cannot unmarshal number 100000000000000000000 into Go struct field ObjectMeta.metadata.generation of type int64"},
		{"generation: true", "4:15", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.generation of type int64"},
		{"deletionGracePeriodSeconds: -1.5", "4:31", "json: cannot unmarshal number -1.5 into Go struct field ObjectMeta.metadata.deletionGracePeriodSeconds of type int64"},
		{"generation: 1.0", "", ""},
		{"generation: 0x10", "", ""},
		{"generation: 1e3", "", ""},
		{"annotations: {a: on}", "4:20", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string"},
		// kubectl matches field names exactly (Go's encoding/json alone would not)
		{"Name: 5", "", ""},
		{"ANNOTATIONS: {a: 1}", "", ""},
		// of several problems, the first in key order; a timestamp stops the decoding at once
		{"annotations: {b: true, a: 1}", "4:29", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"namespace: 1\n  annotations: {a: true}", "5:20", "json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string"},
		{"selfLink: 1\n  resourceVersion: 2\n  generateName: 3", "6:17", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.generateName of type string"},
		{"annotations: {a: 1}\n  creationTimestamp: 5", "5:22", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string"},
		{"annotations: {a: 1}\n  deletionTimestamp: x", "5:22", `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`},
		{"creationTimestamp: x\n  deletionTimestamp: y", "4:22", `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`},
		{"labels: {a: 1}\n  ownerReferences: [{controller: x}]", "4:15", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string"},
		{"annotations: {a: 1}\n  managedFields: [{fieldsV1: {f: 1}, time: x}]", "5:44", `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`},
	}
	for _, tt := range tests {
		text := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  " + tt.line + "\n"
		if tt.line[:5] != "name:" {
			text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  " + tt.line + "\n  name: cx\n"
		}
		obj, err := yamltree.ParseOne(yamltree.Updated, text, yamltree.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		p := Check(obj)
		switch {
		case tt.message == "" && p != nil:
			t.Errorf("%s: refused (%s), kubectl accepts it", tt.line, p.Message)
		case tt.message == "":
		case p == nil:
			t.Errorf("%s: accepted, kubectl says %s", tt.line, tt.message)
		case p.Message != tt.message || fmt.Sprintf("%d:%d", p.Pos.Line, p.Pos.Column) != tt.at:
			t.Errorf("%s:\n got %d:%d %s\nwant %s %s", tt.line, p.Pos.Line, p.Pos.Column, p.Message, tt.at, tt.message)
		}
	}
}

// TestCheckWholeDocument checks what kubectl reads of a document before its metadata's fields,
// observed with kubectl v1.37.2 (`kubectl apply --validate=false --dry-run=client -f`, on a
// ConfigMap and a custom resource alike): a metadata absent or null decodes, one that is not a
// map is refused as a whole; a kind that is not a string is "missing" and comes first
// (FuzzSSA's finding kind-not-a-string), then an apiVersion that is not a string; a kind or
// apiVersion absent or null is the playground's to pair by position.
func TestCheckWholeDocument(t *testing.T) {
	const notObjectMeta = "into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta"
	tests := []struct{ text, at, message string }{
		{"kind: ConfigMap\n", "", ""},
		{"metadata: null\n", "", ""},
		{"metadata: 5\n", "1:11", "json: cannot unmarshal number " + notObjectMeta},
		{"metadata: [a]\n", "1:11", "json: cannot unmarshal array " + notObjectMeta},
		{"metadata: []\n", "1:11", "json: cannot unmarshal array " + notObjectMeta},
		{"metadata: x\n", "1:11", "json: cannot unmarshal string " + notObjectMeta},
		{"metadata: true\n", "1:11", "json: cannot unmarshal bool " + notObjectMeta},
		{"apiVersion: 0\nkind: 0\nmetadata:\n  name: A\n", "2:7", `Object 'Kind' is missing in '{"apiVersion":0,"kind":0,"metadata":{"name":"A"}}'`},
		{"apiVersion: v1\nkind: true\nmetadata:\n  name: A\n", "2:7", `Object 'Kind' is missing in '{"apiVersion":"v1","kind":true,"metadata":{"name":"A"}}'`},
		{"apiVersion: 0\nkind: ConfigMap\nmetadata:\n  name: A\n", "1:13", "json: cannot unmarshal number into Go struct field metadataOnlyObject.TypeMeta.apiVersion of type string"},
		{"apiVersion: v1\nmetadata:\n  name: A\n", "", ""},
		{"kind: ConfigMap\napiVersion:\nmetadata:\n  name: A\n", "", ""},
	}
	for _, tt := range tests {
		obj, err := yamltree.ParseOne(yamltree.Updated, tt.text, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := Check(obj)
		switch {
		case tt.message == "" && p != nil:
			t.Errorf("%q: refused (%s), kubectl reads it", tt.text, p.Message)
		case tt.message != "" && (p == nil || p.Message != tt.message || fmt.Sprintf("%d:%d", p.Pos.Line, p.Pos.Column) != tt.at):
			t.Errorf("%q: got %+v, want %s %s", tt.text, p, tt.at, tt.message)
		}
	}
}
