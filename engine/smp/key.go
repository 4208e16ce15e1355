package smp

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A list merged by key pairs its items on the values of one field ("name") or, for a
// multi-field key, of several ("containerPort" and "protocol"): an item is found by its key, a
// fieldpath.Element listing each key field and its value.

// keyOf returns item's key under the key fields, and false when item is not a map or lacks one of
// them.
func keyOf(item *yamltree.Node, fields []string) (fieldpath.Element, bool) {
	if !item.IsMap() {
		return fieldpath.Element{}, false
	}
	kv := make([]fieldpath.KeyValue, len(fields))
	for i, f := range fields {
		at := item.Index(f)
		if at < 0 {
			return fieldpath.Element{}, false
		}
		kv[i] = fieldpath.KeyValue{Name: f, Value: item.Fields[at].Value}
	}
	return fieldpath.Element{Keys: kv}, true
}

// keyValueOf returns the values item holds under the key fields; a missing field reads as null,
// as a Go map answers a missing key.
func keyValueOf(item *yamltree.Node, fields []string) fieldpath.Element {
	kv := make([]fieldpath.KeyValue, len(fields))
	for i, f := range fields {
		kv[i] = fieldpath.KeyValue{Name: f, Value: item.Get(f)}
	}
	return fieldpath.Element{Keys: kv}
}

// sameKey reports whether two keys are equal as the API server compares merge keys: field by
// field, scalars of one kind and value (a key holding a map or a list equals nothing).
func sameKey(a, b fieldpath.Element) bool {
	if len(a.Keys) != len(b.Keys) {
		return false
	}
	for i := range a.Keys {
		if !sameScalar(a.Keys[i].Value, b.Keys[i].Value) {
			return false
		}
	}
	return true
}

// keyMatch is a text two keys share exactly when sameKey holds for them, for finding items
// through a map; ok is false for a key that equals nothing (one holding a map or a list).
func keyMatch(k fieldpath.Element) (string, bool) {
	var b strings.Builder
	for _, kv := range k.Keys {
		switch kindOf(kv.Value) {
		case mapKind, listKind:
			return "", false
		}
		b.WriteByte(byte('0' + kindOf(kv.Value)))
		b.WriteString(scalarText(kv.Value))
		b.WriteByte(0)
	}
	return b.String(), true
}

// keyText is the text the reference sorts and pairs items by when it diffs two lists: each key
// value as fmt prints it (printed), so that keys of different kinds that print alike pair.
func keyText(k fieldpath.Element) string {
	if len(k.Keys) == 1 {
		return printed(k.Keys[0].Value)
	}
	var b strings.Builder
	b.WriteString("map[")
	for i, kv := range k.Keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(kv.Name)
		b.WriteByte(':')
		b.WriteString(printed(kv.Value))
	}
	b.WriteByte(']')
	return b.String()
}

// keyFieldsText writes the key fields for messages: "name", or "containerPort,protocol".
func keyFieldsText(fields []string) string { return strings.Join(fields, ",") }
