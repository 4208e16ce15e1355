package managed

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
)

// VersionedSet is what one manager owns, the API version it wrote at, and whether it applied
// (rather than updated).
type VersionedSet struct {
	Set        *fieldset.Set
	APIVersion string
	Applied    bool
}

// Managers maps manager names (for the field manager: identifiers, see ID) to what they own.
type Managers map[string]VersionedSet

// Clone returns a copy of m that can be changed without changing m (sets are shared: operations
// on them never change them).
func (m Managers) Clone() Managers {
	out := make(Managers, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Names returns the manager names, sorted.
func (m Managers) Names() []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Owners returns the names of the managers whose set holds path, sorted.
func (m Managers) Owners(path fieldpath.Path) []string {
	var out []string
	for _, name := range m.Names() {
		if m[name].Set.Has(path) {
			out = append(out, name)
		}
	}
	return out
}

// Conflict is a field another manager owns that an apply would change.
type Conflict struct {
	Manager string
	Path    fieldpath.Path
}

// Conflicts stop an apply that is not forced. They are sorted by manager, then by path in the
// order of field sets.
type Conflicts []Conflict

// Error lists the conflicts, one per line.
func (c Conflicts) Error() string {
	lines := make([]string, len(c))
	for i, x := range c {
		lines[i] = fmt.Sprintf("conflict with %s: %s", x.Manager, x.Path)
	}
	return strings.Join(lines, "\n")
}

// conflictsOf flattens conflict sets per manager into sorted conflicts.
func conflictsOf(sets Managers) Conflicts {
	var out Conflicts
	for _, name := range sets.Names() {
		for _, p := range sets[name].Set.Paths() {
			out = append(out, Conflict{Manager: name, Path: p})
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
