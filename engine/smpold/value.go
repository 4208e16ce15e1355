package smpold

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// kind is the Go type a value has once the reference has decoded it from JSON: the reference
// compares types (reflect.TypeOf) before values, so an integral number and a fractional one are
// of different kinds.
type kind uint8

const (
	kindNull kind = iota
	kindMap
	kindList
	kindString
	kindInt
	kindFloat
	kindBool
)

func kindOf(n *yamltree.Node) kind {
	switch {
	case n == nil || n.IsNull():
		return kindNull
	case n.Kind == yamltree.MapNode:
		return kindMap
	case n.Kind == yamltree.ListNode:
		return kindList
	}
	switch n.Tag {
	case yamltree.BoolTag:
		return kindBool
	case yamltree.IntTag, yamltree.FloatTag:
		if _, isInt := numberText(n); isInt {
			return kindInt
		}
		return kindFloat
	}
	return kindString
}

// numberText returns the JSON text the reference would hold for a number, and whether it decodes
// as an int64.
func numberText(n *yamltree.Node) (string, bool) {
	if n.Tag == yamltree.IntTag {
		plain := strings.ReplaceAll(n.Value, "_", "")
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return strconv.FormatInt(i, 10), true
		}
	}
	f, _ := n.Float()
	text := yamltree.FormatNumber(f)
	_, err := strconv.ParseInt(text, 10, 64)
	return text, err == nil
}

// equalValues is the reference's reflect.DeepEqual on decoded JSON values.
func equalValues(a, b *yamltree.Node) bool {
	ka, kb := kindOf(a), kindOf(b)
	if ka != kb {
		return false
	}
	switch ka {
	case kindNull:
		return true
	case kindMap:
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
	case kindList:
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

// sameScalar is the reference's == on two decoded values: maps and lists are never equal (the
// reference would panic comparing them; no key value is a map in practice).
func sameScalar(a, b *yamltree.Node) bool {
	ka := kindOf(a)
	if ka != kindOf(b) || ka == kindMap || ka == kindList {
		return false
	}
	return ka == kindNull || scalarText(a) == scalarText(b)
}

// scalarText is a canonical text of a scalar within its kind.
func scalarText(n *yamltree.Node) string {
	switch kindOf(n) {
	case kindInt, kindFloat:
		t, _ := numberText(n)
		return t
	case kindBool:
		return n.Canonical()
	case kindNull:
		return ""
	}
	return n.Value
}

// printed is fmt's %v of a decoded value: the reference sorts lists and merge keys by it.
func printed(n *yamltree.Node) string {
	switch kindOf(n) {
	case kindNull:
		return "<nil>"
	case kindInt:
		t, _ := numberText(n)
		return t
	case kindFloat:
		f, _ := n.Float()
		return strconv.FormatFloat(f, 'g', -1, 64)
	case kindBool:
		return n.Canonical()
	case kindString:
		return n.Value
	case kindList:
		parts := make([]string, len(n.Items))
		for i, it := range n.Items {
			parts[i] = printed(it)
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	keys := n.Keys()
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ":" + printed(n.Get(k))
	}
	return "map[" + strings.Join(parts, " ") + "]"
}

// typeName names a value's kind as the reference's errors do.
func typeName(n *yamltree.Node) string {
	switch kindOf(n) {
	case kindMap:
		return "map[string]interface {}"
	case kindList:
		return "[]interface {}"
	case kindString:
		return "string"
	case kindInt:
		return "int64"
	case kindFloat:
		return "float64"
	case kindBool:
		return "bool"
	}
	return "%!s(<nil>)"
}

// Error is a failure to compute or apply a patch, with the reference's message.
type Error struct {
	Message string
	// Pos is where in an input the problem lies, when known.
	Pos yamltree.Pos
}

func (e *Error) Error() string { return e.Message }

func errorf(format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...)}
}

func errorAt(n *yamltree.Node, format string, args ...any) *Error {
	e := errorf(format, args...)
	if n != nil {
		e.Pos = n.Pos
	}
	return e
}

// locate gives err, when it is an *Error without a position, the position of n: the patch
// entry whose merge failed. Errors raised without a node at hand (no elements to tell a list's
// type by, a field the schema lacks) then still point at a line of the patch.
func locate(err error, n *yamltree.Node) error {
	var e *Error
	if errors.As(err, &e) && !e.Pos.IsValid() && n != nil && n.Pos.IsValid() {
		located := *e
		located.Pos = n.Pos
		return &located
	}
	return err
}

func errNoMergeKey(m *yamltree.Node, key string) *Error {
	if isMultiKey(key) {
		return errorAt(m, "map: %s lacks %s of the multi-field merge key %s: every field of the key is required to find the item", printed(m), strings.Join(missingKeyFields(m, key), " and "), key)
	}
	return errorAt(m, "map: %s does not contain declared merge key: %s", printed(m), key)
}

func errBadArgType(expected string, actual *yamltree.Node) *Error {
	return errorAt(actual, "expected a %s, but received a %s", expected, typeName(actual))
}

// newMap returns an empty map node.
func newMap() *yamltree.Node { return yamltree.NewMap() }

// list returns a list node holding items.
func list(items []*yamltree.Node) *yamltree.Node { return yamltree.NewList(items...) }

// Located returns err as a *yamltree.Error when it is an *Error that knows where in an input it
// lies, with prefix before its message; other errors come back unchanged.
func Located(err error, prefix string) error {
	var e *Error
	if errors.As(err, &e) && e.Pos.IsValid() {
		return yamltree.Errorf(e.Pos, "%s%s", prefix, e.Message)
	}
	return err
}
