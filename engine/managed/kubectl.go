package managed

import (
	"errors"
	"time"

	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// What kubectl apply --server-side does around the API server's apply, on its own side (the API
// server's steps are steps.go's). Observed with kubectl and kube-apiserver v1.37.2 on a real API
// server (scripts/reproduce/run-apiserver.sh with KEEP=1, kubectl -v=9 request logs, 2026-11-26):
// once the apply succeeds, kubectl
//
//  1. when its field manager is "kubectl" and the object holds the last-applied annotation,
//     applies an object holding only that annotation as manager KubectlLastApplied, which then
//     owns it (its entry carries no time: the apply changes nothing);
//  2. when updaters own the last-applied annotation (kubectl-client-side-apply, or whoever
//     created or replaced the object with it), moves everything they own into the applier's
//     entry and removes their entries (a JSON patch of metadata.managedFields); updaters that do
//     not own the annotation keep theirs;
//  3. after such a move, applies the same config again (forced as the first apply was): the
//     applier then owns exactly what the config names, and what it stops naming goes unless
//     another manager owns it (a field only client-side apply owned and the config leaves out is
//     removed: replicas reset to the default).
//
// With another field manager, step 1 is left out: step 3 then removes the annotation itself,
// which no one owns any more.

// KubectlLastApplied is the manager kubectl applies its last-applied annotation as.
const KubectlLastApplied = "kubectl-last-applied"

// The decisions kubectl's steps make: a field the applier shared with an updater whose fields
// kubectl moved to it (step 2), and a field kubectl's second apply removed (step 3).
const (
	RuleMoved       = decision.Rule("ssa/kubectl-moved")
	RuleMovedPruned = decision.Rule("ssa/kubectl-moved-pruned")
)

// LastAppliedOnly is the object kubectl applies as KubectlLastApplied: obj's apiVersion, kind,
// name, namespace and last-applied annotation; nil when obj holds no such annotation.
func LastAppliedOnly(obj *yamltree.Node) *yamltree.Node {
	value := obj.Lookup("metadata", "annotations", LastAppliedAnnotation)
	if value == nil || !value.IsScalar() {
		return nil
	}
	out, meta, annotations := yamltree.NewMap(), yamltree.NewMap(), yamltree.NewMap()
	for _, key := range []string{"apiVersion", "kind"} {
		if v := obj.Get(key); v != nil {
			out.Set(key, v.Clone())
		}
	}
	annotations.Set(LastAppliedAnnotation, value.Clone())
	meta.Set("annotations", annotations)
	for _, key := range []string{"name", "namespace"} {
		if v := obj.Lookup("metadata", key); v != nil {
			meta.Set(key, v.Clone())
		}
	}
	out.Set("metadata", meta)
	return out
}

// MoveToApplier is step 2 above: obj with the fields of every updater that owns the
// last-applied annotation moved into applier's Apply entry and their entries removed, and the
// updaters moved (none: obj is returned as it is). The applier's entry then carries the time of
// the request, now (observed with kubectl and kube-apiserver v1.37.2: three seconds after a
// client-side apply created the object, kubectl apply --server-side left kubectl's entry with
// its own time, not the client-side entry's, and kubectl-last-applied's without one;
// engine/modes/writer/testdata/observed.txt, sequence F), but when the updaters moved owned
// nothing but the annotation: the applier's entry then keeps the time it had, none for a new one
// (observed the same way: kubectl create, then kubectl apply of the same config, whose patch sets
// the annotation alone, then kubectl apply --server-side of it; examples/history-ssa-stuck-field,
// its reproduce script run by make reproduce-check, 2026-12-06).
func MoveToApplier(obj *yamltree.Node, applier string, now time.Time) (*yamltree.Node, []ID, error) {
	return MoveInto(obj, applier, now, func(_ ID, vs VersionedSet) bool { return !vs.Applied && vs.Set.Has(lastAppliedPath) })
}

// MoveInto is obj with the fields of every manager moves picks moved into applier's Apply
// entry, with the time now, and their entries removed, and the managers moved (none: obj is
// returned as it is). kubectl's hand-over (MoveToApplier) does it.
func MoveInto(obj *yamltree.Node, applier string, now time.Time, moves func(ID, VersionedSet) bool) (*yamltree.Node, []ID, error) {
	return moveInto(obj, applier, moves, func(moved []ID, managers Managers, _ Times) *time.Time {
		for _, id := range moved {
			if !ownsOnlyLastApplied(managers[id].Set) {
				t := now.UTC().Truncate(time.Second)
				return &t
			}
		}
		return nil
	})
}

// MoveKeepingTime is MoveInto, the Apply entry keeping the latest time of the entries moved
// into it (none: the time it had): Helm 4's first server-side upgrade of a release applied
// client-side, which patches managedFields alone before its apply (client-go's csaupgrade;
// observed with helm v4.3.2 on kube-apiserver v1.37.2, 2026-12-06: engine/modes/helm).
func MoveKeepingTime(obj *yamltree.Node, applier string, moves func(ID, VersionedSet) bool) (*yamltree.Node, []ID, error) {
	return moveInto(obj, applier, moves, func(moved []ID, _ Managers, times Times) *time.Time {
		latest := times[ApplyID(applier)]
		for _, id := range moved {
			if t := times[id]; t != nil && (latest == nil || t.After(*latest)) {
				latest = t
			}
		}
		return latest
	})
}

// moveInto moves the fields of every manager moves picks into applier's Apply entry, whose time
// becomes timeOf's (nil: the time it had, none for a new entry), given the managers and times
// before the move.
func moveInto(obj *yamltree.Node, applier string, moves func(ID, VersionedSet) bool,
	timeOf func(moved []ID, managers Managers, times Times) *time.Time) (*yamltree.Node, []ID, error) {
	entries, err := ReadEntries(ManagedFieldsOf(obj))
	if err != nil {
		return obj, nil, nil
	}
	managers, times, err := Decode(entries)
	if err != nil {
		return obj, nil, err
	}
	var moved []ID
	for id, vs := range managers {
		if moves(id, vs) {
			moved = append(moved, id)
		}
	}
	if len(moved) == 0 {
		return obj, nil, nil
	}
	sortIDs(moved)
	target := ApplyID(applier)
	at := timeOf(moved, managers, times)
	into := managers[target]
	for _, id := range moved {
		if into.Set == nil {
			into = VersionedSet{Set: managers[id].Set, APIVersion: managers[id].APIVersion, Applied: true}
		} else {
			into.Set = into.Set.Union(managers[id].Set)
		}
		delete(managers, id)
		delete(times, id)
	}
	managers[target] = into
	if at != nil {
		times[target] = at
	}
	out := obj.Clone()
	if err := setManagedFields(out, Encode(managers, times), nil); err != nil {
		return obj, nil, err
	}
	return out, moved, nil
}

// ownsOnlyLastApplied reports whether a set holds the last-applied annotation and nothing else
// (the annotations map it sits in aside).
func ownsOnlyLastApplied(s *fieldset.Set) bool {
	annotations := fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}}
	return s.Leaves().Difference(fieldset.New(lastAppliedPath, annotations)).Empty()
}

// Write is a client's write the API server records (Written).
type Write struct {
	// Type is the kind's type; nil reads the objects by their shapes.
	Type *schema.Type
	// Zero is what a create starts from (Request.Zero); Live the object written over, nil for a
	// create; Result the object stored.
	Zero, Live, Result *yamltree.Node
	Manager            string
	Now                time.Time
}

// Written records a client's write of result over live (kubectl apply's create or patch, kubectl
// patch, a Helm upgrade's patch) by manager, as the API server records such an update, and writes
// the managedFields it leaves into result's metadata, in place (result keeps its other nodes, so
// that what a mode worked out about them stands). live nil is a create: the manager owns every
// field the result holds that w.Zero lacks. live is an object the API server stores
// (Request.Stored): without managedFields, it stays
// without them; a result equal to live is a request that changes nothing, and the API server
// writes nothing (observed on kube-apiserver v1.37.2, run-apiserver.sh, 2026-12-06: a kubectl patch
// setting replicas to its value prints "patched (no change)"; resourceVersion and managedFields stay,
// no kubectl-patch entry). t nil, or a t the objects do not pass (a value of another type, which a mode
// merged as kubectl sends it: validate ignore), reads the objects by their shapes
// (schema.Deduced).
func Written(w Write) error {
	live, result := w.Live, w.Result
	if live != nil && isNone(ManagedFieldsOf(live)) && isNone(ManagedFieldsOf(result)) {
		return nil // untracked, and left so (steps.go's leaveUntracked), without its walks
	}
	if live != nil && yamltree.Equal(live, result) {
		return nil // a request that changes nothing: the API server writes nothing
	}
	fm := FieldManager{Type: w.Type, APIVersion: result.Get("apiVersion").Str(), Kind: result.Get("kind").Str()}
	req := Request{Live: live, Object: result, Manager: w.Manager, Now: w.Now, Stored: true, Zero: w.Zero}
	var out *Outcome
	err := errors.New("no schema")
	if w.Type != nil {
		out, err = fm.Update(req)
	}
	if err != nil {
		fm.Type = schema.Deduced()
		if out, err = fm.Update(req); err != nil {
			return err
		}
	}
	meta := metadataOf(result)
	if meta == nil && result.Get("metadata") == nil && len(out.Entries) > 0 {
		// no metadata yet: the API server writes one; metadata that is no map (a scalar, a
		// list) is left as the merge wrote it, with no managedFields (fuzz finding
		// metadata-not-a-map: running the upgrade again must give the same object)
		meta = yamltree.NewMap()
		result.Set("metadata", meta)
	}
	if meta == nil {
		return nil
	}
	if mf := ManagedFieldsOf(out.Object); mf != nil {
		meta.Set("managedFields", mf)
	} else {
		meta.Delete("managedFields")
	}
	return nil
}

// isNone reports whether a managedFields node is absent or null.
func isNone(list *yamltree.Node) bool {
	return list.IsNull()
}

// WrittenReason says in a sentence what Written did to an object's managedFields, for the marks
// of the modes that call it.
func WrittenReason(manager string) string {
	return "written by the API server, not by the request: " + manager + "'s update now owns what it changed (its managedFields entry, an Update), and every other manager loses what it changed or removed"
}

// IsManagedFields reports whether a path is .metadata.managedFields.
func IsManagedFields(p fieldpath.Path) bool {
	return len(p) == 2 && p[0].Field == "metadata" && p[1].Field == "managedFields"
}
