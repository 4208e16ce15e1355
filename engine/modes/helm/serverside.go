package helm

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// method is how a Helm 4 step sends its objects.
type method string

// The methods, as Helm 4 records a release's (its ApplyMethod).
const (
	serverSide  method = "ssa" // a server-side apply by helm
	clientSideM method = "csa" // Helm 3's patch (or create), an update by helm
)

// methodOf is how a Helm 4 step sends: --server-side=true or false as given; auto applies an
// install server-side and upgrades a release as it was last applied, which the engine reads
// from live (the release record is not an input): server-side when an object of the previous
// render carries an Apply entry of helm, else client-side (a release Helm 3 installed records
// no method and counts as client-side, as Helm 4 reads it).
func methodOf(in *modes.Input) method {
	switch in.Request.Options.ServerSide {
	case contract.ServerSideTrue:
		return serverSide
	case contract.ServerSideFalse:
		return clientSideM
	}
	if !upgrading(in) || releaseApplied(in) {
		return serverSide
	}
	return clientSideM
}

// upgrading reports whether a step is helm upgrade: a previous render is given.
func upgrading(in *modes.Input) bool { return len(in.Original) > 0 }

// releaseApplied reports whether an object of the release carries an Apply entry of helm.
func releaseApplied(in *modes.Input) bool {
	for _, r := range in.Live {
		entries, err := managed.ReadEntries(managed.ManagedFieldsOf(r.Root))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.Manager == Manager && e.Operation == managed.OperationApply {
				return true
			}
		}
	}
	return false
}

// movedReason says what the cluster keeps after Helm 4's refused first server-side upgrade of a
// release applied client-side.
const movedReason = "before its apply, Helm 4 moved helm's Update entry into an Apply entry of helm (the same fields, " +
	"the same time; a patch of managedFields alone, which the API server took); the apply was then refused, and the cluster keeps the move"

// withUpgradedManagers is what Helm 4 does to live before its first server-side apply of a
// release applied client-side (client-go's csaupgrade, through a patch of managedFields alone):
// on each object of the new render live holds, the fields of helm's Update entry move into
// helm's Apply entry, so that the apply owns them and can remove those the new render drops.
// Observed with helm v4.3.2 on kube-apiserver v1.37.2, 2026-12-06 (testdata/observed.txt,
// sequence N's watch): one write, before the apply; the Apply entry holds the Update entry's
// fields and keeps its time; generation unchanged. moved reports whether any object changed.
func withUpgradedManagers(live, render []*stream.Resource) ([]*stream.Resource, bool, error) {
	helmUpdate := func(id managed.ID, _ managed.VersionedSet) bool {
		return id.Manager == Manager && id.Operation == managed.OperationUpdate && id.Subresource == ""
	}
	out := make([]*stream.Resource, len(live))
	moved := false
	for i, r := range live {
		out[i] = r
		if find(render, r.ID) == nil {
			continue
		}
		obj, ids, err := managed.MoveKeepingTime(r.Root, Manager, helmUpdate)
		if err != nil {
			return nil, false, err
		}
		if len(ids) > 0 {
			out[i], moved = writer.Sent(r, obj), true
		}
	}
	return out, moved, nil
}

// emit is a stream of objects as YAML.
func emit(rs []*stream.Resource) string {
	docs := make([]*yamltree.Document, len(rs))
	for i, r := range rs {
		docs[i] = &yamltree.Document{Root: r.Root}
	}
	text := yamltree.EmitText(docs)
	return text
}
