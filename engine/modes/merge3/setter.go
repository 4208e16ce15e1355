package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// fieldWrite is how setField writes a value under a name.
type fieldWrite int

// The ways to write a field, one per row of fieldWrites.
const (
	writeRemove    fieldWrite = iota // the entry goes (the value is missing or null)
	writeOverwrite                   // the entry stays and takes the value, in the entry's style
	writeAppend                      // a new entry goes at the end of the map
)

// fieldCase is what setField looks at to choose a write: whether the value is missing or tagged
// null, and whether the map already has an entry under the name.
type fieldCase struct {
	valueNull, entryExists bool
}

// fieldWrites is setField's choice for each case. Observed with kyaml v0.21.2 through
// scripts/conformance/merge3diff: a field upstream deleted leaves the local map whether the local
// copy had it or not, a changed field keeps its place and the local value's style, and a field
// only upstream added is written after the local fields.
var fieldWrites = map[fieldCase]fieldWrite{
	{valueNull: true, entryExists: true}:   writeRemove,
	{valueNull: true, entryExists: false}:  writeRemove,
	{valueNull: false, entryExists: true}:  writeOverwrite,
	{valueNull: false, entryExists: false}: writeAppend,
}

// setField writes value under name in map m and returns the node now under name (nil when the
// entry was removed). The write is fieldWrites' row for the case; an appended entry's key takes
// keyComments (head, line, foot) and keyStyle. A value that is written, when a plain string that
// YAML 1.1 would read as something else, is double-quoted first (quoteYAML11Lookalike); that
// also quotes a kept local value, which callers pass as value and existing at once (observed
// with kyaml v0.21.2, examples/merge3-yaml11-quoting: a local "x: on" upstream left alone is
// written "on").
func setField(m *ynode.Node, name string, value *ynode.Node, keyComments [3]string, keyStyle ynode.Style) *ynode.Node {
	_, existing := m.Field(name)
	switch fieldWrites[fieldCase{valueNull: value == nil || value.IsTaggedNull(), entryExists: existing != nil}] {
	case writeRemove:
		m.Delete(name)
		return nil
	case writeOverwrite:
		quoteYAML11Lookalike(value)
		overwriteValue(existing, value)
		return existing
	}
	quoteYAML11Lookalike(value)
	m.Append(newKey(name, keyComments, keyStyle), value)
	return value
}

// overwriteValue puts value in place of existing: the value keeps existing's style and whether
// its tag was written.
//
// Observed with kyaml v0.21.2 (yamldiff's tags class): an upstream "!!str yes" written over a
// local plain value is written "yes", "!!int '7'" is written 7, and a local "!!str yes" stays as
// it is.
func overwriteValue(existing, value *ynode.Node) {
	value.Style, value.Tagged = existing.Style, existing.Tagged
	existing.Set(value)
}

// newKey is the key of an appended entry.
func newKey(name string, comments [3]string, style ynode.Style) *ynode.Node {
	return &ynode.Node{Kind: ynode.ScalarNode, Value: name, Style: style,
		HeadComment: comments[0], LineComment: comments[1], FootComment: comments[2]}
}

// quoteYAML11Lookalike double-quotes a plain string whose tag was not written when YAML 1.1
// would read it as something else ("on", "yes", "0755"; they are strings in YAML 1.2), so that
// the text reads back as a string under either version.
//
// Observed with kyaml v0.21.2 (yamldiff's tags class): "!!bool on" keeps its tag (its plain text
// would read as a string) and so does "!foo bar".
func quoteYAML11Lookalike(value *ynode.Node) {
	if value.IsString() && value.Style == 0 && !value.Tagged && isYAML11NonString(value.Value) {
		value.Style = ynode.DoubleQuoted
	}
}

// setScalar rewrites scalar n to value's text: n keeps its style and its place in the source, and
// loses its tag and comments.
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
	if plainAlone(text) {
		return yamltree.YAML11.Resolve(text) != yamltree.StrTag
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

// plainAlone reports whether text reads, as a document, as one plain scalar holding text itself
// (whose type Rules.Resolve then tells, as the reader resolves it): it starts with a letter or a
// digit and holds only letters, digits, "._+-/" and colons, none last (a colon then a space or
// the end would start a map). A number, a port or an image so skips the reader.
func plainAlone(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i == 0:
			return false
		case c == '.', c == '_', c == '+', c == '-', c == '/':
		case c == ':' && i < len(text)-1:
		default:
			return false
		}
	}
	return text != ""
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
