package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// setField sets entry name of map m as kyaml sets a field: it removes the entry when value is
// nil or null, overwrites the entry's value in place when the entry exists (the value takes the
// style the local value had, whether its tag was written included), else appends the entry with
// the given key comments and key style. Before that, a plain string whose tag was not written
// that YAML 1.1 would read as something else ("on", "yes", "0755" are fine in YAML 1.2) is
// switched to double quotes. It returns the node now under name.
//
// Observed with kyaml v0.21.2 (yamldiff's tags class): an upstream "!!str yes" written over a
// local plain value is written "yes", "!!int '7'" is written 7, "!!bool on" keeps its tag (the
// plain text would read as a string) and so does "!foo bar"; a local "!!str yes" stays as it is.
func setField(m *ynode.Node, name string, value *ynode.Node, keyComments [3]string, keyStyle ynode.Style) *ynode.Node {
	if value.IsString() && value.Style == 0 && !value.Tagged && isYAML11NonString(value.Value) {
		value.Style = ynode.DoubleQuoted
	}
	if value.IsTaggedNull() || value == nil {
		m.Delete(name)
		return nil
	}
	if _, existing := m.Field(name); existing != nil {
		value.Style, value.Tagged = existing.Style, existing.Tagged
		existing.Set(value)
		return existing
	}
	key := &ynode.Node{Kind: ynode.ScalarNode, Value: name, Style: keyStyle,
		HeadComment: keyComments[0], LineComment: keyComments[1], FootComment: keyComments[2]}
	m.Append(key, value)
	return value
}

// setScalar sets a scalar as kyaml sets a field with no name: the scalar takes value's text, keeps its
// own style, and loses its tag and comments (value has neither).
func setScalar(n *ynode.Node, value string) {
	src := n.Src
	v := ynode.NewScalar(value)
	v.Style = n.Style
	n.Set(v)
	n.Src = src
}

// yaml11Words are the plain words a YAML 1.1 reader takes for booleans or null.
var yaml11Words = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "n": true, "N": true, "no": true, "No": true, "NO": true,
	"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
	"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
	"null": true, "Null": true, "NULL": true,
}

// isYAML11NonString reports whether text, read as a YAML 1.1 document (as kyaml checks it with
// yaml.v2), is anything but a string: a boolean, a number, null, a list, a map, or nothing.
func isYAML11NonString(text string) bool {
	if text == "" || strings.Contains(text, "\n") {
		return false
	}
	if yaml11Words[text] {
		return true
	}
	if !mayBeNonString(text) {
		return false
	}
	root, err := yamltree.ParseOne("value", text, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil {
		return false
	}
	return root == nil || root.Kind != yamltree.ScalarNode || root.Tag != yamltree.StrTag
}

// mayBeNonString is a quick test: text that starts with a letter and holds no YAML indicator
// reads as a string under any rules.
func mayBeNonString(text string) bool {
	c := text[0]
	letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	return !letter || strings.ContainsAny(text, ":#{}[],&*!|>'\"%@`") || text != strings.TrimSpace(text)
}

// yaml11Type names what YAML 1.1 reads text as, for a sentence.
func yaml11Type(text string) string {
	switch {
	case yaml11Words[text] && strings.EqualFold(text, "null"):
		return "null"
	case yaml11Words[text]:
		return "boolean"
	}
	root, err := yamltree.ParseOne("value", text, yamltree.Options{Rules: yamltree.YAML11})
	switch {
	case err != nil || root == nil:
		return "comment"
	case root.Kind != yamltree.ScalarNode:
		return root.Kind.String()
	}
	return strings.TrimPrefix(root.Tag.String(), "!!")
}
