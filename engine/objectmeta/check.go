package objectmeta

import (
	"sort"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Problem is the value of a config's metadata that kubectl's decoding refuses, with kubectl's
// message for it (without kubectl's `unable to decode "FILE": ` before it).
type Problem struct {
	_ incomparable.Field
	// Pos is where the refused value is.
	Pos yamltree.Pos
	// Message is Go's JSON (or time) decoding message, as kubectl prints it.
	Message string
}

// Check decodes obj's kind and apiVersion (checkType), then its metadata, as kubectl does and
// returns the problem kubectl names, or nil when it decodes. A null or missing metadata decodes; one that is not a map is refused as a
// whole (kubectl v1.37.2, `metadata: []`: "json: cannot unmarshal array into Go struct field
// metadataOnlyObject.metadata of type v1.ObjectMeta").
func Check(obj *yamltree.Node) *Problem {
	if p := checkType(obj); p != nil {
		return p
	}
	meta := obj.Get("metadata")
	if meta == nil || meta.IsNull() {
		return nil
	}
	if !meta.IsMap() {
		return wrongType(meta, validate.JSONKind(meta), place{holder: "metadataOnlyObject", path: "metadata"}, "v1.ObjectMeta")
	}
	d := &decoding{}
	d.record(meta, objectMeta, "metadata")
	if d.stopped != nil {
		return d.stopped
	}
	return d.first
}

// decoding is one walk of a metadata map, as Go's JSON decoder goes: it notes the first value of
// the wrong type and goes on, but a timestamp it cannot read stops it.
type decoding struct {
	first   *Problem
	stopped *Problem
}

// place is where a value is: the Go struct holding its field and the field's JSON path without
// list indices ("metadata.ownerReferences.name"), as messages write them.
type place struct {
	holder, path string
}

// record decodes a map's fields, in key order, against a record.
func (d *decoding) record(n *yamltree.Node, r *record, path string) {
	for _, f := range sortedFields(n) {
		spec, ok := r.field(f.Name())
		if !ok {
			continue
		}
		d.value(f.Value, spec, place{holder: r.name, path: path + "." + f.Name()})
		if d.stopped != nil {
			return
		}
	}
}

// value decodes one field's value.
func (d *decoding) value(n *yamltree.Node, f field, at place) {
	if n.IsNull() {
		return
	}
	switch f.kind {
	case text:
		d.want(n, isString(n), at, f.goType)
	case boolean:
		d.want(n, n.IsScalar() && n.Tag == yamltree.BoolTag, at, f.goType)
	case integer:
		d.integer(n, at, f.goType)
	case timestamp:
		d.timestamp(n, at)
	case textMap:
		if d.want(n, n.IsMap(), at, f.goType) {
			for _, entry := range sortedFields(n) {
				d.want(entry.Value, entry.Value.IsNull() || isString(entry.Value), at, goString)
			}
		}
	case textList, records:
		if d.want(n, n.IsList(), at, f.goType) {
			d.items(n, f, at)
		}
	}
}

// items decodes a list's items: strings, or records.
func (d *decoding) items(n *yamltree.Node, f field, at place) {
	for _, it := range n.Items {
		switch {
		case it.IsNull():
		case f.kind == textList:
			d.want(it, isString(it), at, goString)
		case d.want(it, it.IsMap(), at, itemGoType(f)):
			d.record(it, f.items, at.path)
		}
		if d.stopped != nil {
			return
		}
	}
}

// want notes n as a value of the wrong type unless ok, and returns ok.
func (d *decoding) want(n *yamltree.Node, ok bool, at place, goType string) bool {
	if !ok && d.first == nil {
		d.first = wrongType(n, validate.JSONKind(n), at, goType)
	}
	return ok
}

// integer decodes an int64: a number whose JSON text (as kubectl writes it) is an integer in
// range; another number is named with its text ("number 1.5").
func (d *decoding) integer(n *yamltree.Node, at place, goType string) {
	if !d.want(n, n.IsScalar() && (n.Tag == yamltree.IntTag || n.Tag == yamltree.FloatTag), at, goType) {
		return
	}
	number, err := yamltree.JSON(n)
	if err != nil {
		return // an infinity or NaN: kubectl's reading refuses it before this
	}
	if _, err := strconv.ParseInt(number, 10, 64); err != nil && d.first == nil {
		d.first = wrongType(n, "number "+number, at, goType)
	}
}

// timestamp decodes a metav1.Time: a string in RFC 3339. Anything else stops the decoding.
func (d *decoding) timestamp(n *yamltree.Node, at place) {
	if !isString(n) {
		d.stopped = wrongType(n, validate.JSONKind(n), at, goString)
		return
	}
	if _, err := rfc3339.Parse(n.Value); err != nil {
		d.stopped = &Problem{Pos: n.Pos, Message: err.Error()}
	}
}

// wrongType is Go's JSON decoder's message for a value of the wrong type.
func wrongType(n *yamltree.Node, what string, at place, goType string) *Problem {
	return &Problem{Pos: n.Pos, Message: "json: cannot unmarshal " + what + " into Go struct field " + at.holder + "." + at.path + " of type " + goType}
}

// isString reports whether n is a string scalar.
func isString(n *yamltree.Node) bool {
	return n.IsScalar() && n.Tag == yamltree.StrTag
}

// sortedFields returns a map's fields in key order, the order of kubectl's JSON.
func sortedFields(n *yamltree.Node) []yamltree.Field {
	fields := append([]yamltree.Field(nil), n.Fields...)
	sort.SliceStable(fields, func(i, j int) bool { return fields[i].Name() < fields[j].Name() })
	return fields
}

// checkType is kubectl's reading of a document's kind and apiVersion, before its metadata
// (observed with kubectl v1.37.2, `kubectl apply --validate=false --dry-run=client -f`): a kind
// that is not a string is "missing", in a message holding the document as kubectl's JSON
// (`Object 'Kind' is missing in '{"apiVersion":"v1","kind":0,"metadata":{"name":"A"}}'`), and
// comes first; an apiVersion that is not a string is a decoding error of TypeMeta (`json: cannot
// unmarshal number into Go struct field metadataOnlyObject.TypeMeta.apiVersion of type string`),
// before metadata in key order. A kind or apiVersion missing or null is left to the playground,
// which pairs such a document by position (docs/contract.md).
func checkType(obj *yamltree.Node) *Problem {
	if p := Kind(obj); p != nil {
		return p
	}
	if v := obj.Get("apiVersion"); !v.IsNull() && !isString(v) {
		return wrongType(v, validate.JSONKind(v), place{holder: "metadataOnlyObject", path: "TypeMeta.apiVersion"}, goString)
	}
	return nil
}
