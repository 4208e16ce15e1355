package typed

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ItemElement returns the element that selects item in an associative list of type t: its key
// fields (a field the item omits takes its schema default, when there is one) for a list map,
// its value for a set. Key fields are sorted by name, as the reference keeps them.
func ItemElement(t *schema.Type, item *yamltree.Node) (fieldpath.Element, error) {
	switch t.ListType {
	case schema.ListMap:
		return keyedElement(t, item)
	case schema.ListSet:
		return setElement(item)
	}
	return fieldpath.Element{}, errors.New("the items of an atomic list have no identity")
}

func keyedElement(t *schema.Type, item *yamltree.Node) (fieldpath.Element, error) {
	switch {
	case item.IsNull():
		return fieldpath.Element{}, errors.New("an item of a list keyed by " + keyNames(t) + " may not be null")
	case !item.IsMap():
		return fieldpath.Element{}, errors.New("the items of a list keyed by " + keyNames(t) + " must be maps")
	}
	keys := []fieldpath.KeyValue{}
	for _, name := range t.Keys {
		if v := item.Get(name); item.Has(name) {
			keys = append(keys, fieldpath.KeyValue{Name: name, Value: v})
			continue
		}
		def, err := keyDefault(t, name)
		if err != nil {
			return fieldpath.Element{}, err
		}
		if def != nil {
			keys = append(keys, fieldpath.KeyValue{Name: name, Value: def})
		}
	}
	if len(t.Keys) > 0 && len(keys) == 0 {
		return fieldpath.Element{}, fmt.Errorf("an item sets none of the key fields %s (and the schema gives none of them a default)", keyNames(t))
	}
	fieldset.SortKeys(keys)
	return fieldpath.Element{Keys: keys}, nil
}

// keyDefault returns the schema default of a key field, nil when it has none.
func keyDefault(t *schema.Type, name string) (*yamltree.Node, error) {
	elem := t.ListElem()
	if !elem.HasMap() {
		return nil, errors.New("the items of a keyed list must be maps")
	}
	f := elem.Field(name)
	if f == nil || f.Default == nil {
		return nil, nil
	}
	return valueNode(f.Default), nil
}

// valueNode converts a schema default (string, float64, bool, []any, map[string]any) to a node.
func valueNode(v any) *yamltree.Node {
	switch x := v.(type) {
	case string:
		return yamltree.NewString(x)
	case float64:
		return yamltree.NumberNode(x)
	case int:
		return yamltree.NumberNode(float64(x))
	case bool:
		return yamltree.NewScalar(yamltree.BoolTag, fmt.Sprint(x))
	case []any:
		l := yamltree.NewList()
		for _, it := range x {
			l.Items = append(l.Items, valueNode(it))
		}
		return l
	case map[string]any:
		m := yamltree.NewMap()
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			m.Set(k, valueNode(x[k]))
		}
		return m
	}
	return yamltree.NewNull()
}

func setElement(item *yamltree.Node) (fieldpath.Element, error) {
	switch {
	case item.IsMap():
		return fieldpath.Element{}, errors.New("a set (a list without keys) may not hold a map")
	case item.IsList():
		return fieldpath.Element{}, errors.New("a set (a list without keys) may not hold a list")
	case item.IsNull():
		return fieldpath.Element{}, errors.New("a set (a list without keys) may not hold a null")
	}
	return fieldpath.Element{Value: item}, nil
}

func keyNames(t *schema.Type) string {
	return strings.Join(t.Keys, ", ")
}

// itemElements returns the element of each item of an associative list, in order.
func itemElements(t *schema.Type, items []*yamltree.Node) ([]fieldpath.Element, error) {
	out := make([]fieldpath.Element, len(items))
	for i, it := range items {
		e, err := ItemElement(t, it)
		if err != nil {
			return nil, &Error{Pos: it.Pos, Message: err.Error()}
		}
		out[i] = e
	}
	return out, nil
}
