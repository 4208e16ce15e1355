package schema

import (
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// builder resolves declarations into Types: named types first get an empty Type each, so that
// references (cycles included) can point at them, then every declaration fills its Type.
type builder struct {
	named map[string]*Type
	// base resolves names the declarations do not declare; nil for none.
	base *Set
	// overrides are references that narrow a named type; they are applied once every named type
	// is filled.
	overrides []override
	// source declares types on demand (the built-in file, read lazily); nil for none. Types it
	// declares are created on first lookup and queued in pending until finish fills them.
	source    declSource
	pending   []*typeDecl
	started   []string
	sourceErr error
}

// declSource declares named types on demand.
type declSource interface {
	// declaration returns the declaration of the type called name, nil when there is none.
	declaration(name string) (*typeDecl, error)
}

// override is a reference to a named type with its element relationship overridden: slot becomes a
// copy of target with relationship applied.
type override struct {
	_            incomparable.Field
	slot         *Type
	target       *Type
	relationship string
	pos          yamltree.Pos
	where        *place
}

// place names where a declaration sits, for messages ("type \"T\": field \"f\": list items"). It
// is written out only when a message is made: building the built-in types writes none, and
// quoting every field's name was most of what the page's first merge spent on its way.
type place struct {
	_     incomparable.Field
	outer *place // nil for a type
	what  string // "type", "field", "list items" or "map values"
	name  string // the type's or field's name; empty for list items and map values
}

// String writes the place out, outermost first.
func (p *place) String() string {
	text := p.what
	if p.name != "" {
		text += " " + quote(p.name)
	}
	if p.outer == nil {
		return text
	}
	return p.outer.String() + ": " + text
}

// inside returns the place of what, named name, within p.
func (p *place) inside(what, name string) *place {
	return &place{outer: p, what: what, name: name}
}

// build resolves a schema's declarations into a Set. Names the declarations leave undeclared are
// looked up in base (which may be nil).
func build(file *fileDecl, base *Set) (*Set, error) {
	b := &builder{named: map[string]*Type{}, base: base}
	for i := range file.Types {
		d := &file.Types[i]
		if d.Name == "" {
			return nil, yamltree.ErrorAt(d.pos, "a type has no name")
		}
		if _, dup := b.named[d.Name]; dup {
			return nil, yamltree.ErrorAt(d.pos, "type "+strconv.Quote(d.Name)+" is declared twice")
		}
		b.named[d.Name] = &Type{Name: d.Name}
	}
	for i := range file.Types {
		b.pending = append(b.pending, &file.Types[i])
	}
	if err := b.finish(); err != nil {
		return nil, err
	}
	set := newSet()
	set.types = b.named
	for _, k := range file.Kinds {
		info, err := b.kind(k)
		if err != nil {
			return nil, err
		}
		set.kinds[info.GroupVersionKind] = info
	}
	return set, nil
}

// kind resolves a kind declaration.
func (b *builder) kind(k kindDecl) (KindInfo, error) {
	info := KindInfo{GroupVersionKind: GroupVersionKind{APIVersion: k.APIVersion, Kind: k.Kind}, FromCRD: k.fromCRD}
	if k.APIVersion == "" || k.Kind == "" {
		return info, yamltree.ErrorAt(k.pos, "a kind needs an apiVersion and a kind")
	}
	if k.Type == "" && !k.fromCRD { // a kind known by its scope only (the built-in metrics kinds)
		var err error
		info.Scope, err = k.scope()
		return info, err
	}
	info.Type = b.lookup(k.Type)
	if info.Type == nil {
		return info, yamltree.ErrorAt(k.pos, "kind "+k.APIVersion+" "+k.Kind+": unknown type "+strconv.Quote(k.Type))
	}
	var err error
	info.Scope, err = k.scope()
	return info, err
}

// scope reads the kind's scope.
func (k *kindDecl) scope() (Scope, error) {
	switch k.Scope {
	case "":
		return ScopeUnknown, nil
	case "Namespaced":
		return ScopeNamespaced, nil
	case "Cluster":
		return ScopeCluster, nil
	default:
		return ScopeUnknown, yamltree.ErrorAt(k.pos, "kind "+k.APIVersion+" "+k.Kind+
			": unknown scope "+strconv.Quote(k.Scope)+" (want Namespaced or Cluster)")
	}
}

// finish fills every pending declaration (and those their references start in turn), then applies
// the overrides.
func (b *builder) finish() error {
	for len(b.pending) > 0 {
		d := b.pending[0]
		b.pending = b.pending[1:]
		if err := b.fill(b.named[d.Name], &d.atomDecl, d.pos, &place{what: "type", name: d.Name}); err != nil {
			return err
		}
	}
	if b.sourceErr != nil {
		return b.sourceErr
	}
	for _, o := range b.overrides {
		*o.slot = *o.target
		if err := applyRelationship(o.slot, o.relationship); err != nil {
			return yamltree.ErrorAt(o.pos, o.where.String()+": "+err.Error())
		}
	}
	b.overrides = nil
	return nil
}

// lookup returns the type called name among the declarations, else from the source (started now
// and filled by finish), else in base; nil if none has it.
func (b *builder) lookup(name string) *Type {
	if t := b.named[name]; t != nil {
		return t
	}
	if b.source != nil {
		d, err := b.source.declaration(name)
		if err != nil {
			if b.sourceErr == nil {
				b.sourceErr = err
			}
			return nil
		}
		if d != nil {
			t := &Type{Name: name}
			b.named[name] = t
			b.started = append(b.started, name)
			b.pending = append(b.pending, d)
			return t
		}
	}
	return b.base.Named(name)
}

// fill sets t from an atom declaration. where places the declaration for messages.
func (b *builder) fill(t *Type, atom *atomDecl, pos yamltree.Pos, where *place) error {
	parts := 0
	if atom.Scalar != "" {
		parts++
		t.Kind = KindScalar
		t.Scalar = ScalarType(atom.Scalar)
		switch t.Scalar {
		case ScalarString, ScalarNumeric, ScalarBoolean, ScalarUntyped:
		default:
			return yamltree.ErrorAt(pos, where.String()+": unknown scalar type "+strconv.Quote(atom.Scalar)+
				" (want string, numeric, boolean or untyped)")
		}
	}
	if atom.List != nil {
		parts++
		t.Kind = KindList
		if err := b.fillList(t, atom.List, pos, where); err != nil {
			return err
		}
	}
	if atom.Map != nil {
		parts++
		t.Kind = KindMap
		if err := b.fillMap(t, atom.Map, pos, where); err != nil {
			return err
		}
	}
	switch parts {
	case 0:
		return yamltree.ErrorAt(pos, where.String()+": declares no scalar, list or map")
	case 1:
		return nil
	default:
		t.Kind = KindUntyped
		return nil
	}
}

// fillList sets the list part of t.
func (b *builder) fillList(t *Type, list *listDecl, pos yamltree.Pos, where *place) error {
	elem, err := b.ref(&list.ElementType, pos, where.inside("list items", ""))
	if err != nil {
		return err
	}
	t.listElem = elem
	t.ListType, t.Keys, err = listType(list.ElementRelationship, list.Keys)
	if err != nil {
		return yamltree.ErrorAt(pos, where.String()+": "+err.Error())
	}
	return nil
}

// fillMap sets the map part of t: its fields, the type of other keys, its map type.
func (b *builder) fillMap(t *Type, m *mapDecl, pos yamltree.Pos, where *place) error {
	t.byName = make(map[string]*Field, len(m.Fields))
	t.fields = make([]*Field, 0, len(m.Fields))
	for i := range m.Fields {
		f, err := b.field(&m.Fields[i], pos, where)
		if err != nil {
			return err
		}
		if _, dup := t.byName[f.Name]; dup {
			return yamltree.ErrorAt(orPos(m.Fields[i].pos, pos), where.String()+": field "+strconv.Quote(f.Name)+" is declared twice")
		}
		t.byName[f.Name] = f
		t.fields = append(t.fields, f)
	}
	if m.ElementType != nil && !m.ElementType.isZero() {
		elem, err := b.ref(m.ElementType, pos, where.inside("map values", ""))
		if err != nil {
			return err
		}
		t.mapElem = elem
	}
	mapType, err := mapType(m.ElementRelationship)
	if err != nil {
		return yamltree.ErrorAt(pos, where.String()+": "+err.Error())
	}
	t.MapType = mapType
	return nil
}

// field resolves a field declaration.
func (b *builder) field(d *fieldDecl, pos yamltree.Pos, where *place) (*Field, error) {
	pos = orPos(d.pos, pos)
	if d.Name == "" {
		return nil, yamltree.ErrorAt(pos, where.String()+": a field has no name")
	}
	where = where.inside("field", d.Name)
	strategy, err := ParsePatchStrategy(d.PatchStrategy)
	if err != nil {
		return nil, yamltree.ErrorAt(pos, where.String()+": "+err.Error())
	}
	t, err := b.ref(&d.Type, pos, where)
	if err != nil {
		return nil, err
	}
	return &Field{Name: d.Name, Type: t, Strategy: strategy, MergeKey: d.PatchMergeKey, Default: d.Default, GoType: d.GoType,
		Omit: Omit(d.Omit), Nullable: d.Nullable}, nil
}

// ref resolves a type reference: a named type (copied when the reference overrides its
// relationship) or an inline one.
func (b *builder) ref(r *refDecl, pos yamltree.Pos, where *place) (*Type, error) {
	pos = orPos(r.pos, pos)
	if r.NamedType != "" {
		target := b.lookup(r.NamedType)
		if target == nil {
			return nil, yamltree.ErrorAt(pos, where.String()+": unknown type "+strconv.Quote(r.NamedType))
		}
		if r.ElementRelationship == "" {
			return target, nil
		}
		slot := &Type{}
		b.overrides = append(b.overrides, override{slot: slot, target: target,
			relationship: r.ElementRelationship, pos: pos, where: where})
		return slot, nil
	}
	if r.isZero() {
		return nil, yamltree.ErrorAt(pos, where.String()+": refers to no type")
	}
	t := &Type{}
	if err := b.fill(t, &r.atomDecl, pos, where); err != nil {
		return nil, err
	}
	if r.ElementRelationship != "" {
		if err := applyRelationship(t, r.ElementRelationship); err != nil {
			return nil, yamltree.ErrorAt(pos, where.String()+": "+err.Error())
		}
	}
	return t, nil
}

// applyRelationship overrides the relationship of t's map part, or else of its list part, as
// structured-merge-diff resolves a reference carrying elementRelationship.
func applyRelationship(t *Type, relationship string) error {
	var err error
	switch {
	case t.Kind == KindMap || (t.Kind == KindUntyped && (t.mapElem != nil || t.byName != nil)):
		t.MapType, err = mapType(relationship)
	case t.Kind == KindList || t.Kind == KindUntyped:
		t.ListType, t.Keys, err = listType(relationship, t.Keys)
	default:
		err = errors.New("elementRelationship " + strconv.Quote(relationship) + " on a scalar type")
	}
	return err
}

// listType reads a list's element relationship: "associative" makes a set, or a map keyed by keys;
// "atomic", "separable" and no relationship make an atomic list.
func listType(relationship string, keys []string) (ListType, []string, error) {
	switch relationship {
	case relAssociative:
		if len(keys) > 0 {
			return ListMap, keys, nil
		}
		return ListSet, nil, nil
	case relAtomic, relSeparable, "":
		return ListAtomic, keys, nil
	default:
		return ListAtomic, nil, errors.New("unknown elementRelationship " + strconv.Quote(relationship) + " (want atomic or associative)")
	}
}

// mapType reads a map's element relationship: "atomic" makes an atomic map, anything else known a
// granular one.
func mapType(relationship string) (MapType, error) {
	switch relationship {
	case relAtomic:
		return MapAtomic, nil
	case relSeparable, relAssociative, "":
		return MapGranular, nil
	default:
		return MapGranular, errors.New("unknown elementRelationship " + strconv.Quote(relationship) + " (want separable or atomic)")
	}
}

// orPos returns p, or fallback when p is not valid.
func orPos(p, fallback yamltree.Pos) yamltree.Pos {
	if p.IsValid() {
		return p
	}
	return fallback
}
