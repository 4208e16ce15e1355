// Package jsonmerge computes and applies JSON merge patches (RFC 7386) on yamltree nodes, the way
// kubectl does for objects that have no strategic-merge schema, such as custom resources.
//
// Three operations mirror the three library calls kubectl's client-side apply makes for such
// objects:
//
//   - Apply patches a document, as gopkg.in/evanphx/json-patch.v4 MergePatch does (on the API
//     server, and in kubectl for dry runs);
//   - TwoWay computes the patch from one document to another, as CreateMergePatch does;
//   - ThreeWay computes the patch kubectl apply sends, as
//     k8s.io/apimachinery/pkg/util/jsonmergepatch.CreateThreeWayJSONMergePatch does, with the
//     preconditions kubectl passes (apiVersion, kind and metadata.name unchanged).
//
// Data is compared as those libraries compare it once decoded from JSON: maps by key, lists in
// order, numbers as float64 (so 1, 1.0 and 0x1 are equal), scalars of different JSON types never
// equal. Inputs are never modified; results are fresh trees that keep the positions, comments and
// styles of the nodes they were built from. A merged map keeps the target's key order, with new
// keys appended in the patch's order. Maps are assumed to hold each key once.
//
// # Surprises
//
// The reference behaves in ways RFC 7386 does not describe, and this package follows it:
//
//   - A null inside a value added where the target held no object (nothing, a null, a scalar or
//     a list) is dropped: patching {} with {"a": {"b": null, "c": 1}} gives {"a": {"c": 1}}. The
//     same pruning walks into lists: null items stay, but null-valued keys of objects inside the
//     list are removed, so a config list [{"x": null}] reaches live as [{}].
//   - A list replacing a non-object value is pruned the same way; a list replacing an object is
//     taken as is, its nested nulls kept.
//   - A patch that is a list replaces the whole document (pruned); a patch that is a string,
//     number or boolean is an error, and so is a null patch or a null document. An object patch
//     on a document that is not an object replaces it (pruned).
//   - TwoWay accepts two lists of documents of equal length and diffs them pairwise.
//   - ThreeWay never reports a conflict for documents that are objects: the change and deletion
//     patches it compares can never disagree; it takes no overwrite flag, as kubectl ignores
//     --overwrite for custom resources.
//   - ThreeWay fails with a *PreconditionError when the patch would change apiVersion, kind or
//     metadata.name; kubectl reports it as "precondition failed for: map[...]" wrapped in its
//     "creating patch with:" message.
package jsonmerge
