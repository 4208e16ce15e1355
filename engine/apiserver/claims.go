package apiserver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/quantity"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A StatefulSet's volumeClaimTemplates may not change once it exists. The server compares them,
// and quotes them in its refusal, as its internal Go value of a list of PersistentVolumeClaims
// written by encoding/json: each claim's metadata by its json names (in ObjectMeta's order,
// empty ones left out), its spec and status by their Go field names, every field written,
// defaults included (volumeMode Filesystem, phase Pending) and quantities in their canonical
// form. Observed with kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06: claim templates
// changed by kubectl apply and kubectl patch; TestClaimTemplatesAsObserved):
//
//	[{"name":"data","Spec":{"AccessModes":["ReadWriteOnce"],"Selector":null,
//	"Resources":{"Limits":null,"Requests":{"storage":"512Mi"}},"VolumeName":"",
//	"StorageClassName":null,"VolumeMode":"Filesystem","DataSource":null,"DataSourceRef":null,
//	"VolumeAttributesClassName":null},"Status":{"Phase":"Pending","AccessModes":null,...}}]

// objectMetaFields are ObjectMeta's json names in the order of its Go fields.
var objectMetaFields = []string{"name", "generateName", "namespace", "selfLink", "uid", "resourceVersion", "generation",
	"creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "labels", "annotations", "ownerReferences",
	"finalizers", "managedFields"}

// claimStatusRest are the fields of a claim's status after Phase, written null.
var claimStatusRest = []string{"AccessModes", "Capacity", "Conditions", "AllocatedResources", "AllocatedResourceStatuses",
	"CurrentVolumeAttributesClassName", "ModifyVolumeStatus", "HealthStatus"}

// claimTemplatesJSON writes volumeClaimTemplates as the server's internal Go value, its quantities
// as written writes them (quantity.Decoded as the server's messages quote the request's,
// quantity.Canonical to compare a request's with the stored object's): null for none, [] for
// an empty list (the server quotes them so, and counts them as equal: sameClaimTemplates).
func claimTemplatesJSON(n *yamltree.Node, written quantityWriter) string {
	if !n.IsList() {
		return "null"
	}
	if len(n.Items) == 0 {
		return "[]"
	}
	claims := make([]string, len(n.Items))
	for i, t := range n.Items {
		claims[i] = claimJSON(t, written)
	}
	return "[" + strings.Join(claims, ",") + "]"
}

// sameClaimTemplates reports whether the server counts two volumeClaimTemplates as equal: the
// same claims as it stores them, none and an empty list alike.
func sameClaimTemplates(a, b *yamltree.Node) bool {
	written := func(n *yamltree.Node) string {
		if text := claimTemplatesJSON(n, quantity.Canonical); text != "[]" {
			return text
		}
		return "null"
	}
	return written(a) == written(b)
}

// claimJSON writes one claim template.
func claimJSON(t *yamltree.Node, written quantityWriter) string {
	var fields []string
	meta := t.Get("metadata")
	for _, name := range objectMetaFields {
		if v := meta.Get(name); v != nil && !v.IsNull() && !isEmpty(v) {
			fields = append(fields, strconv.Quote(name)+":"+compactJSON(v, nil))
		}
	}
	spec, status := t.Get("spec"), t.Get("status")
	fields = append(fields, `"Spec":{`+strings.Join(claimSpec(spec, written), ",")+"}")
	phase := `"Pending"`
	if p := status.Get("phase"); p != nil && !p.IsNull() {
		phase = compactJSON(p, nil)
	}
	rest := []string{`"Phase":` + phase}
	for _, name := range claimStatusRest {
		rest = append(rest, strconv.Quote(name)+":null")
	}
	return "{" + strings.Join(append(fields, `"Status":{`+strings.Join(rest, ",")+"}"), ",") + "}"
}

// claimSpec writes a claim's spec fields, in the order of the internal Go type.
func claimSpec(spec *yamltree.Node, written quantityWriter) []string {
	resources := spec.Get("resources")
	volumeMode := `"Filesystem"`
	if v := spec.Get("volumeMode"); v != nil && !v.IsNull() {
		volumeMode = compactJSON(v, nil)
	}
	return []string{
		`"AccessModes":` + orJSON(spec.Get("accessModes"), "null"),
		`"Selector":` + jsonOr(spec.Get("selector"), selectorOrder),
		`"Resources":{"Limits":` + quantitiesJSON(resources.Get("limits"), written) + `,"Requests":` + quantitiesJSON(resources.Get("requests"), written) + "}",
		`"VolumeName":` + orJSON(spec.Get("volumeName"), `""`),
		`"StorageClassName":` + orJSON(spec.Get("storageClassName"), "null"),
		`"VolumeMode":` + volumeMode,
		`"DataSource":` + referenceJSON(spec.Get("dataSource"), "apiGroup", "kind", "name"),
		`"DataSourceRef":` + referenceJSON(spec.Get("dataSourceRef"), "apiGroup", "kind", "name", "namespace"),
		`"VolumeAttributesClassName":` + orJSON(spec.Get("volumeAttributesClassName"), "null"),
	}
}

// jsonOr writes a value as the server's messages do, null for none.
func jsonOr(n *yamltree.Node, order func([]string) []string) string {
	if n == nil || n.IsNull() {
		return "null"
	}
	return compactJSON(n, order)
}

// quantitiesJSON writes a map of quantities, each as written writes it; null for none.
func quantitiesJSON(n *yamltree.Node, written quantityWriter) string {
	if !n.IsMap() || len(n.Fields) == 0 {
		return "null"
	}
	keys := n.Keys()
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		text, _ := jsonNumberText(n.Get(k))
		stored, _ := written(text)
		parts[i] = strconv.Quote(k) + ":" + strconv.Quote(stored)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// referenceJSON writes a typed object reference by its Go field names (APIGroup, Kind, Name,
// Namespace: pointers written null when missing, strings ""); null for none.
func referenceJSON(n *yamltree.Node, names ...string) string {
	if !n.IsMap() {
		return "null"
	}
	parts := make([]string, len(names))
	for i, name := range names {
		missing := `""`
		if name == "apiGroup" || name == "namespace" {
			missing = "null"
		}
		goName := strings.ToUpper(name[:1]) + name[1:]
		if name == "apiGroup" {
			goName = "APIGroup"
		}
		parts[i] = strconv.Quote(goName) + ":" + orJSON(n.Get(name), missing)
	}
	return "{" + strings.Join(parts, ",") + "}"
}
