package fieldset

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The FieldsV1 form, as the Kubernetes API reference defines it (ManagedFieldsEntry.fieldsV1): a
// set is a JSON object whose keys are the elements of one level; the object under each key says
// what the set holds at and below that element:
//
//	object under an element         | the element is a member | paths below it
//	--------------------------------|-------------------------|-------------------------------
//	{}, or null                     | yes                     | none
//	{".":{}, <elements>}            | yes                     | the elements' paths
//	{<elements>}                    | no                      | the elements' paths
//
// An element key is a kind letter, a colon and a content (the forms table in elementtext.go). What
// the API server does beyond that definition was observed by reading and writing texts with
// structured-merge-diff v6.4.2's fieldpath.Set (what k8s.io/apimachinery v0.37.2 reads and writes
// managedFields with), scripts/conformance/ssadiff/fieldsv1probe_test.go:
//
//	fact                                          | observed
//	----------------------------------------------|----------------------------------------------
//	order of a level's keys                       | "." first, then the elements in the order of
//	                                              | Compare (fields, keys, values, indexes)
//	how a key is quoted                           | JSON escapes without HTML ones: < > & U+2028
//	                                              | U+2029 and DEL are written as they are; \b \f
//	                                              | as \u0008 \u000c
//	the value under "."                           | ignored when read; {} when written
//	a key whose kind letter is unknown            | skipped with everything below it
//	an object holding only such keys              | as {}: its element is a member
//	two keys naming one element (v:1 and v:1.0)   | one element: a member if either says so; the
//	                                              | later key's paths below replace the earlier's,
//	                                              | unless the later has none
//	a null at the top                             | the empty set
//	anything but an object or null                | an error

// memberMark is the key that makes an element with paths below it a member too.
const memberMark = "."

// JSON writes s in the FieldsV1 form, byte for byte as the API server writes it ("{}" for the
// empty set): the objects of Node, keys quoted as the table above says.
func (s *Set) JSON() (string, error) {
	n, err := s.Node()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeObject(&b, n)
	return b.String(), nil
}

// writeObject writes a FieldsV1 object built by Node.
func writeObject(b *strings.Builder, n *yamltree.Node) {
	b.WriteByte('{')
	for i, f := range n.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		writeKeyString(b, f.Key.Value)
		b.WriteByte(':')
		writeObject(b, f.Value)
	}
	b.WriteByte('}')
}

// levelElements returns the elements of s's first level, members and those with paths below
// alike, in order.
func (s *Set) levelElements() []fieldpath.Element {
	return mergeElements(s.Members(), s.ChildElements(), onlyS|inBoth|onlyO)
}

// Node writes s in the FieldsV1 form as a YAML map, for a result's metadata.managedFields: the
// objects JSON writes, an empty one in flow style ({}).
func (s *Set) Node() (*yamltree.Node, error) {
	n := objectNode()
	return n, fillElements(n, s)
}

// fillElements adds the keys of s's first level to n, each with the object under it (see the
// table above).
func fillElements(n *yamltree.Node, s *Set) error {
	for _, e := range s.levelElements() {
		text, err := ElementText(e)
		if err != nil {
			return err
		}
		under := objectNode()
		if below := s.Child(e); !below.Empty() {
			if s.HasMember(e) {
				under.Set(memberMark, objectNode())
			}
			if err := fillElements(under, below); err != nil {
				return err
			}
		}
		n.Set(text, under)
	}
	if len(n.Fields) > 0 {
		n.Style = yamltree.Plain
	}
	return nil
}

// objectNode returns an empty object, in flow style ({}) until it gets keys.
func objectNode() *yamltree.Node {
	m := yamltree.NewMap()
	m.Style = yamltree.Flow
	return m
}

// Parse reads a set in the FieldsV1 form from JSON text, as FromNode reads it once parsed (keys
// in the text's order).
func Parse(text string) (*Set, error) {
	n, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		return nil, err
	}
	return FromNode(n)
}

// FromNode reads a set in the FieldsV1 form from a parsed object, as found in a live object's
// metadata.managedFields[].fieldsV1; keys are read in the node's order. A null is the empty set.
// Errors are located at the offending key or value.
func FromNode(n *yamltree.Node) (*Set, error) {
	if n.IsNull() {
		return &Set{}, nil
	}
	return readElements(n)
}

// readElements reads the element keys of an object into the set of paths they hold.
func readElements(n *yamltree.Node) (*Set, error) {
	if !n.IsMap() {
		return nil, yamltree.ErrorAt(n.Pos, "fieldsV1: expected an object, found "+n.Kind.String())
	}
	out := &Set{}
	for _, f := range n.Fields {
		e, kind, err := readKey(f.Key.Value)
		if err != nil {
			return nil, yamltree.ErrorAt(f.Key.Pos, "fieldsV1: "+err.Error())
		}
		if kind != anElement {
			continue
		}
		member, below, err := readUnder(f.Value)
		if err != nil {
			return nil, err
		}
		if member {
			out.members = insertElement(out.members, e)
		}
		out.replaceBelow(e, below)
	}
	return out, nil
}

// readUnder reads the object under an element: whether the element is a member, and the paths
// below it (see the table above).
func readUnder(n *yamltree.Node) (member bool, below *Set, err error) {
	if n.IsNull() {
		return true, nil, nil
	}
	below, err = readElements(n)
	if err != nil {
		return false, nil, err
	}
	return n.Has(memberMark) || below.Empty(), below, nil
}

// replaceBelow makes below the paths under e, unless below is empty (a later key naming e
// again replaces what an earlier one held below it, as observed).
func (s *Set) replaceBelow(e fieldpath.Element, below *Set) {
	if below.Empty() {
		return
	}
	i, found := s.findChild(e)
	if found {
		s.children[i].set = below
		return
	}
	s.children = append(s.children, child{})
	copy(s.children[i+1:], s.children[i:])
	s.children[i] = child{elem: e, set: below}
}
