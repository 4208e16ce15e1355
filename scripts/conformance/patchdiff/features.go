package patchdiff

import (
	"reflect"
	"strings"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// Feature is a behaviour a case exercises.
type Feature string

// The patch mode's features, read from the patches as the reference reads them, their targets
// and the reference's answer.
const (
	ReplaceMap        Feature = "$patch: replace in a map"
	ReplaceList       Feature = "$patch: replace in a list"
	DeleteMap         Feature = "$patch: delete in a map"
	DeleteItem        Feature = "$patch: delete in a list item"
	MergeDirective    Feature = "$patch: merge (refused)"
	RetainKeys        Feature = "$retainKeys"
	DeleteFromList    Feature = "$deleteFromPrimitiveList"
	SetElementOrder   Feature = "$setElementOrder"
	Null              Feature = "null (field deleted)"
	ItemAdded         Feature = "list item added by merge key"
	ItemChanged       Feature = "list item changed by merge key"
	AtomicReplaced    Feature = "atomic list replaced"
	UnknownDirective  Feature = "error: unknown $patch value"
	MissingMergeKey   Feature = "error: list item without its merge key"
	RetainKeysUncover Feature = "error: $retainKeys does not cover the patch"
	OrderMismatch     Feature = "error: $setElementOrder out of the patch's order"
	NotFound          Feature = "error: the patch's target is not in live"
	CustomResource    Feature = "custom resource (415)"
	Refused           Feature = "refused by the reference (any error)"
	PatchStream       Feature = "stream of patches"
	Unnamed           Feature = "patch without identity (the lone live object)"
	EitherOrder       Feature = "list beside its $deleteFromPrimitiveList (either order)"
)

// PatchFeatures lists the patch mode's features in the order the table prints them.
func PatchFeatures() []Feature {
	return []Feature{ReplaceMap, ReplaceList, DeleteMap, DeleteItem, MergeDirective, RetainKeys,
		DeleteFromList, SetElementOrder, Null, ItemAdded, ItemChanged, AtomicReplaced,
		UnknownDirective, MissingMergeKey, RetainKeysUncover, OrderMismatch, NotFound,
		CustomResource, Refused, PatchStream, Unnamed, EitherOrder}
}

// PatchCaseFeatures returns the features of a patch case, each once.
func PatchCaseFeatures(ref *PatchAnswer) map[Feature]bool {
	got := map[Feature]bool{}
	if len(ref.patchData) > 1 {
		got[PatchStream] = true
	}
	if ref.Error != "" {
		got[Refused] = true
	}
	for i, p := range ref.patchData {
		t := ref.targets[i]
		switch {
		case t == nil:
			got[NotFound] = true
			continue
		case len(ref.patchData) == 1 && !named(p):
			got[Unnamed] = true
		}
		sch := patchMeta(t)
		if sch == nil {
			got[CustomResource] = true
		}
		walkPatch(p, t, sch, got)
	}
	return got
}

// walkPatch adds the features of a patch map, walking its target (live, which may be nil or
// of another type) and schema alongside.
func walkPatch(p map[string]any, live any, sch strategicpatch.LookupPatchMeta, got map[Feature]bool) {
	lm, _ := live.(map[string]any)
	for k, v := range p {
		switch {
		case k == "$patch":
			mapDirective(v, got)
		case k == "$retainKeys":
			got[RetainKeys] = true
			if !retainCovers(p, v) {
				got[RetainKeysUncover] = true
			}
		case strings.HasPrefix(k, "$deleteFromPrimitiveList/"):
			got[DeleteFromList] = true
			if _, both := p[strings.TrimPrefix(k, "$deleteFromPrimitiveList/")]; both {
				got[EitherOrder] = true
			}
		case strings.HasPrefix(k, "$setElementOrder/"):
			got[SetElementOrder] = true
			field := strings.TrimPrefix(k, "$setElementOrder/")
			if orderMismatch(p[field], v, sliceMeta(sch, field).mergeKey) {
				got[OrderMismatch] = true
			}
		case v == nil:
			got[Null] = true
		}
		switch t := v.(type) {
		case map[string]any:
			walkPatch(t, lm[k], structMeta(sch, k), got)
		case []any:
			walkList(t, lm[k], sliceMeta(sch, k), got)
		}
	}
}

// mapDirective adds the feature of a map's $patch value.
func mapDirective(v any, got map[Feature]bool) {
	switch v {
	case "replace":
		got[ReplaceMap] = true
	case "delete":
		got[DeleteMap] = true
	case "merge":
		got[MergeDirective] = true
	default:
		got[UnknownDirective] = true
	}
}

// walkList adds the features of a patch list.
func walkList(items []any, live any, lm listMeta, got map[Feature]bool) {
	liveItems, _ := live.([]any)
	if !lm.merge || lm.mergeKey == "" {
		if !lm.merge {
			got[AtomicReplaced] = true
		}
		return
	}
	for _, it := range items {
		item, ok := it.(map[string]any)
		if !ok {
			continue
		}
		if d, ok := item["$patch"]; ok {
			switch d {
			case "replace":
				got[ReplaceList] = true
			case "delete":
				got[DeleteItem] = true
			case "merge":
				got[MergeDirective] = true
			default:
				got[UnknownDirective] = true
			}
			if _, keyed := item[lm.mergeKey]; !keyed && d == "delete" {
				got[MissingMergeKey] = true
			}
			continue
		}
		key, keyed := item[lm.mergeKey]
		if !keyed {
			got[MissingMergeKey] = true
			continue
		}
		if liveItem := findItem(liveItems, lm.mergeKey, key); liveItem != nil {
			got[ItemChanged] = true
			walkPatch(item, liveItem, lm.sub, got)
		} else {
			got[ItemAdded] = true
			walkPatch(item, nil, lm.sub, got)
		}
	}
}

// findItem returns the map of items whose key equals value.
func findItem(items []any, key string, value any) map[string]any {
	for _, it := range items {
		if m, ok := it.(map[string]any); ok && reflect.DeepEqual(m[key], value) {
			return m
		}
	}
	return nil
}

// retainCovers reports whether a $retainKeys list names every key the patch map sets (nulls
// and list directives aside), as the server requires.
func retainCovers(p map[string]any, retain any) bool {
	l, ok := retain.([]any)
	if !ok {
		return false
	}
	for k, v := range p {
		if v == nil || k == "$retainKeys" || k == "$patch" || strings.HasPrefix(k, "$deleteFromPrimitiveList/") || strings.HasPrefix(k, "$setElementOrder/") {
			continue
		}
		if !containsValue(l, k) {
			return false
		}
	}
	return true
}

// orderMismatch reports whether a patch list's items (delete directives and other directive
// items aside) fail to appear in the $setElementOrder list in its order: the server's check.
func orderMismatch(patchList, order any, mergeKey string) bool {
	items, _ := patchList.([]any)
	ord, _ := order.([]any)
	var keys []any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if _, directive := m["$patch"]; directive {
				continue
			}
			keys = append(keys, m[mergeKey])
		} else {
			keys = append(keys, it)
		}
	}
	i := 0
	for _, o := range ord {
		if i < len(keys) {
			ov := o
			if m, ok := o.(map[string]any); ok {
				ov = m[mergeKey]
			}
			if reflect.DeepEqual(ov, keys[i]) {
				i++
			}
		}
	}
	return len(ord) > 0 && i < len(keys)
}
