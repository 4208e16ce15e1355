package schema

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A structured-merge-diff schema, as sigs.k8s.io/structured-merge-diff's tests write it:
//
//	types:
//	- name: myRoot
//	  map:
//	    fields:
//	    - name: list
//	      type:
//	        namedType: associativeList
//	- name: associativeList
//	  list:
//	    elementType:
//	      namedType: myElement
//	    elementRelationship: associative
//	    keys: [name]
//
// Unions and nullable are accepted and ignored; the built-in file's patchStrategy and patchMergeKey
// are accepted on fields. Other keys are errors.

// readSMD adds the named types of a structured-merge-diff schema to file.
func readSMD(root *yamltree.Node, file *fileDecl) error {
	if err := checkKeys(root, "a structured-merge-diff schema", "types"); err != nil {
		return err
	}
	types := root.Get("types")
	if err := expectList(types, "types"); err != nil {
		return err
	}
	for _, item := range types.Items {
		d, err := readTypeDef(item)
		if err != nil {
			return err
		}
		file.Types = append(file.Types, d)
	}
	return nil
}

// readTypeDef reads one named type.
func readTypeDef(n *yamltree.Node) (typeDecl, error) {
	d := typeDecl{pos: n.Pos}
	if err := expectMap(n, "a type"); err != nil {
		return d, err
	}
	if err := checkKeys(n, "a type", "name", "scalar", "list", "map"); err != nil {
		return d, err
	}
	name, err := stringAt(n, "name")
	if err != nil {
		return d, err
	}
	d.Name = name
	d.atomDecl, err = readAtom(n)
	return d, err
}

// readAtom reads the scalar, list and map keys of a type or a type reference.
func readAtom(n *yamltree.Node) (atomDecl, error) {
	var a atomDecl
	var err error
	if a.Scalar, err = stringAt(n, "scalar"); err != nil {
		return a, err
	}
	if list := n.Get("list"); !list.IsNull() {
		if a.List, err = readListDecl(list); err != nil {
			return a, err
		}
	}
	if m := n.Get("map"); !m.IsNull() {
		if a.Map, err = readMapDecl(m); err != nil {
			return a, err
		}
	}
	return a, nil
}

// readListDecl reads a list type.
func readListDecl(n *yamltree.Node) (*listDecl, error) {
	if err := expectMap(n, "list"); err != nil {
		return nil, err
	}
	if err := checkKeys(n, "list", "elementType", "elementRelationship", "keys"); err != nil {
		return nil, err
	}
	l := &listDecl{}
	var err error
	if l.ElementRelationship, err = stringAt(n, "elementRelationship"); err != nil {
		return nil, err
	}
	if l.Keys, err = stringsAt(n, "keys"); err != nil {
		return nil, err
	}
	elem := n.Get("elementType")
	if elem.IsNull() {
		return nil, errAt(n, "list: elementType is missing")
	}
	l.ElementType, err = readRef(elem)
	return l, err
}

// readMapDecl reads a map type.
func readMapDecl(n *yamltree.Node) (*mapDecl, error) {
	if err := expectMap(n, "map"); err != nil {
		return nil, err
	}
	if err := checkKeys(n, "map", "fields", "elementType", "elementRelationship", "unions"); err != nil {
		return nil, err
	}
	m := &mapDecl{}
	var err error
	if m.ElementRelationship, err = stringAt(n, "elementRelationship"); err != nil {
		return nil, err
	}
	if elem := n.Get("elementType"); !elem.IsNull() {
		ref, err := readRef(elem)
		if err != nil {
			return nil, err
		}
		m.ElementType = &ref
	}
	fields := n.Get("fields")
	if fields.IsNull() {
		return m, nil
	}
	if err := expectList(fields, "fields"); err != nil {
		return nil, err
	}
	for _, f := range fields.Items {
		field, err := readFieldDecl(f)
		if err != nil {
			return nil, err
		}
		m.Fields = append(m.Fields, field)
	}
	return m, nil
}

// readFieldDecl reads a field of a map type.
func readFieldDecl(n *yamltree.Node) (fieldDecl, error) {
	f := fieldDecl{pos: n.Pos}
	if err := expectMap(n, "a field"); err != nil {
		return f, err
	}
	if err := checkKeys(n, "a field", "name", "type", "default", "patchStrategy", "patchMergeKey"); err != nil {
		return f, err
	}
	var err error
	if f.Name, err = stringAt(n, "name"); err != nil {
		return f, err
	}
	if f.PatchStrategy, err = stringAt(n, "patchStrategy"); err != nil {
		return f, err
	}
	if f.PatchMergeKey, err = stringAt(n, "patchMergeKey"); err != nil {
		return f, err
	}
	if n.Has("default") {
		f.Default = plainValue(n.Get("default"))
	}
	t := n.Get("type")
	if t.IsNull() {
		return f, errAt(n, "field "+strconv.Quote(f.Name)+": type is missing")
	}
	f.Type, err = readRef(t)
	return f, err
}

// readRef reads a type reference: a namedType, or an inline scalar, list or map, with an optional
// elementRelationship override.
func readRef(n *yamltree.Node) (refDecl, error) {
	r := refDecl{pos: n.Pos}
	if err := expectMap(n, "a type reference"); err != nil {
		return r, err
	}
	if err := checkKeys(n, "a type reference", "namedType", "scalar", "list", "map",
		"elementRelationship", "nullable"); err != nil {
		return r, err
	}
	var err error
	if r.NamedType, err = stringAt(n, "namedType"); err != nil {
		return r, err
	}
	if r.ElementRelationship, err = stringAt(n, "elementRelationship"); err != nil {
		return r, err
	}
	r.atomDecl, err = readAtom(n)
	return r, err
}
