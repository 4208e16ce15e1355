package patchdiff

import (
	"fmt"
	"reflect"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/util/strategicpatch"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// The actions of a Helm upgrade on one resource.
const (
	Patched = "patch"
	Created = "create"
	Deleted = "delete"
	Left    = "none"
)

// TwoWayOutcome is the reference's answer for one resource.
type TwoWayOutcome struct {
	Resource string `json:"resource"`
	Action   string `json:"action"`
	// PatchType is "strategic" or "merge" for a patched resource.
	PatchType string `json:"patchType,omitempty"`
	// Patch is the two-way patch (JSON) of a patched resource.
	Patch string `json:"patch,omitempty"`
	// Result is the object after the upgrade; nil when deleted.
	Result map[string]any `json:"result,omitempty"`
	Error  string         `json:"error,omitempty"`
	// NotInRelease is set when the upgrade stops because live and the new render hold the
	// resource but the previous release does not.
	NotInRelease bool `json:"notInRelease,omitempty"`

	next map[string]any
}

// TwoWayAnswer is the reference's answer for a case: the new render's resources in its order,
// then the ones it dropped, then live's others.
type TwoWayAnswer struct {
	Outcomes []*TwoWayOutcome `json:"outcomes"`
	Error    string           `json:"error,omitempty"`
	// Stream is set when a render holds more than one resource.
	Stream bool `json:"-"`
}

// ReferenceTwoWay answers a case as Helm 2's upgrade (pkg/kube's Update, createPatch and
// updateResource) and the API server do: a resource of the new render that live lacks is
// created as rendered; one that the previous render and live hold gets the two-way patch from
// the previous render to the new one, strategicpatch.CreateTwoWayMergePatch with the Go struct
// of its kind (client-go's scheme), which the server applies with StrategicMergePatch, or, for
// a kind the scheme lacks, jsonpatch.CreateMergePatch and MergePatch (evanphx/json-patch, as
// Helm 2 and the server use it); identical renders send no patch. A resource the new render
// dropped is deleted; others are left alone.
func ReferenceTwoWay(c *TwoWayCase) *TwoWayAnswer {
	ans := &TwoWayAnswer{}
	prev, prevDocs, err1 := readObjectsOf(c.Previous, c.prevDocs)
	next, nextDocs, err2 := readObjectsOf(c.Next, c.nextDocs)
	live, liveDocs, err3 := readObjects(c.Live)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			ans.Error = err.Error()
			return ans
		}
	}
	ans.Stream = len(prev) > 1 || len(next) > 1
	prevAt, nextAt, liveAt := indexByIdentity(prev), indexByIdentity(next), indexByIdentity(live)
	for i, n := range next {
		o := &TwoWayOutcome{Resource: applydiff.IdentityOfData(n), next: n}
		ans.Outcomes = append(ans.Outcomes, o)
		l, inLive := liveAt[o.Resource]
		p, inPrev := prevAt[o.Resource]
		switch {
		case !inLive:
			o.Action, o.Result = Created, n
		case !inPrev:
			o.NotInRelease = true
			o.Error = fmt.Sprintf("no %s with the name %q found in the previous release", str(n, "kind"), str(metadataOf(n), "name"))
		default:
			o.Action = Patched
			o.upgrade(prevDocs[p], nextDocs[i], liveDocs[l], prev[p], live[l])
		}
		if o.Error != "" && ans.Error == "" {
			ans.Error = o.Resource + ": " + o.Error
		}
	}
	for _, group := range [][]map[string]any{prev, live} {
		for _, obj := range group {
			id := applydiff.IdentityOfData(obj)
			if _, inNext := nextAt[id]; inNext || ans.has(id) {
				continue
			}
			l, inLive := liveAt[id]
			_, inPrev := prevAt[id]
			switch {
			case inPrev && inLive:
				ans.Outcomes = append(ans.Outcomes, &TwoWayOutcome{Resource: id, Action: Deleted})
			case inLive:
				ans.Outcomes = append(ans.Outcomes, &TwoWayOutcome{Resource: id, Action: Left, Result: live[l]})
			}
		}
	}
	return ans
}

// upgrade computes Helm 2's patch and the server's result for one resource.
func (o *TwoWayOutcome) upgrade(prevJSON, nextJSON, liveJSON []byte, prevObj, liveObj map[string]any) {
	if reflect.DeepEqual(prevObj, o.next) {
		// createPatch returns no patch and updateResource sends none.
		o.PatchType, o.Patch, o.Result = patchTypeOf(o.next), "{}", liveObj
		return
	}
	var patch, result []byte
	var err error
	if obj, ok := versioned(o.next); ok {
		o.PatchType = "strategic"
		if patch, err = strategicpatch.CreateTwoWayMergePatch(prevJSON, nextJSON, obj); err == nil {
			result, err = strategicpatch.StrategicMergePatch(liveJSON, patch, obj)
		}
	} else {
		o.PatchType = "merge"
		if patch, err = jsonpatch.CreateMergePatch(prevJSON, nextJSON); err == nil {
			result, err = jsonpatch.MergePatch(liveJSON, patch)
		}
	}
	if err != nil {
		o.Error = err.Error()
		return
	}
	o.Patch = string(patch)
	if o.Result, err = objectOf(result); err != nil {
		o.Error = err.Error()
	}
}

// patchTypeOf is the patch type Helm 2 sends for obj's kind.
func patchTypeOf(obj map[string]any) string {
	if _, ok := versioned(obj); ok {
		return "strategic"
	}
	return "merge"
}

// has reports whether the answer has an outcome for id.
func (a *TwoWayAnswer) has(id string) bool {
	for _, o := range a.Outcomes {
		if o.Resource == id {
			return true
		}
	}
	return false
}

// indexByIdentity maps each object's identity to its position.
func indexByIdentity(objs []map[string]any) map[string]int {
	out := make(map[string]int, len(objs))
	for i, o := range objs {
		out[applydiff.IdentityOfData(o)] = i
	}
	return out
}
