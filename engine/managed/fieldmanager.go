package managed

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// BeforeFirstApply is the manager the API server gives every field of an object that has no
// managed fields when it is first applied to.
const BeforeFirstApply = "before-first-apply"

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
	// Decisions are the operation's decisions, field by field (see rules.go).
	Decisions *decision.Log
}

// attempt is one run of the apply below the client-side hand-over, and what it returns.
type attempt struct {
	object           *yamltree.Node
	managers, taken  Managers
	before           Managers
	times            Times
	beforeFirstApply bool
	changed          bool
	// log holds the attempt's decisions; the field manager keeps those of the attempt it
	// answers with.
	log *decision.Log
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
	from := stored{object: live, managers: managers, times: times}
	at, err := res.applyOnce(req, from)
	var handedOver *fieldset.Set
	if conflicts, ok := err.(Conflicts); ok && req.Manager == "kubectl" {
		if allowed := allowedByLastApplied(res, live); allowed != nil {
			if rest := conflictsOutside(conflicts, allowed); len(rest) > 0 {
				err = rest
			} else {
				handedOver = conflicts.Set()
				forced := req
				forced.Force = true
				at, err = res.applyOnce(forced, from)
			}
		}
	}
	if conflicts, ok := err.(Conflicts); ok {
		before := managersBefore(res, live, managers, req.Now)
		recordSet(at.log, conflicts.Set(), RuleConflict)
		return &Outcome{Conflicts: conflicts, Before: before, BeforeFirstApply: len(managers) == 0 && len(before) > 0,
			Decisions: at.log}, nil
	}
	if err != nil {
		return nil, err
	}
	out := &Outcome{Object: at.object, Before: at.before, After: at.managers, Taken: at.taken,
		HandedOver: handedOver, BeforeFirstApply: at.beforeFirstApply, Changed: at.changed, Decisions: at.log}
	recordSet(at.log, handedOver, RuleHandedOver)
	if req.Manager == "kubectl" && annotation(at.object, LastAppliedAnnotation) != "" {
		if out.LastApplied, err = writeLastApplied(at.object, req.Object); err != nil {
			return nil, err
		}
		relabel(at.log, lastAppliedPath, RuleLastApplied)
	}
	out.Entries = Encode(at.managers, at.times)
	return out, setManagedFields(out.Object, out.Entries, at.log)
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
	if err := typed.ValidateConfig(res.Type, req.Object); err != nil {
		return nil, located(err)
	}
	live := req.Live
	if live == nil {
		return emptyObject(res.APIVersion, res.Kind), nil
	}
	if err := typed.ValidateObject(res.Type, withoutManagedFields(live)); err != nil {
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

// stored is an object as the API server holds it before an operation, with the managers and
// times read from its managed fields.
type stored struct {
	object   *yamltree.Node
	managers Managers
	times    Times
}

// applyOnce runs one apply: before-first-apply when live has no managers, then the apply itself,
// with the identity fields stripped and the time moved when the object changed. The attempt
// comes back with its decisions even when the apply failed.
func (res FieldManager) applyOnce(req Request, from stored) (*attempt, error) {
	id := ApplyID(req.Manager).String()
	at := &attempt{times: from.times.Clone(), log: &decision.Log{}}
	object := withoutManagedFields(from.object)
	managers := from.managers.Clone()
	if len(managers) == 0 {
		var err error
		managers, err = res.updateBy(change{from: emptyObject(res.APIVersion, res.Kind), to: object,
			id: UpdateID(BeforeFirstApply, res.APIVersion).String(), now: req.Now}, managers, at.times)
		if err != nil {
			return at, fmt.Errorf("giving the existing fields to %s: %w", BeforeFirstApply, err)
		}
		at.beforeFirstApply = len(managers) > 0
	}
	at.before = reconcileAll(res.Type, managers)
	applied, err := ApplyOp{Type: res.Type, Live: object, Config: req.Object, Version: res.APIVersion,
		Managers: managers, Manager: id, Force: req.Force, Log: at.log}.Run()
	if err != nil {
		return at, err
	}
	at.managers, at.taken = applied.Managers, applied.Taken
	strip(at.managers, id)
	recordIdentity(at.log)
	if at.beforeFirstApply {
		recordBeforeFirstApply(at.log, at.managers[UpdateID(BeforeFirstApply, res.APIVersion).String()].Set)
	}
	at.object = object
	if applied.Object != nil {
		at.object, at.changed = applied.Object.Clone(), true
		now := req.Now.UTC().Truncate(time.Second)
		at.times[id] = &now
	}
	return at, nil
}

// recordBeforeFirstApply records as RuleBeforeFirstApply the fields before-first-apply still owns
// that the apply left alone.
func recordBeforeFirstApply(log *decision.Log, owned *fieldset.Set) {
	for _, p := range owned.Paths() {
		if e, ok := log.Lookup(p); ok && e.Rule == RuleLeftAlone {
			log.Record(p, RuleBeforeFirstApply, e.Held)
		}
	}
}

// recordIdentity records as RuleIdentity the fields no manager may own that an earlier step
// recorded (those the object holds; metadata itself left out).
func recordIdentity(log *decision.Log) {
	for _, p := range strippedSet().Paths() {
		if _, ok := log.Lookup(p); ok && (len(p) > 1 || p[0].Field != "metadata") {
			relabel(log, p, RuleIdentity)
		}
	}
}

// lastAppliedPath and managedFieldsPath are the paths the field manager writes itself.
var (
	lastAppliedPath   = fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: LastAppliedAnnotation}}
	managedFieldsPath = fieldpath.Path{{Field: "metadata"}, {Field: "managedFields"}}
)

// managersBefore returns the managers an apply stopped by conflicts started from, for reasons.
func managersBefore(res FieldManager, live *yamltree.Node, managers Managers, now time.Time) Managers {
	if len(managers) > 0 {
		return reconcileAll(res.Type, managers)
	}
	before, err := res.updateBy(change{from: emptyObject(res.APIVersion, res.Kind), to: withoutManagedFields(live),
		id: UpdateID(BeforeFirstApply, res.APIVersion).String(), now: now}, managers, Times{})
	if err != nil {
		return managers
	}
	return before
}

// change is one update of an object, by an updater.
type change struct {
	from, to *yamltree.Node
	id       string // the updater's identifier
	now      time.Time
	log      *decision.Log // nil records nothing
}

// updateBy records an update as the API server does: what changed leaves every manager (the
// updater too), and the updater gains what changed that a manager may own, with its time moved
// (in times), on top of what it kept; an update that gained nothing leaves the updater's entry
// and time alone.
func (res FieldManager) updateBy(c change, managers Managers, times Times) (Managers, error) {
	out, changed, err := UpdateOp{Type: res.Type, Live: c.from, Object: c.to, Managers: managers, Log: c.log}.Run()
	if err != nil {
		return nil, err
	}
	took := changed.Difference(strippedSet())
	if took.Empty() {
		return out, nil
	}
	out[c.id] = VersionedSet{Set: took.Union(out[c.id].Set), APIVersion: res.APIVersion}
	t := c.now.UTC().Truncate(time.Second)
	times[c.id] = &t
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
	if err := typed.ValidateObject(res.Type, withoutManagedFields(req.Object)); err != nil {
		return nil, located(err)
	}
	if err := typed.ValidateObject(res.Type, withoutManagedFields(live)); err != nil {
		return nil, located(err)
	}
	managers, times, err := updateManagers(live, req.Object)
	if err != nil {
		return nil, err
	}
	object := withoutManagedFields(req.Object)
	out := &Outcome{Object: object, Before: reconcileAll(res.Type, managers), Decisions: &decision.Log{}}
	if len(managers) == 0 && uid(live) != "" {
		out.Untracked, out.After = true, Managers{}
		// Untracked: the managers stay as they are; the update's decisions are still recorded.
		if _, _, err = (UpdateOp{Type: res.Type, Live: withoutManagedFields(live), Object: object, Log: out.Decisions}).Run(); err != nil {
			return nil, err
		}
		recordIdentity(out.Decisions)
		relabel(out.Decisions, managedFieldsPath, RuleManagedFields)
		return out, nil
	}
	times = times.Clone()
	after, err := res.updateBy(change{from: withoutManagedFields(live), to: object,
		id: UpdateID(req.Manager, res.APIVersion).String(), now: req.Now, log: out.Decisions}, managers, times)
	if err != nil {
		return nil, err
	}
	recordIdentity(out.Decisions)
	capUpdaters(after, times)
	cmp, err := typed.Compare(res.Type, withoutManagedFields(live), object)
	if err != nil {
		return nil, err
	}
	out.After, out.Changed = after, !cmp.Same()
	out.Entries = Encode(after, times)
	return out, setManagedFields(out.Object, out.Entries, out.Decisions)
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
