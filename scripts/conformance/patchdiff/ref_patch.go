package patchdiff

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// PatchOutcome is the reference's answer for one live object.
type PatchOutcome struct {
	Resource string `json:"resource"`
	// Patch is the patch that targets the object (JSON as kubectl reads the YAML), or "".
	Patch string `json:"patch,omitempty"`
	// Results are the objects the API server may make of it: one, or, when the patch holds a
	// list beside its $deleteFromPrimitiveList (see EitherOrder), each result seen.
	Results []map[string]any `json:"results"`
	// EitherOrder is set when the reference's result depends on Go's map order.
	EitherOrder bool `json:"eitherOrder,omitempty"`

	// live, patch and obj let Compare run the reference again on an EitherOrder outcome.
	live, patch []byte
	obj         runtime.Object
}

// PatchAnswer is the reference's answer for a case: every live object in live's order, or an
// error (any patch the server refuses fails the request).
type PatchAnswer struct {
	Outcomes []*PatchOutcome `json:"outcomes,omitempty"`
	Error    string          `json:"error,omitempty"`
	// Patches are the patch documents as JSON, in the stream's order.
	Patches []string `json:"patches"`
	// patchData and targets keep, for the feature counts, each patch as data with its target
	// (nil when it has none).
	patchData []map[string]any
	targets   []map[string]any
}

// eitherOrderRuns is how many times the reference runs on a patch whose result depends on
// Go's map order before Compare is satisfied with the results seen (Compare runs it more when
// the engine's result is not among them).
const eitherOrderRuns = 8

// ReferencePatch answers a case as the API server does: each patch document finds its target
// (by apiVersion, kind, namespace and name; a lone patch that names none targets the lone live
// object), and strategicpatch.StrategicMergePatch applies it with the Go struct of the
// target's kind from client-go's scheme. A kind the scheme lacks (a custom resource) refuses
// strategic merge patches (415).
func ReferencePatch(c *PatchCase) *PatchAnswer {
	ans := &PatchAnswer{}
	lives, liveDocs, err := readObjectsOf(c.Live, c.liveDocs)
	if err != nil {
		ans.Error = "live: " + err.Error()
		return ans
	}
	patches, patchDocs, err := readObjects(c.Patch)
	if err != nil {
		ans.Error = "updated: " + err.Error()
		return ans
	}
	byTarget := map[int]int{}
	for i, p := range patches {
		ans.Patches = append(ans.Patches, string(patchDocs[i]))
		t := target(p, lives, len(patches))
		ans.patchData = append(ans.patchData, p)
		if t < 0 {
			ans.targets = append(ans.targets, nil)
			ans.fail(fmt.Sprintf("patch %d: no live object %s: NotFound", i, applydiff.IdentityOfData(p)))
			continue
		}
		ans.targets = append(ans.targets, lives[t])
		byTarget[t] = i
	}
	for t, live := range lives {
		o := &PatchOutcome{Resource: applydiff.IdentityOfData(live)}
		ans.Outcomes = append(ans.Outcomes, o)
		i, ok := byTarget[t]
		if !ok {
			o.Results = []map[string]any{live}
			continue
		}
		o.Patch, o.live, o.patch = string(patchDocs[i]), liveDocs[t], patchDocs[i]
		obj, known := versioned(live)
		if !known {
			ans.fail(o.Resource + ": a custom resource: the API server refuses strategic merge patches (415)")
			continue
		}
		o.obj, o.EitherOrder = obj, listBesideDeletion(patches[i])
		runs := 1
		if o.EitherOrder {
			runs = eitherOrderRuns
		}
		if err := o.run(runs); err != nil {
			ans.fail(o.Resource + ": " + err.Error())
		}
	}
	return ans
}

// fail records the answer's first error.
func (a *PatchAnswer) fail(msg string) {
	if a.Error == "" {
		a.Error = msg
	}
}

// run applies the outcome's patch n more times and keeps every different result.
func (o *PatchOutcome) run(n int) error {
	for range n {
		out, err := strategicpatch.StrategicMergePatch(o.live, o.patch, o.obj)
		if err != nil {
			return err
		}
		var res map[string]any
		if err := json.Unmarshal(out, &res); err != nil {
			return err
		}
		if !o.seen(res) {
			o.Results = append(o.Results, res)
		}
	}
	return nil
}

// seen reports whether res is among the outcome's results.
func (o *PatchOutcome) seen(res map[string]any) bool {
	for _, r := range o.Results {
		if applydiff.FirstDiff(r, res) == "" {
			return true
		}
	}
	return false
}

// readObjects reads a stream as kubectl does, each document an object, with its JSON.
func readObjects(text string) ([]map[string]any, [][]byte, error) {
	return readObjectsOf(text, nil)
}

// readObjectsOf is readObjects with the stream's documents already read (nil: read text).
func readObjectsOf(text string, docs [][]byte) ([]map[string]any, [][]byte, error) {
	var err error
	if docs == nil {
		if docs, err = decodeStream(text); err != nil {
			return nil, nil, err
		}
	}
	objs := make([]map[string]any, len(docs))
	for i, doc := range docs {
		if objs[i], err = objectOf(doc); err != nil {
			return nil, nil, err
		}
	}
	return objs, docs, nil
}

// target returns the index of the live object a patch targets, or -1: by identity, or the lone
// live object for a lone patch that does not name one.
func target(patch map[string]any, lives []map[string]any, patches int) int {
	if patches == 1 && len(lives) == 1 && !named(patch) {
		return 0
	}
	id := applydiff.IdentityOfData(patch)
	for i, l := range lives {
		if applydiff.IdentityOfData(l) == id {
			return i
		}
	}
	return -1
}

// named reports whether a document names apiVersion, kind and metadata.name.
func named(obj map[string]any) bool {
	return str(obj, "apiVersion") != "" && str(obj, "kind") != "" && str(metadataOf(obj), "name") != ""
}

// listBesideDeletion reports whether a map of the patch holds a list and its
// $deleteFromPrimitiveList directive. strategicpatch's mergeMap then visits the two in Go's
// random map order: the deletions run before or after the list is merged, and the results
// differ when the list adds back what the directive deletes, or in order. Either result is the
// API server's answer; the engine's (deletions last) must be one of them.
func listBesideDeletion(v any) bool {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if field, ok := strings.CutPrefix(k, "$deleteFromPrimitiveList/"); ok {
				if _, both := t[field]; both {
					return true
				}
			}
			if listBesideDeletion(val) {
				return true
			}
		}
	case []any:
		for _, it := range t {
			if listBesideDeletion(it) {
				return true
			}
		}
	}
	return false
}
