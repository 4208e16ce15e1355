package ssadiff

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// The managers cap, probed: a live object whose managedFields hold chosen entries (managers,
// operations, API versions, times), then one operation by "newcomer" at capNow, answered by the
// field manager and by the engine. TestManagersCapMatchesFieldManager compares both and, with
// -v, prints the reference's entries afterwards: the table of facts engine/managed/capmanagers.go
// states comes from that output.
//
//	cd scripts/conformance && go test ./ssadiff -run TestManagersCap -v

// capEntry is one managedFields entry of a probe's live object; it owns data.<key>.
type capEntry struct {
	manager, operation, apiVersion, time, subresource, key string
}

// capCase is one probe.
type capCase struct {
	name    string
	kind    kind
	entries []capEntry
	// operation is the newcomer's: "update" (it sets data.new) or "apply" (it applies data.new).
	operation string
}

// capNow is the newcomer's time in the engine. The reference writes the real clock, later than
// every chosen time; its newcomer's time is replaced by capNow before comparing.
var capNow = time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)

// minute returns a chosen time, minute m of 2020-01-01.
func minute(m int) string {
	return time.Date(2020, 1, 1, 0, m, 0, 0, time.UTC).Format(time.RFC3339)
}

// capUpdaters returns update entries named prefix-00, prefix-01, ... at apiVersion, at the given
// minutes (see minute), each owning data.<its name>.
func capUpdaters(prefix, apiVersion string, times ...int) []capEntry {
	out := make([]capEntry, len(times))
	for i, m := range times {
		name := fmt.Sprintf("%s-%02d", prefix, i)
		out[i] = capEntry{manager: name, operation: "Update", apiVersion: apiVersion, time: minute(m), key: name}
	}
	return out
}

func capCases() []capCase {
	configMap := kind{apiVersion: "v1", name: "ConfigMap"}
	join := func(parts ...[]capEntry) []capEntry {
		var out []capEntry
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	noTime := func(es []capEntry) []capEntry {
		for i := range es {
			es[i].time = ""
		}
		return es
	}
	return []capCase{
		{name: "nine updaters, ten after the update", kind: configMap, operation: "update",
			entries: capUpdaters("c", "v1", 9, 8, 7, 6, 5, 4, 3, 2, 1)},
		{name: "ten updaters, eleven after the update", kind: configMap, operation: "update",
			entries: capUpdaters("c", "v1", 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)},
		{name: "eleven updaters, twelve after", kind: configMap, operation: "update",
			entries: capUpdaters("c", "v1", 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)},
		{name: "fourteen updaters, fifteen after", kind: configMap, operation: "update",
			entries: capUpdaters("c", "v1", 3, 14, 1, 12, 5, 10, 7, 8, 9, 6, 11, 4, 13, 2)},
		{name: "two versions interleaved", kind: configMap, operation: "update",
			entries: join(capUpdaters("a", "v1", 1, 3, 5, 7, 9, 11, 13), capUpdaters("b", "v2", 2, 4, 6, 8, 10, 12))},
		{name: "two versions, the old ones all of v2", kind: configMap, operation: "update",
			entries: join(capUpdaters("a", "v1", 20, 21, 22, 23, 24, 25, 26, 27, 28), capUpdaters("b", "v2", 1, 2, 3, 4))},
		{name: "three versions, one old entry each", kind: configMap, operation: "update",
			entries: join(capUpdaters("a", "v1", 20, 21, 22, 23, 24, 25, 26, 27, 28), capUpdaters("b", "v2", 1), capUpdaters("d", "v3", 2), capUpdaters("e", "v4", 3))},
		{name: "ties in time, names out of order", kind: configMap, operation: "update",
			entries: join(capUpdaters("z", "v1", 1, 1), capUpdaters("m", "v1", 1), capUpdaters("a", "v1", 1, 2), capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26))},
		{name: "ties in time across versions", kind: configMap, operation: "update",
			entries: join(capUpdaters("z", "v1", 1), capUpdaters("a", "v2", 1), capUpdaters("m", "v1", 1), capUpdaters("b", "v2", 1), capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27))},
		{name: "entries without a time", kind: configMap, operation: "update",
			entries: join(noTime(capUpdaters("n", "v1", 0, 0, 0)), capUpdaters("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9))},
		{name: "an ancient-changes entry already there, newest of the old", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "ancient-changes", operation: "Update", apiVersion: "v1", time: minute(5), key: "ancient"}},
				capUpdaters("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26))},
		{name: "an ancient-changes entry already there, oldest", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "ancient-changes", operation: "Update", apiVersion: "v1", time: minute(0), key: "ancient"}},
				capUpdaters("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26))},
		{name: "appliers do not count", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "old-applier", operation: "Apply", apiVersion: "v1", time: minute(0), key: "applied"},
				{manager: "new-applier", operation: "Apply", apiVersion: "v1", time: minute(30), key: "applied2"}},
				capUpdaters("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9))},
		{name: "subresource updaters count", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "s", operation: "Update", apiVersion: "v1", time: minute(0), subresource: "status", key: "status"}},
				capUpdaters("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10))},
		{name: "an apply over eleven updaters", kind: configMap, operation: "apply",
			entries: capUpdaters("c", "v1", 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)},
		{name: "ties in time split by the cut, listed z, a, m", kind: configMap, operation: "update",
			entries: join(capUpdaters("z", "v1", 1), capUpdaters("a", "v1", 1), capUpdaters("m", "v1", 1), capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26))},
		{name: "ties in time split by the cut, listed m, z, a", kind: configMap, operation: "update",
			entries: join(capUpdaters("m", "v1", 1), capUpdaters("z", "v1", 1), capUpdaters("a", "v1", 1), capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26))},
		{name: "a tie between ancient-changes and another updater", kind: configMap, operation: "update",
			entries: join(capUpdaters("b", "v1", 0), capUpdaters("a", "v1", 1),
				[]capEntry{{manager: "ancient-changes", operation: "Update", apiVersion: "v1", time: minute(1), key: "ancient"}},
				capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27))},
		{name: "a tie between ancient-changes and a later name", kind: configMap, operation: "update",
			entries: join(capUpdaters("b", "v1", 0), capUpdaters("z", "v1", 1),
				[]capEntry{{manager: "ancient-changes", operation: "Update", apiVersion: "v1", time: minute(1), key: "ancient"}},
				capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26, 27))},
		{name: "only entries without a time merged", kind: configMap, operation: "update",
			entries: join(noTime(capUpdaters("n", "v1", 0, 0)), capUpdaters("c", "v1", 1, 2, 3, 4, 5, 6, 7, 8))},
		{name: "an ancient-changes entry of another version", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "ancient-changes", operation: "Update", apiVersion: "v2", time: minute(0), key: "ancient"}},
				capUpdaters("c", "v1", 1, 2, 3, 20, 21, 22, 23, 24, 25, 26))},
		{name: "only subresource updaters merged", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "s", operation: "Update", apiVersion: "v1", time: minute(0), subresource: "status", key: "status"},
				{manager: "t", operation: "Update", apiVersion: "v1", time: minute(1), subresource: "scale", key: "scale"}},
				capUpdaters("c", "v1", 3, 4, 5, 6, 7, 8, 9, 10))},
		{name: "ties between names that sort apart as text and as identifiers", kind: configMap, operation: "update",
			entries: join([]capEntry{{manager: "a", operation: "Update", apiVersion: "v1", time: minute(1), key: "a"},
				{manager: "a b", operation: "Update", apiVersion: "v1", time: minute(1), key: "ab"},
				{manager: "a!", operation: "Update", apiVersion: "v1", time: minute(1), key: "abang"}},
				capUpdaters("c", "v1", 20, 21, 22, 23, 24, 25, 26))},
		{name: "a create by update", kind: configMap, operation: "create"},
		{name: "an update that changes nothing over eleven updaters", kind: configMap, operation: "noop-update",
			entries: capUpdaters("c", "v1", 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)},
	}
}

// live builds the probe's live object: a ConfigMap whose data holds every entry's key.
func (c capCase) live() object {
	data := object{}
	var mf []interface{}
	for _, e := range c.entries {
		data[e.key] = "x"
		entry := object{"manager": e.manager, "operation": e.operation, "apiVersion": e.apiVersion,
			"fieldsType": "FieldsV1", "fieldsV1": object{"f:data": object{"f:" + e.key: object{}}}}
		if e.time != "" {
			entry["time"] = e.time
		}
		if e.subresource != "" {
			entry["subresource"] = e.subresource
		}
		mf = append(mf, entry)
	}
	return object{"apiVersion": c.kind.apiVersion, "kind": c.kind.name,
		"metadata": object{"name": "probe", "namespace": "default", "managedFields": mf}, "data": data}
}

// op is the newcomer's operation on live.
func (c capCase) op(live object) *Op {
	op := &Op{Operation: "update", Manager: "newcomer", Now: capNow}
	switch c.operation {
	case "apply":
		op.Operation = "apply"
		op.Object = object{"apiVersion": c.kind.apiVersion, "kind": c.kind.name,
			"metadata": object{"name": "probe", "namespace": "default"}, "data": object{"new": "y"}}
	case "create":
		op.Object = object{"apiVersion": c.kind.apiVersion, "kind": c.kind.name,
			"metadata": object{"name": "probe", "namespace": "default"}, "data": object{"new": "y"}}
	case "noop-update":
		op.Object = deepCopy(live)
	default:
		op.Object = deepCopy(live)
		setPath(op.Object, "y", "data", "new")
	}
	return op
}

// capRow writes one managedFields entry as a row of the facts table.
func capRow(e object) string {
	fields := string(mustJSON(e["fieldsV1"]))
	sub := ""
	if s := str0(e["subresource"]); s != "" {
		sub = " (" + s + ")"
	}
	return fmt.Sprintf("%-16s %-6s %-3s %-21s %s", str0(e["manager"])+sub, str0(e["operation"]),
		str0(e["apiVersion"]), str0(e["time"]), fields)
}

// withNewcomerAt replaces the time of the reference's newcomer entry by capNow.
func withNewcomerAt(o object) object {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	for _, it := range list {
		if m := it.(object); m["manager"] == "newcomer" {
			m["time"] = capNow.Format(time.RFC3339)
		}
	}
	return o
}

// entryRows returns an object's managedFields as rows sorted by text, so that only the entries
// are compared, not their order (the engine's order is checked by TestSSAMatchesFieldManager).
func entryRows(o object) []string {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	var out []string
	for _, it := range list {
		out = append(out, capRow(it.(object)))
	}
	sort.Strings(out)
	return out
}

// TestManagersCapMatchesFieldManager runs every probe on both sides and compares the entries.
func TestManagersCapMatchesFieldManager(t *testing.T) {
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine()
	for _, c := range capCases() {
		t.Run(c.name, func(t *testing.T) {
			live := c.live()
			if c.operation == "create" {
				live = nil
			}
			op := c.op(live)
			want := ref.Run(c.kind, live, op)
			got := eng.Run(c.kind, live, op)
			if want.Err != nil || got.Err != nil {
				t.Fatalf("reference error %v, engine error %v", want.Err, got.Err)
			}
			rows := entryRows(withNewcomerAt(want.Object))
			t.Logf("reference's managedFields after the %s:\n%s", c.operation, strings.Join(rows, "\n"))
			if g := entryRows(got.Object); strings.Join(g, "\n") != strings.Join(rows, "\n") {
				t.Errorf("the engine's managedFields differ:\n%s", strings.Join(g, "\n"))
			}
		})
	}
}
