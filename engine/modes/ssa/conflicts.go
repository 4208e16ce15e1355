package ssa

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// conflictEntries lists the conflicts that stopped the apply of one resource, one per manager and
// path, each at its line in live.
func (o *outcome) conflictEntries() []contract.Conflict {
	if o.action != Conflict {
		return nil
	}
	if o.bareLive == nil {
		o.bareLive = withoutManagedFields(o.live)
	}
	out := make([]contract.Conflict, 0, len(o.done.Conflicts))
	for _, c := range o.done.Conflicts {
		id := c.Manager
		live := valueAt(o.bareLive, c.Path, o.typ)
		config := valueAt(o.config, c.Path, o.typ)
		entry := contract.Conflict{
			Resource:    o.triple.ID.String(),
			Path:        c.Path.String(),
			Manager:     id.Manager,
			Operation:   id.Operation,
			Subresource: id.Subresource,
			Config:      explain.Short(config),
			Message:     o.conflictMessage(c, live, config),
			Line:        lineIn(o.live, c.Path, o.typ),
		}
		if live == nil {
			live = o.liveDefault(entry.Path)
		}
		if live != nil {
			entry.Live = explain.Short(live)
		}
		out = append(out, entry)
	}
	return out
}

// conflictMessage says who holds the field, both values (live's and the config's), and the ways
// out.
func (o *outcome) conflictMessage(c managed.Conflict, live, config *yamltree.Node) string {
	owner := managerName(c.Manager)
	livePart := "live has " + explain.Short(live)
	switch d := o.liveDefault(c.Path.String()); {
	case live == nil && d != nil:
		livePart = "live as given does not show it: the API server wrote its default " + explain.Short(d) + " when it stored live, and a cluster's object holds it"
	case live == nil:
		livePart = "live does not have it"
	}
	msg := owner + " owns this field (" + livePart + ") and the config sets " + explain.Short(config) + ": applying as " + managerName(o.manager) + " would change a field another manager owns, so the API server refuses the apply. " + "Leave the field out of the config to let " + owner + " keep it, or force the apply (kubectl apply --server-side --force-conflicts) to take it over"
	if c.Manager.Manager == managed.BeforeFirstApply {
		msg += "; live has no managedFields, so the API server gives every field live holds to before-first-apply, and a first apply conflicts on every value it changes"
	}
	if o.manager.Manager == "kubectl" && c.Manager.Manager == "kubectl-client-side-apply" {
		msg += "; the API server hands fields over from client-side apply without a conflict only when the last-applied annotation names the value live still has, which is not the case here"
	}
	return msg
}

// liveDefault is the API server's default at path that live held as a cluster stores it though
// not as given (outcome.liveDefaults), nil for none.
func (o *outcome) liveDefault(path string) *yamltree.Node {
	for _, d := range o.liveDefaults {
		if d.Path.String() == path {
			return d.Value
		}
	}
	return nil
}
