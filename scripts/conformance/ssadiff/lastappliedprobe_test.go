package ssadiff

import (
	"strings"
	"testing"
)

// The client-side apply hand-over, probed: a ConfigMap that kubectl applied client-side (data a,
// b and c, owned by the updater in owner), whose last-applied annotation names a with the value
// live has, b with another value, and not c; then an apply of data by manager, answered by the
// field manager and by the engine. TestLastAppliedMatchesFieldManager compares both and, with -v,
// prints the reference's conflicts, or the annotation and entries afterwards: the decision
// engine/managed/lastapplied.go states comes from that output.
//
//	cd scripts/conformance && go test ./ssadiff -run TestLastApplied -v
type lastAppliedProbe struct {
	name string
	// annotation is live's last-applied annotation ("-" for none; "" for the usual one).
	annotation string
	// owner is the manager owning a, b and c in live, operation its operation ("" for Update).
	owner, operation string
	// manager applies data, with force.
	manager string
	force   bool
	data    object
	// configAnnotation, when set, is the config's own last-applied annotation.
	configAnnotation string
}

const usualLastApplied = `{"apiVersion":"v1","data":{"a":"1","b":"old"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"probe","namespace":"default"}}` + "\n"

var lastAppliedProbes = []lastAppliedProbe{
	{name: "a changed: named with live's value", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "b changed: named with another value", data: object{"a": "1", "b": "9", "c": "3"}},
	{name: "c changed: not named", data: object{"a": "1", "b": "2", "c": "9"}},
	{name: "all changed", data: object{"a": "9", "b": "9", "c": "9"}},
	{name: "a changed, b dropped", data: object{"a": "9", "c": "3"}},
	{name: "a dropped", data: object{"b": "2", "c": "3"}},
	{name: "a changed, owned by another updater", owner: "hpa", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, owned by an applier", owner: "other", operation: "Apply", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, applied by kubectl-foo", manager: "kubectl-foo", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, applied by Kubectl", manager: "Kubectl", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, no annotation", annotation: "-", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation not JSON", annotation: "not json", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation of another version", annotation: strings.Replace(usualLastApplied, `"v1"`, `"v2"`, 1), data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation of another kind", annotation: strings.Replace(usualLastApplied, `"ConfigMap"`, `"Secret"`, 1), data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation naming an undeclared field", annotation: strings.Replace(usualLastApplied, `"kind"`, `"nope":1,"kind"`, 1), data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation a YAML map", annotation: "data: {a: \"1\"}\napiVersion: v1\nkind: ConfigMap\n", data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, annotation without apiVersion", annotation: `{"data":{"a":"1"},"kind":"ConfigMap"}`, data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "a changed, forced", force: true, data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "nothing changed", data: object{"a": "1", "b": "2", "c": "3"}},
	{name: "nothing changed, no annotation", annotation: "-", data: object{"a": "1", "b": "2", "c": "3"}},
	{name: "nothing changed, by another manager", manager: "other", data: object{"a": "1", "b": "2", "c": "3"}},
	{name: "a changed, by another manager, forced", manager: "other", force: true, data: object{"a": "9", "b": "2", "c": "3"}},
	{name: "the config carries an annotation", configAnnotation: `{"x":1}`, data: object{"a": "1", "b": "2", "c": "3"}},
	{name: "the config carries an annotation, no annotation in live", annotation: "-", configAnnotation: `{"x":1}`, data: object{"a": "1", "b": "2", "c": "3"}},
}

func (p lastAppliedProbe) live() object {
	owner, op := p.owner, p.operation
	if owner == "" {
		owner = "kubectl-client-side-apply"
	}
	if op == "" {
		op = "Update"
	}
	fields := object{"f:data": object{".": object{}, "f:a": object{}, "f:b": object{}, "f:c": object{}}}
	meta := object{"name": "probe", "namespace": "default", "uid": "u1"}
	switch p.annotation {
	case "-":
	case "":
		meta["annotations"] = object{"kubectl.kubernetes.io/last-applied-configuration": usualLastApplied}
	default:
		meta["annotations"] = object{"kubectl.kubernetes.io/last-applied-configuration": p.annotation}
	}
	if p.annotation != "-" {
		fields["f:metadata"] = object{"f:annotations": object{".": object{}, "f:kubectl.kubernetes.io/last-applied-configuration": object{}}}
	}
	meta["managedFields"] = []interface{}{object{"manager": owner, "operation": op, "apiVersion": "v1",
		"time": "2020-01-01T00:00:00Z", "fieldsType": "FieldsV1", "fieldsV1": fields}}
	return object{"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": object{"a": "1", "b": "2", "c": "3"}}
}

func (p lastAppliedProbe) op() *Op {
	manager := p.manager
	if manager == "" {
		manager = "kubectl"
	}
	meta := object{"name": "probe", "namespace": "default"}
	if p.configAnnotation != "" {
		meta["annotations"] = object{"kubectl.kubernetes.io/last-applied-configuration": p.configAnnotation}
	}
	return &Op{Operation: "apply", Manager: manager, Force: p.force, Now: capNow,
		Object: object{"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": p.data}}
}

func TestLastAppliedMatchesFieldManager(t *testing.T) {
	ref, err := NewReference()
	if err != nil {
		t.Fatal(err)
	}
	eng := NewEngine()
	configMap := kinds()[1]
	for _, p := range lastAppliedProbes {
		t.Run(p.name, func(t *testing.T) {
			want := ref.Run(configMap, p.live(), p.op())
			got := eng.Run(configMap, p.live(), p.op())
			switch {
			case want.Err != nil:
				t.Logf("reference: %v\nengine:    %v", want.Err, got.Err)
			case len(want.Conflicts) > 0:
				t.Logf("reference: conflicts %q", want.Conflicts)
			default:
				want.Object = withNewTimesAt(want.Object)
				meta, _ := want.Object["metadata"].(object)
				t.Logf("reference: annotations %s\n%s", mustJSON(meta["annotations"]), strings.Join(entryLines(want.Object), "\n"))
			}
			for _, d := range Compare(want, got) {
				t.Error(d)
			}
		})
	}
}
