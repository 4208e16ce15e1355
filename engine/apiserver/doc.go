// Package apiserver models what the API server does to an object before it stores it: it decodes
// it into its Go type, writes its defaults into it (defaults.go: a table by OpenAPI type,
// observed; Stored.Defaults) and writes it back, which drops what the type does not store (Store,
// stored.go: a null or an empty value a field's json tag omits, a field the type does not
// declare; a null label stored as ""; for a custom resource, StoreCustom: a null in a field its
// CRD's schema does not mark nullable, and metadata as the built-in ObjectMeta), then validates it: its metadata, the common rules of the
// object's own validation (spec.go, values.go: immutable fields, a selector that does not select
// its template, no containers, enumerations, duplicate names, a valueFrom without a source, a
// rolling update where the strategy has none). Check words a refusal as kubectl prints it:
//
//	The ConfigMap "big" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes
//
// The modes call it on the object the server would store (apply's result with the last-applied
// annotation kubectl writes, ssa's, patch's, the two-way result): the engine answers as kubectl's
// and the field manager's libraries do, and without it would answer "configured" where a cluster
// refuses.
//
// What it checks (every rule observed with kube-apiserver v1.37.2, scripts/reproduce/
// run-apiserver.sh, 2026-12-06, by `kubectl create --dry-run=server`; the objects and what kubectl
// printed are testdata/observed.json):
//   - the name, by a rule of the kind (names.go): a DNS subdomain for most kinds, a DNS label
//     for Namespace, Service and StatefulSet, a path segment for core Event, the rbac kinds and
//     PodDisruptionBudget, a subdomain of at most 52 characters for CronJob;
//   - generateName, as a prefix of such names (less its ending '-', but a path segment's);
//   - the namespace of a namespaced kind: one that is no DNS label cannot exist, and the server
//     answers `namespaces "Bad_NS" not found` before validating anything;
//   - labels: keys are qualified names (an optional DNS subdomain prefix of at most 253 bytes
//     and '/', a name part of at most 63), values at most 63 bytes of the same syntax or empty;
//     a Namespace's own label kubernetes.io/metadata.name, which the server adds, holds its name;
//   - annotations: keys are qualified names, and keys and values together hold at most 262,144
//     bytes (AnnotationsLimit): the limit client-side apply meets first, as its last-applied
//     annotation holds the whole config;
//   - finalizers: qualified names; one without a '/' must be standard (kubernetes, orphan,
//     foregroundDeletion); orphan and foregroundDeletion not both.
//
// The object's own rules and the stored object were observed the same way (stored_test.go,
// spec_test.go, values_test.go), the defaults by scripts/reproduce/observe-defaults.sh
// (testdata/defaults.txt, replayed by defaults_test.go and owners_test.go, which also checks the
// managedFields of the updates that wrote them, from Zero); docs/apiserver.md has the tables.
//
// What it does not check: the names of kinds whose names depend on their spec (APIService,
// CustomResourceDefinition, IPAddress, ClusterTrustBundle) or that no observed name refused
// (CertificateSigningRequest), of kinds the server does not serve by default, of custom
// resources; a namespace that is a DNS label but does not exist; the rest of metadata
// (ownerReferences, managedFields), and outside metadata every rule but those above (quantities,
// ranges, a Service's clusterIP, a Job's template, custom resources' schemas).
//
// Surprises, all observed: the server lists several problems of one map in Go's map order,
// which changes from one request to the next (the package uses key order, the most frequent);
// the length is said before the syntax; a name that would be a subdomain but for its dots is
// told "must not contain dots" by the label kinds; ReplicationController and DeviceClass count a
// name's 253 in "bytes", other kinds in "characters"; core v1 Event takes path segments where
// events.k8s.io Event takes subdomains; kubectl prints the same text for a create and an update,
// for kubectl apply, apply --server-side, replace and patch.
package apiserver
