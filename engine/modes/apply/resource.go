package apply

import (
	"errors"
	"fmt"

	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Action is what kubectl does with one resource.
type Action string

// The actions.
const (
	Create Action = "create" // not in the cluster: created from the config
	Patch  Action = "patch"  // patched (the patch may be empty: nothing to send)
	Prune  Action = "delete" // deleted by --prune
	Leave  Action = "none"   // in the cluster only: left alone
)

// PatchType names the kind of patch kubectl sends.
type PatchType string

// The patch types.
const (
	Strategic PatchType = "strategic"
	Merge     PatchType = "merge"
)

// outcome is what applying one resource gave.
type outcome struct {
	triple    stream.Triple
	action    Action
	patchType PatchType
	original  *yamltree.Node // last-applied, as kubectl read it (nil when none)
	fromLive  bool           // original was read from live's annotation
	modified  *yamltree.Node // the config with its new annotation
	patch     *yamltree.Node
	result    *yamltree.Node // nil when deleted or in conflict
	conflicts []smp.Conflict
	schema    smp.Schema // nil for a JSON merge patch
	strategic bool
}

// applyOne runs kubectl apply on one resource.
func applyOne(t stream.Triple, sch smp.Schema, readAnnotation, overwrite, prune bool) (*outcome, error) {
	o := &outcome{triple: t, schema: sch, strategic: sch != nil, patchType: Merge}
	if o.strategic {
		o.patchType = Strategic
	}
	live := root(t.Live)
	var err error
	switch {
	case readAnnotation && live != nil:
		if o.original, err = lastAppliedFromLive(live); err != nil {
			return nil, err
		}
		o.fromLive = o.original != nil
	case t.Original != nil:
		o.original = withoutLastApplied(withNamespace(t.Original.Root, t.ID.Namespace))
	}
	if t.Updated == nil {
		return o.withoutConfig(live, prune), nil
	}
	if o.modified, err = modifiedConfiguration(withNamespace(t.Updated.Root, t.ID.Namespace)); err != nil {
		return nil, err
	}
	if live == nil {
		o.action, o.result = Create, withoutNulls(o.modified.Clone())
		return o, nil
	}
	o.action = Patch
	if err = o.computePatch(live, overwrite); err != nil {
		return nil, err
	}
	if len(o.conflicts) > 0 {
		return o, nil
	}
	if o.result, err = o.applyPatch(live); err != nil {
		return nil, err
	}
	return o, nil
}

// withoutConfig handles a resource the config does not name: pruned when last-applied had it
// and prune is on, else left alone.
func (o *outcome) withoutConfig(live *yamltree.Node, prune bool) *outcome {
	if live == nil {
		o.action = Leave
		return o
	}
	hadIt := o.original != nil
	if prune && hadIt {
		o.action = Prune
		return o
	}
	o.action, o.result = Leave, live.Clone()
	return o
}

func (o *outcome) computePatch(live *yamltree.Node, overwrite bool) error {
	var err error
	if !o.strategic {
		o.patch, err = jsonmerge.ThreeWay(o.original, o.modified, live, overwrite)
		if err != nil {
			return kubectlError(err)
		}
		return nil
	}
	o.patch, o.conflicts, err = smp.ThreeWay(o.original, o.modified, live, o.schema, overwrite)
	if err != nil {
		return kubectlError(err)
	}
	return nil
}

func (o *outcome) applyPatch(live *yamltree.Node) (*yamltree.Node, error) {
	if len(o.patch.Fields) == 0 {
		return live.Clone(), nil
	}
	if !o.strategic {
		r, err := jsonmerge.Apply(live, o.patch)
		return r, kubectlError(err)
	}
	r, err := smp.Apply(live, o.patch, o.schema)
	return r, kubectlError(err)
}

// kubectlError keeps located errors and prefixes the others with what kubectl was doing.
func kubectlError(err error) error {
	if err == nil {
		return nil
	}
	var located *yamltree.Error
	if errors.As(err, &located) {
		return err
	}
	var e *smp.Error
	if errors.As(err, &e) && e.Pos.IsValid() {
		return yamltree.Errorf(e.Pos, "kubectl apply fails here: %s", e.Message)
	}
	return fmt.Errorf("kubectl apply fails: %w", err)
}

func root(r *stream.Resource) *yamltree.Node {
	if r == nil {
		return nil
	}
	return r.Root
}
