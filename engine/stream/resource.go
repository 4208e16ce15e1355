package stream

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ID identifies a resource: apiVersion, kind, namespace (empty when cluster-scoped) and name.
type ID struct {
	APIVersion string
	Kind       string
	Namespace  string
	Name       string
}

// String writes the identity as the contract's "resource" field does:
// apiVersion/kind/namespace/name, or apiVersion/kind/name for a cluster-scoped resource.
func (id ID) String() string {
	if id.Kind == "" && id.Name == "" {
		return ""
	}
	if id.Namespace == "" {
		return id.APIVersion + "/" + id.Kind + "/" + id.Name
	}
	return id.APIVersion + "/" + id.Kind + "/" + id.Namespace + "/" + id.Name
}

// Complete reports whether the identity has everything pairing needs.
func (id ID) Complete() bool { return id.APIVersion != "" && id.Kind != "" && id.Name != "" }

// Resource is one object of a stream.
type Resource struct {
	_  incomparable.Field
	ID ID
	// Root is the object; it is always a map.
	Root *yamltree.Node
	// Doc is the document the object was read from (for a List item, the List's document).
	Doc *yamltree.Document
	// ScopeAssumed records that no schema knew the kind's scope, so that it was assumed
	// namespaced (as kubectl assumes nothing: it asks the cluster); a mode's reason can say so.
	ScopeAssumed bool

	// named is ID.String() and hashed ID.hash(), when the resource was split (written once for
	// each document read, not at each request that hands the document out again).
	named  string
	hashed uint64
}

// Line returns where the resource starts in its input.
func (r *Resource) Line() int { return r.Root.Pos.Line }

// Identity returns r.ID.String(), written once when its document was split.
func (r *Resource) Identity() string {
	if r.hashed == 0 { // not split: a resource made otherwise
		return r.ID.String()
	}
	return r.named
}

// idHash returns r.ID.hash(), worked out once when its document was split.
func (r *Resource) idHash() uint64 {
	if r.hashed == 0 {
		return r.ID.hash()
	}
	return r.hashed
}

// Scope reports whether a kind is namespaced. A nil Scope treats every kind as namespaced.
type Scope func(apiVersion, kind string) bool

// Scopes knows the scope of kinds: namespaced, and whether it knows at all (a schema.Set does).
type Scopes interface {
	Namespaced(apiVersion, kind string) (namespaced, known bool)
}

// SplitKnown is Split with the scopes a schema knows: a kind it does not know is assumed
// namespaced, and its resources say so (Resource.ScopeAssumed).
func SplitKnown(docs []*yamltree.Document, scopes Scopes) ([]*Resource, error) {
	return (&Splitter{}).SplitKnown(docs, scopes)
}

// Split returns the resources of a parsed stream in order. Empty documents and null documents
// ("---" then "~" or "null") are skipped, as kubectl and kyaml skip them. Every other document
// must be a map; two resources with one identity are an error naming both places.
func Split(docs []*yamltree.Document, scope Scope) ([]*Resource, error) {
	return (&Splitter{}).split(docs, scope, nil)
}

// Splitter splits the successive versions of one stream, as SplitKnown does, remembering what
// each document held: a document given again (the same *yamltree.Document, which a
// yamltree.Reader's ParseShared hands out for a document whose text did not change) is not read
// again, and its resources are the ones handed out before. The documents must not change once
// split, nor the resources handed out, and the scopes must be the same at every call (a caller
// whose schema changes makes a new Splitter). A Splitter keeps the documents of its last call
// only; it is not safe for concurrent use.
type Splitter struct {
	docs []*yamltree.Document
	held []*docObjects // by document of docs; nil for a null one
}

// docObjects is what a document holds: its resources.
type docObjects struct {
	resources []*Resource
}

// recalled returns what the last call found in each of docs, nil for a document it did not
// split: the documents of a stream edited in one place are the last call's in the same order
// before and after it, so only those between are looked up by document.
func (s *Splitter) recalled(docs []*yamltree.Document) []*docObjects {
	out := make([]*docObjects, len(docs))
	head := 0
	for head < len(docs) && head < len(s.docs) && docs[head] == s.docs[head] {
		out[head] = s.held[head]
		head++
	}
	tail := 0
	for tail < len(docs)-head && tail < len(s.docs)-head && docs[len(docs)-1-tail] == s.docs[len(s.docs)-1-tail] {
		out[len(docs)-1-tail] = s.held[len(s.docs)-1-tail]
		tail++
	}
	middle := s.docs[head : len(s.docs)-tail]
	if len(middle) == 0 {
		return out
	}
	byDoc := make(map[*yamltree.Document]*docObjects, len(middle))
	for j, d := range middle {
		byDoc[d] = s.held[head+j]
	}
	for i := head; i < len(docs)-tail; i++ {
		out[i] = byDoc[docs[i]]
	}
	return out
}

// SplitKnown is the package's SplitKnown, reading only the documents it has not split before.
func (s *Splitter) SplitKnown(docs []*yamltree.Document, scopes Scopes) ([]*Resource, error) {
	scope := func(apiVersion, kind string) bool {
		namespaced, known := scopes.Namespaced(apiVersion, kind)
		return namespaced || !known
	}
	known := func(id ID) bool {
		_, ok := scopes.Namespaced(id.APIVersion, id.Kind)
		return ok
	}
	return s.split(docs, scope, known)
}

// split is Split, each resource's scope marked assumed when known (if any) does not know it,
// every document's objects kept for the next call.
func (s *Splitter) split(docs []*yamltree.Document, scope Scope, known func(ID) bool) ([]*Resource, error) {
	held := s.recalled(docs)
	out := make([]*Resource, 0, len(docs))
	// The resources seen so far by their identity's hash (the first one with each hash, an index
	// of out): a stream of thousands of resources is split at every key, and a map of identities
	// hashed their four strings again each time. A hash two identities share is checked again
	// exactly.
	seen := newHashIndex(len(docs))
	collided := false
	for i, d := range docs {
		if held[i] == nil {
			if d.Root.IsNull() {
				continue
			}
			var err error
			if held[i], err = read(d, scope, known); err != nil {
				return nil, err
			}
		}
		for _, r := range held[i].resources {
			if j, ok := seen.find(r.hashed); ok {
				prev := out[j]
				if prev.ID == r.ID && r.ID.Complete() {
					return nil, twice(prev, r)
				}
				collided = collided || prev.ID != r.ID
			}
			seen.add(r.hashed, len(out))
			out = append(out, r)
		}
	}
	if collided {
		if err := noneTwice(out); err != nil {
			return nil, err
		}
	}
	s.docs, s.held = slices.Clone(docs), held // the caller's slice may change: a copy
	return out, nil
}

// twice is the error of a resource whose identity an earlier one has.
func twice(prev, r *Resource) error {
	return yamltree.ErrorAt(r.Root.Pos, r.ID.String()+" is defined twice in "+string(r.Root.Pos.Input)+": first at line "+strconv.Itoa(prev.Line())+", again here")
}

// noneTwice checks that no two resources have one complete identity, by their identities.
func noneTwice(rs []*Resource) error {
	seen := make(map[ID]*Resource, len(rs))
	for _, r := range rs {
		if prev, dup := seen[r.ID]; dup && r.ID.Complete() {
			return twice(prev, r)
		}
		seen[r.ID] = r
	}
	return nil
}

// read returns what a document holds: its resources, each with its identity's string and hash.
func read(d *yamltree.Document, scope Scope, known func(ID) bool) (*docObjects, error) {
	objects, err := objectsOf(d.Root)
	if err != nil {
		return nil, err
	}
	held := &docObjects{resources: make([]*Resource, len(objects))}
	for i, obj := range objects {
		id := identity(obj, scope)
		held.resources[i] = &Resource{ID: id, Root: obj, Doc: d, ScopeAssumed: known != nil && !known(id), named: id.String(), hashed: id.hash()}
	}
	return held, nil
}

// hash hashes the identity (FNV-1a, 64 bits, its parts apart; never 0, which Resource takes for
// none worked out).
func (id ID) hash() uint64 {
	h := uint64(14695981039346656037)
	for _, part := range [...]string{id.APIVersion, id.Kind, id.Namespace, id.Name} {
		for i := 0; i < len(part); i++ {
			h ^= uint64(part[i])
			h *= 1099511628211
		}
		h ^= 0xff // no byte of a part's UTF-8: parts apart
		h *= 1099511628211
	}
	return max(h, 1)
}

// objectsOf returns the objects a document holds: itself, or a List's items.
func objectsOf(root *yamltree.Node) ([]*yamltree.Node, error) {
	if !root.IsMap() {
		return nil, yamltree.ErrorAt(root.Pos, "a document must be a map (an object with apiVersion, kind and metadata), found a "+root.Kind.String())
	}
	items := root.Get("items")
	kind := root.Get("kind").Str()
	if !strings.HasSuffix(kind, "List") || !items.IsList() || root.Lookup("metadata", "name") != nil {
		return []*yamltree.Node{root}, nil
	}
	for _, it := range items.Items {
		if !it.IsMap() {
			return nil, yamltree.ErrorAt(it.Pos, "an item of "+kind+" must be a map, found a "+it.Kind.String())
		}
	}
	return items.Items, nil
}

// identity reads an object's identity, defaulting the namespace of a namespaced kind.
func identity(obj *yamltree.Node, scope Scope) ID {
	id := ID{
		APIVersion: obj.Get("apiVersion").Str(),
		Kind:       obj.Get("kind").Str(),
		Namespace:  obj.Lookup("metadata", "namespace").Str(),
		Name:       obj.Lookup("metadata", "name").Str(),
	}
	namespaced := scope == nil || scope(id.APIVersion, id.Kind)
	switch {
	case !namespaced:
		id.Namespace = ""
	case id.Namespace == "" && id.Kind != "":
		id.Namespace = "default"
	}
	return id
}

// describeMissing says which identity fields an object lacks.
func describeMissing(id ID) string {
	var missing []string
	if id.APIVersion == "" {
		missing = append(missing, "apiVersion")
	}
	if id.Kind == "" {
		missing = append(missing, "kind")
	}
	if id.Name == "" {
		missing = append(missing, "metadata.name")
	}
	return "no " + strings.Join(missing, ", ")
}
