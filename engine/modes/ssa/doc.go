// Package ssa reproduces server-side apply as the API server runs it: structured-merge-diff
// through k8s.io/apimachinery's field manager (package managed), with managed fields, conflicts
// and force.
//
// For each resource of the applied config, paired with live by identity:
//
//   - options.operation "apply" (kubectl apply --server-side): the config is merged into live,
//     options.manager's fields become exactly what it applied, fields it stopped applying are
//     removed unless another manager owns them, and every other manager owning a field the apply
//     would change is a conflict. Without options.force, conflicts answer instead of a result;
//     with it, the applier takes the fields over.
//   - options.operation "update" (a controller's PUT): the config is the object as sent, stored as
//     is; whatever changed moves to options.manager, with no conflicts.
//
// Live without metadata.managedFields belongs to before-first-apply, as the API server gives it
// on the first apply; live carrying kubectl's last-applied annotation is handed over to the
// "kubectl" manager as the API server does. A resource only live has is left alone; a resource
// only the config has is created.
//
// Schemas: the built-in kinds, a CRD or structured-merge-diff schema in options.schema (types
// named by options.schemaType for documents without a known kind), and the deduced schema (maps
// granular, lists atomic) for kinds no schema knows.
//
// Every field of the result, every field the operation removed, and every conflict is marked and
// explained, with the managers owning it (explain.go). The response's extra carries the new
// managedFields and the owners of every line (extra.go).
package ssa
