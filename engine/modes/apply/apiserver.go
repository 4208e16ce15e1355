package apply

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
)

// store works out the object the API server stores for what kubectl sends (the object created,
// or live patched): the result less what the kind's Go type does not store. The result of a
// resource kubectl sends nothing for is live as the cluster holds it.
func (o *outcome) store(in *modes.Input) {
	o.sentAgainstStored(in)
	o.describe() // the patch is final: the store asks for its action
	o.stored = apiserver.Stored{Root: o.result}
	if action := o.info().Action; action == Create || action == Patch {
		o.stored = o.storedOverPatched(in)
	}
}

// storedOverPatched is what the API server stores for the outcome's result written over live
// (modes.Input.StoreOverPatched), worked out once: sentAgainstStored and store both ask for it.
func (o *outcome) storedOverPatched(in *modes.Input) apiserver.Stored {
	if o.overPatched == nil {
		stored := in.StoreOverPatched(o.triple, o.result, modes.RootOf(o.triple.Updated))
		o.overPatched = &stored
	}
	return *o.overPatched
}

// refuse adds the API server's refusal of what kubectl sends for the resource (package
// apiserver): the object created, or live patched; a patched object holding directives is
// refused by the server's decoder first (modes.Input.RefuseDirectives). Nothing when kubectl sends nothing (a patch
// with nothing in it, a resource only live holds) or deletes it (prune).
func (o *outcome) refuse(in *modes.Input, resp *contract.Response) {
	if action := o.info().Action; action == Create || action == Patch {
		if !in.RefuseDirectives(resp, o.triple, o.stored) {
			in.Refuse(resp, o.triple, o.stored)
		}
	}
}

// recordManagers writes into the stored result the managedFields the API server leaves after what
// kubectl sends (managed.Written): an Update by kubectl-client-side-apply, for a create (it then
// owns every field) or a patch with something in it (it gains what the patch changed; a live
// object without managedFields stays without them). Observed with kubectl and kube-apiserver
// v1.37.2 (engine/modes/writer/testdata/observed.txt).
func (o *outcome) recordManagers(in *modes.Input, now time.Time) error {
	if action := o.info().Action; action != Create && action != Patch || o.stored.Root == nil {
		return nil
	}
	id := o.triple.ID
	return managed.Written(managed.Write{Type: in.Schema.Root(id.APIVersion, id.Kind), Zero: in.Zero(id), Live: in.LiveAsStored(id, root(o.triple.Live)),
		Result: o.stored.Root, Manager: writer.ManagerClientSideApply, Now: now})
}

// AnnotationSize is the size of a resource's annotations once applied, against the API server's
// limit (the response's extra.annotationSizes): the last-applied annotation holds the whole
// config, so that a config near the limit fails under kubectl apply and not under kubectl apply
// --server-side, create or replace.
type AnnotationSize struct {
	_        incomparable.Field
	Resource string `json:"resource"`
	// LastApplied is the bytes of kubectl's last-applied annotation, key and value.
	LastApplied int `json:"lastApplied"`
	// Annotations is the bytes of all the annotations, keys and values: what the limit counts.
	Annotations int `json:"annotations"`
	// Limit is the API server's limit, 262,144 bytes.
	Limit int `json:"limit"`
}

// annotationSize is the size of the outcome's annotations when they pass half the limit, else
// nil.
func (o *outcome) annotationSize() *AnnotationSize {
	annotations := o.result.Lookup("metadata", "annotations")
	total := apiserver.AnnotationsSize(annotations)
	if total <= apiserver.AnnotationsLimit/2 {
		return nil
	}
	size := &AnnotationSize{Resource: o.triple.ID.String(), Annotations: total, Limit: apiserver.AnnotationsLimit}
	if a := annotations.Get(LastAppliedAnnotation); a != nil {
		size.LastApplied = len(LastAppliedAnnotation) + len(a.Str())
	}
	return size
}

// noteSizes writes extra.annotationSizes: the resources whose annotations pass half the API
// server's limit once applied, worked out now or recalled with the resource's piece.
func noteSizes(resp *contract.Response, answers []answered) {
	var sizes []AnnotationSize
	for _, a := range answers {
		s := a.piece.sizeOf()
		if a.outcome != nil {
			s = a.outcome.annotationSize()
		}
		if s != nil {
			sizes = append(sizes, *s)
		}
	}
	if len(sizes) > 0 {
		resp.Extra["annotationSizes"] = AnnotationSizes(sizes)
	}
}

// sizeOf is a recalled piece's annotation size; nil for no piece.
func (p *piece) sizeOf() *AnnotationSize {
	if p == nil {
		return nil
	}
	return p.size
}
