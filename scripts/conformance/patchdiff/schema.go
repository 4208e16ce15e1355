package patchdiff

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/kubernetes/scheme"
)

// versioned returns an empty object of the kind client-go's scheme registers for obj's
// apiVersion and kind: the struct whose tags give strategic merge patches their strategies, as
// the API server uses it. ok is false for kinds the scheme does not know (custom resources),
// which accept no strategic merge patch.
func versioned(obj map[string]any) (runtime.Object, bool) {
	gv, err := schema.ParseGroupVersion(str(obj, "apiVersion"))
	if err != nil {
		return nil, false
	}
	o, err := scheme.Scheme.New(gv.WithKind(str(obj, "kind")))
	if err != nil {
		return nil, false
	}
	return o, true
}

// patchMeta returns the strategic merge patch metadata of obj's kind, or nil for a custom
// resource.
func patchMeta(obj map[string]any) strategicpatch.LookupPatchMeta {
	o, ok := versioned(obj)
	if !ok {
		return nil
	}
	meta, err := strategicpatch.NewPatchMetaFromStruct(o)
	if err != nil {
		return nil
	}
	return meta
}

// listMeta is what the generator and the feature walk need to know about a list field: whether
// it merges, and on which key (empty for a set of primitives).
type listMeta struct {
	merge    bool
	mergeKey string
	sub      strategicpatch.LookupPatchMeta
}

// sliceMeta looks up a list field; an unknown field or schema is an atomic list.
func sliceMeta(sch strategicpatch.LookupPatchMeta, key string) listMeta {
	if sch == nil {
		return listMeta{}
	}
	sub, meta, err := sch.LookupPatchMetadataForSlice(key)
	if err != nil {
		return listMeta{}
	}
	out := listMeta{mergeKey: meta.GetPatchMergeKey(), sub: sub}
	for _, s := range meta.GetPatchStrategies() {
		out.merge = out.merge || s == "merge"
	}
	return out
}

// structMeta looks up a map field's schema (nil when unknown).
func structMeta(sch strategicpatch.LookupPatchMeta, key string) strategicpatch.LookupPatchMeta {
	if sch == nil {
		return nil
	}
	sub, _, err := sch.LookupPatchMetadataForStruct(key)
	if err != nil {
		return nil
	}
	return sub
}
