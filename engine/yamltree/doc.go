// Package yamltree reads YAML text into a tree of nodes that remember where they came from, and
// writes such trees back as YAML.
//
// Every node carries its position (input, line, column) and where its text ends, its comments,
// its style, and the anchor or alias written on it, so that a merge result can keep the layout of
// the object it was built from and every mark can point at a line. Scalars are resolved under one
// of two rule sets, chosen by the caller: YAML 1.1 as kubectl reads manifests ("on" and "yes" are
// booleans, 0755 is octal 493) or YAML 1.2 as kyaml does ("on" is a string); each rule set is a
// table of shapes written from the specifications (resolve.go).
//
// Under YAML 1.1 a scalar's text is settled to the spelling every reader reads alike, as the
// cluster holds the value (resolve.go, settle11): booleans true or false, numbers as kubectl's
// JSON holds them (integers within 64 signed bits exactly); !!binary is decoded; keys become the
// strings kubectl makes of them; what kubectl refuses (null keys, infinities, content on a "---"
// line) is refused. Under YAML 1.2 text and tags stay as written (Node.ExplicitTag), as kyaml keeps
// them.
//
// The reader is the package's own (read*.go): one pass over a document's bytes with a cursor
// that knows its line, recursive descent by indentation for block maps and lists, a reader for
// flow collections and one per scalar style; nodes are handed out in blocks, and no token is made
// per character. A stream is cut into documents at "---" and "..." lines first (split.go), so that
// a Reader can parse again only the documents an edit changed. What both references refuse is
// refused, at the line they name (for an unterminated quote or flow collection, the end of the
// document, where they give up); the bounds of Options (nesting, nodes once aliases are expanded,
// documents) are checked as the reader goes, so that a bomb is refused in milliseconds.
//
// Anchors and aliases are expanded into copies while reading (the copy names its anchor in
// Node.Alias); under YAML 1.1 merge keys ("<<") are applied, as kubectl's reader does; under
// YAML 1.2 "<<" is an ordinary key, as kyaml reads it (merge keys are a YAML 1.1 type). Directives
// are refused, as both references refuse them (directives.go). What the package does not keep:
// the exact spacing inside flow collections.
//
// Parse and Emit round-trip data: Emit's output parses back to equal data under the same
// resolution rules.
package yamltree
