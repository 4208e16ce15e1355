// Package stream splits YAML streams into Kubernetes resources and pairs the resources of the
// three inputs of a merge (original, updated, live) by identity.
//
// A resource's identity is its apiVersion, kind, namespace and name. A namespaced kind written
// without a namespace counts as being in "default", as kubectl does; a cluster-scoped kind has
// no namespace. Whether a kind is namespaced is the caller's to say (the schema knows), through a
// Scope function, or through Scopes (SplitKnown), which also marks the resources whose scope was
// assumed because no schema knew their kind. Empty and null documents are skipped. A "List" document (kind List, or any kind ending in "List" with items) is
// expanded into its items, as kubectl does.
//
// A document without an identity is accepted only where pairing cannot be ambiguous: when every
// input holds at most one document and the documents that have an identity name one object, the
// documents pair by position. This is how fragments that are not Kubernetes objects (the
// reference libraries' own test vectors) are merged.
package stream
