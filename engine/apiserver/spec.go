package apiserver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/quantity"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The rules of an object's own validation the package checks, after metadata's, each observed
// with kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06; spec_test.go):
//   - a workload's selector must select its template's labels (selected);
//   - a pod template's containers may not be empty (requiredContainers);
//   - on an update, the fields of the table immutable may not change (Object.Live).

// workloads are the kinds whose spec.selector selects the labels of spec.template and may not
// change once created.
var workloads = [][2]string{{"apps/v1", "Deployment"}, {"apps/v1", "StatefulSet"}, {"apps/v1", "DaemonSet"},
	{"apps/v1", "ReplicaSet"}}

// isWorkload reports whether the kind is one of workloads.
func isWorkload(apiVersion, kind string) bool {
	return slices.Contains(workloads, [2]string{apiVersion, kind})
}

// podSpecPath is where a kind holds its pod spec, nil for a kind that holds none.
func podSpecPath(apiVersion, kind string) []string {
	switch {
	case apiVersion == "v1" && kind == "Pod":
		return []string{"spec"}
	case apiVersion == "batch/v1" && kind == "CronJob":
		return []string{"spec", "jobTemplate", "spec", "template", "spec"}
	case apiVersion == "v1" && kind == "PodTemplate":
		return []string{"template", "spec"}
	case isWorkload(apiVersion, kind), apiVersion == "batch/v1" && kind == "Job", apiVersion == "v1" && kind == "ReplicationController":
		return []string{"spec", "template", "spec"}
	}
	return nil
}

// spec checks the object's own fields: a StatefulSet's PVC retention policy (first: observed), a
// workload's selector, required, against the template's labels, the containers of the pod
// template. A template is a struct of the workload's Go type, so a workload without one is
// checked as one with an empty template (observed: a StatefulSet patched without its template is
// told its selector, its labels and its containers, make apiserver-diff seed 1 patch-0).
func (r *Refusal) spec(obj Object) {
	if obj.APIVersion == "apps/v1" && obj.Kind == "StatefulSet" {
		c := checker{r: r, root: obj.Root}
		c.enum([]string{"spec", "persistentVolumeClaimRetentionPolicy", "whenDeleted"}, retention)
		c.enum([]string{"spec", "persistentVolumeClaimRetentionPolicy", "whenScaled"}, retention)
	}
	if isWorkload(obj.APIVersion, obj.Kind) {
		selector := obj.Root.Lookup("spec", "selector")
		labels := obj.Root.Lookup("spec", "template", "metadata", "labels")
		if selector.IsNull() {
			r.Problems = append(r.Problems, Problem{Field: "spec.selector", Detail: "Required value", At: Place{Path: []string{"spec", "selector"}}})
		}
		if selector.IsNull() || !selects(selector, labels) {
			r.Problems = append(r.Problems, Problem{Field: "spec.template.metadata.labels",
				Detail: "Invalid value: " + compactJSON(obj.decoded("spec.template.metadata.labels", labels), nil) + ": `selector` does not match template `labels`",
				At:     Place{Path: []string{"spec", "template", "metadata", "labels"}}})
		}
	}
	if path := podSpecPath(obj.APIVersion, obj.Kind); path != nil {
		pod := obj.Root.Lookup(path...)
		if (pod == nil || pod.IsMap()) && len(itemsOf(pod.Get("containers"))) == 0 {
			at := append(slices.Clone(path), "containers")
			r.Problems = append(r.Problems, Problem{Field: strings.Join(at, "."), Detail: "Required value", At: Place{Path: at}})
		}
	}
}

// selects reports whether a label selector (matchLabels, matchExpressions) selects labels; true
// for a selector that is no map or is empty, which other rules refuse.
func selects(selector, labels *yamltree.Node) bool {
	if !selector.IsMap() {
		return true
	}
	match, expressions := selector.Get("matchLabels"), selector.Get("matchExpressions")
	if len(sortedFields(match)) == 0 && len(itemsOf(expressions)) == 0 {
		return true
	}
	for _, f := range sortedFields(match) {
		if v := labels.Get(f.Name()); v == nil || v.Str() != f.Value.Str() {
			return false
		}
	}
	for _, e := range itemsOf(expressions) {
		if !satisfies(e, labels) {
			return false
		}
	}
	return true
}

// satisfies reports whether labels satisfy one requirement of matchExpressions (In, NotIn,
// Exists, DoesNotExist); an unknown operator is refused by another rule.
func satisfies(requirement, labels *yamltree.Node) bool {
	value := labels.Get(requirement.Get("key").Str())
	in := func() bool {
		return value != nil && slices.ContainsFunc(itemsOf(requirement.Get("values")), func(v *yamltree.Node) bool { return v.Str() == value.Str() })
	}
	switch requirement.Get("operator").Str() {
	case "In":
		return in()
	case "NotIn":
		return !in()
	case "Exists":
		return value != nil
	case "DoesNotExist":
		return value == nil
	}
	return true
}

// immutable is a field that may not change once the object exists: its place, and how the
// server words the refusal (the value written after "Invalid value: ", or a Forbidden).
type immutable struct {
	apiVersion, kind string
	path             []string
	// forbiddenUnless, when set, makes the field immutable only while this field of live is
	// true, and the refusal a Forbidden (Secret and ConfigMap data with immutable: true).
	forbiddenUnless string
	// absent is the string the server reads where the field is missing or null ("" for a
	// string, Opaque for a Secret's type, which the server defaults); "" with absentNull for a
	// pointer, written null.
	absent     string
	absentNull bool
	// claims: the field is a StatefulSet's volumeClaimTemplates, compared and written as the
	// server's internal Go value (claimTemplatesJSON).
	claims bool
}

// value is the field's value in obj, what the server reads where it is missing.
func (f immutable) value(obj *yamltree.Node) *yamltree.Node {
	if n := obj.Lookup(f.path...); !n.IsNull() || f.absentNull {
		return n
	}
	return yamltree.NewString(f.absent)
}

// immutables are the immutable fields the package checks.
var immutables = []immutable{
	{apiVersion: "v1", kind: "Secret", path: []string{"type"}, absent: "Opaque"},
	// immutable: true itself may not be undone (make apiserver-diff seed 4, ssa-1: kubectl
	// replace with immutable: false), and is checked before the data
	{apiVersion: "v1", kind: "Secret", path: []string{"immutable"}, forbiddenUnless: "immutable", absentNull: true},
	{apiVersion: "v1", kind: "Secret", path: []string{"data"}, forbiddenUnless: "immutable", absentNull: true},
	{apiVersion: "v1", kind: "ConfigMap", path: []string{"immutable"}, forbiddenUnless: "immutable", absentNull: true},
	{apiVersion: "v1", kind: "ConfigMap", path: []string{"data"}, forbiddenUnless: "immutable", absentNull: true},
	{apiVersion: "v1", kind: "ConfigMap", path: []string{"binaryData"}, forbiddenUnless: "immutable", absentNull: true},
	{apiVersion: "apps/v1", kind: "Deployment", path: []string{"spec", "selector"}, absentNull: true},
	{apiVersion: "apps/v1", kind: "StatefulSet", path: []string{"spec", "selector"}, absentNull: true},
	{apiVersion: "apps/v1", kind: "StatefulSet", path: []string{"spec", "volumeClaimTemplates"}, absentNull: true, claims: true},
	{apiVersion: "apps/v1", kind: "StatefulSet", path: []string{"spec", "serviceName"}},
	{apiVersion: "apps/v1", kind: "StatefulSet", path: []string{"spec", "podManagementPolicy"}, absent: "OrderedReady"},
	{apiVersion: "apps/v1", kind: "DaemonSet", path: []string{"spec", "selector"}, absentNull: true},
	{apiVersion: "apps/v1", kind: "ReplicaSet", path: []string{"spec", "selector"}, absentNull: true},
}

// immutableFields checks, on an update, that no immutable field changed.
func (r *Refusal) immutableFields(obj Object) {
	if obj.Live == nil {
		return
	}
	for _, f := range immutables {
		if f.apiVersion != obj.APIVersion || f.kind != obj.Kind {
			continue
		}
		was, now := f.value(obj.Live), f.value(obj.Root)
		written := compactJSON(now, selectorOrder)
		if f.claims { // as decoded: an emptied list, which the object does not store, is []
			decoded := obj.decoded(strings.Join(f.path, "."), obj.Root.Lookup(f.path...))
			if sameClaimTemplates(decoded, was) {
				continue
			}
			written = claimTemplatesJSON(decoded, quantity.Decoded)
		}
		if yamltree.Equal(was, now) || (was.IsNull() && now.IsNull()) {
			continue
		}
		name := strings.Join(f.path, ".")
		switch {
		case f.forbiddenUnless == "":
			r.Problems = append(r.Problems, Problem{Field: name, Detail: "Invalid value: " + written + ": field is immutable",
				At: Place{Path: f.path}})
		case obj.Live.Get(f.forbiddenUnless).Str() == "true":
			r.Problems = append(r.Problems, Problem{Field: name, Detail: "Forbidden: field is immutable when `" + f.forbiddenUnless + "` is set",
				At: Place{Path: f.path}})
		}
	}
}

// selectorOrder is the order of a label selector's fields in its Go type, which the server's
// messages write it in: matchLabels before matchExpressions.
func selectorOrder(keys []string) []string {
	if slices.Contains(keys, "matchLabels") && slices.Contains(keys, "matchExpressions") {
		out := []string{"matchLabels", "matchExpressions"}
		for _, k := range keys {
			if k != "matchLabels" && k != "matchExpressions" {
				out = append(out, k)
			}
		}
		return out
	}
	return keys
}

// compactJSON writes a value as the server's messages do: JSON without spaces, a map's keys
// sorted (a Go map) or, for the top map, in the order order gives (a Go struct's fields); null
// for none.
func compactJSON(n *yamltree.Node, order func([]string) []string) string {
	var b strings.Builder
	writeJSON(&b, n, order)
	return b.String()
}

func writeJSON(b *strings.Builder, n *yamltree.Node, order func([]string) []string) {
	switch {
	case n == nil || n.IsNull():
		b.WriteString("null")
	case n.IsMap():
		keys := n.Keys()
		slices.Sort(keys)
		if order != nil {
			keys = order(keys)
		}
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k) + ":")
			writeJSON(b, n.Get(k), nil)
		}
		b.WriteByte('}')
	case n.IsList():
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, it, nil)
		}
		b.WriteByte(']')
	case n.Tag == yamltree.StrTag:
		b.WriteString(strconv.Quote(n.Value))
	default:
		b.WriteString(n.Value)
	}
}

// itemsOf is a list's items; none for a node that is no list.
func itemsOf(n *yamltree.Node) []*yamltree.Node {
	if !n.IsList() {
		return nil
	}
	return n.Items
}
