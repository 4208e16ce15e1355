package applydiff

import (
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// Action is what kubectl apply does with one resource.
type Action string

// The actions.
const (
	// PatchAction: the resource is in the config and in live; kubectl sends a three-way patch.
	PatchAction Action = "patch"
	// CreateAction: the resource is in the config only; kubectl creates it.
	CreateAction Action = "create"
	// LeaveAction: the resource is in live only (the config dropped it, no --prune); left alone.
	LeaveAction Action = "untouched"
)

// Outcome is the reference's answer for one resource.
type Outcome struct {
	Resource string `json:"resource"`
	Action   Action `json:"action"`
	// PatchType is "strategic" or "merge" for a patched resource.
	PatchType string `json:"patchType,omitempty"`
	// Patch is the patch kubectl sends (compact JSON); empty when it sends none.
	Patch string `json:"patch,omitempty"`
	// Result is the object after the apply; nil on conflict or error.
	Result map[string]any `json:"result,omitempty"`
	// Conflict is set when overwrite=false and kubectl reports a conflict.
	Conflict bool `json:"conflict,omitempty"`
	// Unstable is set when kubectl, with overwrite=false, fails with a conflict or an error at
	// random (see unstableConflictCheck): either answer from the engine is right.
	Unstable bool   `json:"unstable,omitempty"`
	Error    string `json:"error,omitempty"`

	// original, modified and current are kubectl's three inputs, for the feature counts.
	original, modified, current map[string]any
	// namespaceDefaulted is set when the config named no namespace.
	namespaceDefaulted bool
}

// Answer is the reference's answer for a case, one outcome per resource: the config's resources
// in order, then live's resources the config does not name.
type Answer struct {
	Outcomes []Outcome `json:"outcomes"`
	// Input is set when an input cannot be read at all.
	Input string `json:"input,omitempty"`
}

// Conflicted reports whether any resource ended in a conflict.
func (a *Answer) Conflicted() bool {
	for _, o := range a.Outcomes {
		if o.Conflict {
			return true
		}
	}
	return false
}

// Unstable reports whether any resource fails with a conflict or an error at random.
func (a *Answer) Unstable() bool {
	for _, o := range a.Outcomes {
		if o.Unstable {
			return true
		}
	}
	return false
}

// Failed reports whether any resource (or an input) ended in an error.
func (a *Answer) Failed() bool {
	if a.Input != "" {
		return true
	}
	for _, o := range a.Outcomes {
		if o.Error != "" {
			return true
		}
	}
	return false
}

// Reference answers a case as client-side kubectl apply does, resource by resource.
func Reference(c *Case) *Answer {
	ans := &Answer{}
	inputs, err := readInputs(c)
	if err != nil {
		ans.Input = err.Error()
		return ans
	}
	seen := map[string]bool{}
	for _, obj := range inputs.updated {
		id := identity(obj)
		seen[id] = true
		ans.Outcomes = append(ans.Outcomes, applyOne(obj, inputs, id, c))
	}
	for _, live := range inputs.live {
		if id := identity(live); !seen[id] {
			ans.Outcomes = append(ans.Outcomes, Outcome{Resource: id, Action: LeaveAction, Result: objectData(live)})
		}
	}
	return ans
}

// inputs are a case's three streams as kubectl reads them; original is nil when the case leaves
// it empty (then last-applied comes from live's annotation). liveByID and originalByID index
// live and original by identity (the first object of an identity), as kubectl finds an object
// by a GET rather than by reading the whole stream again.
type inputs struct {
	original, updated, live []*unstructured.Unstructured
	liveByID, originalByID  map[string]*unstructured.Unstructured
}

func readInputs(c *Case) (*inputs, error) {
	in := &inputs{}
	var err error
	if in.updated, err = decodeStream(c.Updated); err != nil {
		return nil, fmt.Errorf("updated: %w", err)
	}
	if refusal := MetadataRefusal(c.Updated); refusal != "" {
		return nil, fmt.Errorf("updated: %s", refusal)
	}
	if in.live, err = decodeStream(c.Live); err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	if c.Original != "" {
		if in.original, err = decodeStream(c.Original); err != nil {
			return nil, fmt.Errorf("original: %w", err)
		}
	}
	in.liveByID, in.originalByID = byIdentity(in.live), byIdentity(in.original)
	return in, nil
}

// byIdentity indexes objects by identity; the first of an identity wins.
func byIdentity(objs []*unstructured.Unstructured) map[string]*unstructured.Unstructured {
	out := make(map[string]*unstructured.Unstructured, len(objs))
	for _, o := range objs {
		if id := identity(o); out[id] == nil {
			out[id] = o
		}
	}
	return out
}

// applyOne runs kubectl apply's steps for one resource of the config.
func applyOne(config *unstructured.Unstructured, in *inputs, id string, c *Case) Outcome {
	overwrite := c.Overwrite
	out := Outcome{Resource: id, namespaceDefaulted: config.GetNamespace() == "" && !c.ClusterScoped}
	if !c.ClusterScoped {
		defaultNamespace(config)
	}
	// apply.go: the modified configuration embeds itself as the last-applied annotation.
	modified, err := modifiedConfiguration(config)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	live := in.liveByID[id]
	if live == nil {
		return create(config, out)
	}
	out.Action = PatchAction
	original, err := originalConfiguration(in, live, id, c)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	return patch(out, original, modified, live, overwrite)
}
