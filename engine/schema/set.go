package schema

import (
	"cmp"
	"slices"
	"sort"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Scope is where the objects of a kind live.
type Scope uint8

const (
	// ScopeUnknown means the set does not say.
	ScopeUnknown Scope = iota
	// ScopeNamespaced kinds live in a namespace (Pod, ConfigMap).
	ScopeNamespaced
	// ScopeCluster kinds live outside namespaces (Namespace, Node, ClusterRole).
	ScopeCluster
)

// String returns the scope as a CRD's spec.scope writes it: "Namespaced", "Cluster", or "" when
// unknown.
func (s Scope) String() string {
	switch s {
	case ScopeNamespaced:
		return "Namespaced"
	case ScopeCluster:
		return "Cluster"
	default:
		return ""
	}
}

// GroupVersionKind names a kind of resource as its documents do.
type GroupVersionKind struct {
	// APIVersion is "group/version", or "version" for the core group ("v1").
	APIVersion string
	// Kind is the resource's kind ("Deployment").
	Kind string
}

// KindInfo is what a Set knows of a kind of resource.
type KindInfo struct {
	_ incomparable.Field
	GroupVersionKind
	// Type is the root type of the resource.
	Type *Type
	// Scope is whether the kind is namespaced.
	Scope Scope
	// FromCRD records that a CustomResourceDefinition declared the kind: the kind is a custom
	// resource, which kubectl apply patches with a JSON merge patch whatever its schema says.
	FromCRD bool

	// typeName names the root type while Type is not built yet (a set that builds types on first
	// use): see Set.rootOf.
	typeName string
}

// Set is a collection of named types plus the index from apiVersion and kind to a resource's root
// type and scope. A Set is read-only once built (the built-in set builds its types on first use,
// which changes nothing a caller can see) and safe for concurrent use; the zero value and nil are
// empty sets.
type Set struct {
	types map[string]*Type
	kinds map[GroupVersionKind]KindInfo
	// lazy builds types on first use; looked up after types. Nil for none.
	lazy *lazyTypes
}

// newSet returns an empty set ready to fill.
func newSet() *Set {
	return &Set{types: map[string]*Type{}, kinds: map[GroupVersionKind]KindInfo{}}
}

// Root returns the root type of the resource kind at apiVersion, nil when the set does not know it.
func (s *Set) Root(apiVersion, kind string) *Type {
	if s == nil {
		return nil
	}
	return s.rootOf(s.kinds[GroupVersionKind{apiVersion, kind}])
}

// rootOf returns a kind's root type, building it when the set builds types on first use.
func (s *Set) rootOf(k KindInfo) *Type {
	if k.Type != nil || k.typeName == "" {
		return k.Type
	}
	return s.Named(k.typeName)
}

// Named returns the type called name, nil when the set has none. Names are as the source wrote them:
// "io.k8s.api.core.v1.Container" for the built-ins, a definition's key for OpenAPI documents.
func (s *Set) Named(name string) *Type {
	if s == nil {
		return nil
	}
	if t := s.types[name]; t != nil {
		return t
	}
	if s.lazy != nil {
		return s.lazy.named(name)
	}
	return nil
}

// Namespaced reports whether objects of kind at apiVersion live in a namespace; known is false when
// the set does not know the kind's scope.
func (s *Set) Namespaced(apiVersion, kind string) (namespaced, known bool) {
	if s == nil {
		return false, false
	}
	switch s.kinds[GroupVersionKind{apiVersion, kind}].Scope {
	case ScopeNamespaced:
		return true, true
	case ScopeCluster:
		return false, true
	default:
		return false, false
	}
}

// Kinds returns every kind the set knows, sorted by apiVersion then kind, their root types built.
func (s *Set) Kinds() []KindInfo {
	if s == nil {
		return nil
	}
	out := make([]KindInfo, 0, len(s.kinds))
	for _, k := range s.kinds {
		k.Type = s.rootOf(k)
		out = append(out, k)
	}
	// sort.Slice rather than slices.SortFunc: the generic sort of this struct weighs about 20 KB
	// in the wasm, sort.Slice's code is shared.
	sort.Slice(out, func(i, j int) bool {
		return cmp.Or(cmp.Compare(out[i].APIVersion, out[j].APIVersion), cmp.Compare(out[i].Kind, out[j].Kind)) < 0
	})
	return out
}

// TypeNames returns the names of the set's named types, sorted.
func (s *Set) TypeNames() []string {
	if s == nil {
		return nil
	}
	names := make([]string, 0, len(s.types))
	for name := range s.types {
		names = append(names, name)
	}
	if s.lazy != nil {
		names = append(names, s.lazy.names()...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Merge returns a set holding the types and kinds of every set given, a later set winning over an
// earlier one on a type name or a kind: Merge(builtin, user) puts a user schema on top of the
// built-ins. A kind whose later entry has no scope keeps the earlier scope. Types already built keep
// pointing at the types they were built with: a user type named like a built-in one replaces it for
// Named and Root, not inside other built-in types. Nil sets are skipped; the inputs are not changed.
// The first set may build its types on first use (the built-in set stays lazy under a user schema);
// a later set that does is built whole here.
func Merge(sets ...*Set) *Set {
	out := newSet()
	first := true
	for _, s := range sets {
		if s == nil {
			continue
		}
		types := s.types
		if s.lazy != nil {
			if first {
				out.lazy = s.lazy
			} else {
				types = s.allTypes()
			}
		}
		first = false
		for name, t := range types {
			out.types[name] = t
		}
		for key, k := range s.kinds {
			if k.Scope == ScopeUnknown {
				k.Scope = out.kinds[key].Scope
			}
			out.kinds[key] = k
		}
	}
	return out
}

// allTypes returns every type of the set, building those it builds on first use. A type that fails
// to build is left out (the built-in file is generated and tested; see lazyTypes.err).
func (s *Set) allTypes() map[string]*Type {
	all := map[string]*Type{}
	if s.lazy != nil {
		if built, err := s.lazy.all(); err == nil {
			all = built
		}
	}
	for name, t := range s.types {
		all[name] = t
	}
	return all
}
