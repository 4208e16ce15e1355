package fieldset

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// parseJSON reads one JSON value into a node (numbers keep their text; an object's keys come
// sorted, the order every element is written in). Trailing data other than white space is an
// error.
func parseJSON(text string) (*yamltree.Node, error) {
	v, err := jsonwire.ValueKeepingNumbers([]byte(text))
	if err != nil {
		return nil, verb.Wrap("invalid JSON: ", err)
	}
	return ValueNode(v), nil
}

// ValueNode converts a value decoded from JSON (jsonwire.Number, float64, int, string, bool, nil,
// []any, map[string]any; a schema's default, say) to a node: numbers as int or float scalars,
// strings double-quoted, map keys sorted (the order elements are written in).
func ValueNode(v any) *yamltree.Node {
	switch x := v.(type) {
	case jsonwire.Number:
		tag := yamltree.IntTag
		if strings.ContainsAny(string(x), ".eE") {
			tag = yamltree.FloatTag
		}
		return yamltree.NewScalar(tag, string(x))
	case float64:
		return yamltree.NumberNode(x)
	case int:
		return yamltree.NumberNode(float64(x))
	case string:
		n := yamltree.NewString(x)
		n.Style = yamltree.DoubleQuoted
		return n
	case bool:
		return yamltree.NewScalar(yamltree.BoolTag, strconv.FormatBool(x))
	case []any:
		l := yamltree.NewList()
		l.Style = yamltree.Flow
		for _, it := range x {
			l.Items = append(l.Items, ValueNode(it))
		}
		return l
	case map[string]any:
		m := yamltree.NewMap()
		m.Style = yamltree.Flow
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			m.Set(k, ValueNode(x[k]))
		}
		return m
	}
	return yamltree.NewNull()
}
