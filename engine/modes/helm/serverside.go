package helm

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
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

// upgradedManagers is what Helm 4 does to an object before its first server-side apply of a
// release applied client-side (client-go's csaupgrade, through a patch of managedFields alone):
// the fields of helm's Update entries on the object itself move into helm's Apply entry, so
// that the apply owns them and can remove those the new render drops; the entry keeps the time
// of the update it came from. Nil when helm has no Update entry.
func upgradedManagers(live *yamltree.Node) (*yamltree.Node, error) {
	entries, err := managed.ReadEntries(managed.ManagedFieldsOf(live))
	if err != nil {
		return nil, nil
	}
	var out []managed.Entry
	var into *managed.Entry
	moved := false
	for _, e := range entries {
		if e.Manager == Manager && e.Operation == managed.OperationUpdate && e.Subresource == "" {
			moved = true
			if into == nil {
				e.Operation, e.Subresource = managed.OperationApply, ""
				out = append(out, e)
				into = &out[len(out)-1]
				continue
			}
			into.Fields = into.Fields.Union(e.Fields)
			continue
		}
		out = append(out, e)
	}
	if !moved {
		return nil, nil
	}
	out = joinApply(out)
	list, err := managed.Node(out)
	if err != nil {
		return nil, err
	}
	obj := live.Clone()
	obj.Get("metadata").Set("managedFields", list)
	return obj, nil
}

// joinApply joins a moved entry with helm's own Apply entry, when it has one.
func joinApply(entries []managed.Entry) []managed.Entry {
	var out []managed.Entry
	at := -1
	for _, e := range entries {
		if e.Manager != Manager || e.Operation != managed.OperationApply {
			out = append(out, e)
			continue
		}
		if at < 0 {
			at = len(out)
			out = append(out, e)
			continue
		}
		out[at].Fields = out[at].Fields.Union(e.Fields)
		if out[at].Time == nil || (e.Time != nil && e.Time.After(*out[at].Time)) {
			out[at].Time = e.Time
		}
	}
	return out
}

// withUpgradedManagers is live with upgradedManagers done on every object of the new render.
func withUpgradedManagers(live []*stream.Resource) ([]*stream.Resource, error) {
	out := make([]*stream.Resource, len(live))
	for i, r := range live {
		out[i] = r
		obj, err := upgradedManagers(r.Root)
		if err != nil {
			return nil, err
		}
		if obj != nil {
			c := *r
			c.Root = obj
			out[i] = &c
		}
	}
	return out, nil
}
