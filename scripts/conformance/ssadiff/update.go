package ssadiff

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// storedUID is the uid UpdateText gives a live object for the update, taken away after: the
// API server stores every object with one, and the field manager leaves an existing object
// without managedFields untracked only when it has one.
const storedUID = "mergeplay-reference-stored"

// UpdateText composes what the API server's field manager records after a client's write with
// the write itself: for every object of result (a write's outcome as its reference computed
// it: kubectl's patch applied, a create, a replace), an update by manager from the object of
// the same identity in live (none: a create) to it. It returns the result's objects with the
// managedFields the update leaves, one document each.
func UpdateText(ref *Reference, live, result, manager string) (string, error) {
	lives, err := readStream(live)
	if err != nil {
		return "", fmt.Errorf("live: %w", err)
	}
	results, err := readStream(result)
	if err != nil {
		return "", fmt.Errorf("result: %w", err)
	}
	byID := make(map[string]object, len(lives))
	for _, l := range lives {
		byID[applydiff.IdentityOfData(l)] = l
	}
	docs := make([]string, 0, len(results))
	for _, r := range results {
		out, err := updateOne(ref, byID[applydiff.IdentityOfData(r)], r, manager)
		if err != nil {
			return "", fmt.Errorf("%s: %w", applydiff.IdentityOfData(r), err)
		}
		y, err := yaml.Marshal(out)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	return strings.Join(docs, "---\n"), nil
}

// updateOne records one object's update through its kind's field manager.
func updateOne(ref *Reference, live, result object, manager string) (object, error) {
	apiVersion, _ := result["apiVersion"].(string)
	kind, _ := result["kind"].(string)
	fm := ref.updaterOf(apiVersion, kind)
	sent := deepCopy(result)
	hadUID := uidOf(result) != ""
	if live == nil {
		live = object{"apiVersion": apiVersion, "kind": kind}
	} else if !hadUID {
		live = deepCopy(live)
		setPath(live, storedUID, "metadata", "uid")
		setPath(sent, storedUID, "metadata", "uid")
	}
	out, err := fm.Update(&unstructured.Unstructured{Object: live}, &unstructured.Unstructured{Object: sent}, manager)
	if err != nil {
		// An object its kind's schema refuses (kubectl's merge kept a value the API server's
		// decoding would drop) is recorded by its shapes, as the engine records it
		// (managed.Written).
		out, err = ref.deducedOf(apiVersion, kind).Update(&unstructured.Unstructured{Object: live}, &unstructured.Unstructured{Object: sent}, manager)
	}
	if err != nil {
		return nil, err
	}
	obj := out.(*unstructured.Unstructured).Object
	if !hadUID {
		deletePath(obj, "metadata", "uid")
		if meta, _ := obj["metadata"].(object); meta != nil && len(meta) == 0 {
			// The metadata held nothing but the uid: as the result had it (null, or none).
			if orig, ok := result["metadata"]; ok {
				obj["metadata"] = orig
			} else {
				delete(obj, "metadata")
			}
		}
	}
	return obj, nil
}

// updaterOf returns the field manager UpdateText records a kind's writes with: the API
// server's (FieldManagerOf) for a kind client-go or apiextensions-apiserver knows, else one
// reading objects by their shapes (managedfields.NewDeducedTypeConverter), as the engine reads a
// kind its schema lacks.
func (r *Reference) updaterOf(apiVersion, kind string) *managedfields.FieldManager {
	gv, _ := runtimeschema.ParseGroupVersion(apiVersion)
	if gv.Group == "apiextensions.k8s.io" || scheme.Scheme.Recognizes(gv.WithKind(kind)) {
		return r.FieldManagerOf(apiVersion, kind)
	}
	return r.deducedOf(apiVersion, kind)
}

// deducedOf returns a field manager of a kind reading objects by their shapes, made once.
func (r *Reference) deducedOf(apiVersion, kind string) *managedfields.FieldManager {
	gv, _ := runtimeschema.ParseGroupVersion(apiVersion)
	r.mu.Lock()
	defer r.mu.Unlock()
	key := "deduced:" + apiVersion + "/" + kind
	if fm, ok := r.managers[key]; ok {
		return fm
	}
	fm := managedfieldstest.NewFakeFieldManager(managedfields.NewDeducedTypeConverter(), gv.WithKind(kind))
	r.managers[key] = fm
	return fm
}

// uidOf returns an object's metadata.uid, "" when it has none.
func uidOf(o object) string {
	meta, _ := o["metadata"].(object)
	uid, _ := meta["uid"].(string)
	return uid
}

// Timeless returns a copy of an object whose managedFields entries have no time, in a fixed
// order (the differentials compare the engine's fixed times with the field manager's clock).
func Timeless(o map[string]any) map[string]any { return timeless(o) }
