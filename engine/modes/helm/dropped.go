package helm

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The resource policy a chart (or anyone) sets on an object to keep it when Helm would delete
// it: the annotation helm.sh/resource-policy: keep.
const (
	ResourcePolicyKey = "helm.sh/resource-policy"
	KeepPolicy        = "keep"
)

// The rules of the objects a helm upgrade's new render drops.
const (
	ruleDeleted = "helm/deleted" // the previous render held the object, the new one does not: deleted
	ruleKept    = "helm/kept"    // the same, but live carries helm.sh/resource-policy: keep: left alone
)

// deletions are the objects helm upgrade deletes: each object of the previous render that the
// new render drops and live holds, unless live's object carries helm.sh/resource-policy: keep
// (Helm reads the annotation on the cluster's object, set by the chart or by anyone). Observed
// with helm v3.21.4 and v4.3.2 on kube-apiserver v1.37.2, 2026-12-06 (testdata/observed.txt,
// sequence P): both Helms delete it, client-side or server-side, after sending the other
// objects, and print what an upgrade prints; a kept object is not written to; an upgrade whose
// render holds it again creates it anew, or adopts the kept one (its metadata names the
// release).
func deletions(triples []stream.Triple) []ssa.Deletion {
	var out []ssa.Deletion
	for _, t := range triples {
		if t.Updated == nil && t.Original != nil && t.Live != nil && !keeps(t.Live.Root) {
			out = append(out, ssa.Deletion{ID: t.Live.ID, Rule: ruleDeleted, Reason: reasons[ruleDeleted]})
		}
	}
	return out
}

// keeps reports whether an object carries helm.sh/resource-policy: keep.
func keeps(obj *yamltree.Node) bool {
	v := obj.Lookup("metadata", "annotations", ResourcePolicyKey)
	return v != nil && v.Str() == KeepPolicy
}

// explainKept gives the mark of each object the new render dropped and the keep policy kept the
// kept rule, over the ssa mode's sentence about an object only live holds.
func explainKept(resp *contract.Response, triples []stream.Triple) {
	for _, t := range triples {
		if t.Updated != nil || t.Original == nil || t.Live == nil || !keeps(t.Live.Root) {
			continue
		}
		for i := range resp.Fields {
			if f := &resp.Fields[i]; f.Resource == t.Live.ID.String() && f.Path == "" {
				f.Rule, f.Reason = ruleKept, reasons[ruleKept]
				redecide(resp, f)
			}
		}
	}
}
