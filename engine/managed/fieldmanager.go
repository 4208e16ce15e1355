package managed

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// BeforeFirstApply is the manager the API server gives every field of an object that has no
// managed fields when it is first applied to.
const BeforeFirstApply = "before-first-apply"

// currentOperation names the updater inside an update, so that only the fields this update
// changed count as taken.
const currentOperation = "current-operation"

// stripped are the fields no manager may own: the object's identity and what the server keeps.
var stripped = []string{"apiVersion", "kind", "metadata", "metadata.name", "metadata.namespace",
	"metadata.creationTimestamp", "metadata.selfLink", "metadata.uid", "metadata.clusterName",
	"metadata.generation", "metadata.managedFields", "metadata.resourceVersion"}

// FieldManager runs operations on the objects of one resource, as the API server's field manager
// does. The zero value is not usable: Type, APIVersion and Kind are needed.
type FieldManager struct {
	// Type is the object's root type.
	Type *schema.Type
	// APIVersion ("apps/v1") and Kind ("Deployment") name the resource; managers write at
	// APIVersion. An empty Kind stands for a document that is not a Kubernetes object (a
	// fragment): its kind is not checked and it is created from an empty map.
	APIVersion, Kind string
}

// Request is one operation on one object.
type Request struct {
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
}

// Outcome is what an operation did.
type Outcome struct {
	// Object is the stored object afterwards, managedFields included; nil when an apply stopped on
	// conflicts.
	Object *yamltree.Node
	// Entries are its managedFields.
	Entries []Entry
	// Conflicts stopped the apply (managers by identifier, see ParseID).
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
}

// step is one run of the apply below the client-side hand-over: what it returns.
type step struct {
	object           *yamltree.Node
	managers, taken  Managers
	before           Managers
	times            Times
	beforeFirstApply bool
	changed          bool
}

// Apply runs a server-side apply as the API server's field manager does. Conflicts are returned
// in Outcome.Conflicts, not as an error; an error is a request the API server rejects.
func (res FieldManager) Apply(req Request) (*Outcome, error) {
	live, err := checkApply(res, req)
	if err != nil {
		return nil, err
	}
	managers, times, err := decodeLive(live)
	if err != nil {
		return nil, err
	}
	id := ApplyID(req.Manager).String()
	st, err := applyStep(res, req, live, managers, times, id, req.Force)
	var handedOver *fieldset.Set
	if conflicts, ok := err.(Conflicts); ok && req.Manager == "kubectl" {
		if allowed := allowedByLastApplied(res, live); allowed != nil {
			if rest := conflictsOutside(conflicts, allowed); len(rest) > 0 {
				err = rest
			} else {
				handedOver = conflicts.Set()
				st, err = applyStep(res, req, live, managers, times, id, true)
			}
		}
	}
	if conflicts, ok := err.(Conflicts); ok {
		before := managersBefore(res, live, managers, req.Now)
		return &Outcome{Conflicts: conflicts, Before: before, BeforeFirstApply: len(managers) == 0 && len(before) > 0}, nil
	}
	if err != nil {
		return nil, err
	}
	out := &Outcome{Object: st.object, Before: st.before, After: st.managers, Taken: st.taken,
		HandedOver: handedOver, BeforeFirstApply: st.beforeFirstApply, Changed: st.changed}
	if req.Manager == "kubectl" && annotation(st.object, LastAppliedAnnotation) != "" {
		if out.LastApplied, err = writeLastApplied(st.object, req.Object); err != nil {
			return nil, err
		}
	}
	out.Entries = Encode(st.managers, st.times)
	return out, setManagedFields(out.Object, out.Entries)
}

// checkApply validates the request as the API server does and returns the live object to start
// from (an empty one for a create).
func checkApply(res FieldManager, req Request) (*yamltree.Node, error) {
	if res.Kind != "" && (req.Object.Get("apiVersion").Str() != res.APIVersion || req.Object.Get("kind").Str() != res.Kind) {
		return nil, yamltree.Errorf(req.Object.Pos, "the applied object must be a %s %s", res.APIVersion, res.Kind)
	}
	if mf := ManagedFieldsOf(req.Object); mf != nil && !mf.IsNull() {
		return nil, yamltree.Errorf(mf.Pos, "metadata.managedFields must be nil in an applied configuration: the API server writes it")
	}
	if err := typed.Validate(res.Type, req.Object, false); err != nil {
		return nil, located(err)
	}
	live := req.Live
	if live == nil {
		return emptyObject(res.APIVersion, res.Kind), nil
	}
	if err := typed.Validate(res.Type, withoutManagedFields(live), true); err != nil {
		return nil, located(err)
	}
	return live, nil
}

// located turns an *typed.Error into a located error.
func located(err error) error {
	var te *typed.Error
	if errors.As(err, &te) {
		return te.Located()
	}
	return err
}

// decodeLive reads live's managedFields.
func decodeLive(live *yamltree.Node) (Managers, Times, error) {
	entries, err := ReadEntries(ManagedFieldsOf(live))
	if err != nil {
		return nil, nil, err
	}
	return Decode(entries)
}

// applyStep runs one apply: before-first-apply when live has no managers, then the updater's
// apply, with the identity fields stripped and the time moved when the object changed.
func applyStep(res FieldManager, req Request, live *yamltree.Node, managers Managers, times Times, id string, force bool) (*step, error) {
	st := &step{times: times.Clone()}
	object := withoutManagedFields(live)
	managers = managers.Clone()
	if len(managers) == 0 {
		var err error
		managers, err = updateStep(res, emptyObject(res.APIVersion, res.Kind), object, managers, st.times,
			UpdateID(BeforeFirstApply, res.APIVersion).String(), req.Now)
		if err != nil {
			return nil, fmt.Errorf("giving the existing fields to %s: %w", BeforeFirstApply, err)
		}
		st.beforeFirstApply = len(managers) > 0
	}
	st.before = reconcileAll(res.Type, managers)
	applied, err := ApplyConfig(res.Type, object, req.Object, res.APIVersion, managers, id, force)
	if err != nil {
		return nil, err
	}
	st.managers, st.taken = applied.Managers, applied.Taken
	strip(st.managers, id)
	st.object = object
	if applied.Object != nil {
		st.object, st.changed = applied.Object.Clone(), true
		now := req.Now.UTC().Truncate(time.Second)
		st.times[id] = &now
	}
	return st, nil
}

// managersBefore returns the managers an apply stopped by conflicts started from, for reasons.
func managersBefore(res FieldManager, live *yamltree.Node, managers Managers, now time.Time) Managers {
	if len(managers) > 0 {
		return reconcileAll(res.Type, managers)
	}
	before, err := updateStep(res, emptyObject(res.APIVersion, res.Kind), withoutManagedFields(live), managers,
		Times{}, UpdateID(BeforeFirstApply, res.APIVersion).String(), now)
	if err != nil {
		return managers
	}
	return before
}

// updateStep records an update by id, as the API server does: the change is worked out under a
// temporary name, stripped of the identity fields, then added to id's entry, whose time moves
// only when the update took some field.
func updateStep(res FieldManager, live, object *yamltree.Node, managers Managers, times Times, id string, now time.Time) (Managers, error) {
	out, err := RecordUpdate(res.Type, live, object, res.APIVersion, managers, currentOperation)
	if err != nil {
		return nil, err
	}
	strip(out, currentOperation)
	current, ok := out[currentOperation]
	if !ok {
		return out, nil
	}
	delete(out, currentOperation)
	if previous, ok := out[id]; ok {
		current.Set = current.Set.Union(previous.Set)
	}
	out[id] = current
	t := now.UTC().Truncate(time.Second)
	times[id] = &t
	return out, nil
}

// strip removes the fields no one may own from manager's set, dropping the manager if nothing is
// left.
func strip(managers Managers, manager string) {
	vs, ok := managers[manager]
	if !ok {
		return
	}
	vs.Set = vs.Set.Difference(strippedSet())
	if vs.Set.Empty() {
		delete(managers, manager)
		return
	}
	managers[manager] = vs
}

func strippedSet() *fieldset.Set {
	s := &fieldset.Set{}
	for _, p := range stripped {
		var path fieldpath.Path
		for _, name := range strings.Split(p, ".") {
			path = path.Field(name)
		}
		s.Insert(path)
	}
	return s
}

// Update records an update (a create, a replace or a patch) by req.Manager, as the API server's
// field manager does: the object is stored as sent, and its managedFields say who owns what.
// The managed fields come from the object when it carries some (an empty list resets them), else
// from live. An object that already exists (it has a uid) and has no managed fields stays
// untracked.
func (res FieldManager) Update(req Request) (*Outcome, error) {
	live := req.Live
	if live == nil {
		live = emptyObject(res.APIVersion, res.Kind)
	}
	if err := typed.Validate(res.Type, withoutManagedFields(req.Object), true); err != nil {
		return nil, located(err)
	}
	if err := typed.Validate(res.Type, withoutManagedFields(live), true); err != nil {
		return nil, located(err)
	}
	managers, times, err := updateManagers(live, req.Object)
	if err != nil {
		return nil, err
	}
	object := withoutManagedFields(req.Object)
	out := &Outcome{Object: object, Before: reconcileAll(res.Type, managers)}
	if len(managers) == 0 && uid(live) != "" {
		out.Untracked, out.After = true, Managers{}
		return out, nil
	}
	times = times.Clone()
	after, err := updateStep(res, withoutManagedFields(live), object, managers, times,
		UpdateID(req.Manager, res.APIVersion).String(), req.Now)
	if err != nil {
		return nil, err
	}
	capUpdaters(after, times)
	cmp, err := typed.Compare(res.Type, withoutManagedFields(live), object)
	if err != nil {
		return nil, err
	}
	out.After, out.Changed = after, !cmp.Same()
	out.Entries = Encode(after, times)
	return out, setManagedFields(out.Object, out.Entries)
}

// updateManagers returns the managers an update starts from: the object's own managed fields
// when it carries some (an empty list, or one empty entry, resets them), else live's.
func updateManagers(live, object *yamltree.Node) (Managers, Times, error) {
	mf := ManagedFieldsOf(object)
	if mf.IsList() && isReset(mf) {
		return Managers{}, Times{}, nil
	}
	if mf != nil && !mf.IsNull() {
		entries, err := ReadEntries(mf)
		if err != nil {
			return nil, nil, err
		}
		if m, t, err := Decode(entries); err == nil && len(m) > 0 {
			return m, t, nil
		}
	}
	return decodeLive(live)
}

// isReset reports whether a managedFields list asks for the managed fields to be reset: empty,
// or one entry with nothing in it.
func isReset(list *yamltree.Node) bool {
	switch len(list.Items) {
	case 0:
		return true
	case 1:
		it := list.Items[0]
		return it.IsMap() && len(it.Fields) == 0
	}
	return false
}
