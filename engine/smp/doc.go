// Package smp computes and applies strategic merge patches, the patches client-side kubectl
// apply and Helm 2 send, on yamltree nodes, and records why each value ends as it does.
//
// # One alignment
//
// Align pairs the three versions of an object once: original (last-applied, or Helm's previous
// render), updated (the config with its new last-applied annotation, or the new render) and
// live. An Aligned place is a field, a list item or a value of a set as each side holds it: map
// fields pair by name, items of a list merged by key by their key (a fieldpath.Element of one or
// several fields), values of a set of primitives by value. Every operation reads this one
// alignment:
//   - ThreeWay is what kubectl apply sends: the changes from live to the config (every field the
//     config names is sent where live differs, so drift is reverted), combined with the
//     deletions from last-applied to the config (what the config no longer names is deleted);
//   - TwoWay is what Helm 2 sends: both, from the previous render to the new one;
//   - Conflicts is what overwrite=false refuses: where the patch and the changes live made since
//     last-applied disagree.
//
// The diffs decide each place by a table (a Situation: added, changed, same, null, dropped) and
// record the decision, named by the mode's Rules, into a decision.Log (Decisions).
//
// # A typed patch
//
// A patch is a tree of Values whose maps hold, beside their fields, directives as typed entries
// (EntryKind): "$patch", "$retainKeys", "$setElementOrder/<field>",
// "$deleteFromPrimitiveList/<field>". Patches are read (Read) from YAML or JSON and written
// (Map.JSON, Value.Tree) only at the edges.
//
// # Applying a patch
//
// Apply merges a patch into live as the API server does, and its Outcome says how each value of
// the result came about (Effects: kept, set, added, deleted by a null, cleared by $retainKeys,
// deleted by a directive, replaced), at the grain marks are made.
//
// # The reference's surprises
//
// The package answers as k8s.io/apimachinery's strategicpatch does, quirks included, because
// that is what a cluster does with a patch. Each quirk lives in a small named function whose doc
// comment states it as an observed fact, checked by scripts/conformance/smpfacts against the
// reference: lists are diffed in the order of their items' text and repeated keys pair in reverse
// (pairedOrder); a list of primitives not in sorted order always sends its order (sortedForDiff);
// repeats are removed by the list's last value (withoutRepeats); merged lists interleave the
// patch's items with live's (arrange); a list is merged in place in the array it was decoded
// into, and a "$setElementOrder" sees it so (decodedSlice); the two halves of the three-way patch
// combine as a patch merges (combine). Numbers compare as the reference compares them once
// decoded from JSON: integral numbers as int64, the others as float64, so a YAML 1.0 (sent as
// JSON 1) equals 1, but 1 and "1" differ.
//
// What the package does not do: decide which fields a config owns (package apply reads
// kubectl's last-applied annotation), or write reasons (the modes do, from the rules).
package smp
