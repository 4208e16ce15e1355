package fieldset

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The FieldsV1 form: a JSON object per level, keyed by elements written as "<kind>:<content>".
const (
	fieldPrefix = 'f'
	keyPrefix   = 'k'
	valuePrefix = 'v'
	indexPrefix = 'i'
	// selfKey marks a member that has children too.
	selfKey = "."
)

// ElementText writes one element as a FieldsV1 key: "f:name", "k:{...}" (key fields sorted by
// name, values as JSON), "v:<JSON>" or "i:3".
func ElementText(e fieldpath.Element) (string, error) {
	switch {
	case e.IsIndex:
		return "i:" + strconv.Itoa(e.Index), nil
	case e.Keys != nil:
		var b strings.Builder
		b.WriteString("k:{")
		for i, kv := range e.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(kv.Name))
			b.WriteByte(':')
			if err := writeValue(&b, kv.Value); err != nil {
				return "", err
			}
		}
		b.WriteByte('}')
		return b.String(), nil
	case e.Value != nil:
		var b strings.Builder
		b.WriteString("v:")
		if err := writeValue(&b, e.Value); err != nil {
			return "", err
		}
		return b.String(), nil
	}
	return "f:" + e.Field, nil
}

// writeValue writes a value as the reference writes data: maps with sorted keys, numbers as JSON
// numbers, strings escaped (HTML characters too).
func writeValue(b *strings.Builder, n *yamltree.Node) error {
	text, err := yamltree.SortedJSON(n)
	if err != nil {
		return err
	}
	b.WriteString(text)
	return nil
}

// JSON writes s in the FieldsV1 form, byte for byte as the API server stores it ("{}" for the
// empty set).
func (s *Set) JSON() (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	if err := s.writeContents(&b, false); err != nil {
		return "", err
	}
	b.WriteByte('}')
	return b.String(), nil
}

// entry is one key of a FieldsV1 level: an element that is a member, has children, or both.
type entry struct {
	elem     fieldpath.Element
	member   bool
	children *Set
}

// entries lists the keys of one level in order.
func (s *Set) entries() []entry {
	var out []entry
	ms, cs := s.Members(), s.childList()
	i, j := 0, 0
	for i < len(ms) || j < len(cs) {
		var c int
		switch {
		case i >= len(ms):
			c = 1
		case j >= len(cs):
			c = -1
		default:
			c = Compare(ms[i], cs[j].elem)
		}
		switch {
		case c < 0:
			out = append(out, entry{elem: ms[i], member: true})
			i++
		case c > 0:
			out = append(out, entry{elem: cs[j].elem, children: cs[j].set})
			j++
		default:
			out = append(out, entry{elem: ms[i], member: true, children: cs[j].set})
			i++
			j++
		}
	}
	return out
}

func (s *Set) writeContents(b *strings.Builder, self bool) error {
	first := true
	sep := func() {
		if !first {
			b.WriteByte(',')
		}
		first = false
	}
	if self && !s.Empty() {
		sep()
		b.WriteString(`".":{}`)
	}
	for _, e := range s.entries() {
		text, err := ElementText(e.elem)
		if err != nil {
			return err
		}
		sep()
		b.WriteString(quote(text))
		b.WriteString(":{")
		if e.children != nil {
			if err := e.children.writeContents(b, e.member); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	}
	return nil
}

// Node writes s in the FieldsV1 form as a YAML map, for a result's metadata.managedFields.
func (s *Set) Node() (*yamltree.Node, error) {
	n := yamltree.NewMap()
	n.Style = yamltree.Flow
	if err := s.fillNode(n, false); err != nil {
		return nil, err
	}
	return n, nil
}

func (s *Set) fillNode(n *yamltree.Node, self bool) error {
	if self && !s.Empty() {
		n.Set(selfKey, emptyMap())
	}
	for _, e := range s.entries() {
		text, err := ElementText(e.elem)
		if err != nil {
			return err
		}
		v := emptyMap()
		if e.children != nil {
			if err := e.children.fillNode(v, e.member); err != nil {
				return err
			}
		}
		if len(v.Fields) > 0 {
			v.Style = yamltree.Plain
		}
		n.Set(text, v)
	}
	if len(n.Fields) > 0 {
		n.Style = yamltree.Plain
	}
	return nil
}

func emptyMap() *yamltree.Node {
	m := yamltree.NewMap()
	m.Style = yamltree.Flow
	return m
}

// ParseElement reads one FieldsV1 key. An element of an unknown kind (a future one) yields
// ok == false and no error, as the reference skips such keys.
func ParseElement(text string) (e fieldpath.Element, ok bool, err error) {
	if len(text) < 2 {
		return e, false, fmt.Errorf("key %q must be at least 2 characters long", text)
	}
	if text[1] != ':' {
		return e, false, fmt.Errorf("key %q misses the colon after its kind", text)
	}
	body := text[2:]
	switch text[0] {
	case fieldPrefix:
		return fieldpath.Element{Field: body}, true, nil
	case valuePrefix:
		v, err := parseJSON(body)
		if err != nil {
			return e, false, fmt.Errorf("key %q: %w", text, err)
		}
		return fieldpath.Element{Value: v}, true, nil
	case keyPrefix:
		keys, err := parseKeys(body)
		if err != nil {
			return e, false, fmt.Errorf("key %q: %w", text, err)
		}
		return fieldpath.Element{Keys: keys}, true, nil
	case indexPrefix:
		i, err := strconv.Atoi(body)
		if err != nil {
			return e, false, fmt.Errorf("key %q: the index is not a number", text)
		}
		return fieldpath.Element{Index: i, IsIndex: true}, true, nil
	}
	return e, false, nil
}

// parseKeys reads the key fields of a "k:" element: a JSON object, sorted by name.
func parseKeys(body string) ([]fieldpath.KeyValue, error) {
	obj, err := parseJSON(body)
	if err != nil {
		return nil, err
	}
	if !obj.IsMap() {
		return nil, fmt.Errorf("the key fields must be a JSON object")
	}
	keys := make([]fieldpath.KeyValue, 0, len(obj.Fields))
	for _, f := range obj.Fields {
		keys = append(keys, fieldpath.KeyValue{Name: f.Key.Value, Value: f.Value})
	}
	SortKeys(keys)
	return keys, nil
}

// Parse reads a set in the FieldsV1 form from JSON text.
func Parse(text string) (*Set, error) {
	n, err := parseJSON(text)
	if err != nil {
		return nil, err
	}
	return FromNode(n)
}

// FromNode reads a set in the FieldsV1 form from a parsed map, as found in a live object's
// metadata.managedFields[].fieldsV1. A null counts as an empty object. Errors are located at the
// offending key when it has a position.
func FromNode(n *yamltree.Node) (*Set, error) {
	s, _, err := readLevel(n)
	if err != nil {
		return nil, err
	}
	if s == nil {
		s = &Set{}
	}
	return s, nil
}

// readLevel reads one object: the set below it (nil when it holds no element) and whether it
// marks its own element as a member ("." or no element at all).
func readLevel(n *yamltree.Node) (below *Set, member bool, err error) {
	if n.IsNull() {
		return nil, true, nil
	}
	if !n.IsMap() {
		return nil, false, yamltree.Errorf(n.Pos, "fieldsV1: expected an object, found %s", n.Kind)
	}
	for _, f := range n.Fields {
		if f.Key.Value == selfKey {
			member = true
			continue
		}
		e, ok, err := ParseElement(f.Key.Value)
		if err != nil {
			return nil, false, yamltree.Errorf(f.Key.Pos, "fieldsV1: %v", err)
		}
		if !ok {
			continue
		}
		grand, isMember, err := readLevel(f.Value)
		if err != nil {
			return nil, false, err
		}
		if below == nil && (isMember || grand != nil) {
			below = &Set{}
		}
		if isMember {
			below.members = insertElement(below.members, e)
		}
		if grand != nil {
			below.setChild(e, grand)
		}
	}
	if below == nil {
		member = true
	}
	return below, member, nil
}

// setChild puts grand below e, replacing what was there.
func (s *Set) setChild(e fieldpath.Element, grand *Set) {
	if grand.Empty() {
		return
	}
	i, found := s.findChild(e)
	if found {
		s.children[i].set = grand
		return
	}
	s.children = append(s.children, child{})
	copy(s.children[i+1:], s.children[i:])
	s.children[i] = child{elem: e, set: grand}
}

// quote writes s as a JSON string, escaping as encoding/json does (HTML characters included).
func quote(s string) string {
	text, _ := yamltree.JSON(yamltree.NewString(s))
	return text
}
