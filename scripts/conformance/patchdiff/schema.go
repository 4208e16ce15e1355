package patchdiff

import (
	"fmt"
	"sync"

	apiextensionsclientscheme "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/scheme"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/kubernetes/scheme"
)

// versioned returns an empty object of the kind client-go's scheme (or, for
// CustomResourceDefinitions, apiextensions-apiserver's) registers for obj's apiVersion and kind:
// the struct whose tags give strategic merge patches their strategies, as the API server uses
// it. ok is false for kinds neither scheme knows (custom resources), which accept no strategic
// merge patch.
func versioned(obj map[string]any) (runtime.Object, bool) {
	gv, err := schema.ParseGroupVersion(str(obj, "apiVersion"))
	if err != nil {
		return nil, false
	}
	gvk := gv.WithKind(str(obj, "kind"))
	if o, err := scheme.Scheme.New(gvk); err == nil {
		return o, true
	}
	if o, err := apiextensionsScheme().New(gvk); err == nil {
		return o, true
	}
	return nil, false
}

// apiextensionsScheme holds the CustomResourceDefinition kinds, which client-go's scheme
// leaves out; built once, read-only afterwards.
var apiextensionsScheme = sync.OnceValue(func() *runtime.Scheme {
	s := runtime.NewScheme()
	if err := apiextensionsclientscheme.AddToScheme(s); err != nil {
		panic(fmt.Sprintf("patchdiff: the apiextensions scheme: %v", err))
	}
	return s
})

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
