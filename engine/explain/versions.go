package explain

import (
	"fmt"

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

// Key is a list item's merge key and its value.
type Key struct {
	Field string
	Value *yamltree.Node
}

// String writes the key as name="value".
func (k Key) String() string { return fmt.Sprintf("%s=%s", k.Field, Short(k.Value)) }

// Short renders a value for a sentence, cut to a readable length.
func Short(n *yamltree.Node) string {
	if n == nil {
		return "nothing"
	}
	s := n.String()
	if n.Kind == yamltree.ScalarNode && n.Tag == yamltree.StrTag {
		s = fmt.Sprintf("%q", n.Value)
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
