package ssadiff

import (
	"strings"
	"testing"
)

// The managedFields entries, probed: a ConfigMap whose managedFields hold one entry changed in
// one way (an entry by "owner" owning data.a, next to a valid one by "other" owning data.b), then
// an apply by "probe" and an update by "probe" (its object carrying live's entries, or, for
// "sent", the changed entries while live's are valid). TestManagedFieldsEntriesMatchFieldManager
// compares both answers and, with -v, prints the reference's error or its entries afterwards, in
// the order it writes them: the validation table and the sort key engine/managed/entries.go
// states come from that output.
//
//	cd scripts/conformance && go test ./ssadiff -run TestManagedFieldsEntries -v
type entriesProbe struct {
	name string
	// change changes the "owner" entry (a map of manager, operation, apiVersion, time,
	// fieldsType, fieldsV1).
	change func(e object)
	// entries, when set, replaces the whole list (change is then not used).
	entries []interface{}
}

func ownerEntry() object {
	return object{"manager": "owner", "operation": "Update", "apiVersion": "v1", "time": "2020-01-01T00:00:00Z",
		"fieldsType": "FieldsV1", "fieldsV1": object{"f:data": object{"f:a": object{}}}}
}

func otherEntry() object {
	return object{"manager": "other", "operation": "Apply", "apiVersion": "v1", "time": "2020-01-01T00:01:00Z",
		"fieldsType": "FieldsV1", "fieldsV1": object{"f:data": object{"f:b": object{}}}}
}

func ownerWith(fields object) object {
	e := ownerEntry()
	for k, v := range fields {
		if v == nil {
			delete(e, k)
			continue
		}
		e[k] = v
	}
	return e
}

var entriesProbes = []entriesProbe{
	{name: "valid"},
	{name: "operation missing", change: func(e object) { delete(e, "operation") }},
	{name: "operation Patch", change: func(e object) { e["operation"] = "Patch" }},
	{name: "operation lower-case", change: func(e object) { e["operation"] = "update" }},
	{name: "apiVersion missing, an updater", change: func(e object) { delete(e, "apiVersion") }},
	{name: "apiVersion missing, an applier", change: func(e object) { delete(e, "apiVersion"); e["operation"] = "Apply" }},
	{name: "apiVersion missing and operation wrong", change: func(e object) { delete(e, "apiVersion"); e["operation"] = "Patch" }},
	{name: "fieldsType missing", change: func(e object) { delete(e, "fieldsType") }},
	{name: "fieldsType FieldsV2", change: func(e object) { e["fieldsType"] = "FieldsV2" }},
	{name: "fieldsType wrong and apiVersion missing", change: func(e object) { e["fieldsType"] = "FieldsV2"; delete(e, "apiVersion") }},
	{name: "fieldsV1 bad and operation wrong", change: func(e object) { e["fieldsV1"] = object{"x": object{}}; e["operation"] = "Patch" }},
	{name: "fieldsV1 bad and fieldsType wrong", change: func(e object) { e["fieldsV1"] = object{"x": object{}}; e["fieldsType"] = "FieldsV2" }},
	{name: "time not a time", change: func(e object) { e["time"] = "yesterday" }},
	{name: "manager a number", change: func(e object) { e["manager"] = int64(3) }},
	{name: "fieldsV1 a string", change: func(e object) { e["fieldsV1"] = "x" }},
	{name: "fieldsV1 missing", change: func(e object) { delete(e, "fieldsV1") }},
	{name: "fieldsV1 empty", change: func(e object) { e["fieldsV1"] = object{} }},
	{name: "fieldsV1 with a bad key", change: func(e object) { e["fieldsV1"] = object{"x": object{}} }},
	{name: "manager missing", change: func(e object) { delete(e, "manager") }},
	{name: "manager empty", change: func(e object) { e["manager"] = "" }},
	{name: "time missing", change: func(e object) { delete(e, "time") }},
	{name: "subresource status", change: func(e object) { e["subresource"] = "status" }},
	{name: "two entries, one identifier", entries: []interface{}{
		ownerWith(object{"fieldsV1": object{"f:data": object{"f:a": object{}}}}),
		ownerWith(object{"fieldsV1": object{"f:data": object{"f:b": object{}}}})}},
	{name: "two appliers, one name, two versions", entries: []interface{}{
		ownerWith(object{"operation": "Apply", "apiVersion": "v1"}),
		ownerWith(object{"operation": "Apply", "apiVersion": "v2", "fieldsV1": object{"f:data": object{"f:b": object{}}}})}},
	{name: "order: times, operations, names", entries: []interface{}{
		ownerWith(object{"manager": "z", "time": "2020-01-01T00:05:00Z"}),
		ownerWith(object{"manager": "y", "operation": "Apply", "time": "2020-01-01T00:09:00Z"}),
		ownerWith(object{"manager": "b", "time": "2020-01-01T00:01:00Z", "fieldsV1": object{"f:data": object{"f:b": object{}}}}),
		ownerWith(object{"manager": "a", "time": "2020-01-01T00:01:00Z"}),
		ownerWith(object{"manager": "x", "operation": "Apply", "time": "2020-01-01T00:02:00Z"}),
		ownerWith(object{"manager": "n", "time": nil}),
		ownerWith(object{"manager": "a", "apiVersion": "v0", "time": "2020-01-01T00:01:00Z"}),
		ownerWith(object{"manager": "a", "subresource": "status", "time": "2020-01-01T00:01:00Z"}),
	}},
	{name: "empty list", entries: []interface{}{}},
	{name: "an entry not a map", entries: []interface{}{"x"}},
	{name: "one empty entry", entries: []interface{}{object{}}},
}

func (p entriesProbe) list() []interface{} {
	if p.entries != nil {
		return p.entries
	}
	owner := ownerEntry()
	if p.change != nil {
		p.change(owner)
	}
	return []interface{}{owner, otherEntry()}
}

func probeConfigMap(entries []interface{}) object {
	return object{"apiVersion": "v1", "kind": "ConfigMap",
		"metadata": object{"name": "probe", "namespace": "default", "uid": "u1", "managedFields": entries},
		"data":     object{"a": "x", "b": "x"}}
}

func TestManagedFieldsEntriesMatchFieldManager(t *testing.T) {
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine()
	configMap := kinds()[1]
	valid := []interface{}{ownerEntry(), otherEntry()}
	for _, p := range entriesProbes {
		runs := map[string]func() (object, *Op){
			"apply": func() (object, *Op) {
				return probeConfigMap(p.list()), &Op{Operation: "apply", Manager: "probe", Now: capNow,
					Object: object{"apiVersion": "v1", "kind": "ConfigMap", "metadata": object{"name": "probe", "namespace": "default"}, "data": object{"c": "y"}}}
			},
			"update": func() (object, *Op) {
				live := probeConfigMap(p.list())
				obj := deepCopy(live)
				setPath(obj, "y", "data", "c")
				return live, &Op{Operation: "update", Manager: "probe", Now: capNow, Object: obj}
			},
			"sent": func() (object, *Op) {
				live := probeConfigMap(valid)
				obj := probeConfigMap(p.list())
				setPath(obj, "y", "data", "c")
				return live, &Op{Operation: "update", Manager: "probe", Now: capNow, Object: obj}
			},
		}
		for _, how := range []string{"apply", "update", "sent"} {
			t.Run(p.name+"/"+how, func(t *testing.T) {
				live, op := runs[how]()
				want := ref.Run(configMap, live, op)
				got := eng.Run(configMap, live, op)
				switch {
				case want.Err != nil:
					t.Logf("reference: %v\nengine:    %v", want.Err, got.Err)
				case len(want.Conflicts) > 0:
					t.Logf("reference: conflicts %q", want.Conflicts)
				default:
					want.Object = withNewTimesAt(want.Object)
					t.Logf("reference's entries, in its order:\n%s", strings.Join(entryLines(want.Object), "\n"))
					if g, w := strings.Join(entryLines(got.Object), "\n"), strings.Join(entryLines(want.Object), "\n"); g != w {
						t.Errorf("the engine's entries, in its order:\n%s", g)
					}
				}
				for _, d := range Compare(want, got) {
					t.Error(d)
				}
			})
		}
	}
}

// withNewTimesAt replaces the times the reference wrote (its real clock, later than capNow) by
// capNow, the engine's.
func withNewTimesAt(o object) object {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	now := capNow.Format("2006-01-02T15:04:05Z07:00")
	for _, it := range list {
		if m := it.(object); str0(m["time"]) > now {
			m["time"] = now
		}
	}
	return o
}

// entryLines returns an object's managedFields entries as rows, in their order.
func entryLines(o object) []string {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	var out []string
	for _, it := range list {
		out = append(out, capRow(it.(object)))
	}
	return out
}
