// Package ynode holds YAML the way kyaml's three-way merge sees it, and writes it back as kyaml
// writes it.
//
// kyaml decides with text and styles, not only with data: it compares values by writing them out
// (a changed comment is a changed value), copies the style of the local field onto the value it
// puts there, and the result is its text. So a Node keeps what kyaml keeps: kind, tag, style, the
// three comments kyaml attaches to a node (head, line, foot), and its place in the input.
//
// Reading (ReadDocument): trees come from engine/yamltree, which reads YAML with positions;
// ReadDocument types plain scalars as kyaml's reader does (resolve.go: the YAML 1.2 core schema,
// timestamps, "0755" as an int, "<<"; plain keys too), keeps styles, written tags (a verbatim
// core tag as kyaml writes it again: "!<tag:yaml.org,2002:str>" is "!!str"), anchors and
// aliases (an alias is a node of its own kind, AliasNode, as in kyaml), and finds the comments
// again in the source text to attach them where kyaml's reader does (read_comments.go: a table
// of observed facts, pinned by testdata/reader.json, recorded from kyaml; inside flow
// collections, and on the stream's first "---" line, as yamltree reads them).
//
// Writing (Emit, CompareText): a recursive writer over the tree, with kyaml's conventions as
// tables of observed facts: indentation by two, lists compact under their key ("- " at the key's
// column), no line folding, when a scalar is plain, quoted or a block (scalar.go), how a scalar
// is spelt in each form (write_scalar.go), where each comment goes, including the comments of a
// block collection that wait for a later line (write_block.go), flow collections and the comments
// inside them (write_flow.go). Every fact was observed with kyaml v0.21.2 through kio's
// ByteWriter and is pinned by the golden corpus testdata/writer.json, whose expected texts are
// recorded from kyaml; scripts/conformance/merge3diff writes random trees and every short text
// in every place both ways and wants the same text.
//
// Surprises, all kyaml's:
//   - a map is a Content list of key, value, key, value;
//   - a scalar made by the merge has no tag (""), and is written plain whenever its text allows;
//   - setting a node (Set) copies the other node's fields into it, so every holder of the node
//     sees the new value;
//   - a key's line comment over an emptied map puts the map on the next line ("labels: # note"
//     then "{}"), and a comment that finds no line of its own waits for the next one, even in
//     the next document.
package ynode
