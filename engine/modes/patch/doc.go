// Package patch reproduces `kubectl patch --type strategic`: a strategic merge patch, written
// by hand with its directives, applied to the target object as the API server applies it.
//
// The updated input holds the patch (a stream of patches, each finding its target by apiVersion,
// kind, namespace and name; a single patch without them targets the single live object), the live
// input the targets. Every directive is carried out as package smp does it ($patch: replace,
// delete or merge in maps and list items, $retainKeys, $deleteFromPrimitiveList/<field>,
// $setElementOrder/<field>), and a patch the API server would reject is an error at the patch's
// line with the server's message. Custom resources accept no strategic merge patch: the API server
// answers 415, and so does this mode.
//
// The patch is read into smp's typed patch (smp.Read) and applied (smp.Apply); each mark's rule is
// what the server did to the value (the cause smp records: reasons.go keys one sentence by rule).
package patch
