package explain

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Versions are one field as each version of the object holds it; a missing side is nil.
type Versions struct {
	Original, Updated, Live, Result *yamltree.Node
}

// Child returns the versions of a map entry.
func (v Versions) Child(key string) Versions {
	return Versions{Original: v.Original.Get(key), Updated: v.Updated.Get(key), Live: v.Live.Get(key), Result: v.Result.Get(key)}
}

// Rule is what decided a value as a whole, when it is not merged field by field.
type Rule uint8

// The rules.
const (
	// Field: a scalar, or a value whose type changed.
	Field Rule = iota
	// AtomicList: a list without the merge strategy, replaced whole.
	AtomicList
	// MergePatchList: a list under a JSON merge patch (custom resources), replaced whole.
	MergePatchList
	// Replace: a map with the replace strategy, replaced whole.
	Replace
)

// Key is a list item's merge key and its value. A multi-field key names its fields joined by
// commas, and its value is a map of the fields' values.
type Key struct {
	Field string
	Value *yamltree.Node
}

// String writes the key as name="value", or for a multi-field key a=1,b="x".
func (k Key) String() string {
	if !k.Value.IsMap() {
		return fmt.Sprintf("%s=%s", k.Field, Short(k.Value))
	}
	parts := make([]string, 0, len(k.Value.Fields))
	for _, f := range k.Value.Fields {
		parts = append(parts, fmt.Sprintf("%s=%s", f.Name(), Short(f.Value)))
	}
	return strings.Join(parts, ",")
}

// Multi reports whether the key has several fields.
func (k Key) Multi() bool { return strings.Contains(k.Field, ",") }

// MultiNote is a sentence ending for reasons about an item matched on a multi-field key; empty
// for a single-field key.
func (k Key) MultiNote() string {
	if !k.Multi() {
		return ""
	}
	return "; the merge key has several fields (" + strings.ReplaceAll(k.Field, ",", " and ") + "): items match only when all of them match, as server-side apply keys them (multiKeys)"
}

// Short renders a value for a sentence, cut to a readable length.
func Short(n *yamltree.Node) string {
	if n == nil {
		return "nothing"
	}
	s := n.String()
	if n.Kind == yamltree.ScalarNode && n.Tag == yamltree.StrTag {
		s = fmt.Sprintf("%q", n.Value)
	}
	return yamltree.Abbreviate(s, 60)
}
