package fieldset

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// An element is written in FieldsV1 as a kind letter, a colon and a content (the Kubernetes API
// reference, ManagedFieldsEntry.fieldsV1):
//
//	letter | selects                             | content
//	-------|-------------------------------------|------------------------------------------
//	f      | a map key or struct field           | the name as it is ("f:a:b" names "a:b")
//	k      | a list item by its key fields       | a JSON object of the key fields, names
//	       |                                     | sorted; values written as encoding/json does
//	v      | an item of a set, by its value      | the value as JSON, as encoding/json writes it
//	       |                                     | (HTML characters escaped, maps key-sorted)
//	i      | a list item by its position         | the index in decimal
//
// A key is read by the first of these rows that fits it (observed with structured-merge-diff
// v6.4.2, scripts/conformance/ssadiff/fieldsv1probe_test.go):
//
//	key                                  | read as
//	-------------------------------------|-------------------------------------------------
//	"."                                  | the member mark (see fieldsv1.go)
//	shorter than two bytes               | an error
//	second byte not a colon              | an error ("ff:a" too)
//	letter f, k, v or i                  | that element; an error when the content does not
//	                                     | read (k: a JSON object, possibly empty, or null for
//	                                     | none; v: one JSON value; i: a decimal integer that
//	                                     | fits 64 bits, a sign allowed)
//	any other letter                     | nothing: the key is skipped, with all below it

// elementForm is how one kind of element is written and read.
type elementForm struct {
	letter byte
	write  func(b *strings.Builder, e fieldpath.Element) error
	read   func(content string) (fieldpath.Element, error)
}

// forms holds the kinds of element, indexed by elementKind.
var forms = [...]elementForm{
	{'f', writeField, readField},
	{'k', writeKeyFields, readKeyFields},
	{'v', writeValue, readValue},
	{'i', writeIndex, readIndex},
}

// keyKind is what a FieldsV1 key turned out to be.
type keyKind uint8

const (
	anElement keyKind = iota
	theMemberMark
	anUnknownKind
)

// ElementText writes one element as a FieldsV1 key: "f:name", `k:{"name":"a"}`, `v:"a"` or
// "i:3".
func ElementText(e fieldpath.Element) (string, error) {
	form := forms[elementKind(e)]
	var b strings.Builder
	b.WriteByte(form.letter)
	b.WriteByte(':')
	if err := form.write(&b, e); err != nil {
		return "", err
	}
	return b.String(), nil
}

// ParseElement reads one FieldsV1 key. ok is false, with no error, for a key that selects no
// element: the member mark, or an element of a kind this version does not know.
func ParseElement(text string) (e fieldpath.Element, ok bool, err error) {
	e, kind, err := readKey(text)
	return e, err == nil && kind == anElement, err
}

// readKey reads one FieldsV1 key by the rows above.
func readKey(text string) (fieldpath.Element, keyKind, error) {
	switch {
	case text == memberMark:
		return fieldpath.Element{}, theMemberMark, nil
	case len(text) < 2:
		return fieldpath.Element{}, anElement, errors.New("key " + strconv.Quote(text) + " is shorter than a kind letter and a colon")
	case text[1] != ':':
		return fieldpath.Element{}, anElement, errors.New("key " + strconv.Quote(text) + " has no colon after its kind letter")
	}
	for _, form := range forms {
		if form.letter == text[0] {
			e, err := form.read(text[2:])
			if err != nil {
				return e, anElement, verb.Wrap("key "+strconv.Quote(text)+": ", err)
			}
			return e, anElement, nil
		}
	}
	return fieldpath.Element{}, anUnknownKind, nil
}

func writeField(b *strings.Builder, e fieldpath.Element) error {
	b.WriteString(e.Field)
	return nil
}

func readField(content string) (fieldpath.Element, error) {
	return fieldpath.Element{Field: content}, nil
}

func writeKeyFields(b *strings.Builder, e fieldpath.Element) error {
	b.WriteByte('{')
	for i, kv := range e.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeKeyString(b, kv.Name)
		b.WriteByte(':')
		if err := writeJSONValue(b, kv.Value); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// readKeyFields reads the key fields of a "k:" element: a JSON object, sorted by name; null reads
// as no key fields (as k:{}).
func readKeyFields(content string) (fieldpath.Element, error) {
	obj, err := parseJSON(content)
	if err != nil {
		return fieldpath.Element{}, err
	}
	switch {
	case obj.IsNull():
		return fieldpath.Element{Keys: []fieldpath.KeyValue{}}, nil
	case !obj.IsMap():
		return fieldpath.Element{}, errors.New("the key fields must be a JSON object")
	}
	keys := make([]fieldpath.KeyValue, 0, len(obj.Fields))
	for _, f := range obj.Fields {
		keys = append(keys, fieldpath.KeyValue{Name: f.Key.Value, Value: f.Value})
	}
	SortKeys(keys)
	return fieldpath.Element{Keys: keys}, nil
}

func writeValue(b *strings.Builder, e fieldpath.Element) error {
	return writeJSONValue(b, e.Value)
}

func readValue(content string) (fieldpath.Element, error) {
	v, err := parseJSON(content)
	if err != nil {
		return fieldpath.Element{}, err
	}
	return fieldpath.Element{Value: v}, nil
}

func writeIndex(b *strings.Builder, e fieldpath.Element) error {
	b.WriteString(strconv.Itoa(e.Index))
	return nil
}

func readIndex(content string) (fieldpath.Element, error) {
	i, err := strconv.Atoi(content)
	if err != nil {
		return fieldpath.Element{}, errors.New("the index is not a number")
	}
	return fieldpath.Element{Index: i, IsIndex: true}, nil
}

// writeKeyString writes s as a JSON string the way FieldsV1 keys and key-field names are
// written: quotes, backslashes and control characters escaped (\n \r \t by name, the others as
// \u00XX), everything else as it is (see fieldsv1.go).
func writeKeyString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"', r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteRune(r) // an invalid byte comes as U+FFFD, written so
		}
	}
	b.WriteByte('"')
}

// writeJSONValue writes a value as the field manager writes one inside a FieldsV1 key: maps with
// sorted keys, numbers as JSON numbers, strings escaped (HTML characters too), and backspace and
// form feed as \u0008 and \u000c where Go's encoding/json writes \b and \f (observed with
// structured-merge-diff v6 Set.ToJSON, ssadiff's "key names: controls" probe).
func writeJSONValue(b *strings.Builder, n *yamltree.Node) error {
	text, err := yamltree.SortedJSON(n)
	if err != nil {
		return err
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\\' || i+1 == len(text) {
			b.WriteByte(c)
			continue
		}
		i++
		switch text[i] {
		case 'b':
			b.WriteString(`\u0008`)
		case 'f':
			b.WriteString(`\u000c`)
		default:
			b.WriteByte('\\')
			b.WriteByte(text[i])
		}
	}
	return nil
}
