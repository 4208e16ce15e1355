package patchdiff

import (
	"encoding/json"
	"reflect"
)

// The twoway mode's features (with SetElementOrder, DeleteFromList, RetainKeys, DeleteItem and
// Null, read from the strategic two-way patches).
const (
	Stream        Feature = "stream (more than one resource)"
	Dropped       Feature = "resource dropped by the new render (deleted)"
	NewInRender   Feature = "resource new in the render (created)"
	MergePatchCR  Feature = "custom resource (JSON merge patch)"
	RendersAgree  Feature = "renders agree (patch {})"
	RenderRefused Feature = "refused (a render item without its merge key)"
	NotInRelease  Feature = "refused (in the cluster and the new render, not the previous release)"
	DriftKept     Feature = "live edit kept (result differs from the new render)"
	KeylessNew    Feature = "item without its merge key in a list new to the render (sent whole)"
)

// TwoWayFeatures lists the twoway mode's features in the order the table prints them.
func TwoWayFeatures() []Feature {
	return []Feature{SetElementOrder, DeleteFromList, RetainKeys, DeleteItem, Null, Stream, Dropped,
		NewInRender, MergePatchCR, RendersAgree, RenderRefused, NotInRelease, DriftKept, KeylessNew}
}

// TwoWayCaseFeatures returns the features of a twoway case, each once.
func TwoWayCaseFeatures(ref *TwoWayAnswer) map[Feature]bool {
	got := map[Feature]bool{}
	if ref.Stream {
		got[Stream] = true
	}
	for _, o := range ref.Outcomes {
		switch {
		case o.NotInRelease:
			got[NotInRelease] = true
		case o.Error != "":
			got[RenderRefused] = true
		}
		switch o.Action {
		case Deleted:
			got[Dropped] = true
		case Created:
			got[NewInRender] = true
		case Patched:
			patchedFeatures(o, got)
		}
	}
	return got
}

// patchedFeatures adds the features of one patched resource.
func patchedFeatures(o *TwoWayOutcome, got map[Feature]bool) {
	if o.PatchType == "merge" {
		got[MergePatchCR] = true
	}
	if o.Patch == "{}" {
		got[RendersAgree] = true
	}
	if o.Result != nil && driftKept(o.next, o.Result) {
		got[DriftKept] = true
	}
	var p map[string]any
	if o.PatchType != "strategic" || json.Unmarshal([]byte(o.Patch), &p) != nil {
		return
	}
	if keylessEnv(p) && o.Error == "" {
		got[KeylessNew] = true
	}
	sub := map[Feature]bool{}
	walkPatch(p, nil, patchMeta(o.next), sub)
	for _, f := range []Feature{SetElementOrder, DeleteFromList, RetainKeys, DeleteItem, Null} {
		if sub[f] {
			got[f] = true
		}
	}
}

// driftKept reports whether a scalar the new render sets (through maps) has another value in
// the result: a live edit the two-way patch did not touch.
func driftKept(next, result any) bool {
	switch n := next.(type) {
	case map[string]any:
		r, ok := result.(map[string]any)
		if !ok {
			return true
		}
		for k, v := range n {
			if v == nil {
				continue
			}
			if rv, ok := r[k]; !ok || driftKept(v, rv) {
				return true
			}
		}
		return false
	case []any:
		return false
	}
	return !reflect.DeepEqual(next, result)
}

// keylessEnv reports whether a patch holds an env list with an entry without its name.
func keylessEnv(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "env" {
				items, _ := e.([]any)
				for _, it := range items {
					if m, ok := it.(map[string]any); ok && m["name"] == nil {
						return true
					}
				}
			}
			if keylessEnv(e) {
				return true
			}
		}
	case []any:
		for _, it := range x {
			if keylessEnv(it) {
				return true
			}
		}
	}
	return false
}
