package ssadiff

import (
	"encoding/json"
	"testing"
)

// The items of associative lists, probed: a Widget applied by "probe" (to no object, or over a
// live one) whose list holds items of one shape, answered by the field manager and by the
// engine. TestListItemsMatchFieldManager compares both answers and, with -v, prints the
// reference's error or managedFields: the table of item shapes engine/typed/items.go states
// comes from that output.
//
//	cd scripts/conformance && go test ./ssadiff -run TestListItems -v
//
// members is keyed by name (no default); ports by port and protocol (protocol defaults to TCP);
// tags is a set of strings; steps an atomic list.
var itemProbes = []struct {
	name string
	// field is the list under spec; config its items in the applied object, live (when not "")
	// its items in the live object (applied before by "owner").
	field, config, live string
}{
	{name: "keyed: a null item", field: "members", config: `[null]`},
	{name: "keyed: a string item", field: "members", config: `["x"]`},
	{name: "keyed: a list item", field: "members", config: `[[1]]`},
	{name: "keyed: an empty map", field: "members", config: `[{}]`},
	{name: "keyed: the key missing", field: "members", config: `[{"role":"dev"}]`},
	{name: "keyed: the key null", field: "members", config: `[{"name":null}]`},
	{name: "keyed: the key a map", field: "members", config: `[{"name":{"a":"b"}}]`},
	{name: "keyed: twice in the config", field: "members", config: `[{"name":"a"},{"name":"a","role":"dev"}]`},
	{name: "keyed: twice in live", field: "members", config: `[{"name":"a","role":"x"}]`, live: `[{"name":"a"},{"name":"a","role":"dev"}]`},
	{name: "two keys: the defaulted one missing", field: "ports", config: `[{"port":80}]`},
	{name: "two keys: the other one missing", field: "ports", config: `[{"protocol":"UDP"}]`},
	{name: "two keys: both missing", field: "ports", config: `[{"name":"x"}]`},
	{name: "two keys: one item twice, once by default", field: "ports", config: `[{"port":80},{"port":80,"protocol":"TCP"}]`},
	{name: "two keys: the defaulted one null", field: "ports", config: `[{"port":80,"protocol":null}]`},
	{name: "set: a null item", field: "tags", config: `[null]`},
	{name: "set: a map item", field: "tags", config: `[{"a":"b"}]`},
	{name: "set: a list item", field: "tags", config: `[["a"]]`},
	{name: "set: twice in the config", field: "tags", config: `["a","a"]`},
	{name: "set: twice in live", field: "tags", config: `["a","b"]`, live: `["a","a"]`},
	{name: "atomic: a null item", field: "steps", config: `[null]`},
	{name: "atomic: twice", field: "steps", config: `["a","a"]`},
}

func TestListItemsMatchFieldManager(t *testing.T) {
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine()
	widget := kinds()[3]
	widgetOf := func(field, items string) object {
		var list []interface{}
		if err := json.Unmarshal([]byte(items), &list); err != nil {
			t.Fatal(err)
		}
		return object{"apiVersion": widget.apiVersion, "kind": widget.name,
			"metadata": object{"name": "probe", "namespace": "default"}, "spec": object{field: list}}
	}
	for _, p := range itemProbes {
		t.Run(p.name, func(t *testing.T) {
			var live object
			if p.live != "" {
				// Live as an updater left it (an update does not check items as an apply does).
				created := ref.Run(widget, nil, &Op{Operation: "update", Manager: "owner", Object: widgetOf(p.field, p.live), Now: baseTime})
				if created.Err != nil {
					t.Fatalf("making live: %v", created.Err)
				}
				live = withTimesAt(created.Object, baseTime)
			}
			op := &Op{Operation: "apply", Manager: "probe", Object: widgetOf(p.field, p.config), Now: baseTime}
			want := ref.Run(widget, live, op)
			got := eng.Run(widget, live, op)
			switch {
			case want.Err != nil:
				t.Logf("reference: %v\nengine:    %v", want.Err, got.Err)
			case len(want.Conflicts) > 0:
				t.Logf("reference: conflicts %q", want.Conflicts)
			default:
				want.Object = withTimesAt(want.Object, baseTime)
				t.Logf("reference: %s", mustJSON(want.Object["metadata"].(object)["managedFields"]))
			}
			for _, d := range Compare(want, got) {
				t.Error(d)
			}
		})
	}
}

// withTimesAt sets the time of every managedFields entry of o to at.
func withTimesAt(o object, at interface{ Format(string) string }) object {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	for _, it := range list {
		it.(object)["time"] = at.Format("2006-01-02T15:04:05Z07:00")
	}
	return o
}
