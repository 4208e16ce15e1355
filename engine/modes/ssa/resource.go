package ssa

import (
	"errors"
	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"strconv"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Action is what the operation did to one resource.
type Action string

// The actions.
const (
	Create   Action = "create"   // not in live: created by this apply or update
	Apply    Action = "apply"    // applied to live
	Update   Action = "update"   // updated by the config
	Conflict Action = "conflict" // the apply stopped on conflicts
	Leave    Action = "none"     // only live has it: left alone
	Delete   Action = "delete"   // only live has it: the writer deletes it (Writer.Deletes)
)

// fragmentVersion is the API version managers write at for documents without an apiVersion.
const fragmentVersion = "v1"

// runner runs the request's operation on each resource.
type runner struct {
	in  *modes.Input
	now time.Time
	// stored: live holds objects the API server stores (managed.Request.Stored).
	stored bool
	// deletes are the objects of live the writer deletes, by identity.
	deletes map[stream.ID]Deletion
}

// outcome is what the operation did to one resource.
type outcome struct {
	triple    stream.Triple
	action    Action
	op        string     // apply or update
	requester string     // options.manager
	manager   managed.ID // the operating manager
	typ       *schema.Type
	deduced   bool // no schema knows the kind
	live      *yamltree.Node
	config    *yamltree.Node
	result    *yamltree.Node // nil on conflicts
	// stored is the result as the API server stores it (store); sentDrops what the server dropped
	// before its field manager saw the objects: of an update's config (decoded), of a custom
	// resource's live (liveAsStored); sentDefaults the defaults it wrote into an update's config.
	stored       apiserver.Stored
	sentDrops    []apiserver.Drop
	sentDefaults []apiserver.Default
	// liveDefaults are the defaults a cluster's object holds that live as given lacks, which
	// the field manager met in live (liveAsStored).
	liveDefaults []apiserver.Default
	// unchanged: an update whose object, decoded, is live as stored; the server writes nothing.
	unchanged bool
	done      *managed.Outcome
	// liveEntries are live's managedFields as read (for extra when nothing is written).
	liveEntries []managed.Entry
	// bareLive is live without its managedFields, made once for the conflicts' messages.
	bareLive *yamltree.Node
	// log holds the operation's decisions, field by field; the marks read their rules from it.
	log *decision.Log
	// kubectl lists kubectl's own steps taken after the apply (kubectl.go); movedFrom the
	// updaters whose fields kubectl moved to the applier.
	kubectl   []string
	movedFrom []managed.ID
	// deletion says why the writer deleted the object (action Delete).
	deletion Deletion
	// warned is what the API server warns of the object it accepts (modes.Input.Refuse).
	warned []contract.Warned
}

func (r runner) resource(t stream.Triple) (*outcome, error) {
	o := &outcome{triple: t, op: r.in.Request.Options.Operation, requester: r.in.Request.Options.Manager,
		live: root(t.Live), config: root(t.Updated)}
	fm, err := r.fieldManager(t)
	if err != nil {
		return nil, err
	}
	o.typ, o.deduced = fm.Type, fm.Type.Name == schema.DeducedName && r.in.Schema.Root(fm.APIVersion, fm.Kind) == nil
	if o.live != nil {
		// Entries that do not read are as good as none, as the API server reads them.
		o.liveEntries, _ = managed.ReadEntries(managed.ManagedFieldsOf(o.live))
	}
	if d, ok := r.deletes[t.ID]; ok && o.config == nil && o.live != nil {
		o.action, o.log, o.deletion = Delete, &decision.Log{}, d
		o.log.Record(nil, d.Rule, decision.Live)
		return o, nil
	}
	if o.config == nil {
		o.action, o.result, o.log = Leave, o.live.Clone(), &decision.Log{}
		o.log.Record(nil, managed.RuleUntouchedObject, decision.Live)
		return o, nil
	}
	// Live exists on a cluster under options.apiServer on: an update of an object without
	// managedFields leaves it untracked (observed on kube-apiserver v1.37.2, 2026-12-06: kubectl
	// replace, apply and patch of a ConfigMap whose managedFields were cleared record none;
	// make apiserver-diff seed 2, ssa-0).
	req := managed.Request{Live: r.liveAsStored(o), Object: o.config, Manager: r.in.Request.Options.Manager,
		Force: r.in.Request.Options.Force, Now: r.now, Subresource: r.in.Request.Options.Subresource, Stored: r.stored || r.in.Request.Options.ModelsAPIServer()}
	if o.op == opUpdate {
		o.manager = managed.UpdateID(req.Manager, fm.APIVersion)
		o.manager.Subresource = req.Subresource
		req.Object = o.decoded(r.in)
		req.Live, req.Zero = r.in.LiveAsStored(t.ID, req.Live), r.in.Zero(t.ID)
		if r.unchangedUpdate(req) {
			// the object as decoded is the one stored: the API server writes nothing (kubectl
			// patch prints "patched (no change)"), whatever defaults live as given lacks
			o.unchanged, o.sentDefaults = true, nil
			req.Object, req.Live = managed.WithoutManagedFields(o.live), o.live
		}
		o.done, err = fm.Update(req)
	} else {
		o.manager = managed.ApplyID(req.Manager)
		if !r.stored {
			req.Zero = r.in.Zero(t.ID) // before-first-apply's fields, when live has no managedFields
		}
		o.done, err = fm.Apply(req)
	}
	if err != nil {
		return nil, err
	}
	o.result, o.log = o.done.Object, o.done.Decisions
	o.action = o.actionTaken()
	if err := r.kubectlSteps(o, fm); err != nil {
		return nil, err
	}
	return o, nil
}

// unchangedUpdate reports whether an update's object, decoded, is live as the API server stores
// it (options.apiServer on), its managedFields none or live's: the server writes nothing.
func (r runner) unchangedUpdate(req managed.Request) bool {
	if !r.in.Request.Options.ModelsAPIServer() || req.Live == nil {
		return false
	}
	if mf := managed.ManagedFieldsOf(req.Object); mf != nil && !yamltree.Equal(mf, managed.ManagedFieldsOf(req.Live)) {
		return false
	}
	return yamltree.Equal(managed.ViewWithoutManagedFields(req.Object), managed.ViewWithoutManagedFields(req.Live))
}

// decoded is an update's config as the API server's field manager sees it: decoded and
// defaulted, so less what the object does not store (a null annotations map, a custom
// resource's null in a field its schema does not mark nullable), which the updater then does not
// own (observed on kube-apiserver v1.37.2, 2026-12-06: make apiserver-diff seed 2, ssa-19; seed
// 1, ssa-7), and with the defaults the server writes, which it owns where live lacked them
// (an object it creates, an item it adds: testdata/defaults.txt of engine/apiserver).
func (o *outcome) decoded(in *modes.Input) *yamltree.Node {
	sent := in.Store(o.triple.ID, o.config, modes.ListMapKeys)
	o.sentDrops = append(o.sentDrops, sent.Drops...)
	o.sentDefaults = append(o.sentDefaults, sent.Defaults...)
	return sent.Root
}

// liveAsStored is live as the field manager meets it under options.apiServer on: less what a
// cluster's object cannot hold, since the server did not store it (a custom resource's nulls its
// CRD does not let it hold, a built-in kind's immutable: null), which no manager owns then
// (observed on kube-apiserver v1.37.2, 2026-12-06: make apiserver-diff seed 1, ssa-12; seed 3,
// ssa-5, no conflict with before-first-apply on live's immutable: null). A live without
// managedFields given to an apply also holds the defaults a cluster wrote when it stored it,
// which before-first-apply then owns and conflicts on (observed on v1.37.2: make apiserver-diff
// seed 3, ssa-13, a Service given without its type: the apply of type: NodePort conflicts with
// before-first-apply on .spec.type); they are kept in o.liveDefaults for the marks. Live as given
// when it holds stored objects (a writer's step).
func (r runner) liveAsStored(o *outcome) *yamltree.Node {
	id := o.triple.ID
	if o.live == nil || r.stored {
		return o.live
	}
	stored := r.in.Store(id, o.live, modes.ListMapKeys)
	live := o.live
	if o.op == opApply && managed.ManagedFieldsOf(o.live) == nil && len(stored.Defaults) > 0 {
		live, o.liveDefaults = stored.Root.Clone(), stored.Defaults
	}
	for _, d := range stored.Drops {
		if d.Why == apiserver.NullAsEmpty || d.Why == apiserver.CanonicalQuantity {
			if live != o.live { // stored as another value: live's own is what the merge meets
				setPath(live, d.Path, d.Value)
			}
			continue
		}
		if _, set := explain.Deepest(o.config, d.Path); !set || o.config == nil {
			o.sentDrops = append(o.sentDrops, d) // the config's value, where it has one, is what the merge marks
		}
		if live == o.live {
			live = o.live.Clone()
		}
		withoutPath(live, d.Path)
	}
	return live
}

// setPath sets the map field at path in root to a copy of value, when root holds its parent.
func setPath(root *yamltree.Node, path fieldpath.Path, value *yamltree.Node) {
	if len(path) == 0 || path[len(path)-1].Field == "" {
		return
	}
	if parent, ok := explain.Deepest(root, path[:len(path)-1]); ok && parent.IsMap() {
		parent.Set(path[len(path)-1].Field, value.Clone())
	}
}

// withoutPath deletes the map field at path from root, when root holds it.
func withoutPath(root *yamltree.Node, path fieldpath.Path) {
	if len(path) == 0 || path[len(path)-1].Field == "" {
		return
	}
	if parent, ok := explain.Deepest(root, path[:len(path)-1]); ok && parent.IsMap() {
		parent.Delete(path[len(path)-1].Field)
	}
}

func (o *outcome) actionTaken() Action {
	switch {
	case len(o.done.Conflicts) > 0:
		return Conflict
	case o.live == nil:
		return Create
	case o.op == opUpdate:
		return Update
	}
	return Apply
}

// fieldManager returns the field manager of the triple's resource: its kind's root type from the
// schema, else the type options.schemaType names, else the deduced type.
func (r runner) fieldManager(t stream.Triple) (managed.FieldManager, error) {
	doc := root(t.Updated)
	if doc == nil {
		doc = root(t.Live)
	}
	fm := managed.FieldManager{APIVersion: doc.Get("apiVersion").Str(), Kind: doc.Get("kind").Str()}
	fm.Type = r.in.Schema.Root(fm.APIVersion, fm.Kind)
	if name := r.in.Request.Options.SchemaType; fm.Type == nil && name != "" {
		if fm.Type = r.in.Schema.Named(name); fm.Type == nil {
			return fm, errors.New("options.schemaType: the schema has no type " + strconv.Quote(name))
		}
	}
	if fm.Type == nil {
		fm.Type = schema.Deduced()
	}
	if fm.APIVersion == "" {
		fm.APIVersion = fragmentVersion
	}
	return fm, nil
}

func root(r *stream.Resource) *yamltree.Node {
	if r == nil {
		return nil
	}
	return r.Root
}
