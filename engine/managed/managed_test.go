package managed

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestIDs(t *testing.T) {
	tests := []struct {
		id      ID
		text    string
		display string
	}{
		{ApplyID("kubectl"), `{"manager":"kubectl","operation":"Apply"}`, `"kubectl"`},
		{UpdateID("hpa", "apps/v1"), `{"manager":"hpa","operation":"Update","apiVersion":"apps/v1"}`, `"hpa" using apps/v1`},
		{ApplyID(""), `{"manager":"unknown","operation":"Apply"}`, `"unknown"`},
		{ID{Manager: "k", Operation: OperationUpdate, APIVersion: "v1", Subresource: "status"},
			`{"manager":"k","operation":"Update","apiVersion":"v1","subresource":"status"}`, `"k" with subresource "status" using v1`},
	}
	for _, tt := range tests {
		if got := tt.id.String(); got != tt.text {
			t.Errorf("String = %s, want %s", got, tt.text)
		}
		if got := tt.id.Display(); got != tt.display {
			t.Errorf("Display = %s, want %s", got, tt.display)
		}
	}
	// An applier is one manager whatever the version its entries name.
	if a, b := (ID{Manager: "a", Operation: OperationApply, APIVersion: "v1"}).keyed(), (ID{Manager: "a", Operation: OperationApply, APIVersion: "v2"}).keyed(); a != b || a != ApplyID("a") {
		t.Errorf("appliers keyed as %+v and %+v", a, b)
	}
	if u := UpdateID("a", "v1"); u.keyed() != u {
		t.Errorf("an updater keyed as %+v", u.keyed())
	}
}

func parseNode(t *testing.T, text string) *yamltree.Node {
	t.Helper()
	n, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const entriesYAML = `- manager: kubectl
  operation: Apply
  apiVersion: apps/v1
  time: "2025-01-01T02:00:00+02:00"
  fieldsType: FieldsV1
  fieldsV1:
    f:spec:
      f:replicas: {}
- manager: hpa
  operation: Update
  apiVersion: apps/v1
  fieldsType: FieldsV1
  fieldsV1:
    f:spec:
      f:replicas: {}
`

func TestEntriesRoundTrip(t *testing.T) {
	entries, err := ReadEntries(parseNode(t, entriesYAML))
	if err != nil {
		t.Fatal(err)
	}
	managers, times, err := Decode(entries)
	if err != nil {
		t.Fatal(err)
	}
	if len(managers) != 2 || times[ApplyID("kubectl")].Format(TimeFormat) != "2025-01-01T00:00:00Z" {
		t.Fatalf("decoded %v %v", managers, times)
	}
	out := Encode(managers, times)
	// Appliers first; an updater without a time sorts as the epoch among updaters.
	if out[0].Manager != "kubectl" || out[1].Manager != "hpa" || out[1].Time != nil {
		t.Errorf("encoded %+v", out)
	}
	n, err := Node(out)
	if err != nil {
		t.Fatal(err)
	}
	text := yamltree.EmitNode(n)
	if !strings.Contains(text, "time: 2025-01-01T00:00:00Z") || strings.Count(text, "fieldsType: FieldsV1") != 2 {
		t.Errorf("written:\n%s", text)
	}
}

// One case per row of entryChecks, and the pairs that show their order, with the API server's
// messages (scripts/conformance/ssadiff/entriesprobe_test.go).
func TestDecodeRefusals(t *testing.T) {
	const valid = "manager: a, operation: Update, apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {}"
	tests := map[string]string{
		"{manager: a}": "operation must be `Apply` or `Update`",
		"{" + strings.Replace(valid, "Update", "Patch", 1) + "}": "operation must be `Apply` or `Update`",
		"{operation: Apply}":                                                           "apiVersion must not be empty",
		"{operation: Apply, apiVersion: v1}":                                           "missing fieldsType in managed fields entry 0",
		"{operation: Apply, apiVersion: v1, fieldsType: FieldsV2}":                     `invalid fieldsType "FieldsV2" in managed fields entry 0`,
		"{" + strings.Replace(valid, "{}", "{x: {}}", 1) + "}":                         `error decoding set: live:1:84: fieldsV1: key "x" is shorter`,
		"{" + strings.Replace(valid, "{}", "x", 1) + "}":                               "error decoding set",
		"{fieldsV1: {x: {}}}":                                                          "operation must be `Apply` or `Update`",
		"{operation: Patch, fieldsType: FieldsV2}":                                     "operation must be `Apply` or `Update`",
		"{operation: Update, fieldsType: FieldsV2}":                                    "apiVersion must not be empty",
		"{operation: Update, apiVersion: v1, fieldsType: FieldsV2, fieldsV1: {x: {}}}": "invalid fieldsType",
	}
	for entry, want := range tests {
		entries, err := ReadEntries(parseNode(t, "- "+entry))
		if err != nil {
			t.Errorf("%s: read: %v", entry, err)
			continue
		}
		_, _, err = Decode(entries)
		if err == nil || !strings.Contains(err.Error(), "failed to decode managed fields: "+want) {
			t.Errorf("%s: error %v, want %q", entry, err, want)
		}
	}
}

// Lists that do not read as ManagedFieldsEntry objects: the API server reads them as none.
func TestUnreadableEntries(t *testing.T) {
	tests := map[string]string{
		"a: 1":                "must be a list of entries",
		"- x":                 "must be a map",
		"- {time: yesterday}": "RFC 3339",
		"- {manager: 3}":      "must be a string",
	}
	for list, want := range tests {
		if _, err := ReadEntries(parseNode(t, list)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", list, err, want)
		}
		if _, _, unreadable, err := readManagers(parseNode(t, list)); !unreadable || err != nil {
			t.Errorf("%s: unreadable %v, error %v; want unreadable", list, unreadable, err)
		}
	}
}
