// Package ynode holds YAML the way kyaml holds it: trees of go.yaml.in/yaml/v3 nodes, with their
// tags, styles and the three comments yaml.v3 attaches to a node, and writes them back exactly as
// yaml.v3's encoder does with kyaml's settings (indent 2, compact sequences: "- " at the parent
// key's column).
//
// It exists because kyaml's three-way merge decides with text and styles, not only with data: it
// compares values by writing them out (a changed comment is a changed value), copies the style of
// the local field onto the value it puts there, quotes strings YAML 1.1 would misread, and the text
// it writes is yaml.v3's. mergeplay's merge3 mode reproduces that on these nodes, and writes its
// result with Emit.
//
// What it is not: a parser. Trees come from engine/yamltree (FromTree), which reads YAML with
// positions; FromTree resolves scalar tags as yaml.v3 does (YAML 1.2 core schema, plus
// timestamps, "0755" as an int and "<<" as a merge key) and moves comments to the nodes yaml.v3
// attaches them to (the line comment of "key:" opening a block collection goes on the key; a
// collection's head comment on its first entry). yamltree does not keep blank lines, so a comment
// group that yaml.v3 would split at a blank line (a document's head comment, a foot comment) is
// read as the head comment of what follows.
//
// Surprises, all yaml.v3's:
//   - a map is a Content list of key, value, key, value;
//   - a scalar made by the merge has no tag (""), and is written plain unless it cannot be;
//   - setting a node (Set) copies the other node's fields into it, so every holder of the node
//     sees the new value.
package ynode
