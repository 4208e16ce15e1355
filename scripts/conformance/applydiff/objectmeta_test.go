package applydiff

import "testing"

// TestMetadataRefusal checks the reference's reading of a config's metadata against what kubectl
// v1.37.2 printed for the same documents (engine/objectmeta's table holds every row).
func TestMetadataRefusal(t *testing.T) {
	doc := func(meta string) string { return "apiVersion: v1\nkind: ConfigMap\nmetadata: " + meta + "\n" }
	tests := []struct{ config, want string }{
		{doc("{name: cx, annotations: {a: true}}"), `unable to decode "config.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string`},
		{doc("{name: cx, generation: 1.5}"), `unable to decode "config.yaml": json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64`},
		{doc("{name: cx, creationTimestamp: yesterday}"), `unable to decode "config.yaml": parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"`},
		{doc("{name: cx, ownerReferences: [{name: 1}]}"), `unable to decode "config.yaml": json: cannot unmarshal number into Go struct field OwnerReference.metadata.ownerReferences.name of type string`},
		{doc("{name: cx, Name: 5}"), ""},
		{doc("{name: cx, annotations: {a: null, b: 2024-01-01}}"), ""},
		{doc("{name: a}") + "---\n" + doc("{name: b, labels: {x: 1}}"), `unable to decode "config.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`},
		{"apiVersion: v1\nkind: List\nmetadata: {name: 5}\nitems: []\n", `unable to decode "config.yaml": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string`},
		{"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b, labels: {x: 1}}\n", ""},
	}
	for _, tt := range tests {
		if got := MetadataRefusal(tt.config); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.config, got, tt.want)
		}
	}
}
