package managed

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// VersionedSet is what one manager owns, the API version it wrote at, and whether it applied
// (rather than updated).
type VersionedSet struct {
	_          incomparable.Field
	Set        *fieldset.Set
	APIVersion string
	Applied    bool
}

// Managers maps managers, by identity, to what they own. The field manager keys them as the API
// server does (see ID); the ownership layer takes any identity (ID{Manager: "a"} in the
// structured-merge-diff vectors).
type Managers map[ID]VersionedSet

// Clone returns a copy of m that can be changed without changing m (sets are shared: operations
// on them never change them).
func (m Managers) Clone() Managers {
	out := make(Managers, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// IDs returns the managers, sorted by identifier (ID.String).
func (m Managers) IDs() []ID {
	out := make([]ID, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sortIDs(out)
	return out
}

// sortIDs sorts identities by their identifier's text.
func sortIDs(ids []ID) {
	texts := make(map[ID]string, len(ids))
	for _, id := range ids {
		texts[id] = id.String()
	}
	sort.Slice(ids, func(i, j int) bool { return texts[ids[i]] < texts[ids[j]] })
}

// Owners returns the managers whose set holds path, sorted by identifier.
func (m Managers) Owners(path fieldpath.Path) []ID {
	var out []ID
	for id, vs := range m {
		if vs.Set.Has(path) {
			out = append(out, id)
		}
	}
	sortIDs(out)
	return out
}

// Conflict is a field another manager owns that an apply would change.
type Conflict struct {
	Manager ID
	Path    fieldpath.Path
}

// Conflicts stop an apply that is not forced. They are sorted by manager, then by path in the
// order of field sets.
type Conflicts []Conflict

// Error lists the conflicts, one per line.
func (c Conflicts) Error() string {
	lines := make([]string, len(c))
	for i, x := range c {
		lines[i] = "conflict with " + x.Manager.String() + ": " + x.Path.String()
	}
	return strings.Join(lines, "\n")
}

// conflictsOf flattens conflict sets per manager into sorted conflicts.
func conflictsOf(sets Managers) Conflicts {
	var out Conflicts
	for _, id := range sets.IDs() {
		for _, p := range sets[id].Set.Paths() {
			out = append(out, Conflict{Manager: id, Path: p})
		}
	}
	return out
}

// Set returns the conflicting paths as one set.
func (c Conflicts) Set() *fieldset.Set {
	s := &fieldset.Set{}
	for _, x := range c {
		s.Insert(x.Path)
	}
	return s
}
