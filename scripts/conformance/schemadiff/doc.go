// Package schemadiff holds the differential test of the engine's built-in schema: for every kind
// of client-go's scheme (and the CustomResourceDefinition kinds of k8s.io/apiextensions-apiserver)
// and every field reachable in it, the engine's answer (engine/schema) is compared with the
// references' own: strategicpatch.NewPatchMetaFromStruct for the strategic-merge-patch view (patch
// strategy, merge key), and the server-side-apply type converters generated beside those types for
// the server-side-apply view (list type and keys, map type, shape).
//
// Run it with go test -v ./schemadiff from scripts/conformance; it prints
// "schema diff: N kinds, M list fields, K map fields compared, D differences" and fails when D > 0.
package schemadiff
