package applydiff

import (
	"encoding/json"
	"strings"
)

// Feature is a behaviour of kubectl apply a case can exercise.
type Feature string

// The features counted, read from the reference's patches and results.
const (
	SetElementOrder   Feature = "$setElementOrder"
	DeleteFromPrimSet Feature = "$deleteFromPrimitiveList"
	RetainKeys        Feature = "$retainKeys"
	PatchDelete       Feature = "$patch: delete (item removed)"
	NullDeletion      Feature = "null in the patch (field deleted)"
	CustomResource    Feature = "custom resource (JSON merge patch)"
	Conflict          Feature = "conflict (overwrite: false)"
	Stream            Feature = "stream (more than one resource)"
	FromAnnotation    Feature = "last-applied read from live's annotation"
	DriftReverted     Feature = "live drift reverted"
	ListReordered     Feature = "list reordered"
	NoLastApplied     Feature = "no last-applied (nothing deleted)"
	Created           Feature = "resource created (not in live)"
	LeftAlone         Feature = "resource left alone (not in the config)"
	Unchanged         Feature = "nothing to do (patch {})"
	Refused           Feature = "refused (merge key missing)"
	PortTwins         Feature = "same containerPort twice (TCP and UDP)"
	DefaultNamespace  Feature = "namespace defaulted to default"
	EitherFailure     Feature = "conflict or error at random (informative)"
)

// AllFeatures lists the features in the order the table prints them.
func AllFeatures() []Feature {
	return []Feature{SetElementOrder, DeleteFromPrimSet, RetainKeys, PatchDelete, NullDeletion,
		CustomResource, Conflict, Stream, FromAnnotation, DriftReverted, ListReordered,
		NoLastApplied, Created, LeftAlone, Unchanged, Refused, PortTwins, DefaultNamespace, EitherFailure}
}

// Features returns the features a case exercised, each once.
func Features(c *Case, ref *Answer) map[Feature]bool {
	got := map[Feature]bool{}
	if len(ref.Outcomes) > 1 {
		got[Stream] = true
	}
	for _, o := range ref.Outcomes {
		outcomeFeatures(c, o, got)
	}
	return got
}

// outcomeFeatures adds the features of one resource's outcome.
func outcomeFeatures(c *Case, o Outcome, got map[Feature]bool) {
	switch {
	case o.Error != "":
		got[Refused] = true
	case o.Conflict:
		got[Conflict] = true
	case o.Unstable:
		got[EitherFailure] = true
	case o.Action == CreateAction:
		got[Created] = true
	case o.Action == LeaveAction:
		got[LeftAlone] = true
	}
	if o.namespaceDefaulted {
		got[DefaultNamespace] = true
	}
	if o.Action != PatchAction {
		return
	}
	if o.PatchType == "merge" {
		got[CustomResource] = true
	}
	if o.original == nil && o.current != nil {
		got[NoLastApplied] = true
	} else if c.Original == "" && o.original != nil {
		got[FromAnnotation] = true
	}
	if hasPortTwins(o.modified) {
		got[PortTwins] = true
	}
	if o.Patch == "" {
		return
	}
	if o.Patch == "{}" {
		got[Unchanged] = true
	}
	var p any
	if json.Unmarshal([]byte(o.Patch), &p) == nil {
		patchFeatures(p, got)
	}
	if o.Result != nil && reverted(o.modified, o.original, o.current, o.Result) {
		got[DriftReverted] = true
	}
	if o.Result != nil && reordered(o.current, o.Result) {
		got[ListReordered] = true
	}
}

// patchFeatures adds the directives and deletions a patch holds.
func patchFeatures(p any, got map[Feature]bool) {
	switch t := p.(type) {
	case map[string]any:
		for k, v := range t {
			switch {
			case strings.HasPrefix(k, "$setElementOrder/"):
				got[SetElementOrder] = true
			case strings.HasPrefix(k, "$deleteFromPrimitiveList/"):
				got[DeleteFromPrimSet] = true
			case k == "$retainKeys":
				got[RetainKeys] = true
			case k == "$patch" && v == "delete":
				got[PatchDelete] = true
			case v == nil:
				got[NullDeletion] = true
			}
			patchFeatures(v, got)
		}
	case []any:
		for _, it := range t {
			patchFeatures(it, got)
		}
	}
}

// hasPortTwins reports whether a container of the config lists one containerPort twice.
func hasPortTwins(obj map[string]any) bool {
	found := false
	walk(obj, func(key string, v any) {
		ports, ok := v.([]any)
		if key != "ports" || !ok {
			return
		}
		seen := map[any]bool{}
		for _, p := range ports {
			if m, ok := p.(map[string]any); ok && m["containerPort"] != nil {
				found = found || seen[m["containerPort"]]
				seen[m["containerPort"]] = true
			}
		}
	})
	return found
}

// walk calls fn on every map entry of a tree.
func walk(v any, fn func(key string, v any)) {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			fn(k, val)
			walk(val, fn)
		}
	case []any:
		for _, it := range t {
			walk(it, fn)
		}
	}
}
