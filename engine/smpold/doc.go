// Package smp computes and applies strategic merge patches, the patches client-side kubectl apply
// sends, on yamltree nodes.
//
// It answers as k8s.io/apimachinery's strategicpatch package does, quirks included, because that
// is what a cluster does with a patch: lists keyed by a merge key are diffed in the order of their
// keys' text; lists of primitives with the merge strategy become additions plus a
// "$deleteFromPrimitiveList/<field>" list; "$setElementOrder/<field>" carries the config's order;
// "$retainKeys" lists the keys a map keeps; "$patch: delete" removes an item, "$patch: replace"
// replaces a list or map. Numbers compare as the reference compares them once decoded from JSON:
// integral numbers as int64, the others as float64, so 1 and 1.0 are equal but 1 and "1" are not.
//
// What the package does not do: decide which fields a config owns (package apply does, with
// kubectl's last-applied annotation), or explain anything (marks and reasons are built by the
// modes from the inputs and the result).
//
// Entry points: ThreeWay (what kubectl apply sends), TwoWay (what Helm 2 sends), Apply (what the
// API server does with a patch), and Conflicts (what overwrite=false refuses). None of them
// modifies its arguments.
package smpold
