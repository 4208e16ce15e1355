package apiserver

import (
	"slices"
	"sort"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Default is a value the API server wrote into the object it stores, which the result lacked:
// a field's default (defaults.go), with the defaults of its own fields in it.
type Default struct {
	// Path is the value's place in the mode's paths (items keyed as Keys says).
	Path fieldpath.Path
	// Value is the value written, as it stands in Stored.Root.
	Value *yamltree.Node
	// Field is the value's place as the API server's messages write it, items by position:
	// "spec.template.spec.containers[0].imagePullPolicy".
	Field string
	// FromLive: live held the default as a cluster stores it and the write kept live's value,
	// though the default's condition no longer holds (StoreOver).
	FromLive bool
	// System: not a default but a field the server stamps and keeps from live on an update
	// (systemFields: uid, resourceVersion, generation, creationTimestamp), which the write
	// removed or changed.
	System bool
}

func newStorer(keys Keys) *storer {
	return &storer{keys: keys, copies: map[*yamltree.Node]*yamltree.Node{}, origins: map[*yamltree.Node]*yamltree.Node{}}
}

// copied records that c replaces n (n itself a result's node, or a copy made before).
func (s *storer) copied(n, c *yamltree.Node) {
	if o, ok := s.origins[n]; ok {
		n = o
	}
	s.copies[n], s.origins[c] = c, n
}

// defaults returns map m of type t with the defaults of t it lacks (m itself when it lacks
// none), each default's own defaults written into it.
func (s *storer) defaults(m *yamltree.Node, t *schema.Type, at *place) *yamltree.Node {
	var c mapCopy
	for _, r := range rulesByType[t.Name] {
		f := t.Field(r.field)
		if f == nil {
			continue
		}
		if !r.holds(m, at) {
			if _, cleared := clearing(t.Name, f.Name, m); !cleared {
				m = s.liveDefault(m, r, f, at)
			}
			continue
		}
		have := m.Get(r.field)
		if have != nil && !have.IsMap() {
			continue
		}
		v := r.valueOf(m)
		switch {
		case v == nil:
		case have == nil && r.computed() && s.livesOtherwise(v, at.field(r.field)):
			m = s.liveDefault(m, r, f, at)
		case have == nil:
			m = c.with(m, f.Name, s.write(f, v, at.field(r.field)))
		case v.IsMap():
			if filled := s.fill(have, v, f.Type, at.field(r.field)); filled != have {
				m = c.with(m, r.field, filled)
			}
		}
	}
	return s.clear(m, t, at)
}

// livesOtherwise reports whether live as a cluster stores it holds another value than v, a
// default worked out from the object (a container's imagePullPolicy from its image), at field,
// which live as given lacks and the write does not send: the cluster's object holds the default
// worked out when it was stored, and the server works out none for a field the object holds.
// liveDefault then keeps it (observed on kube-apiserver v1.37.2, 2026-12-07: make apiserver-diff
// seed 9, apply-10, a CronJob's container turned from nginx:latest to a tagged image keeps
// imagePullPolicy Always; apply-15, the other way round, keeps IfNotPresent).
func (s *storer) livesOtherwise(v *yamltree.Node, field *place) bool {
	if s.live == nil {
		return false
	}
	was, stored, sent := s.live(field.path())
	return was == nil && stored != nil && !sent && !yamltree.Equal(stored, v)
}

// clearing says whether the API server clears field of a map m of type typ (by OpenAPI name),
// and what would keep it: a Service's sessionAffinityConfig unless its sessionAffinity is
// ClientIP, its allocateLoadBalancerNodePorts unless its type is LoadBalancer, whether the
// object sets it or live held it (observed on kube-apiserver v1.37.2,
// 2026-12-06: kubectl create with sessionAffinity None and a sessionAffinityConfig stores none;
// kubectl apply turning ClientIP to None drops it).
func clearing(typ, field string, m *yamltree.Node) (string, bool) {
	if typ != "io.k8s.api.core.v1.ServiceSpec" {
		return "", false
	}
	switch {
	case field == "sessionAffinityConfig" && m.Get("sessionAffinity").Str() != "ClientIP":
		return "sessionAffinity: ClientIP", true
	case field == "allocateLoadBalancerNodePorts" && m.Get("type").Str() != "LoadBalancer":
		// a LoadBalancer turned NodePort by kubectl apply loses the default it was created
		// with (make apiserver-diff seed 10, apply-16, kube-apiserver v1.37.2, 2026-12-07)
		return "type: LoadBalancer", true
	}
	return "", false
}

// clearable are the fields of a type the API server may clear (clearing).
func clearable(typ string) []string {
	if typ == "io.k8s.api.core.v1.ServiceSpec" {
		return []string{"sessionAffinityConfig", "allocateLoadBalancerNodePorts"}
	}
	return nil
}

// clear returns map m of type t without the fields the server clears (clearing), each
// recorded as Cleared.
func (s *storer) clear(m *yamltree.Node, t *schema.Type, at *place) *yamltree.Node {
	for _, name := range clearable(t.Name) {
		v := m.Get(name)
		unless, cleared := clearing(t.Name, name, m)
		if v == nil || !cleared {
			continue
		}
		field := at.field(name)
		s.drops = append(s.drops, Drop{Path: field.path(), Field: field.api(), Why: Cleared, Value: v, Unless: unless})
		out := *m
		out.Fields = slices.DeleteFunc(slices.Clone(m.Fields), func(f yamltree.Field) bool { return f.Name() == name })
		s.copied(m, &out)
		m = &out
	}
	return m
}

// liveDefault returns map m with the value of field f as live holds it on a cluster, where the
// condition of rule r held for live (as stored) but not for m, and m keeps live's value of the
// field as given (StoreOver): the keys m's map lacks, or the whole value where neither m nor live
// as given holds the field and the write does not set it (a null deletes it); m itself otherwise.
func (s *storer) liveDefault(m *yamltree.Node, r rule, f *schema.Field, at *place) *yamltree.Node {
	if s.live == nil {
		return m
	}
	if _, parent, _ := s.live(at.path()); parent == nil || !parent.IsMap() || !r.holds(parent, at) {
		return m
	}
	field := at.field(f.Name)
	was, v, sent := s.live(field.path())
	have := m.Get(f.Name)
	if v == nil || !yamltree.Equal(have, was) || yamltree.Equal(have, v) || (have == nil && sent) {
		return m
	}
	s.fromLive = true
	defer func() { s.fromLive = false }()
	v = v.Clone()
	fresh(v)
	if have == nil {
		return withField(m, f.Name, s.write(f, v, field))
	}
	if filled := s.fill(have, v, f.Type, field); filled != have {
		return withField(m, f.Name, filled)
	}
	return m
}

// customDefaults returns map m of a custom resource's type t with the schema's defaults of the
// fields it lacks (m itself when it lacks none), in the order the schema declares them, each
// default's own fields' defaults written into it.
func (s *storer) customDefaults(m *yamltree.Node, t *schema.Type, at *place) *yamltree.Node {
	var c mapCopy
	for _, f := range t.Fields() {
		if f.Default == nil || m.Has(f.Name) {
			continue
		}
		if v := valueNode(f.Default); v != nil {
			m = c.with(m, f.Name, s.write(f, v, at.field(f.Name)))
		}
	}
	return m
}

// valueNode is a schema's default as a node (a map's keys sorted, as the server writes JSON);
// nil for a null.
func valueNode(v any) *yamltree.Node {
	switch v := v.(type) {
	case map[string]any:
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		sort.Strings(names)
		m := yamltree.NewMap()
		for _, name := range names {
			if n := valueNode(v[name]); n != nil {
				m.Fields = append(m.Fields, yamltree.Field{Key: yamltree.NewString(name), Value: n})
			}
		}
		return m
	case []any:
		l := yamltree.NewList()
		for _, item := range v {
			if n := valueNode(item); n != nil {
				l.Items = append(l.Items, n)
			}
		}
		return l
	case float64:
		if v == float64(int64(v)) {
			return yamltree.NewScalar(yamltree.IntTag, strconv.FormatInt(int64(v), 10))
		}
		return yamltree.NewScalar(yamltree.FloatTag, strconv.FormatFloat(v, 'g', -1, 64))
	}
	return defaultNode(v)
}

// write returns default v of field f as stored, its own defaults written into it, and records
// it (the caller sets it into its map).
func (s *storer) write(f *schema.Field, v *yamltree.Node, at *place) *yamltree.Node {
	s.nested++
	v = s.value(v, f.Type, at)
	s.nested--
	if s.nested == 0 {
		s.wrote = append(s.wrote, Default{Path: at.path(), Value: v, Field: at.api(), FromLive: s.fromLive})
	}
	return v
}

// fill returns map have with the keys of default v it lacks (a container's requests taking its
// limits), each recorded as a default.
func (s *storer) fill(have, v *yamltree.Node, t *schema.Type, at *place) *yamltree.Node {
	out := have
	var c mapCopy
	for _, f := range v.Fields {
		if have.Has(f.Name()) {
			continue
		}
		if s.nested == 0 {
			s.wrote = append(s.wrote, Default{Path: at.path().Field(f.Name()), Value: f.Value, Field: at.api() + "." + f.Name(), FromLive: s.fromLive})
		}
		out = c.with(out, f.Name(), f.Value)
	}
	if out != have {
		s.copied(have, out)
	}
	return out
}

// withField returns a copy of map m whose field name holds v (set in place of its value, else
// added last); an empty flow map ({}) given fields is written as a block.
func withField(m *yamltree.Node, name string, v *yamltree.Node) *yamltree.Node {
	c := *m
	c.Fields = append(make([]yamltree.Field, 0, len(m.Fields)+1), m.Fields...)
	setField(&c, name, v)
	return &c
}

// setField sets field name of map m to v in place, as withField sets it in its copy.
func setField(m *yamltree.Node, name string, v *yamltree.Node) {
	if len(m.Fields) == 0 && m.Style == yamltree.Flow {
		m.Style = yamltree.Plain
	}
	if i := m.Index(name); i >= 0 {
		m.Fields[i].Value = v
		return
	}
	m.Fields = append(m.Fields, yamltree.Field{Key: yamltree.NewString(name), Value: v})
}

// mapCopy sets fields of one map: the first set copies the map (withField), the next ones set
// that copy in place, where each copied the map again (a Pod's spec takes eight defaults, a
// container five). made is the copy; a map other than it is copied again.
type mapCopy struct{ made *yamltree.Node }

// with returns m with field name holding v: a copy of m, or m itself when it is the copy made.
func (c *mapCopy) with(m *yamltree.Node, name string, v *yamltree.Node) *yamltree.Node {
	if m == c.made {
		setField(m, name, v)
		return m
	}
	c.made = withField(m, name, v)
	return c.made
}

// Zero is the object of kind (its type root) that the API server's Go type holds before any
// field is set, as it writes it: apiVersion and kind, and under them each field whose tag omits
// nothing (schema.OmitNone), a struct as {} with its own such fields, a list or a map of values
// as null, a scalar as its zero value ("", 0, false); metadata and status aside. An update that
// creates the object starts from it, so that its managedFields entry does not own those structs
// as a whole (observed on kube-apiserver v1.37.2: kubectl create's entry of a Deployment holds
// f:spec, f:template, f:strategy without "."; testdata/defaults.txt).
func Zero(root *schema.Type, apiVersion, kind string) *yamltree.Node {
	obj := zeroOf(root, 0)
	obj.Delete("metadata")
	obj.Delete("status")
	head := []yamltree.Field{{Key: yamltree.NewString("apiVersion"), Value: yamltree.NewString(apiVersion)},
		{Key: yamltree.NewString("kind"), Value: yamltree.NewString(kind)}}
	obj.Fields = append(head, obj.Fields...)
	return obj
}

// zeroOf is a type's zero value as encoding/json writes it (depth bounds a type that holds
// itself).
func zeroOf(t *schema.Type, depth int) *yamltree.Node {
	switch {
	case t.Kind == schema.KindScalar && t.Scalar == schema.ScalarString:
		return yamltree.NewString("")
	case t.Kind == schema.KindScalar && t.Scalar == schema.ScalarNumeric:
		return yamltree.NewScalar(yamltree.IntTag, "0")
	case t.Kind == schema.KindScalar && t.Scalar == schema.ScalarBoolean:
		return yamltree.NewScalar(yamltree.BoolTag, "false")
	case t.Kind != schema.KindMap || t.Elem() != nil || depth > 8:
		return yamltree.NewNull()
	}
	m := yamltree.NewMap()
	for _, f := range t.Fields() {
		if f.Omit == schema.OmitNone {
			m.Fields = append(m.Fields, yamltree.Field{Key: yamltree.NewString(f.Name), Value: zeroOf(f.Type, depth+1)})
		}
	}
	return m
}
