package managed

import (
	"errors"
	"time"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// BeforeFirstApply is the manager the API server gives every field of an object that has no
// managed fields when it is first applied to.
const BeforeFirstApply = "before-first-apply"

// FieldManager runs operations on the objects of one resource, as the API server's field manager
// does: the steps of applySteps and updateSteps (steps.go), around the ownership of ApplyOp and
// UpdateOp. The zero value is not usable: Type, APIVersion and Kind are needed.
type FieldManager struct {
	_ incomparable.Field
	// Type is the object's root type.
	Type *schema.Type
	// APIVersion ("apps/v1") and Kind ("Deployment") name the resource; managers write at
	// APIVersion. An empty Kind stands for a document that is not a Kubernetes object (a
	// fragment): its kind is not checked and it is created from an empty map.
	APIVersion, Kind string
}

// Request is one operation on one object.
type Request struct {
	_ incomparable.Field
	// Live is the stored object, with its metadata.managedFields; nil when it does not exist yet.
	Live *yamltree.Node
	// Object is the applied configuration (Apply) or the object the updater sends (Update).
	Object *yamltree.Node
	// Manager is the field manager's name.
	Manager string
	// Force takes over conflicting fields (Apply only).
	Force bool
	// Now is the time written into the managers' entries.
	Now time.Time
	// Subresource is the subresource an update is sent through ("scale", "status"; empty: the
	// object itself): the updater's entry records it (Update only).
	Subresource string
	// Stored says Live is an object the API server stores, whether or not its document shows a
	// uid: an update of it without managedFields leaves it untracked (steps.go). A writer acting
	// on a live object (kubectl patch, label, scale) sets it; the field manager's own vectors,
	// whose objects have no uid, do not.
	Stored bool
	// Zero is the object an update that creates (Live nil) starts from: the kind's Go type's zero
	// value as the API server writes it (apiserver.Zero), whose structs the updater then does
	// not own as a whole (no "." for a Service's spec); nil: apiVersion and kind alone, as the
	// field manager's own vectors and the reference libraries do. An apply to a live object
	// without managedFields counts before-first-apply's fields from it alike (observed on
	// kube-apiserver v1.37.2: before-first-apply of a Service owns no "." for its spec).
	Zero *yamltree.Node
}

// Outcome is what an operation did.
type Outcome struct {
	// Object is the stored object afterwards, managedFields included; nil when an apply stopped on
	// conflicts.
	Object *yamltree.Node
	// Entries are its managedFields.
	Entries []Entry
	// Conflicts stopped the apply.
	Conflicts Conflicts
	// Before are the managers the operation started from (before-first-apply included); After are
	// the managers afterwards.
	Before, After Managers
	// Taken is, per manager, what the apply took from it by force or through the client-side
	// hand-over.
	Taken Managers
	// HandedOver are the conflicts the last-applied annotation forgave (the "kubectl" manager
	// taking over from client-side apply); nil when there were none.
	HandedOver *fieldset.Set
	// BeforeFirstApply is set when live had no managed fields and before-first-apply got them.
	BeforeFirstApply bool
	// Untracked is set when an update left the managed fields alone: the object had none and
	// already existed.
	Untracked bool
	// Changed reports whether the operation changed the object (an apply that changes nothing
	// does not move its entry's time).
	Changed bool
	// LastApplied is the last-applied annotation the apply wrote, "" when it wrote none.
	LastApplied string
	// Decisions are the operation's decisions, field by field (see rules.go).
	Decisions *decision.Log
}

// Apply runs a server-side apply as the API server's field manager does (applySteps). Conflicts
// are returned in Outcome.Conflicts, not as an error; an error is a request the API server
// rejects.
func (res FieldManager) Apply(req Request) (*Outcome, error) {
	return res.run(req, applySteps[:], ApplyID(req.Manager))
}

// Update records an update (a create, a replace or a patch) by req.Manager, as the API server's
// field manager does (updateSteps): the object is stored as sent, and its managedFields say who
// owns what.
func (res FieldManager) Update(req Request) (*Outcome, error) {
	id := UpdateID(req.Manager, res.APIVersion)
	id.Subresource = req.Subresource
	return res.run(req, updateSteps[:], id)
}

// run runs steps in order until one ends the operation.
func (res FieldManager) run(req Request, steps []step, id ID) (*Outcome, error) {
	op := &operation{res: res, req: req, id: id, out: &Outcome{Decisions: &decision.Log{}}}
	for _, s := range steps {
		done, err := s(op)
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
	}
	return op.out, nil
}

// located turns an *typed.Error into a located error.
func located(err error) error {
	if te, ok := errors.AsType[*typed.Error](err); ok {
		return te.Located()
	}
	return err
}
