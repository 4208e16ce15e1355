package ssa

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
)

// who names managers for a sentence: an applier by its name, an updater by its name and
// "(update)", several joined with "and"; "no manager" for none.
func who(ids []managed.ID) string {
	if len(ids) == 0 {
		return "no manager"
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = managerName(id)
	}
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// managerName names one manager for people.
func managerName(p managed.ID) string {
	var notes []string
	if p.Operation == managed.OperationUpdate {
		notes = append(notes, "update")
	}
	if p.Subresource != "" {
		notes = append(notes, p.Subresource)
	}
	if len(notes) == 0 {
		return p.Manager
	}
	return p.Manager + " (" + strings.Join(notes, ", ") + ")"
}

// ownersOf returns the managers owning path in m, sorted by identifier.
func ownersOf(m managed.Managers, path fieldpath.Path) []managed.ID {
	return m.Owners(path)
}

// without returns ids without id.
func without(ids []managed.ID, id managed.ID) []managed.ID {
	var out []managed.ID
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

func contains(ids []managed.ID, id managed.ID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
