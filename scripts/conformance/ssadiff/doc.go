// Package ssadiff is the differential test of mergeplay's ssa mode against the API server's field
// manager: k8s.io/apimachinery's managedfields.FieldManager with its default steps over
// structured-merge-diff (managedfieldstest.NewFakeFieldManager), with client-go's server-side
// apply type converter for built-in kinds and one built from a CustomResourceDefinition (as the
// API server builds it, from the CRD's schema and the ObjectMeta definitions) for a custom
// resource.
//
// A Generator builds sequences deterministically from a seed: one object (a Deployment, a
// ConfigMap, a Service or a custom resource), which starts absent, present without managed fields
// (sometimes with a uid), or applied client-side by kubectl; then applies by several managers
// (random configs from small pools of values, so that managers often set the same value, often
// drop fields they applied before, sometimes force) and updates by controllers (live with a few
// fields changed or removed). Every operation is answered by the reference and by the engine's
// handler from the same live object, and compared: errors, conflicts (manager and path), the
// object, and every managedFields entry (manager, operation, API version, FieldsV1 byte for
// byte, time). The reference's new times are then replaced by the engine's (options.now), so
// that both continue from one object.
//
// From scripts/conformance:
//
//	go test ./ssadiff -v                            # 5,000 sequences, with the feature table
//	go test -tags conformance ./ssadiff -v          # 20,000 sequences (make conformance)
//	go test ./ssadiff -ssa.sequences=50000 -ssa.seed=3 -v
//	go test ./ssadiff -run TestShowSequence -ssa.show=42 -v   # one sequence in full
//
// TestExamplesMatchFieldManager answers every ssa example of examples/ with the field manager too
// (a CRD in options.schema gives the custom resource's type converter) and compares the two.
//
// Probes (each prints, with -v, the reference's answers that a table of the engine states):
// capprobe_test.go (the managers cap), entriesprobe_test.go (reading and ordering managedFields
// entries), lastappliedprobe_test.go (the client-side hand-over and the last-applied annotation),
// itemsprobe_test.go (list items of every shape), fieldsv1probe_test.go (the FieldsV1 form).
//
// The test prints how many operations exercised each feature (conflicts, forced applies, shared
// ownership, removals, before-first-apply, the client-side hand-over, capped update entries,
// untracked updates) and fails when a feature was reached fewer than 100 times, or on any
// difference.
package ssadiff
