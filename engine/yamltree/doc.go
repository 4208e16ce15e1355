// Package yamltree reads YAML text into a tree of nodes that remember where they came from, and
// writes such trees back as YAML.
//
// Every node carries its position (input, line, column), its comments and its style, so that a
// merge result can keep the layout of the object it was built from and every mark can point at a
// line. Scalars are resolved under one of two rule sets, chosen by the caller: YAML 1.1 as kubectl
// reads manifests ("on" and "yes" are booleans, 0755 is octal 493) or YAML 1.2 as kyaml does ("on"
// is a string).
//
// Under YAML 1.1 a scalar's text is settled to the spelling every reader reads alike, as the
// cluster holds the value (resolve.go, settle11): booleans true or false, numbers as kubectl's
// JSON holds them (integers within 64 signed bits exactly); !!binary is decoded; keys become the
// strings kubectl makes of them; what kubectl refuses (null keys, infinities, content on a "---"
// line) is refused. Under YAML 1.2 text and tags stay as written (Node.ExplicitTag), as kyaml keeps
// them.
//
// The package is built on github.com/goccy/go-yaml's parser, walking its AST directly, and guards
// the faults that parser is known for:
//   - it silently drops every document after two adjacent "---" separators; Parse splits the
//     stream into documents itself and parses each one on its own, so no document is lost;
//   - it may lose trailing blank lines of keep-chomped block scalars ("|+"); Parse recomputes them
//     from the source text;
//   - it drops tabs inside plain scalars, decodes double-quoted escapes unlike the references, and
//     refuses some legal text (an empty "|+" block, a comment line inside a multi-line flow
//     collection, "\'", a tab in double-quoted text): plain tabs are put back and double-quoted
//     scalars decoded from the source (quoted.go), and the refused places are repaired in place,
//     keeping every other character where it was (repair.go);
//   - it takes time quadratic in nesting: deep nesting is refused before it runs (prescan.go);
//   - its token offsets are unreliable; only lines and columns are used.
//
// Anchors and aliases are expanded into copies while parsing (with a bound on the expanded size),
// and YAML 1.1 merge keys ("<<") are applied, as the readers of both references do. What the
// package does not keep: directives, and the exact spacing inside flow collections.
//
// Parse and Emit round-trip data: Emit's output parses back to equal data under the same
// resolution rules.
package yamltree
