package main

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

// patchTag is the strategic-merge-patch view of one field, as its Go struct tags write it.
type patchTag struct {
	Strategy string
	MergeKey string
	// GoNumber is the Go type of a numeric field (int32, int64, float64): the API server's
	// decoding errors name it ("of type int32"), and the server-side-apply schema says only
	// "numeric".
	GoNumber string
	// Omit is what the API server's typed round trip leaves out of the field (omitOf): "empty",
	// "nil", "zero", or "" for nothing.
	Omit string
}

// tagIndex holds the patch tags of the server-side-apply schema's named types: type name, then
// field name.
type tagIndex map[string]map[string]patchTag

// tagWalker pairs Go types with the server-side-apply schema's types, from each kind's root down,
// and collects the patch tags of every field on the named type the field belongs to.
type tagWalker struct {
	ssa  *smdschema.Schema
	tags tagIndex
	// names maps each Go struct met to the named type it pairs with.
	names map[reflect.Type]string
}

// collectTags walks every kind and returns the patch tags found.
func collectTags(ssa *smdschema.Schema, kinds []kind) (tagIndex, error) {
	w := &tagWalker{ssa: ssa, tags: tagIndex{}, names: map[reflect.Type]string{}}
	for _, k := range kinds {
		name := k.TypeName
		if err := w.walk(k.GoType, smdschema.TypeRef{NamedType: &name}, k.GVK.Kind); err != nil {
			return nil, err
		}
	}
	return w.tags, nil
}

// walk pairs the Go type t with the schema type ref. path names the place for messages.
func (w *tagWalker) walk(t reflect.Type, ref smdschema.TypeRef, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	atom, ok := w.ssa.Resolve(ref)
	if !ok {
		return fmt.Errorf("%s: the server-side-apply schema cannot resolve the type of %s", path, t)
	}
	switch t.Kind() {
	case reflect.Struct:
		if atom.Map == nil || len(atom.Map.Fields) == 0 {
			return nil // a scalar in the schema (Time, Quantity, IntOrString) or an untyped value
		}
		if ref.NamedType == nil {
			return fmt.Errorf("%s: Go struct %s pairs with an inline type", path, t)
		}
		return w.walkStruct(t, *ref.NamedType, atom.Map, path)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 || atom.List == nil {
			return nil // bytes are a string; an untyped value has no items to pair
		}
		return w.walk(t.Elem(), atom.List.ElementType, path+"[]")
	case reflect.Map:
		if atom.Map == nil {
			return nil
		}
		return w.walk(t.Elem(), atom.Map.ElementType, path+"{}")
	default:
		return nil
	}
}

// walkStruct pairs the fields of Go struct t with those of the named map type name, once per
// struct.
func (w *tagWalker) walkStruct(t reflect.Type, name string, m *smdschema.Map, path string) error {
	if prev, ok := w.names[t]; ok {
		if prev != name {
			return fmt.Errorf("%s: Go struct %s pairs with both %s and %s", path, t, prev, name)
		}
		return nil
	}
	w.names[t] = name
	for _, f := range jsonFields(t) {
		tag := patchTag{Strategy: f.Field.Tag.Get("patchStrategy"), MergeKey: f.Field.Tag.Get("patchMergeKey"),
			GoNumber: goNumber(f.Field.Type), Omit: omitOf(f.Field)}
		sf, ok := m.FindField(f.Name)
		if !ok {
			if tag.Strategy != "" || tag.MergeKey != "" {
				return fmt.Errorf("%s.%s: tagged field missing from %s", path, f.Name, name)
			}
			continue
		}
		if tag != (patchTag{}) {
			if w.tags[name] == nil {
				w.tags[name] = map[string]patchTag{}
			}
			w.tags[name][f.Name] = tag
		}
		if err := w.walk(f.Field.Type, sf.Type, path+"."+f.Name); err != nil {
			return err
		}
	}
	return nil
}

// omitOf says what encoding/json leaves out of a struct field when the API server writes the
// object it decoded into its Go type (observed on kube-apiserver v1.37.2: docs/apiserver.md):
//   - "empty": an omitempty field of a string, number, boolean, slice or map: a null and the
//     type's empty value ("", 0, false, [], {}) are left out;
//   - "nil": an omitempty pointer: a null alone is left out ({} and 0 stay);
//   - "zero": an omitzero field (creationTimestamp): a null and the zero value are left out;
//   - "": every value is written (a struct's {} stays, a null is written as the zero value).
func omitOf(f reflect.StructField) string {
	_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
	has := func(o string) bool { return slices.Contains(strings.Split(opts, ","), o) }
	switch k := f.Type.Kind(); {
	case has("omitzero"):
		return "zero"
	case !has("omitempty"):
		return ""
	case k == reflect.Pointer || k == reflect.Interface:
		return "nil"
	case k == reflect.Struct:
		return ""
	}
	return "empty"
}

// goNumber names the Go type of a numeric field (pointers stripped), "" for any other.
func goNumber(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return t.Kind().String()
	}
	return ""
}

// jsonField is a struct field as encoding/json names it.
type jsonField struct {
	Name  string
	Field reflect.StructField
}

// jsonFields lists the fields encoding/json reads in struct t, embedded structs without a JSON
// name (TypeMeta, `json:",inline"`) flattened.
func jsonFields(t reflect.Type) []jsonField {
	var out []jsonField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			inner := f.Type
			if inner.Kind() == reflect.Pointer {
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct {
				out = append(out, jsonFields(inner)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, jsonField{Name: name, Field: f})
	}
	return out
}
