package managed

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// The API server's steps around an operation, in order. What each does to the object and the
// managers was observed by driving k8s.io/apimachinery v0.37.2's field manager (with
// structured-merge-diff v6.4.2) against the engine in scripts/conformance/ssadiff: the generated
// sequences (ssadiff_test.go) and the probes named below.
//
// An apply (applySteps):
//
//	step               | to the object and the managers                                      | observed in
//	-------------------|---------------------------------------------------------------------|---------------------
//	check              | the config is of the resource's apiVersion and kind and holds no     | sequences; items
//	                   | managedFields; config and live pass the schema (items: items.go)     | probe
//	read managers      | live's managedFields, read as entries.go says: none when unreadable, | entries probe
//	                   | and then live must pass the schema with them; refused: an error      |
//	apply              | live without managers: before-first-apply first gains, as an update  | sequences
//	                   | from nothing to live, every field it holds. Then ApplyOp (merge,     |
//	                   | ownership, conflicts). The applier keeps nothing of unownable; its   |
//	                   | time moves to now only when the object changed                       |
//	hand over          | kubectl only: conflicts the last-applied annotation forgives          | last-applied probe
//	                   | (lastapplied.go); when it forgives them all, the apply runs again,   |
//	                   | forced                                                               |
//	stop on conflicts  | conflicts left: the apply stops, the object and managers unchanged,  | sequences; last-
//	                   | listing only the conflicts not forgiven                              | applied probe
//	last-applied       | kubectl only: the annotation, when the result holds it, rewritten    | last-applied probe
//	                   | with the config                                                      |
//	write              | managedFields from the managers, in entryKey's order; dropped when   | sequences; entries
//	                   | no manager is left (a metadata holding nothing else goes too)        | probe
//
// An update (updateSteps):
//
//	step               | to the object and the managers                                      | observed in
//	-------------------|---------------------------------------------------------------------|---------------------
//	check              | the object and live pass the schema                                  | sequences
//	read managers      | the object's own managedFields when it sends any: an empty list, or  | entries probe
//	                   | one empty entry, resets them; unreadable or refused, live's are read |
//	                   | instead, and none when those are unreadable or refused too          |
//	untracked          | no managers and the object exists (it has a uid, or Request.Stored): | sequences; entries
//	                   | stored as sent, without managedFields; nothing more happens          | probe
//	record the update  | UpdateOp: what changed or went leaves every manager; the updater     | sequences
//	                   | gains what changed, bar unownable, on top of what it had at this     |
//	                   | version (and subresource), its time now (none through the scale      | observe-writers.sh
//	                   | subresource); an update that gains it nothing leaves its entry and   |
//	                   | time as they were                                                    |
//	cap updaters       | at most ten update entries (updatercap.go)                           | cap probe
//	write              | as for an apply                                                      | sequences

// operation is one operation in progress: what the steps read and change.
type operation struct {
	res FieldManager
	req Request
	id  ID // the requester's
	out *Outcome

	// stored is live as stored, managedFields included (an empty object for a create);
	// storedManagers and storedTimes are what its managedFields hold.
	stored         *yamltree.Node
	storedManagers Managers
	storedTimes    Times
	// object, managers and times are as the steps leave them. While objectShared holds, object
	// shares nodes with stored or with the config (an apply reads live through a view, and its
	// merge's result holds both's nodes): ownObject copies it before a step writes into it,
	// once, where each of a handover's applies copied live and its result.
	object       *yamltree.Node
	objectShared bool
	managers     Managers
	times        Times
	conflicts    Conflicts
}

// ownObject makes object the operation's own before a step writes into it (see objectShared),
// and the outcome's object with it.
func (op *operation) ownObject() {
	if !op.objectShared {
		return
	}
	shared := op.object
	op.object, op.objectShared = shared.Clone(), false
	if op.out.Object == shared {
		op.out.Object = op.object
	}
}

// step is one row of the tables above; done ends the operation.
type step func(op *operation) (done bool, err error)

// applySteps and updateSteps are the tables above, row by row.
var applySteps = [...]step{
	checkApplied,
	readLiveManagers,
	applyOnce,
	handOver,
	stopOnConflicts,
	rewriteLastApplied,
	writeManagedFields,
}

var updateSteps = [...]step{
	checkUpdated,
	readUpdateManagers,
	leaveUntracked,
	recordUpdate,
	capUpdateEntries,
	writeManagedFields,
}

// checkApplied checks an apply's request and sets the stored object.
func checkApplied(op *operation) (bool, error) {
	res, config := op.res, op.req.Object
	if res.Kind != "" && (config.Get("apiVersion").Str() != res.APIVersion || config.Get("kind").Str() != res.Kind) {
		return true, yamltree.ErrorAt(config.Pos, "the applied object must be a "+res.APIVersion+" "+res.Kind)
	}
	if mf := ManagedFieldsOf(config); mf != nil && !mf.IsNull() {
		return true, yamltree.ErrorAt(mf.Pos, "metadata.managedFields must be nil in an applied configuration: the API server writes it")
	}
	if err := typed.ValidateConfig(res.Type, config); err != nil {
		return true, located(err)
	}
	op.stored = op.req.Live
	if op.stored == nil {
		op.stored = emptyObject(res.APIVersion, res.Kind)
		return false, nil
	}
	return false, located(typed.ValidateObject(res.Type, ViewWithoutManagedFields(op.stored)))
}

// readLiveManagers reads live's managers for an apply.
func readLiveManagers(op *operation) (bool, error) {
	managers, times, unreadable, err := readManagers(ManagedFieldsOf(op.stored))
	if err != nil {
		return true, err
	}
	if unreadable {
		if err := typed.ValidateObject(op.res.Type, op.stored); err != nil {
			return true, located(err)
		}
	}
	op.storedManagers, op.storedTimes = managers, times
	return false, nil
}

// applyOnce runs the apply from the stored object and managers, with the request as it stands
// (handOver runs it again, forced). Conflicts end up in op.conflicts.
func applyOnce(op *operation) (bool, error) {
	res, req := op.res, op.req
	op.out.Decisions = &decision.Log{}
	op.times = op.storedTimes.Clone()
	op.object, op.objectShared = ViewWithoutManagedFields(op.stored), true
	managers := op.storedManagers.Clone()
	bfa := UpdateID(BeforeFirstApply, res.APIVersion)
	if len(managers) == 0 {
		from := req.Zero
		if from == nil {
			from = emptyObject(res.APIVersion, res.Kind)
		}
		var err error
		managers, err = res.recordChange(change{from: from, to: op.object, id: bfa, now: req.Now}, managers, op.times)
		if err != nil {
			return true, verb.Wrap("giving the existing fields to "+BeforeFirstApply+": ", err)
		}
		op.out.BeforeFirstApply = len(managers) > 0
	}
	op.out.Before = reconcileAll(res.Type, managers)
	applied, err := ApplyOp{Type: res.Type, Live: op.object, Config: req.Object, Version: res.APIVersion,
		Managers: managers, Manager: op.id, Force: req.Force, Log: op.out.Decisions}.Run()
	if conflicts, ok := err.(Conflicts); ok {
		op.conflicts = conflicts
		return false, nil
	}
	if err != nil {
		return true, err
	}
	op.conflicts = nil
	op.managers, op.out.Taken = applied.Managers, applied.Taken
	keepOwnable(op.managers, op.id)
	recordUnownable(op.out.Decisions)
	if op.out.BeforeFirstApply {
		recordBeforeFirstApply(op.out.Decisions, op.managers[bfa].Set)
	}
	if applied.Object != nil {
		op.object, op.out.Changed = applied.Object, true
		now := req.Now.UTC().Truncate(time.Second)
		op.times[op.id] = &now
	}
	return false, nil
}

// handOver lets the last-applied annotation forgive kubectl's conflicts (lastapplied.go): all
// forgiven, the apply runs again, forced; else only those it does not forgive stay.
func handOver(op *operation) (bool, error) {
	if len(op.conflicts) == 0 || op.req.Manager != kubectlManager {
		return false, nil
	}
	forgiven := forgivenByLastApplied(op.res, op.stored)
	if forgiven == nil {
		return false, nil
	}
	if kept := op.conflicts.outside(forgiven); len(kept) > 0 {
		op.conflicts = kept
		return false, nil
	}
	handedOver := op.conflicts.Set()
	op.req.Force = true
	if done, err := applyOnce(op); done || err != nil {
		return done, err
	}
	op.out.HandedOver = handedOver
	recordSet(op.out.Decisions, handedOver, RuleHandedOver)
	return false, nil
}

// stopOnConflicts ends an apply that conflicts: the outcome lists the conflicts, with the managers
// it started from and its decisions.
func stopOnConflicts(op *operation) (bool, error) {
	if len(op.conflicts) == 0 {
		op.out.Object, op.out.After = op.object, op.managers
		return false, nil
	}
	recordSet(op.out.Decisions, op.conflicts.Set(), RuleConflict)
	op.out = &Outcome{Conflicts: op.conflicts, Before: op.out.Before, BeforeFirstApply: op.out.BeforeFirstApply,
		Decisions: op.out.Decisions}
	return true, nil
}

// rewriteLastApplied keeps kubectl's last-applied annotation up to date (lastapplied.go).
func rewriteLastApplied(op *operation) (bool, error) {
	if op.req.Manager != kubectlManager || annotation(op.object, LastAppliedAnnotation) == "" {
		return false, nil
	}
	op.ownObject()
	text, err := writeLastApplied(op.object, op.req.Object)
	if err != nil {
		return true, err
	}
	op.out.LastApplied = text
	relabel(op.out.Decisions, lastAppliedPath, RuleLastApplied)
	return false, nil
}

// writeManagedFields writes the managers into the object's managedFields. A metadata that held
// nothing but managedFields goes with them when no manager is left (recorded as
// RuleManagedFields).
func writeManagedFields(op *operation) (bool, error) {
	op.out.Entries = Encode(op.managers, op.times)
	if op.id.Subresource == SubresourceScale {
		op.out.Entries = splitReplicas(op.out.Entries, op.id)
	}
	if m := metadataOf(op.stored); m != nil && len(m.Fields) == 1 && m.Has("managedFields") && metadataOf(op.out.Object) == nil && len(op.out.Entries) == 0 {
		relabel(op.out.Decisions, managedFieldsPath[:1], RuleManagedFields)
	}
	op.ownObject()
	return true, setManagedFields(op.out.Object, op.out.Entries, op.out.Decisions)
}

// checkUpdated checks an update's objects and sets the stored one.
func checkUpdated(op *operation) (bool, error) {
	op.stored = op.req.Live
	if op.stored == nil {
		op.stored = op.req.Zero
	}
	if op.stored == nil {
		op.stored = emptyObject(op.res.APIVersion, op.res.Kind)
	}
	if err := typed.ValidateObject(op.res.Type, ViewWithoutManagedFields(op.req.Object)); err != nil {
		return true, located(err)
	}
	return false, located(typed.ValidateObject(op.res.Type, ViewWithoutManagedFields(op.stored)))
}

// readUpdateManagers reads the managers an update starts from: the object's own, else live's,
// else none.
func readUpdateManagers(op *operation) (bool, error) {
	op.storedManagers, op.storedTimes = Managers{}, Times{}
	sent := ManagedFieldsOf(op.req.Object)
	if sent.IsList() && isReset(sent) {
		return false, nil
	}
	if sent != nil && !sent.IsNull() {
		if m, t, unreadable, err := readManagers(sent); !unreadable && err == nil {
			op.storedManagers, op.storedTimes = m, t
			return false, nil
		}
	}
	if m, t, unreadable, err := readManagers(ManagedFieldsOf(op.stored)); !unreadable && err == nil {
		op.storedManagers, op.storedTimes = m, t
	}
	return false, nil
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

// leaveUntracked ends an update of an existing object that has no managers: it is stored as
// sent, without managedFields (its decisions still recorded).
func leaveUntracked(op *operation) (bool, error) {
	op.object = WithoutManagedFields(op.req.Object)
	op.out.Object = op.object
	op.out.Before = reconcileAll(op.res.Type, op.storedManagers)
	if len(op.storedManagers) > 0 || uid(op.stored) == "" && (op.req.Live == nil || !op.req.Stored) {
		return false, nil
	}
	op.out.Untracked, op.out.After = true, Managers{}
	log := op.out.Decisions
	if _, _, err := (UpdateOp{Type: op.res.Type, Live: ViewWithoutManagedFields(op.stored), Object: op.object, Log: log}).Run(); err != nil {
		return true, err
	}
	recordUnownable(log)
	relabel(log, managedFieldsPath, RuleManagedFields)
	if m := metadataOf(op.stored); m != nil && len(m.Fields) == 1 && m.Has("managedFields") && metadataOf(op.object) == nil {
		relabel(log, managedFieldsPath[:1], RuleManagedFields) // metadata held managedFields alone: it goes with them
	}
	return true, nil
}

// recordUpdate records what the update changed, and gives it to the updater.
func recordUpdate(op *operation) (bool, error) {
	op.times = op.storedTimes.Clone()
	before := ViewWithoutManagedFields(op.stored)
	managers, err := op.res.recordChange(change{from: before, to: op.object, id: op.id, now: op.req.Now, log: op.out.Decisions},
		op.storedManagers, op.times)
	if err != nil {
		return true, err
	}
	op.managers = managers
	recordUnownable(op.out.Decisions)
	cmp, err := typed.Compare(op.res.Type, before, op.object)
	if err != nil {
		return true, err
	}
	op.out.Changed = !cmp.Same()
	return false, nil
}

// capUpdateEntries folds the oldest update entries (updatercap.go).
func capUpdateEntries(op *operation) (bool, error) {
	capUpdaters(op.managers, op.times)
	op.out.After = op.managers
	return false, nil
}

// change is one change of an object, by a manager.
type change struct {
	from, to *yamltree.Node
	id       ID // the manager's
	now      time.Time
	log      *decision.Log // nil records nothing
}

// recordChange records a change as the API server records an update: what changed leaves every
// manager (UpdateOp), and the manager id gains it (see gain).
func (res FieldManager) recordChange(c change, managers Managers, times Times) (Managers, error) {
	out, changed, err := UpdateOp{Type: res.Type, Live: c.from, Object: c.to, Managers: managers, Log: c.log}.Run()
	if err != nil {
		return nil, err
	}
	res.gain(out, times, c.id, changed, c.now)
	return out, nil
}

// gain gives manager id the fields of changed a manager may own, on top of what it owns at the
// resource's version, and moves its time to now; when there are none, its entry and time stay
// as they were.
func (res FieldManager) gain(managers Managers, times Times, id ID, changed *fieldset.Set, now time.Time) {
	gained := changed.Difference(unownable())
	if gained.Empty() {
		return
	}
	managers[id] = VersionedSet{Set: managers[id].Set.Union(gained), APIVersion: res.APIVersion}
	if id.Subresource == SubresourceScale {
		return // no time: see SubresourceScale
	}
	t := now.UTC().Truncate(time.Second)
	times[id] = &t
}

// replicasPath is spec.replicas, which the scale subresource carries.
var replicasPath = fieldpath.Path{}.Field("spec").Field("replicas")

// splitReplicas writes, as kube-apiserver v1.37.2 does after an update through the scale
// subresource, every other Update entry owning spec.replicas as two entries of one identity:
// spec.replicas alone, without a time, then the rest, with the entry's time (observed:
// kubectl scale to the count live held, after kubectl apply; engine/modes/writer/testdata/
// observed.txt, sequence B). The next operation reads them as entries.go says, the later entry
// winning: spec.replicas then has no owner. Applier entries are left whole (not observed).
func splitReplicas(entries []Entry, updater ID) []Entry {
	out := make([]Entry, 0, len(entries)+1)
	for _, e := range entries {
		if e.ID == updater || e.Operation != OperationUpdate || !e.Fields.Has(replicasPath) {
			out = append(out, e)
			continue
		}
		alone, rest := e, e
		alone.Time, alone.Fields = nil, &fieldset.Set{}
		alone.Fields.Insert(replicasPath)
		rest.Fields = e.Fields.Difference(alone.Fields)
		out = append(out, alone)
		if !rest.Fields.Empty() {
			out = append(out, rest)
		}
	}
	return byEntryKey(out)
}

// SubresourceScale is the scale subresource. An update through it (kubectl scale, the HPA) is
// recorded in an entry without a time: observed on kube-apiserver v1.37.2
// (scripts/reproduce/observe-writers.sh, engine/modes/writer/testdata/observed.txt), where an
// update through the status subresource carries one.
const SubresourceScale = "scale"

// unownableFields are the fields no manager owns, whoever sets them (observed in the sequences:
// no entry ever lists them, whatever a config or an update sets):
//
//	field                                   | what it is
//	----------------------------------------|-----------------------------------------------
//	apiVersion, kind                        | the object's type
//	metadata (the map itself)               | the object's metadata, only its fields owned
//	metadata.name, metadata.namespace       | the object's identity
//	metadata.uid, generation,               | kept by the API server
//	resourceVersion, creationTimestamp,     |
//	selfLink, clusterName                   |
//	metadata.managedFields                  | the ownership record itself
var unownableFields = [...][]string{
	{"apiVersion"}, {"kind"},
	{"metadata"},
	{"metadata", "name"}, {"metadata", "namespace"},
	{"metadata", "uid"}, {"metadata", "generation"}, {"metadata", "resourceVersion"},
	{"metadata", "creationTimestamp"}, {"metadata", "selfLink"}, {"metadata", "clusterName"},
	{"metadata", "managedFields"},
}

// unownable returns unownableFields as a set.
func unownable() *fieldset.Set {
	s := &fieldset.Set{}
	for _, names := range unownableFields {
		p := make(fieldpath.Path, len(names))
		for i, name := range names {
			p[i] = fieldpath.Element{Field: name}
		}
		s.Insert(p)
	}
	return s
}

// keepOwnable takes unownableFields from manager's set, dropping the manager when nothing is
// left.
func keepOwnable(managers Managers, manager ID) {
	vs, ok := managers[manager]
	if !ok {
		return
	}
	if vs.Set = vs.Set.Difference(unownable()); vs.Set.Empty() {
		delete(managers, manager)
		return
	}
	managers[manager] = vs
}
