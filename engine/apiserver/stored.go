package apiserver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/quantity"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Why says why the API server does not store a value as the merge left it.
type Why uint8

// The reasons a value is not stored as it is.
const (
	// DroppedNull: a null in a field whose Go type leaves an unset value out (omitempty,
	// omitzero): the field is not stored.
	DroppedNull Why = iota + 1
	// DroppedEmpty: "", 0, false, [] or {} in an omitempty field of a string, number, boolean,
	// list or map: the field is not stored.
	DroppedEmpty
	// DroppedUnknown: a field the kind's Go type does not declare: the decoder drops it
	// (kubectl --validate=ignore lets it through, warn warns).
	DroppedUnknown
	// NullAsEmpty: a null value of a map of strings (labels, nodeSelector): stored as "".
	NullAsEmpty
	// PrunedNull: a null in a custom resource's field its CRD's schema does not mark nullable:
	// true (and gives no default): the API server prunes it before it stores the object.
	PrunedNull
	// CanonicalQuantity: a resource quantity (cpu, memory, storage) stored in its canonical
	// form (engine/quantity): 0.5Gi as 512Mi.
	CanonicalQuantity
	// Cleared: a field the server clears while another does not call for it (clearedFields):
	// a Service's sessionAffinityConfig unless its sessionAffinity is ClientIP.
	Cleared
)

// Drop is a value of the result the API server does not store as it is.
type Drop struct {
	// Path is the value's place in the mode's paths (items keyed as Keys says).
	Path fieldpath.Path
	Why  Why
	// Value is the result's value; Stored, for NullAsEmpty and CanonicalQuantity, the value
	// stored instead (nil for a field not stored).
	Value, Stored *yamltree.Node
	// Type names the Go type that lacks an unknown field (its OpenAPI name's last part).
	Type string
	// Field is the value's place as the API server's messages write it, items by position:
	// "spec.template.spec.containers[0].foo".
	Field string
	// Unless, for Cleared, is what would keep the field ("sessionAffinity: ClientIP").
	Unless string
}

// Keys names the fields that identify an item of a list in a mode's paths: the patch merge keys
// for apply, patch and twoway, the list-map keys for server-side apply; none for a list whose
// items go by position.
type Keys func(field *schema.Field, list *schema.Type) []string

// Stored is an object as the API server stores it.
type Stored struct {
	// Root is the object stored: the result itself when nothing changes, else a copy of the
	// maps and lists that change, sharing the rest with the result.
	Root *yamltree.Node
	// Drops are the values not stored as the result holds them, in the order written.
	Drops []Drop
	// Defaults are the values the API server wrote that the result lacks (a built-in kind's
	// defaults: defaults.go), in the order written.
	Defaults []Default
	// Copies maps each node of the result that Root replaces by a copy to its copy, so that a
	// place found by a result's node is found in Root.
	Copies map[*yamltree.Node]*yamltree.Node
}

// Store returns obj as the API server stores it once it has decoded it into the kind's Go type
// (root, a built-in type whose fields carry schema.Omit), defaulted it and written it back, as
// encoding/json writes a Go value: a field the type does not declare is gone, a field whose tag
// lets it omit a null or an empty value is gone when it holds one, a null value of a map of
// strings is "", and a field the object lacks holds its type's default (defaults.go). Observed
// on kube-apiserver v1.37.2 (docs/apiserver.md, "The object as it is stored", "Defaults").
func Store(obj *yamltree.Node, root *schema.Type, keys Keys) Stored {
	s := newStorer(keys)
	return Stored{Root: s.value(obj, root, &place{}), Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
}

// LiveAt finds the value at a path of the live object a write goes over: as given, and as a
// cluster stores it (Store: with its defaults), nil where it holds none; and whether the
// document the write sends (the config, the patch) sets the path, null included.
type LiveAt func(fieldpath.Path) (given, stored *yamltree.Node, sent bool)

// StoreOver returns obj, written over a live object, as the API server stores it: as Store
// does, and where a default's condition held for live as a cluster stores it but not for obj,
// while obj keeps live's value of the field as given, obj holds live's stored value with its
// defaults (a StatefulSet turned to OnDelete keeps the rollingUpdate it was created with,
// maxUnavailable: 1 in it, which the server then refuses quoting: observed on kube-apiserver
// v1.37.2, make apiserver-diff seed 2, apply-28). Those defaults are marked FromLive.
func StoreOver(obj *yamltree.Node, root *schema.Type, keys Keys, live LiveAt) Stored {
	s := newStorer(keys)
	s.live, s.stamped = live, live
	return Stored{Root: s.value(obj, root, &place{}), Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
}

// StoreUpdate returns obj, sent whole as an update of a live object (kubectl replace, an ssa
// update), as the API server stores it: as Store does (what obj lacks goes, live's defaults
// included), but for the fields of metadata the server stamps and keeps from live
// (systemFields), which it puts back.
func StoreUpdate(obj *yamltree.Node, root *schema.Type, keys Keys, live LiveAt) Stored {
	s := newStorer(keys)
	s.stamped = live
	return Stored{Root: s.value(obj, root, &place{}), Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
}

// StoreCustom returns a custom resource as the API server stores it (root, the type the user's
// CRD declares): a null in a field the schema declares without nullable: true, or in a value of
// its additionalProperties, is pruned (a list's null item is not: the server
// refuses it); a field the schema gives a default and the object lacks (or held null) holds
// it, with the defaults of its own fields (customDefaults); metadata is stored as meta, the
// built-in ObjectMeta, as Store stores it. Observed on kube-apiserver v1.37.2, 2026-12-06
// (docs/apiserver.md, "The object as it is stored", "Defaults").
func StoreCustom(obj *yamltree.Node, root, meta *schema.Type, keys Keys) Stored {
	s := newStorer(keys)
	s.custom, s.meta = true, meta
	return Stored{Root: s.value(obj, root, &place{}), Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
}

// StoreMetadata returns an object of a kind no schema describes as the API server stores it:
// what its CRD declares is unknown, so the object is stored as it is, but for its metadata,
// which the server decodes as the built-in ObjectMeta (meta) whatever the kind, stored as Store
// stores it: an empty finalizers list, for one, is dropped (make apiserver-diff seed 8,
// apply-15: a Widget applied with finalizers: [] under a CRD that keeps any field; kube-apiserver
// v1.37.2, 2026-12-07).
func StoreMetadata(obj *yamltree.Node, meta *schema.Type, keys Keys) Stored {
	i := obj.Index("metadata")
	if !obj.IsMap() || meta == nil || i < 0 {
		return Stored{Root: obj}
	}
	s := newStorer(keys)
	metadata := obj.Fields[i].Value
	kept := s.value(metadata, meta, s.step(place{up: &place{}, name: "metadata"}))
	if kept == metadata {
		return Stored{Root: obj, Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
	}
	c := *obj
	c.Fields = slices.Clone(obj.Fields)
	c.Fields[i].Value = kept
	s.copied(obj, &c)
	return Stored{Root: &c, Drops: s.drops, Defaults: s.wrote, Copies: s.copies}
}

// place is where a value is: a step from the place around it (a map's field, a list's item), up
// to the object's root. It is read as the mode's path (path) or as the server's messages write
// it (api) only where a drop, a default or a condition needs it: most values the storer visits
// need neither, and building both at every step was a tenth of what a keystroke allocated.
type place struct {
	up *place
	// name is a field's name; "" for an item, and at the root.
	name string
	// item is a list's item, at index, with its list's keys and its type (elementOf); nil for a
	// field.
	item  *yamltree.Node
	index int
	keys  []string
	elem  *schema.Type
}

// field is the place of a map's field at p.
func (p *place) field(name string) *place {
	return &place{up: p, name: name}
}

// step returns p kept in the storer's slab of places: the walk makes a place for every field
// and item of an object (kept, items), and one allocation each was a large share of the
// storer's in the wasm. A slab starts small (most objects are) and doubles.
func (s *storer) step(p place) *place {
	if len(s.slab) == cap(s.slab) {
		s.slab = make([]place, 0, min(max(2*cap(s.slab), 16), 512))
	}
	s.slab = append(s.slab, p)
	return &s.slab[len(s.slab)-1]
}

// path is p in the mode's paths (items keyed as the list's keys say), built in one
// allocation.
func (p *place) path() fieldpath.Path {
	n := p.depth()
	if n == 0 {
		return nil
	}
	out := make(fieldpath.Path, n)
	for q := p; q.up != nil; q = q.up {
		n--
		if q.item != nil {
			out[n] = elementOf(q.item, q.index, q.keys, q.elem)
		} else {
			out[n] = fieldpath.Element{Field: q.name}
		}
	}
	return out
}

// depth is how many steps p is from the root.
func (p *place) depth() int {
	n := 0
	for q := p; q.up != nil; q = q.up {
		n++
	}
	return n
}

// isTop reports whether p is the root's field name.
func (p *place) isTop(name string) bool {
	return p.up != nil && p.up.up == nil && p.item == nil && p.name == name
}

// api is p as the API server's messages write it: fields joined by dots, items by position;
// written in one allocation, the steps gathered on the stack.
func (p *place) api() string {
	var steps [32]*place
	n, size := 0, 0
	for q := p; q.up != nil; q = q.up {
		if n == len(steps) { // deeper than any object a request holds: step by step
			return p.up.api() + p.last()
		}
		steps[n] = q
		n++
		size += len(q.name) + 4
	}
	var b strings.Builder
	b.Grow(size)
	for i := n - 1; i >= 0; i-- {
		q := steps[i]
		switch {
		case q.item != nil:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(q.index))
			b.WriteByte(']')
		case i < n-1:
			b.WriteByte('.')
			b.WriteString(q.name)
		default:
			b.WriteString(q.name)
		}
	}
	return b.String()
}

// last is p's own step as api writes it after the steps above it.
func (p *place) last() string {
	if p.item != nil {
		return "[" + strconv.Itoa(p.index) + "]"
	}
	return "." + p.name
}

type storer struct {
	keys   Keys
	drops  []Drop
	wrote  []Default
	copies map[*yamltree.Node]*yamltree.Node
	// origins maps each copy back to the result's node it replaces (copies, reversed).
	origins map[*yamltree.Node]*yamltree.Node
	// nested counts the defaults being written around the value at hand: a default's own
	// defaults belong to it, and are not listed apart.
	nested int
	// live finds the live object's values a write goes over (StoreOver); nil for none.
	live LiveAt
	// stamped finds live's values of the fields of metadata the server keeps on an update
	// (systemFields: StoreOver, StoreUpdate); nil for none.
	stamped LiveAt
	// fromLive: the default being written is live's (liveDefault).
	fromLive bool
	// custom: the object is a custom resource (StoreCustom), its metadata of type meta.
	custom bool
	meta   *schema.Type
	// slab holds the places of the walk (step).
	slab []place
}

// value returns n as stored: n itself when nothing in it changes.
func (s *storer) value(n *yamltree.Node, t *schema.Type, path *place) *yamltree.Node {
	switch {
	case t == nil:
		return n
	case t.Name == quantityType && !s.custom:
		return s.quantity(n, path, quantity.CanonicalField)
	case n.IsMap() && t.Kind == schema.KindMap:
		return s.fields(n, t, path)
	case n.IsList() && t.Kind == schema.KindList:
		return s.items(n, t, nil, path)
	}
	return n
}

// fields stores a map's fields, and writes the defaults of its type that it lacks (a built-in
// kind's: defaults.go).
func (s *storer) fields(n *yamltree.Node, t *schema.Type, path *place) *yamltree.Node {
	kept := s.kept(n, t, path)
	var out *yamltree.Node
	if s.custom {
		out = s.customDefaults(kept, t, path)
	} else {
		out = s.defaults(kept, t, path)
	}
	if s.stamped != nil && path.isTop("metadata") && out.IsMap() {
		out = s.systemFields(out, path)
	}
	if out != kept {
		s.copied(n, out)
	}
	return out
}

// kept is a map as stored, less what the API server does not store.
func (s *storer) kept(n *yamltree.Node, t *schema.Type, path *place) *yamltree.Node {
	var out []yamltree.Field
	changed := false
	for i, f := range n.Fields {
		kept := s.field(f, t, s.step(place{up: path, name: f.Name()}))
		if kept != f.Value && !changed {
			out, changed = append(make([]yamltree.Field, 0, len(n.Fields)), n.Fields[:i]...), true
		}
		if changed && kept != nil {
			out = append(out, yamltree.Field{Key: f.Key, Value: kept})
		}
	}
	if !changed {
		return n
	}
	c := *n
	c.Fields = out
	s.copied(n, &c)
	return &c
}

// field returns a map field's value as stored, nil when the field is not stored.
func (s *storer) field(f yamltree.Field, t *schema.Type, at *place) *yamltree.Node {
	if s.custom {
		return s.customField(f, t, at)
	}
	declared := t.Field(f.Name())
	v := f.Value
	switch {
	case declared == nil && t.Elem() == nil:
		s.drops = append(s.drops, Drop{Path: at.path(), Field: at.api(), Why: DroppedUnknown, Value: v, Type: shortName(t.Name)})
		return nil
	case declared == nil && v.IsNull() && t.Elem().Kind == schema.KindScalar && t.Elem().Scalar == schema.ScalarString:
		stored := yamltree.NewString("")
		stored.Pos = v.Pos
		stored.CopyComments(v)
		s.drops = append(s.drops, Drop{Path: at.path(), Field: at.api(), Why: NullAsEmpty, Value: v, Stored: stored})
		s.copied(v, stored)
		return stored
	case declared == nil && t.Elem().Name == quantityType:
		return s.quantity(v, at, quantity.Canonical) // a resource list's value
	case declared == nil:
		return s.value(v, t.Elem(), at)
	}
	if why := omitted(declared, v); why != 0 {
		s.drops = append(s.drops, Drop{Path: at.path(), Field: at.api(), Why: why, Value: v})
		return nil
	}
	if v.IsList() && declared.Type.Kind == schema.KindList {
		return s.items(v, declared.Type, declared, at)
	}
	return s.value(v, declared.Type, at)
}

// customField returns a custom resource's field as stored, nil when the field is not stored:
// its metadata as the built-in ObjectMeta, a null pruned unless the schema lets it be.
func (s *storer) customField(f yamltree.Field, t *schema.Type, at *place) *yamltree.Node {
	declared, v := t.Field(f.Name()), f.Value
	if at.isTop("metadata") && s.meta != nil {
		builtin := &storer{keys: s.keys, copies: s.copies, origins: s.origins}
		kept := builtin.value(v, s.meta, at)
		s.drops = append(s.drops, builtin.drops...)
		return kept
	}
	elem := t.Elem()
	if v.IsNull() && ((declared != nil && !declared.Nullable) || (declared == nil && elem != nil && elem.Kind != schema.KindUntyped)) {
		s.drops = append(s.drops, Drop{Path: at.path(), Field: at.api(), Why: PrunedNull, Value: v})
		return nil
	}
	switch {
	case declared == nil:
		return s.value(v, elem, at)
	case v.IsList() && declared.Type.Kind == schema.KindList:
		return s.items(v, declared.Type, declared, at)
	}
	return s.value(v, declared.Type, at)
}

// items stores the items of a list (of field, when a map's field holds it).
func (s *storer) items(n *yamltree.Node, t *schema.Type, field *schema.Field, path *place) *yamltree.Node {
	var keys []string
	if s.keys != nil {
		keys = s.keys(field, t)
	}
	var out []*yamltree.Node
	for i, it := range n.Items {
		kept := s.value(it, t.Elem(), s.step(place{up: path, item: it, index: i, keys: keys, elem: t.Elem()}))
		if kept != it && out == nil {
			out = append(make([]*yamltree.Node, 0, len(n.Items)), n.Items[:i]...)
		}
		if out != nil {
			out = append(out, kept)
		}
	}
	if out == nil {
		return n
	}
	c := *n
	c.Items = out
	s.copied(n, &c)
	return &c
}

// elementOf is an item's path element: by its key fields when it holds them all (a key field it
// lacks taking its default, as server-side apply's protocol: TCP), else by position.
func elementOf(item *yamltree.Node, i int, keys []string, elem *schema.Type) fieldpath.Element {
	if len(keys) == 0 || !item.IsMap() {
		return fieldpath.Element{Index: i, IsIndex: true}
	}
	kv := make([]fieldpath.KeyValue, 0, len(keys))
	for _, k := range keys {
		v := item.Get(k)
		if f := elem.Field(k); v == nil && f != nil && f.Default != nil {
			v = defaultNode(f.Default)
		}
		if v == nil {
			return fieldpath.Element{Index: i, IsIndex: true}
		}
		kv = append(kv, fieldpath.KeyValue{Name: k, Value: v})
	}
	return fieldpath.Element{Keys: kv}
}

// omitted says why a field's value is not stored, 0 when it is.
func omitted(f *schema.Field, v *yamltree.Node) Why {
	switch {
	case f.Omit == schema.OmitNone:
		return 0
	case v.IsNull():
		return DroppedNull
	case f.Omit == schema.OmitEmpty && isEmpty(v):
		return DroppedEmpty
	}
	return 0
}

// isEmpty reports whether v is the empty value encoding/json's omitempty leaves out: "", 0,
// false, an empty list or map.
func isEmpty(v *yamltree.Node) bool {
	switch {
	case v.IsMap():
		return len(v.Fields) == 0
	case v.IsList():
		return len(v.Items) == 0
	case v.Tag == yamltree.StrTag:
		return v.Value == ""
	case v.Tag == yamltree.BoolTag:
		return v.Value == "false"
	case v.Tag == yamltree.IntTag || v.Tag == yamltree.FloatTag:
		f, err := strconv.ParseFloat(v.Value, 64)
		return err == nil && f == 0
	}
	return false
}

// shortName is the last part of an OpenAPI type name: "DeploymentSpec" of
// "io.k8s.api.apps.v1.DeploymentSpec".
func shortName(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[i+1:]
		}
	}
	return name
}

// defaultNode is a key field's default as a node: a string, number or boolean; nil for another.
func defaultNode(v any) *yamltree.Node {
	switch v := v.(type) {
	case string:
		return yamltree.NewString(v)
	case float64:
		return yamltree.NewScalar(yamltree.IntTag, strconv.FormatFloat(v, 'f', -1, 64))
	case bool:
		return yamltree.NewScalar(yamltree.BoolTag, strconv.FormatBool(v))
	}
	return nil
}
