package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Helpers to read a user schema's YAML tree; every error names the node's line and column.

// errAt returns an error located at node n; a missing node (nil) has no position.
func errAt(n *yamltree.Node, message string) error {
	if n == nil {
		return yamltree.ErrorAt(yamltree.Pos{Input: yamltree.Schema}, message)
	}
	return yamltree.ErrorAt(n.Pos, message)
}

// expectMap fails unless n is a map; what names it for the message.
func expectMap(n *yamltree.Node, what string) error {
	if !n.IsMap() {
		return errAt(n, what+" must be a map, not "+describe(n))
	}
	return nil
}

// expectList fails unless n is a list.
func expectList(n *yamltree.Node, what string) error {
	if !n.IsList() {
		return errAt(n, what+" must be a list, not "+describe(n))
	}
	return nil
}

// checkKeys fails on the first key of map n that allowed lacks.
func checkKeys(n *yamltree.Node, what string, allowed ...string) error {
	for _, f := range n.Fields {
		if !slices.Contains(allowed, f.Name()) {
			return errAt(f.Key, what+": unknown key "+strconv.Quote(f.Name())+" (want one of "+strings.Join(allowed, ", ")+")")
		}
	}
	return nil
}

// stringAt returns the text of the scalar under key in map n, "" when absent or null; it fails
// when the value is a map or a list.
func stringAt(n *yamltree.Node, key string) (string, error) {
	return scalarText(n.Get(key), key)
}

// boolAt reports whether the value under key in map n is true; it fails on a value that is not a
// boolean.
func boolAt(n *yamltree.Node, key string) (bool, error) {
	return flag(n.Get(key), key)
}

// stringsAt returns the scalars of the list under key in map n, nil when absent.
func stringsAt(n *yamltree.Node, key string) ([]string, error) {
	return scalarTexts(n.Get(key), key)
}

// scalarText returns the text of scalar v, "" when v is null or missing; what names it for
// messages.
func scalarText(v *yamltree.Node, what string) (string, error) {
	if v.IsNull() {
		return "", nil
	}
	if !v.IsScalar() {
		return "", errAt(v, what+" must be a string, not "+describe(v))
	}
	return v.Value, nil
}

// scalarTexts returns the scalars of list v, nil when v is null or missing.
func scalarTexts(v *yamltree.Node, what string) ([]string, error) {
	if v.IsNull() {
		return nil, nil
	}
	if err := expectList(v, what); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(v.Items))
	for _, item := range v.Items {
		if !item.IsScalar() || item.IsNull() {
			return nil, errAt(item, what+" must hold strings, not "+describe(item))
		}
		out = append(out, item.Value)
	}
	return out, nil
}

// flag reports whether v is true, false when null or missing; it fails on a value that is not a
// boolean.
func flag(v *yamltree.Node, what string) (bool, error) {
	if v.IsNull() {
		return false, nil
	}
	b, ok := v.Bool()
	if !ok {
		return false, errAt(v, what+" must be true or false, not "+describe(v))
	}
	return b, nil
}

// plainValue converts a node to the untyped value encoding/json would read from the same data:
// nil, string, float64, bool, []any or map[string]any.
func plainValue(n *yamltree.Node) any {
	switch {
	case n.IsNull():
		return nil
	case n.IsMap():
		out := make(map[string]any, len(n.Fields))
		for _, f := range n.Fields {
			out[f.Name()] = plainValue(f.Value)
		}
		return out
	case n.IsList():
		out := make([]any, len(n.Items))
		for i, item := range n.Items {
			out[i] = plainValue(item)
		}
		return out
	}
	if b, ok := n.Bool(); ok {
		return b
	}
	if f, ok := n.Float(); ok {
		return f
	}
	return n.Value
}

// describe names what a node is, for messages.
func describe(n *yamltree.Node) string {
	switch {
	case n == nil:
		return "nothing"
	case n.IsMap():
		return "a map"
	case n.IsList():
		return "a list"
	case n.IsNull():
		return "null"
	default:
		return quote(n.Value)
	}
}
