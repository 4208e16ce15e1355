package ssa

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/managed"
)

// who names managers for a sentence: an applier by its name, an updater by its name and
// "(update)", several joined with "and"; "no manager" for none.
func who(ids []string) string {
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

// managerName names one manager identifier for people.
func managerName(id string) string {
	p := managed.ParseID(id)
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
func ownersOf(m managed.Managers, path fieldpath.Path) []string {
	return m.Owners(path)
}

// without returns ids without id.
func without(ids []string, id string) []string {
	var out []string
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
