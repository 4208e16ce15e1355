// Package yamltree reads YAML text into a tree of nodes that remember where they came from, and
// writes such trees back as YAML.
//
// Every node carries its position (input, line, column), its comments and its style, so that a
// merge result can keep the layout of the object it was built from and every mark can point at a
// line. Scalars are resolved under one of two rule sets, chosen by the caller: YAML 1.1 as kubectl
// reads manifests ("on" and "yes" are booleans, 0755 is octal 493) or YAML 1.2 as kyaml does ("on"
// is a string).
//
// The package is built on github.com/goccy/go-yaml's parser, walking its AST directly, and guards
// the faults that parser is known for:
//   - it silently drops every document after two adjacent "---" separators; Parse splits the
//     stream into documents itself and parses each one on its own, so no document is lost;
//   - it may lose trailing blank lines of keep-chomped block scalars ("|+"); Parse recomputes them
//     from the source text;
//   - its token offsets are unreliable; only lines and columns are used.
//
// Anchors and aliases are expanded into copies while parsing (with a bound on the expanded size),
// and YAML 1.1 merge keys ("<<") are applied, as the readers of both references do. What the
// package does not keep: directives, custom tags (other than the core !!str, !!int, !!float,
// !!bool, !!null, !!map, !!seq), and the exact spacing inside flow collections.
//
// Parse and Emit round-trip data: Emit's output parses back to equal data under the same
// resolution rules.
package yamltree
