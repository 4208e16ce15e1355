// Package validate checks a config against the schema of its kind as the API server's strict
// field validation does (kubectl's default --validate=strict): a field the kind does not declare,
// or a value of the wrong type, is a problem at the config's line, worded as the server words it.
//
// The wording is the API server's strict decoding (observed with apimachinery v0.37.2, its
// serializer with strict decoding, scripts/conformance/yamldiff's validation class):
// `strict decoding error: unknown field "spec.template.spec.containers[0].imagePulPolicy"` and
// `json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`.
// Server-side apply words the same problems otherwise (`.spec.replica: field not declared in
// schema`); its field manager (engine/managed) checks them itself.
//
// What it is not: the API server's validation of values (names, ranges, required fields,
// quantities); only unknown fields and types, which is what --validate=strict adds. Keys starting
// with "$" (strategic merge patch directives) and null values (deletions) are not checked.
//
// Surprises: the server stops at the first value of the wrong type and reports every unknown
// field in one message; a Problem is reported for each, at its own line. For an object that
// exists, the server words a wrong type in a patch differently ("unrecognized type: int32");
// the decoding wording of a create is used throughout.
package validate
