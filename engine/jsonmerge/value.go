package jsonmerge

import (
	"math"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// jsonType is the type a node's value has once decoded from JSON into Go's untyped values.
type jsonType uint8

const (
	typeNull jsonType = iota
	typeBool
	typeNumber
	typeString
	typeList
	typeObject
)

// typeOf returns n's JSON type; an absent node counts as null.
func typeOf(n *yamltree.Node) jsonType {
	switch {
	case n.IsNull():
		return typeNull
	case n.IsMap():
		return typeObject
	case n.IsList():
		return typeList
	}
	switch n.Tag {
	case yamltree.BoolTag:
		return typeBool
	case yamltree.IntTag, yamltree.FloatTag:
		return typeNumber
	}
	return typeString
}

// sameValue reports whether a and b hold equal JSON data: same type, numbers equal as float64,
// maps with the same keys and equal values, lists equal item by item.
func sameValue(a, b *yamltree.Node) bool {
	t := typeOf(a)
	if t != typeOf(b) {
		return false
	}
	switch t {
	case typeNull:
		return true
	case typeBool:
		av, _ := a.Bool()
		bv, _ := b.Bool()
		return av == bv
	case typeNumber:
		av, _ := a.Float()
		bv, _ := b.Float()
		return av == bv
	case typeString:
		return a.Value == b.Value
	case typeList:
		return sameItems(a.Items, b.Items)
	}
	return sameFields(a, b)
}

func sameItems(a, b []*yamltree.Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sameFields(a, b *yamltree.Node) bool {
	if len(a.Fields) != len(b.Fields) {
		return false
	}
	index := indexOf(a)
	for _, f := range b.Fields {
		i, ok := index[f.Name()]
		if !ok || !sameValue(a.Fields[i].Value, f.Value) {
			return false
		}
	}
	return true
}

// indexOf maps each key of map n (or of nothing, for a null) to its position among n's fields.
func indexOf(n *yamltree.Node) map[string]int {
	if !n.IsMap() {
		return nil
	}
	index := make(map[string]int, len(n.Fields))
	for i, f := range n.Fields {
		index[f.Name()] = i
	}
	return index
}

// checkJSON returns an error naming role when n holds a number JSON cannot write.
func checkJSON(role string, n *yamltree.Node) error {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yamltree.MapNode:
		for _, f := range n.Fields {
			if err := checkJSON(role, f.Value); err != nil {
				return err
			}
		}
	case yamltree.ListNode:
		for _, it := range n.Items {
			if err := checkJSON(role, it); err != nil {
				return err
			}
		}
	default:
		if typeOf(n) == typeNumber {
			if f, ok := n.Float(); !ok || math.IsInf(f, 0) || math.IsNaN(f) {
				return inputError(role, n, ErrNotJSON, "the number "+n.Value+" has no JSON form")
			}
		}
	}
	return nil
}

// mapLike returns a new empty map carrying the position, comments and style of n.
func mapLike(n *yamltree.Node) *yamltree.Node {
	out := yamltree.NewMap()
	if n != nil {
		out.Pos, out.Style = n.Pos, n.Style
		out.CopyComments(n)
	}
	return out
}

// field returns a map entry whose key is a copy of key and whose value is value.
func field(key *yamltree.Node, value *yamltree.Node) yamltree.Field {
	return yamltree.Field{Key: key.Clone(), Value: value}
}
