package objectmeta

import "github.com/mergeplay/mergeplay/engine/internal/incomparable"

// kind is the JSON value a field of ObjectMeta expects.
type kind uint8

const (
	// text is a JSON string (a Go string, or a type named after one: types.UID).
	text kind = iota
	// integer is a JSON number holding an int64.
	integer
	// boolean is true or false.
	boolean
	// timestamp is a string in RFC 3339 (metav1.Time); anything else stops the decoding.
	timestamp
	// textMap is an object of strings (labels, annotations).
	textMap
	// textList is a list of strings (finalizers).
	textList
	// records is a list of objects whose fields are another record (ownerReferences).
	records
	// anything takes any JSON value (a managedFields entry's fieldsV1).
	anything
)

// field is what one field of a record expects: its JSON name, its kind, the Go type a message
// names, and for records the record of its items.
type field struct {
	_      incomparable.Field
	name   string
	kind   kind
	goType string
	items  *record
}

// record is a Go struct of ObjectMeta's decoding: its name, as messages write it, and its
// fields. They are a list, not a map by name: a list of constants is data in the wasm, a map
// literal code that builds it at start (docs/performance.md, "The wasm's size"), and a record has
// at most 15 fields.
type record struct {
	name   string
	fields []field
}

// field returns the record's field of that JSON name, if it has one.
func (r *record) field(name string) (field, bool) {
	for _, f := range r.fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// The Go types the messages name (observed: see doc.go).
const (
	goString = "string"
	goInt64  = "int64"
	goBool   = "bool"
)

// ownerReference is an item of metadata.ownerReferences.
var ownerReference = &record{name: "OwnerReference", fields: []field{
	{name: "apiVersion", kind: text, goType: goString},
	{name: "kind", kind: text, goType: goString},
	{name: "name", kind: text, goType: goString},
	{name: "uid", kind: text, goType: "types.UID"},
	{name: "controller", kind: boolean, goType: goBool},
	{name: "blockOwnerDeletion", kind: boolean, goType: goBool},
}}

// managedFieldsEntry is an item of metadata.managedFields.
var managedFieldsEntry = &record{name: "ManagedFieldsEntry", fields: []field{
	{name: "manager", kind: text, goType: goString},
	{name: "operation", kind: text, goType: "v1.ManagedFieldsOperationType"},
	{name: "apiVersion", kind: text, goType: goString},
	{name: "time", kind: timestamp, goType: goString},
	{name: "fieldsType", kind: text, goType: goString},
	{name: "fieldsV1", kind: anything},
	{name: "subresource", kind: text, goType: goString},
}}

// objectMeta is metadata itself. A field it does not name is not decoded (the API server's
// strict validation refuses it later).
var objectMeta = &record{name: "ObjectMeta", fields: []field{
	{name: "name", kind: text, goType: goString},
	{name: "generateName", kind: text, goType: goString},
	{name: "namespace", kind: text, goType: goString},
	{name: "selfLink", kind: text, goType: goString},
	{name: "uid", kind: text, goType: "types.UID"},
	{name: "resourceVersion", kind: text, goType: goString},
	{name: "generation", kind: integer, goType: goInt64},
	{name: "creationTimestamp", kind: timestamp, goType: goString},
	{name: "deletionTimestamp", kind: timestamp, goType: goString},
	{name: "deletionGracePeriodSeconds", kind: integer, goType: goInt64},
	{name: "labels", kind: textMap, goType: "map[string]string"},
	{name: "annotations", kind: textMap, goType: "map[string]string"},
	{name: "ownerReferences", kind: records, goType: "[]v1.OwnerReference", items: ownerReference},
	{name: "finalizers", kind: textList, goType: "[]string"},
	{name: "managedFields", kind: records, goType: "[]v1.ManagedFieldsEntry", items: managedFieldsEntry},
}}

// itemGoType is the Go type of an item of a list or map field, as messages name it.
func itemGoType(f field) string {
	if f.kind == records {
		return "v1." + f.items.name
	}
	return goString
}
