package apply

import (
	"errors"
	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"strings"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
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
	// emptied are the config's null annotations, which kubectl reads as "" (annotations.go).
	emptied map[string]bool
	patch   *yamltree.Node // the patch sent, as a tree (nil when none)
	result  *yamltree.Node // nil when deleted or in conflict
	// stored is the result as the API server stores it (store).
	stored apiserver.Stored
	// overPatched is storedOverPatched's answer, once worked out; nil before.
	overPatched *apiserver.Stored
	conflicts   []smp.Conflict
	schema      smp.Schema // for a strategic merge patch
	// aligned pairs last-applied, the config and live; applied says how each value of the
	// result came about; log holds the decisions.
	aligned *smp.Aligned
	applied *smp.Outcome
	log     *decision.Log
	// resent notes, by path, the values kubectl's patch sends though live as given holds them
	// (sentAgainstStored).
	resent map[string]string
	// dropped are the facts of the dropped marks, in their order (droppedMarks).
	dropped []fact
	// described is info, worked out once the outcome is complete (describe); nil before.
	described *PatchInfo
}

// request is what applying one resource needs besides the resource.
type request struct {
	typ            *schema.Type // nil: a JSON merge patch
	keys           smp.Keys
	readAnnotation bool
	overwrite      bool
	prune          bool
	// decoded: the API server decodes the patched object into its Go type (a built-in kind,
	// options.validate not ignore), which refuses an annotation that is not a string.
	decoded bool
}

// applyOne runs kubectl apply on one resource.
func applyOne(t stream.Triple, r request, log *decision.Log) (*outcome, error) {
	o := &outcome{triple: t, patchType: Merge, log: log}
	if r.typ != nil {
		o.patchType, o.schema = Strategic, smp.For(r.typ, r.keys)
	}
	live := root(t.Live)
	var err error
	switch {
	case r.readAnnotation && live != nil && (t.Updated != nil || r.prune):
		// kubectl reads the annotation of the objects the config names, and of the others only
		// to prune them: an unreadable one elsewhere is never read.
		if o.original, err = lastAppliedFromLive(live); err != nil {
			return nil, err
		}
		o.fromLive = o.original != nil
	case t.Original != nil:
		original := asKubectlReads(t.Original.Root, readAnnotations(t.Original.Root))
		o.original = writer.WithoutLastApplied(writer.WithNamespace(original, t.ID.Namespace))
	}
	if t.Updated == nil {
		return o.withoutConfig(live, r), nil
	}
	o.emptied = readAnnotations(t.Updated.Root).emptied
	config := asKubectlReads(t.Updated.Root, annotationsRead{emptied: o.emptied})
	if o.modified, err = modifiedConfiguration(writer.WithNamespace(config, t.ID.Namespace)); err != nil {
		return nil, err
	}
	if live == nil {
		o.action, o.result = Create, withoutNulls(o.modified.Clone())
		return o, nil
	}
	o.action = Patch
	o.aligned = smp.Align(o.original, o.modified, live, o.schema)
	o.aligned.Record(&smp.Decisions{Log: log, ThreeWay: threeWayRule})
	if o.patchType == Merge {
		return o, o.mergePatch(live)
	}
	if err = o.strategicPatch(live, r); err == nil && r.decoded {
		err = decodedAnnotations(o.result)
	}
	return o, err
}

// withoutConfig handles a resource the config does not name: pruned when last-applied had it
// and prune is on, else left alone.
func (o *outcome) withoutConfig(live *yamltree.Node, r request) *outcome {
	if live == nil {
		o.action = Leave
		return o
	}
	if r.prune && o.original != nil {
		o.action = Prune
		return o
	}
	o.action, o.result = Leave, live.Clone()
	return o
}

// strategicPatch computes kubectl's three-way strategic merge patch from the alignment and, with
// overwrite=false, its conflicts; without conflicts it applies the patch as the API server does.
func (o *outcome) strategicPatch(live *yamltree.Node, r request) error {
	patch, err := smp.ThreeWay(o.aligned)
	if err != nil {
		return kubectlError(err)
	}
	if !r.overwrite {
		if o.conflicts, err = smp.Conflicts(o.aligned, patch); err != nil {
			return kubectlError(err)
		}
		if len(o.conflicts) > 0 {
			return nil
		}
	}
	o.patch = patchTree(patch)
	if o.applied, err = smp.Apply(live, patch, o.schema); err != nil {
		return kubectlError(err)
	}
	o.result = o.applied.Result
	return nil
}

// patchTree writes a patch as a tree.
func patchTree(p *smp.Map) *yamltree.Node {
	return (&smp.Value{Map: p}).Tree()
}

// mergePatch computes kubectl's three-way JSON merge patch (custom resources) and applies it.
func (o *outcome) mergePatch(live *yamltree.Node) error {
	var err error
	if o.patch, err = jsonmerge.ThreeWay(o.original, o.modified, live); err != nil {
		return kubectlError(err)
	}
	if len(o.patch.Fields) == 0 {
		o.result = live.Clone()
	} else if o.result, err = jsonmerge.Apply(live, o.patch); err != nil {
		return kubectlError(err)
	}
	o.applied = smp.MergePatchOutcome(live, o.result, o.patch)
	return nil
}

// kubectlError keeps located errors and prefixes the others with what kubectl was doing.
func kubectlError(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*yamltree.Error](err); ok {
		return err
	}
	e, isSMP := errors.AsType[*smp.Error](err)
	switch {
	case isSMP && len(e.KeyFields) > 1:
		return multiKeyErrors(e)
	case isSMP && e.Pos.IsValid():
		return yamltree.ErrorAt(e.Pos, "kubectl apply fails here: "+e.Message)
	}
	return verb.Wrap("kubectl apply fails: ", err)
}

// multiKeyErrors says, at every item of a list that lacks a field of its multi-field merge key,
// what the proposal behind options.multiKeys (never shipped in kubectl) would do: it requires
// every item to name all the key's fields, and refuses the patch otherwise. kubectl itself
// merges such lists on one field and does not fail there.
func multiKeyErrors(e *smp.Error) error {
	errs := make([]error, 0, len(e.Lacking))
	for _, item := range e.Lacking {
		var lacks []string
		for _, f := range e.KeyFields {
			if item.Get(f) == nil {
				lacks = append(lacks, f)
			}
		}
		errs = append(errs, yamltree.ErrorAt(item.Pos,
			"this item lacks "+joinAnd(lacks)+": with multi-field merge keys (options.multiKeys, a proposal kubectl never shipped) the items of this list are told apart by "+
				joinAnd(e.KeyFields)+" together, and the proposal refuses a patch whose items do not name them all; kubectl itself merges this list on one field and does not fail here"))
	}
	return errors.Join(errs...)
}

// joinAnd joins words as a sentence lists them: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func root(r *stream.Resource) *yamltree.Node {
	if r == nil {
		return nil
	}
	return r.Root
}
