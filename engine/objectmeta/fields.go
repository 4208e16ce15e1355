package objectmeta

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

// field is what one field of a record expects: its kind, the Go type a message names, and for
// records the record of its items.
type field struct {
	kind   kind
	goType string
	items  *record
}

// record is a Go struct of ObjectMeta's decoding: its name, as messages write it, and its
// fields by JSON name.
type record struct {
	name   string
	fields map[string]field
}

// The Go types the messages name (observed: see doc.go).
const (
	goString = "string"
	goInt64  = "int64"
	goBool   = "bool"
)

// ownerReference is an item of metadata.ownerReferences.
var ownerReference = &record{name: "OwnerReference", fields: map[string]field{
	"apiVersion":         {kind: text, goType: goString},
	"kind":               {kind: text, goType: goString},
	"name":               {kind: text, goType: goString},
	"uid":                {kind: text, goType: "types.UID"},
	"controller":         {kind: boolean, goType: goBool},
	"blockOwnerDeletion": {kind: boolean, goType: goBool},
}}

// managedFieldsEntry is an item of metadata.managedFields.
var managedFieldsEntry = &record{name: "ManagedFieldsEntry", fields: map[string]field{
	"manager":     {kind: text, goType: goString},
	"operation":   {kind: text, goType: "v1.ManagedFieldsOperationType"},
	"apiVersion":  {kind: text, goType: goString},
	"time":        {kind: timestamp, goType: goString},
	"fieldsType":  {kind: text, goType: goString},
	"fieldsV1":    {kind: anything},
	"subresource": {kind: text, goType: goString},
}}

// objectMeta is metadata itself. A field it does not name is not decoded (the API server's
// strict validation refuses it later).
var objectMeta = &record{name: "ObjectMeta", fields: map[string]field{
	"name":                       {kind: text, goType: goString},
	"generateName":               {kind: text, goType: goString},
	"namespace":                  {kind: text, goType: goString},
	"selfLink":                   {kind: text, goType: goString},
	"uid":                        {kind: text, goType: "types.UID"},
	"resourceVersion":            {kind: text, goType: goString},
	"generation":                 {kind: integer, goType: goInt64},
	"creationTimestamp":          {kind: timestamp, goType: goString},
	"deletionTimestamp":          {kind: timestamp, goType: goString},
	"deletionGracePeriodSeconds": {kind: integer, goType: goInt64},
	"labels":                     {kind: textMap, goType: "map[string]string"},
	"annotations":                {kind: textMap, goType: "map[string]string"},
	"ownerReferences":            {kind: records, goType: "[]v1.OwnerReference", items: ownerReference},
	"finalizers":                 {kind: textList, goType: "[]string"},
	"managedFields":              {kind: records, goType: "[]v1.ManagedFieldsEntry", items: managedFieldsEntry},
}}

// itemGoType is the Go type of an item of a list or map field, as messages name it.
func itemGoType(f field) string {
	if f.kind == records {
		return "v1." + f.items.name
	}
	return goString
}
