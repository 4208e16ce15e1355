// Package fieldset holds sets of field paths, the unit of ownership in server-side apply: what a
// field manager owns, what an apply changed, where two managers disagree, over the engine's own
// vocabulary (fieldpath.Path, yamltree values).
//
// A Set is a trie. Each level holds members (paths that end there) and children (paths that go
// on); an element may be both, which is how a list item and some of its fields are owned at once.
// That shape is the behaviour's, not a choice: FieldsV1 is itself such a trie (an element's
// object holds the paths below it, "." saying the element is owned too), and the API server owns
// an item and its fields at once.
// Elements are ordered as the API server writes them in FieldsV1 (checked byte for byte against
// it by scripts/conformance/ssadiff): map fields first (by name), then list items selected by key
// fields, then by value, then by index; values order numbers before strings, booleans, lists,
// maps and null. That order is the order of every iteration and of the FieldsV1 encoding.
//
// FieldsV1 is the form Kubernetes stores a set in, inside metadata.managedFields: a JSON object
// whose keys are elements ("f:name", "k:{\"name\":\"nginx\"}", "v:\"a\"", "i:0"), with "." marking
// a member that also has children, and an empty object marking a member without children. Set.JSON
// writes it byte for byte as the API server does; Parse and FromNode read it (fieldsv1.go and
// elementtext.go state the form and what the API server was observed to do beyond it).
//
// Surprises:
//   - Difference and Intersection work level by level: removing ".a" leaves ".a.b" in place.
//     WithoutBranches removes whole branches below a removed member.
//   - Key elements must list their key fields sorted by name, as structured-merge-diff keeps them;
//     Parse and the typed walks build them so.
//   - Numbers compare by value (1 equals 1.0), as the reference compares them once read as data.
package fieldset
