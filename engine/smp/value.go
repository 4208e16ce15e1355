package smp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// kind is what a value is once the reference has decoded it from JSON: kubectl and the API
// server hand strategicpatch JSON that Kubernetes' decoder reads into int64 when a number's
// text is integral and fits, float64 otherwise. A YAML float 1.0 reaches it as the JSON text 1
// (Go writes float64(1) so), hence an int64: kinds are read from the JSON text a node is
// written as. The reference tells kinds apart before it compares values, so 1 and 1.5 are
// different kinds, and 1 and "1" never equal.
type kind uint8

const (
	nullKind kind = iota
	boolKind
	intKind
	floatKind
	stringKind
	mapKind
	listKind
)

// kindOf returns the kind of n (an absent node is null).
func kindOf(n *yamltree.Node) kind {
	switch {
	case n == nil:
		return nullKind
	case n.Kind == yamltree.MapNode:
		return mapKind
	case n.Kind == yamltree.ListNode:
		return listKind
	}
	switch n.Tag {
	case yamltree.NullTag:
		return nullKind
	case yamltree.BoolTag:
		return boolKind
	case yamltree.IntTag, yamltree.FloatTag:
		if n.Tag == yamltree.IntTag && plainInt(n.Value) {
			return intKind
		}
		if _, err := strconv.ParseInt(n.Canonical(), 10, 64); err == nil {
			return intKind
		}
		return floatKind
	}
	return stringKind
}

// plainInt reports whether text is a decimal integer short enough to fit an int64 as it is.
func plainInt(text string) bool {
	digits := strings.TrimPrefix(text, "-")
	if len(digits) == 0 || len(digits) > 18 || (len(digits) > 1 && digits[0] == '0') {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// kindName names a kind as Go's reflect names the decoded value, as the reference's messages do.
func (k kind) String() string {
	return [...]string{"<nil>", "bool", "int64", "float64", "string", "map[string]interface {}", "[]interface {}"}[k]
}

// equalValues reports whether two values are the same data as the reference compares decoded
// values (reflect.DeepEqual): same kinds throughout, maps by key, lists in order.
func equalValues(a, b *yamltree.Node) bool {
	if a != nil && b != nil && a.Kind == yamltree.ScalarNode && b.Kind == yamltree.ScalarNode && a.Tag == b.Tag {
		switch {
		case a.Tag == yamltree.StrTag:
			return a.Value == b.Value
		case a.Tag == yamltree.IntTag && plainInt(a.Value) && plainInt(b.Value):
			return a.Value == b.Value
		}
	}
	if kindOf(a) != kindOf(b) {
		return false
	}
	switch kindOf(a) {
	case mapKind:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for _, f := range a.Fields {
			i := b.Index(f.Key.Value)
			if i < 0 || !equalValues(f.Value, b.Fields[i].Value) {
				return false
			}
		}
		return true
	case listKind:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !equalValues(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	}
	return scalarText(a) == scalarText(b)
}

// sameScalar reports whether two values are == as decoded values: scalars of one kind and text.
// Maps and lists are never equal (the reference only compares keys and set items so).
func sameScalar(a, b *yamltree.Node) bool {
	ka, kb := kindOf(a), kindOf(b)
	return ka == kb && ka != mapKind && ka != listKind && scalarText(a) == scalarText(b)
}

// scalarText is a scalar's value as text within its kind.
func scalarText(n *yamltree.Node) string {
	if n == nil {
		return "null"
	}
	return n.Canonical()
}

// printed writes a value as fmt's %v writes the decoded value: the reference sorts merge keys
// and primitives by this text, and pairs list items whose keys print alike (so the key 1 and the
// key "1" pair when lists are diffed). A map prints as map[k:v ...] with sorted keys, a list as
// [a b], null as <nil>.
func printed(n *yamltree.Node) string {
	if n != nil && n.Kind == yamltree.ScalarNode && (n.Tag == yamltree.StrTag || (n.Tag == yamltree.IntTag && plainInt(n.Value))) {
		return n.Value
	}
	var b strings.Builder
	writePrinted(&b, n)
	return b.String()
}

func writePrinted(b *strings.Builder, n *yamltree.Node) {
	switch kindOf(n) {
	case nullKind:
		b.WriteString("<nil>")
	case mapKind:
		b.WriteString("map[")
		for i, k := range sortedKeys(n) {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k)
			b.WriteByte(':')
			writePrinted(b, n.Get(k))
		}
		b.WriteByte(']')
	case listKind:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteByte(' ')
			}
			writePrinted(b, it)
		}
		b.WriteByte(']')
	case floatKind:
		f, _ := n.Float()
		b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	default:
		b.WriteString(scalarText(n))
	}
}

// sortedKeys returns a map's keys in byte order.
func sortedKeys(n *yamltree.Node) []string {
	keys := n.Keys()
	slices.Sort(keys)
	return keys
}
