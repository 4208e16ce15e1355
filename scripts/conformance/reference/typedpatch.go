package reference

import (
	"encoding/json"
	"fmt"

	evanphx "gopkg.in/evanphx/json-patch.v4"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// typedPatch answers kubectl patch --type merge (mode mergepatch) or --type json (jsonpatch) of
// live's one object as the API server does: the patch, read as kubectl reads it
// (sigs.k8s.io/yaml), applied by gopkg.in/evanphx/json-patch.v4 (MergePatch; DecodePatch and
// Apply), refused when it renames the object, with the labels or annotations it empties dropped
// (ObjectMeta stores an empty map as none: observed on kube-apiserver v1.37.2,
// engine/modes/writer/testdata/observed.txt sequence H), then recorded by the field manager as
// an update by kubectl-patch.
func (p *Pipelines) typedPatch(req *contract.Request) (string, error) {
	lives, err := applydiff.SplitDocuments(req.Live)
	if err != nil || len(lives) != 1 {
		return "", fmt.Errorf("live: %v: kubectl patch names one object, live holds %d", err, len(lives))
	}
	patch, err := yaml.YAMLToJSON([]byte(req.Updated))
	if err != nil {
		return "", fmt.Errorf("updated: %w", err)
	}
	out, err := applyTyped(req.Mode, lives[0], patch)
	if err != nil {
		return "", err
	}
	var before, after map[string]any
	if err = json.Unmarshal(lives[0], &before); err != nil {
		return "", err
	}
	if err = json.Unmarshal(out, &after); err != nil {
		return "", fmt.Errorf("the patched object is not an object: %w", err)
	}
	if name(after) != name(before) {
		return "", fmt.Errorf("BadRequest: the name of the object (%s) does not match the name on the URL (%s)", name(after), name(before))
	}
	if meta, ok := after["metadata"].(map[string]any); ok {
		for _, key := range []string{"labels", "annotations"} {
			if m, ok := meta[key].(map[string]any); ok && len(m) == 0 {
				delete(meta, key)
			}
		}
	}
	sent, err := yaml.Marshal(after)
	if err != nil {
		return "", err
	}
	return p.recorded(req.Live, string(sent), managers[req.Mode])
}

// applyTyped applies a merge or JSON patch with the library; its panic is an error (the API
// server drops such a request).
func applyTyped(mode string, live, patch []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("the library panics: %v", r)
		}
	}()
	if mode == "mergepatch" {
		return evanphx.MergePatch(live, patch)
	}
	ops, err := evanphx.DecodePatch(patch)
	if err != nil {
		return nil, err
	}
	return ops.Apply(live)
}

// name is an object's metadata.name.
func name(obj map[string]any) any {
	meta, _ := obj["metadata"].(map[string]any)
	return meta["name"]
}
