package ssa

import (
	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// store works out the object the API server stores for the operation: the result less what
// the kind's Go type does not store, with its defaults (package apiserver); the result as it is
// for a resource the config leaves alone, on conflicts, and for an update the server finds
// changes nothing.
func (o *outcome) store(in *modes.Input) {
	o.stored = apiserver.Stored{Root: o.result}
	if o.action != Leave && o.action != Conflict && !o.unchanged {
		switch o.op {
		case opUpdate: // the whole object is sent: what it lacks, live's defaults included, goes
			// (make apiserver-diff seed 2, ssa-0: a replace to sessionAffinity None drops
			// sessionAffinityConfig)
			o.stored = in.StoreUpdate(o.triple, o.result, modes.ListMapKeys)
		default: // a server-side apply's null deletes nothing the applier does not own (observed
			// on v1.37.2: rollingUpdate: null beside type: OnDelete is refused all the same)
			o.stored = in.StoreOver(o.triple, o.result, nil, modes.ListMapKeys)
			o.keepTimes(in)
		}
		o.stored.Drops = withoutRepeats(append(o.sentDrops[:len(o.sentDrops):len(o.sentDrops)], o.stored.Drops...))
		o.stored.Defaults = append(o.sentDefaults[:len(o.sentDefaults):len(o.sentDefaults)], o.stored.Defaults...)
		o.stored.Defaults = append(o.stored.Defaults, o.keptLiveDefaults()...)
	}
}

// keptLiveDefaults are the defaults live held as a cluster stores it, though not as given
// (liveAsStored), that the stored object keeps as they were: marked as the server's defaults kept
// from live (apiserver.Default.FromLive).
func (o *outcome) keptLiveDefaults() []apiserver.Default {
	var out []apiserver.Default
	for _, d := range o.liveDefaults {
		if n, ok := explain.Deepest(o.stored.Root, d.Path); ok && yamltree.Equal(n, d.Value) {
			d.FromLive = true
			out = append(out, d)
		}
	}
	return out
}

// keepTimes gives the stored object live's managedFields when an apply that changed the object
// as its config reads stores it as live is stored, entries differing only in their times: the API
// server compares the objects it stores, finds no change and keeps the times (observed on
// kube-apiserver v1.37.2: a config holding paused: false applied onto the object it stored, same
// times and resourceVersion; FuzzSSA's corpus holds a container's unknown null field).
func (o *outcome) keepTimes(in *modes.Input) {
	live := modes.RootOf(o.triple.Live)
	if live == nil || o.done == nil || !o.done.Changed || !in.Request.Options.ModelsAPIServer() {
		return
	}
	was := in.Store(o.triple.ID, live, modes.ListMapKeys).Root
	if !yamltree.Equal(managed.ViewWithoutManagedFields(o.stored.Root), managed.ViewWithoutManagedFields(was)) {
		return
	}
	before, after := managed.ManagedFieldsOf(was), managed.ManagedFieldsOf(o.stored.Root)
	if before == nil || after == nil || !yamltree.Equal(withoutTimes(before), withoutTimes(after)) {
		return
	}
	entries, err := managed.ReadEntries(before)
	if err != nil {
		return
	}
	root := o.stored.Root.Clone()
	root.Get("metadata").Set("managedFields", before.Clone())
	o.stored.Root, o.done.Changed, o.done.Entries = root, false, entries
}

// withoutTimes is a managedFields list less each entry's time.
func withoutTimes(entries *yamltree.Node) *yamltree.Node {
	out := entries.Clone()
	for _, e := range out.Items {
		if e.IsMap() {
			e.Delete("time")
		}
	}
	return out
}

// withoutRepeats keeps the first drop of each path (a null both live and an update's config
// hold is the config's).
func withoutRepeats(drops []apiserver.Drop) []apiserver.Drop {
	seen := map[string]bool{}
	out := drops[:0]
	for _, d := range drops {
		if p := d.Path.String(); !seen[p] {
			seen[p] = true
			out = append(out, d)
		}
	}
	return out
}

// refuse adds the API server's refusal of the object the operation would store (package
// apiserver). Nothing for a resource the config leaves alone, and on conflicts (the field manager
// refuses first).
func (o *outcome) refuse(in *modes.Input, resp *contract.Response) {
	if o.action != Leave && o.action != Conflict {
		in.Refuse(resp, o.triple, o.stored)
	}
}
