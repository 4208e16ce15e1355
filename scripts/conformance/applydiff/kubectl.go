package applydiff

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/schema"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/kubectl/pkg/scheme"
	"k8s.io/kubectl/pkg/util"
)

// codec is the encoder kubectl apply passes to GetModifiedConfiguration: encoding/json of the
// object's map, so the annotation has sorted keys, HTML-escaped <, > and &, and a trailing
// newline.
func codec() runtime.Codec { return unstructured.UnstructuredJSONScheme }

// defaultNamespace mirrors the resource builder's DefaultNamespace() (cli-runtime's
// SetNamespace visitor): a namespaced object without a namespace gets "default", written into
// the object itself, so it reaches the last-applied annotation. kubectl learns a kind's scope
// from the cluster; the reference reads it from the built-in schema's kinds (generated from
// client-go's and apiextensions-apiserver's clientsets by schemagen), and takes a kind it does
// not know (a custom resource: every one the generator writes is namespaced) as namespaced.
func defaultNamespace(obj *unstructured.Unstructured) {
	if obj.GetNamespace() == "" && namespaced(obj.GetAPIVersion(), obj.GetKind()) {
		obj.SetNamespace("default")
	}
}

// builtinKinds is the built-in schema, read once.
var builtinKinds = sync.OnceValues(schema.Builtin)

// namespaced reports whether objects of a kind live in a namespace: false only for a built-in
// cluster-scoped kind (Namespace, ClusterRole, CustomResourceDefinition).
func namespaced(apiVersion, kind string) bool {
	set, err := builtinKinds()
	if err != nil {
		panic(fmt.Sprintf("applydiff: the built-in schema: %v", err))
	}
	ns, known := set.Namespaced(apiVersion, kind)
	return ns || !known
}

// modifiedConfiguration is apply.go's first step: the config serialized without any
// last-applied annotation, then embedded in itself as that annotation and serialized again.
// Like kubectl, it leaves the object with an empty last-applied annotation when it had none.
func modifiedConfiguration(config *unstructured.Unstructured) ([]byte, error) {
	return util.GetModifiedConfiguration(config, true, codec())
}

// originalConfiguration returns last-applied: the case's original, serialized as kubectl would
// have stored it when it applied that config (GetModifiedConfiguration without the annotation),
// or, when the case leaves original empty, live's annotation (GetOriginalConfiguration, as
// patcher.go reads it). Nil when there is none.
func originalConfiguration(in *inputs, live *unstructured.Unstructured, id string, c *Case) ([]byte, error) {
	if in.original == nil {
		return util.GetOriginalConfiguration(live)
	}
	orig := in.originalByID[id]
	if orig == nil {
		return nil, nil
	}
	orig = orig.DeepCopy()
	if !c.ClusterScoped {
		defaultNamespace(orig)
	}
	return util.GetModifiedConfiguration(orig, false, codec())
}

// create mirrors apply.go when the resource is not found: CreateApplyAnnotation, then nulls
// pruned, then the object is created as it is (the reference models no server defaults).
func create(config *unstructured.Unstructured, out Outcome) Outcome {
	out.Action = CreateAction
	if err := util.CreateApplyAnnotation(config, codec()); err != nil {
		out.Error = err.Error()
		return out
	}
	pruneNulls(config.Object)
	out.Result = objectData(config)
	return out
}

// patch mirrors patcher.go's patchSimple and the API server applying the patch.
//
// kubectl prefers OpenAPI (v3, then v2) to find patch strategies and falls back to the Go types
// it has built in (scheme.Scheme.New + NewPatchMetaFromStruct). The reference has no cluster
// to ask for OpenAPI, so it takes the built-in path: the strategies are the same tags, read
// from the same API types. A kind the scheme does not know (a custom resource) takes the
// JSON merge patch path, with kubectl's preconditions; overwrite does not reach it.
func patch(out Outcome, original, modified []byte, live *unstructured.Unstructured, overwrite bool) Outcome {
	current, err := runtime.Encode(codec(), live)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	out.original, out.modified, out.current = jsonMap(original), jsonMap(modified), jsonMap(current)
	versioned, err := scheme.Scheme.New(live.GroupVersionKind())
	var patchBytes []byte
	switch {
	case err == nil:
		out.PatchType = "strategic"
		patchBytes, err = strategicPatch(versioned, original, modified, current, overwrite)
		if err != nil && !overwrite && unstableConflictCheck(versioned, original, modified, current) {
			out.Unstable = true
			return out
		}
	case runtime.IsNotRegisteredError(err):
		out.PatchType = "merge"
		patchBytes, err = mergePatch(original, modified, current)
	}
	if err != nil {
		out.Conflict = mergepatch.IsConflict(err)
		if !out.Conflict {
			out.Error = err.Error()
		}
		return out
	}
	out.Patch = string(patchBytes)
	return serverApply(out, versioned, current)
}

// strategicPatch is buildStrategicMergeFromBuiltins.
func strategicPatch(versioned runtime.Object, original, modified, current []byte, overwrite bool) ([]byte, error) {
	lookupPatchMeta, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return nil, err
	}
	return strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookupPatchMeta, overwrite)
}

// unstableConflictCheck reports whether CreateThreeWayMergePatch's overwrite=false check trips
// over a $deleteFromPrimitiveList directive: when the patch and the changes from last-applied to
// live both delete from one primitive list (finalizers the config dropped and live lost too),
// MergingMapsHaveConflicts looks the directive up as a field. It then fails with "unable to
// find api field ... $deleteFromPrimitiveList/finalizers", or with a conflict if Go's map order
// leads it to a real conflict first: kubectl apply fails either way, but which way is random.
// The check rebuilds both maps deterministically (the overwrite=true patch, which is the same
// patch, and the two-way diff from last-applied to live, which holds the same deletions).
func unstableConflictCheck(versioned runtime.Object, original, modified, current []byte) bool {
	lookupPatchMeta, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return false
	}
	p, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookupPatchMeta, true)
	if err != nil {
		return false
	}
	changed, err := strategicpatch.CreateTwoWayMergePatchUsingLookupPatchMeta(original, current, lookupPatchMeta)
	if err != nil {
		return false
	}
	return sharesDeleteDirective(jsonMap(p), jsonMap(changed))
}

// sharesDeleteDirective reports whether two patches hold a $deleteFromPrimitiveList directive
// at the same place (through maps, where the conflict check walks both at once).
func sharesDeleteDirective(a, b map[string]any) bool {
	for k, v := range a {
		w, ok := b[k]
		if !ok {
			continue
		}
		if strings.HasPrefix(k, "$deleteFromPrimitiveList/") {
			return true
		}
		am, aok := v.(map[string]any)
		bm, bok := w.(map[string]any)
		if aok && bok && sharesDeleteDirective(am, bm) {
			return true
		}
	}
	return false
}

// mergePatch is buildMergePatch, used for custom resources.
func mergePatch(original, modified, current []byte) ([]byte, error) {
	preconditions := []mergepatch.PreconditionFunc{mergepatch.RequireKeyUnchanged("apiVersion"),
		mergepatch.RequireKeyUnchanged("kind"), mergepatch.RequireMetadataKeyUnchanged("name")}
	p, err := jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, current, preconditions...)
	if mergepatch.IsPreconditionFailed(err) {
		return nil, fmt.Errorf("%s", "At least one of apiVersion, kind and name was changed")
	}
	return p, err
}

// serverApply is what the API server does with the patch: a strategic merge patch against the
// Go type's tags, or a JSON merge patch. An empty patch is not sent (patchSimple returns live).
func serverApply(out Outcome, versioned runtime.Object, current []byte) Outcome {
	if out.Patch == "{}" {
		out.Result = jsonMap(current)
		return out
	}
	var result []byte
	var err error
	if out.PatchType == "strategic" {
		result, err = strategicpatch.StrategicMergePatch(current, []byte(out.Patch), versioned)
	} else {
		result, err = jsonpatch.MergePatch(current, []byte(out.Patch))
	}
	if err != nil {
		out.Error = fmt.Sprintf("applying the patch: %v", err)
		return out
	}
	out.Result = jsonMap(result)
	return out
}

// pruneNulls is apply.go's pruneNullsFromMap: nulls are dropped before a create.
func pruneNulls(v any) {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if val == nil {
				delete(t, k)
			} else {
				pruneNulls(val)
			}
		}
	case []any:
		for _, it := range t {
			pruneNulls(it)
		}
	}
}

// jsonMap reads a JSON object as plain data (float64 numbers); nil for empty input.
func jsonMap(data []byte) map[string]any {
	if len(data) == 0 {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		panic(fmt.Sprintf("applydiff: the reference produced invalid JSON %q: %v", data, err))
	}
	return m
}

// objectData returns an object as plain data, as encoding/json reads it.
func objectData(u *unstructured.Unstructured) map[string]any {
	data, err := runtime.Encode(codec(), u)
	if err != nil {
		panic(fmt.Sprintf("applydiff: encoding %s: %v", identity(u), err))
	}
	return jsonMap(data)
}
