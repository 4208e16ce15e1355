package helm

import (
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/stream"
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

// withUpgradedManagers is what Helm 4 does to live before its first server-side apply of a
// release applied client-side (client-go's csaupgrade, through a patch of managedFields alone):
// the fields of helm's Update entries on the objects themselves move into helm's Apply entry,
// so that the apply owns them and can remove those the new render drops (observed). The entry
// takes the time of the request, which the apply then writes anyway.
func withUpgradedManagers(live []*stream.Resource, now time.Time) ([]*stream.Resource, error) {
	helmUpdate := func(id managed.ID, _ managed.VersionedSet) bool {
		return id.Manager == Manager && id.Operation == managed.OperationUpdate && id.Subresource == ""
	}
	out := make([]*stream.Resource, len(live))
	for i, r := range live {
		obj, _, err := managed.MoveInto(r.Root, Manager, now, helmUpdate)
		if err != nil {
			return nil, err
		}
		out[i] = writer.Sent(r, obj)
	}
	return out, nil
}
