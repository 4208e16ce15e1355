package helm

import (
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// action is what a step does with one object.
type action string

// The actions.
const (
	create  action = "create"  // live lacks it: created
	patched action = "patch"   // a patch that is not empty (client-side), or an apply (server-side)
	same    action = "none"    // an empty patch: Helm sends nothing ("no changes detected")
	leave   action = "leave"   // an object of live the render does not name
	dropped action = "dropped" // the previous render had it, the new one does not: Helm deletes it
)

// planned is one object of a step: its triple (the previous render, the new render stamped with
// the ownership metadata, live), what the step does with it and the object it sends.
type planned struct {
	_      incomparable.Field
	triple stream.Triple
	action action
	// sent is the object the request stores (the patch applied to live, or the object created).
	sent *yamltree.Node
}

// clientSide is Helm 3's upgrade of one object (and Helm 4's with --server-side=false): the
// three-way strategic merge patch from the previous render, the new one and live, applied to
// live, as kubectl apply's; a kind no schema makes strategic (a custom resource) takes the
// two-way JSON merge patch from the previous render to the new one, as Helm sends it. An object
// new to the release whose metadata names the release (adopted) takes the new render as its
// previous one, as Helm reads it: the patch then sets what live lacks or holds otherwise and
// removes nothing (observed: helm install adopting an object that holds the render's values
// sends nothing).
func clientSide(in *modes.Input, t stream.Triple) (*planned, error) {
	p := &planned{triple: t}
	switch {
	case t.Updated == nil && t.Original != nil && t.Live != nil:
		p.action = dropped
		return p, nil
	case t.Updated == nil:
		p.action = leave
		return p, nil
	case t.Live == nil:
		p.action, p.sent = create, t.Updated.Root.Clone()
		return p, nil
	}
	original := t.Updated.Root
	if t.Original != nil {
		original = t.Original.Root
	}
	result, err := threeWay(in, t.Updated.ID, original, t.Updated.Root, t.Live.Root)
	if err != nil {
		return nil, err
	}
	p.action, p.sent = same, nil
	if result != nil {
		p.action, p.sent = patched, result
	}
	return p, nil
}

// threeWay applies the patch Helm computes to live; nil when the patch is empty (Helm sends
// nothing).
func threeWay(in *modes.Input, id stream.ID, original, updated, live *yamltree.Node) (*yamltree.Node, error) {
	typ := in.PatchType(id)
	if typ == nil {
		patch, err := jsonmerge.TwoWay(original, updated)
		if err != nil || len(patch.Fields) == 0 {
			return nil, located(err)
		}
		result, err := jsonmerge.Apply(live, patch)
		return result, located(err)
	}
	sch := smp.For(typ, smp.PatchMergeKeys)
	patch, err := smp.ThreeWay(smp.Align(original, updated, live, sch))
	if err != nil || len(patch.Entries) == 0 {
		return nil, located(err)
	}
	applied, err := smp.Apply(live, patch, sch)
	if err != nil {
		return nil, located(err)
	}
	return applied.Result, nil
}

func located(err error) error {
	if err == nil {
		return nil
	}
	return smp.Located(err, "the upgrade fails here: ")
}
