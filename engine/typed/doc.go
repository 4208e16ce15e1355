// Package typed walks a value together with its server-side-apply schema: it validates a value,
// lists the fields it sets (FieldSet), merges a config into a live value (Merge: live and the
// config aligned first, by key and by item, then each aligned value decided by one step table,
// and recorded into a decision log), compares two values field by field (Compare), removes or
// extracts fields (Remove, Extract), and keeps field sets in step with a schema
// (WithStructFields, Reconcile).
//
// Values are yamltree nodes: nil means absent, a null scalar is an explicit null. Types are
// engine/schema Types; a nil type accepts nothing. Every walk picks the part of a type that
// describes the value at hand as the reference does: the part matching the value's shape when
// the type has one (an untyped type has several), else its map part, else its scalar part, else
// its list part (so a null under an untyped type is walked as a map).
//
// What it is not: a general validator. Only what server-side apply checks is checked: scalar
// kinds, shapes, undeclared fields of structs, and the items of associative lists (keys present,
// no duplicates unless allowed).
//
// Surprises kept from the reference:
//   - A declared struct field set to a non-empty map or list is not itself in FieldSet: only what
//     is below it (and an associative list set to [] owns nothing at all). Map keys that are not
//     declared fields (labels, say) and list items are members themselves.
//   - Remove turns a map or list left empty into null rather than removing its key, and
//     removing below an atomic value nulls it.
//   - Two lists or maps that are both empty or null are compared and merged as leaves, so that
//     an explicit [] or {} survives a merge.
package typed
