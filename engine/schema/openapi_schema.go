package schema

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// OpenAPI schemas become types as Kubernetes converts them for server-side apply
// (k8s.io/kube-openapi/pkg/schemaconv), with the strategic-merge-patch extensions kept on fields:
//   - type object is a map: properties are fields; additionalProperties a schema gives the type of
//     other keys, true (or absent when there are no properties, or below
//     x-kubernetes-preserve-unknown-fields: true) deduced values, false (or absent) none;
//     x-kubernetes-map-type: atomic makes it atomic.
//   - type array is a list of its items; x-kubernetes-list-type (atomic, set, map with
//     x-kubernetes-list-map-keys) decides its list type; without one, x-kubernetes-patch-strategy
//     merge makes a set, or a map keyed by x-kubernetes-patch-merge-key (split on commas); anything
//     else is atomic.
//   - integer and number are numeric, boolean boolean, string a string unless it has a format other
//     than byte (date-time, int-or-string: an untyped scalar); x-kubernetes-int-or-string: true is an
//     untyped scalar.
//   - no type accepts any value: an untyped type whose list and map parts follow the same rules.
//   - $ref (also as the single member of allOf) refers to a named type, its last path segment;
//     x-kubernetes-map-type beside it overrides the named type's map type.
//   - a definition that is only a $ref is skipped; Quantity is an untyped scalar and RawExtension
//     an untyped atomic value, whatever the document says (as Kubernetes hard-codes them).
//
// Kept from go-openapi's reading: an additionalProperties that is neither a schema nor false (the
// string "object" in the strategic-merge-patch test schema) allows any value. The patch strategy
// "replace" on a list makes it atomic (Kubernetes's conversion rejects it).

// openapiConverter converts OpenAPI schemas; it is passed by value, so that a setting made for a
// schema holds for its descendants only.
type openapiConverter struct {
	// preserveUnknownFields is set below x-kubernetes-preserve-unknown-fields: true: maps then
	// admit keys they do not declare, with deduced values.
	preserveUnknownFields bool
	// objectMeta names the type metadata takes in an embedded resource; "" for deduced.
	objectMeta string
}

// atom converts a schema.
func (c openapiConverter) atom(n *yamltree.Node) (atomDecl, error) {
	if err := expectMap(n, "a schema"); err != nil {
		return atomDecl{}, err
	}
	preserve, err := boolAt(n, "x-kubernetes-preserve-unknown-fields")
	if err != nil {
		return atomDecl{}, err
	}
	c.preserveUnknownFields = c.preserveUnknownFields || preserve
	intOrString, err := boolAt(n, "x-kubernetes-int-or-string")
	if err != nil || intOrString {
		return atomDecl{Scalar: string(ScalarUntyped)}, err
	}
	typ, err := schemaType(n)
	if err != nil {
		return atomDecl{}, err
	}
	switch typ {
	case "":
		return c.untyped(n)
	case "object":
		m, err := c.object(n)
		return atomDecl{Map: m}, err
	case "array":
		l, err := c.list(n, true)
		return atomDecl{List: l}, err
	case "integer", "number":
		return atomDecl{Scalar: string(ScalarNumeric)}, nil
	case "boolean":
		return atomDecl{Scalar: string(ScalarBoolean)}, nil
	case "string":
		format, err := stringAt(n, "format")
		if format == "" || format == "byte" {
			return atomDecl{Scalar: string(ScalarString)}, err
		}
		return atomDecl{Scalar: string(ScalarUntyped)}, err
	default:
		return atomDecl{}, errAt(n.Get("type"), "unknown type %q (want object, array, string, integer, number or boolean)", typ)
	}
}

// untyped converts a schema without a type: any value, its lists and maps as the schema says.
func (c openapiConverter) untyped(n *yamltree.Node) (atomDecl, error) {
	l, err := c.list(n, false)
	if err != nil {
		return atomDecl{}, err
	}
	m, err := c.object(n)
	if err != nil {
		return atomDecl{}, err
	}
	return atomDecl{Scalar: string(ScalarUntyped), List: l, Map: m}, nil
}

// schemaType returns a schema's type; for a list of types (OpenAPI 3.1), the first.
func schemaType(n *yamltree.Node) (string, error) {
	t := n.Get("type")
	if t.IsList() {
		if len(t.Items) == 0 {
			return "", nil
		}
		t = t.Items[0]
	}
	if t.IsNull() {
		return "", nil
	}
	if !t.IsScalar() {
		return "", errAt(t, "type must be a string, not %s", describe(t))
	}
	return t.Value, nil
}

// ref converts a schema in reference position: a $ref names a type, anything else is inline.
func (c openapiConverter) ref(n *yamltree.Node) (refDecl, error) {
	if err := expectMap(n, "a schema"); err != nil {
		return refDecl{}, err
	}
	target, err := refTarget(n)
	if err != nil {
		return refDecl{}, err
	}
	if target != "" {
		r := refDecl{NamedType: target, pos: n.Pos}
		r.ElementRelationship, err = mapRelationship(n)
		return r, err
	}
	atom, err := c.atom(n)
	return refDecl{atomDecl: atom, pos: n.Pos}, err
}

// refTarget returns the name a schema refers to by $ref, directly or as the single member of allOf;
// "" when it refers to none.
func refTarget(n *yamltree.Node) (string, error) {
	ref, err := stringAt(n, "$ref")
	if err != nil {
		return "", err
	}
	if allOf := n.Get("allOf"); ref == "" && allOf.IsList() && len(allOf.Items) == 1 {
		if ref, err = stringAt(allOf.Items[0], "$ref"); err != nil {
			return "", err
		}
	}
	return ref[strings.LastIndex(ref, "/")+1:], nil
}

// object converts the map part of a schema.
func (c openapiConverter) object(n *yamltree.Node) (*mapDecl, error) {
	m := &mapDecl{}
	props := n.Get("properties")
	if !props.IsNull() {
		if err := expectMap(props, "properties"); err != nil {
			return nil, err
		}
		for _, p := range props.Fields {
			field, err := c.property(p)
			if err != nil {
				return nil, err
			}
			m.Fields = append(m.Fields, field)
		}
	}
	elem, err := c.additionalProperties(n, len(m.Fields) > 0)
	if err != nil {
		return nil, err
	}
	m.ElementType = elem
	if m.ElementRelationship, err = mapRelationship(n); err != nil {
		return nil, err
	}
	embedded, err := boolAt(n, "x-kubernetes-embedded-resource")
	if err != nil {
		return nil, err
	}
	if embedded {
		c.embed(m)
	}
	return m, nil
}

// property converts one property into a field, with its patch strategy and merge key.
func (c openapiConverter) property(p yamltree.Field) (fieldDecl, error) {
	f := fieldDecl{Name: p.Name(), pos: p.Key.Pos}
	var err error
	if f.Type, err = c.ref(p.Value); err != nil {
		return f, err
	}
	if f.PatchStrategy, err = stringAt(p.Value, "x-kubernetes-patch-strategy"); err != nil {
		return f, err
	}
	if _, err = ParsePatchStrategy(f.PatchStrategy); err != nil {
		return f, errAt(p.Value.Get("x-kubernetes-patch-strategy"), "%v", err)
	}
	if f.PatchMergeKey, err = stringAt(p.Value, "x-kubernetes-patch-merge-key"); err != nil {
		return f, err
	}
	if p.Value.Has("default") {
		f.Default = plainValue(p.Value.Get("default"))
	}
	return f, nil
}

// additionalProperties returns the type of the keys a map does not declare, nil for none.
func (c openapiConverter) additionalProperties(n *yamltree.Node, hasProperties bool) (*refDecl, error) {
	deduced := &refDecl{NamedType: DeducedName, pos: n.Pos}
	ap := n.Get("additionalProperties")
	switch {
	case ap.IsNull():
		if c.preserveUnknownFields || !hasProperties {
			return deduced, nil
		}
		return nil, nil
	case ap.IsMap():
		r, err := c.ref(ap)
		return &r, err
	default:
		if allows, ok := ap.Bool(); ok && !allows {
			return nil, nil
		}
		return deduced, nil
	}
}

// list converts the list part of a schema. A list without items holds untyped atomic values, an
// error when typed says the schema is an array.
func (c openapiConverter) list(n *yamltree.Node, typed bool) (*listDecl, error) {
	l := &listDecl{}
	var err error
	if l.ElementRelationship, l.Keys, err = listRelationship(n); err != nil {
		return nil, err
	}
	items := n.Get("items")
	switch {
	case items.IsNull() && typed:
		return nil, errAt(n, "an array needs items")
	case items.IsNull():
		l.ElementType = refDecl{NamedType: AtomicName, pos: n.Pos}
		return l, nil
	case items.IsList():
		if len(items.Items) != 1 {
			return nil, errAt(items, "items must hold exactly one schema")
		}
		items = items.Items[0]
	}
	l.ElementType, err = c.ref(items)
	return l, err
}

// embed gives an embedded resource's map (x-kubernetes-embedded-resource, a CRD's root) the fields
// the API server gives it: apiVersion, kind, and metadata as ObjectMeta.
func (c openapiConverter) embed(m *mapDecl) {
	meta := refDecl{NamedType: DeducedName}
	if c.objectMeta != "" {
		meta = refDecl{NamedType: c.objectMeta}
	}
	set := map[string]refDecl{
		"apiVersion": {atomDecl: atomDecl{Scalar: string(ScalarString)}},
		"kind":       {atomDecl: atomDecl{Scalar: string(ScalarString)}},
		"metadata":   meta,
	}
	for i := range m.Fields {
		if t, ok := set[m.Fields[i].Name]; ok {
			m.Fields[i].Type = t
			delete(set, m.Fields[i].Name)
		}
	}
	for _, name := range []string{"apiVersion", "kind", "metadata"} {
		if t, ok := set[name]; ok {
			m.Fields = append(m.Fields, fieldDecl{Name: name, Type: t})
		}
	}
}

// listRelationship reads a list's x-kubernetes-list-type and keys, or derives them from its patch
// strategy.
func listRelationship(n *yamltree.Node) (string, []string, error) {
	listType, err := stringAt(n, "x-kubernetes-list-type")
	if err != nil {
		return "", nil, err
	}
	switch listType {
	case "atomic":
		return relAtomic, nil, nil
	case "set":
		return relAssociative, nil, nil
	case "map":
		keys, err := stringsAt(n, "x-kubernetes-list-map-keys")
		if err == nil && len(keys) == 0 {
			err = errAt(n.Get("x-kubernetes-list-type"), "x-kubernetes-list-type map needs x-kubernetes-list-map-keys")
		}
		return relAssociative, keys, err
	case "":
		return patchListRelationship(n)
	default:
		return "", nil, errAt(n.Get("x-kubernetes-list-type"), "unknown x-kubernetes-list-type %q (want atomic, set or map)", listType)
	}
}

// patchListRelationship derives a list's relationship from its patch strategy, as Kubernetes does
// for lists without x-kubernetes-list-type.
func patchListRelationship(n *yamltree.Node) (string, []string, error) {
	text, err := stringAt(n, "x-kubernetes-patch-strategy")
	if err != nil {
		return "", nil, err
	}
	strategy, err := ParsePatchStrategy(text)
	if err != nil {
		return "", nil, errAt(n.Get("x-kubernetes-patch-strategy"), "%v", err)
	}
	if !strategy.Has(PatchMerge) {
		return relAtomic, nil, nil
	}
	key, err := stringAt(n, "x-kubernetes-patch-merge-key")
	if err != nil || key == "" {
		return relAssociative, nil, err
	}
	return relAssociative, (&Field{MergeKey: key}).MergeKeys(), nil
}

// mapRelationship reads x-kubernetes-map-type: "atomic", "separable" for granular, "" when unset.
func mapRelationship(n *yamltree.Node) (string, error) {
	mapType, err := stringAt(n, "x-kubernetes-map-type")
	switch {
	case err != nil:
		return "", err
	case mapType == "":
		return "", nil
	case mapType == "atomic":
		return relAtomic, nil
	case mapType == "granular":
		return relSeparable, nil
	default:
		return "", errAt(n.Get("x-kubernetes-map-type"), "unknown x-kubernetes-map-type %q (want atomic or granular)", mapType)
	}
}
