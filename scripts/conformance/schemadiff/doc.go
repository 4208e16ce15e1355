// Package schemadiff holds the differential tests of the engine's schemas (engine/schema) against
// the references' own:
//   - TestBuiltinMatchesReferences: for every kind of client-go's scheme (and the
//     CustomResourceDefinition kinds of k8s.io/apiextensions-apiserver) and every field reachable
//     in it, the built-in schema against strategicpatch.NewPatchMetaFromStruct for the
//     strategic-merge-patch view (patch strategy, merge key), and the server-side-apply type
//     converters generated beside those types for the server-side-apply view (list type and keys,
//     map type, shape). It prints "schema diff: N kinds, M list fields, K map fields compared,
//     D differences" and fails when D > 0.
//   - TestOpenAPIKeywordsAsKubernetesConvertsThem: every row of the engine's OpenAPI keyword table
//     (engine/schema/testdata/openapi-keywords.yaml) through kube-openapi's schemaconv and
//     strategicpatch's OpenAPI v3 and v2 lookups.
//   - TestCRDAsTheAPIServerConvertsIt: a CRD (testdata/crd-keywords.yaml) against the API server's
//     conversion: apiextensions-apiserver's OpenAPI builder (builder.BuildOpenAPIV3, which brings
//     k8s.io/apiserver into this module), then kube-openapi's schemaconv, with
//     spec.preserveUnknownFields false and true.
//
// Run them with go test -v ./schemadiff from scripts/conformance.
package schemadiff
