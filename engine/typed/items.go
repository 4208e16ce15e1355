package typed

import (
	"errors"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// The element of a list item (what selects it in a path and in FieldsV1) depends on the list's
// type and the item's shape. Observed with k8s.io/apimachinery v0.37.2's field manager
// (structured-merge-diff v6.4.2) applying items of every shape to a custom resource's lists,
// scripts/conformance/ssadiff/itemsprobe_test.go; the messages are the API server's:
//
//	list         | item            | element, or the API server's refusal
//	-------------|-----------------|------------------------------------------------------------
//	keyed (map)  | a map           | its key fields: a field the item holds (null too) with its
//	             |                 | value; a missing one with the schema's default, or left out
//	             |                 | when it has none. None at all: "associative list with keys
//	             |                 | has an element that omits all key fields [...] (and doesn't
//	             |                 | have default values for any key fields)"
//	keyed (map)  | null            | "associative list with keys may not have a null element"
//	keyed (map)  | a scalar, list  | "associative list with keys may not have non-map elements"
//	set          | a scalar        | its value
//	set          | null            | "associative list without keys has an element that's an
//	             |                 | explicit null"
//	set          | a map           | "associative list without keys has an element that's a map
//	             |                 | type"
//	set          | a list          | "not supported: associative list with lists as elements"
//
// Items of an atomic list have no element: the list is owned whole.

// itemShape is the shape of a list item, indexing itemRows.
type itemShape uint8

const (
	aScalarItem itemShape = iota
	aNullItem
	aMapItem
	aListItem
)

func itemShapeOf(item *yamltree.Node) itemShape {
	switch {
	case item.IsNull():
		return aNullItem
	case item.IsMap():
		return aMapItem
	case item.IsList():
		return aListItem
	}
	return aScalarItem
}

// itemRow is one row of the table above: how the element is made, or the refusal when element
// is nil.
type itemRow struct {
	element func(t *schema.Type, item *yamltree.Node) (fieldpath.Element, error)
	refusal string
}

const nonMapItem = "associative list with keys may not have non-map elements"

// keyedRows and setRows are the table's rows for a keyed list and a set, by item shape.
var (
	keyedRows = [...]itemRow{
		aScalarItem: {refusal: nonMapItem},
		aNullItem:   {refusal: "associative list with keys may not have a null element"},
		aMapItem:    {element: keyFieldsElement},
		aListItem:   {refusal: nonMapItem},
	}
	setRows = [...]itemRow{
		aScalarItem: {element: valueElement},
		aNullItem:   {refusal: "associative list without keys has an element that's an explicit null"},
		aMapItem:    {refusal: "associative list without keys has an element that's a map type"},
		aListItem:   {refusal: "not supported: associative list with lists as elements"},
	}
)

// ItemElement returns the element that selects item in an associative list of type t (see the
// table above). Key fields are sorted by name, as the API server keeps them.
func ItemElement(t *schema.Type, item *yamltree.Node) (fieldpath.Element, error) {
	var row itemRow
	switch t.ListType {
	case schema.ListMap:
		row = keyedRows[itemShapeOf(item)]
	case schema.ListSet:
		row = setRows[itemShapeOf(item)]
	default:
		return fieldpath.Element{}, errors.New("the items of an atomic list have no identity")
	}
	if row.element == nil {
		return fieldpath.Element{}, errors.New(row.refusal)
	}
	return row.element(t, item)
}

// keyFieldsElement selects a map item by its key fields, defaults filling the missing ones.
func keyFieldsElement(t *schema.Type, item *yamltree.Node) (fieldpath.Element, error) {
	keys := []fieldpath.KeyValue{}
	for _, name := range t.Keys {
		value := item.Get(name)
		if !item.Has(name) {
			value = keyFieldDefault(t, name)
		}
		if value != nil {
			keys = append(keys, fieldpath.KeyValue{Name: name, Value: value})
		}
	}
	if len(t.Keys) > 0 && len(keys) == 0 {
		return fieldpath.Element{}, errors.New("associative list with keys has an element that omits all key fields " + verb.Quotes(t.Keys) + " (and doesn't have default values for any key fields)")
	}
	fieldset.SortKeys(keys)
	return fieldpath.Element{Keys: keys}, nil
}

// keyFieldDefault returns the schema's default of a key field of t's items, nil when it has none.
func keyFieldDefault(t *schema.Type, name string) *yamltree.Node {
	if f := t.ListElem().Field(name); f != nil && f.Default != nil {
		return fieldset.ValueNode(f.Default)
	}
	return nil
}

// valueElement selects a set's item by its value.
func valueElement(_ *schema.Type, item *yamltree.Node) (fieldpath.Element, error) {
	return fieldpath.Element{Value: item}, nil
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
