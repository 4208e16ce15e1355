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
// Every field of the result, every field the operation removed, and every conflict is marked
// (explain.go); each mark's rule is the decision the operation recorded at its path (package
// managed, rules.go; Response.Decisions holds the logs) and its reason that rule's row of one
// table (reasons.go), naming the managers owning the field. Conflicts (one per manager and path, at
// live's line, the message giving live's and the config's values) come instead of a result.
//
// The response's extra keys (extra.go):
//   - managedFields: per resource, the managedFields the object ends with (live's own when the
//     apply stopped on conflicts or the resource was left alone): manager, operation, apiVersion,
//     time ("" for none), subresource, fieldsV1 as the API server stores it, and fields, the
//     owned paths.
//   - owners: one entry per line of the result holding a field (metadata.managedFields left out):
//     resource, line, path, and the managers owning it (or the atomic value holding it).
//   - operations: per resource, what happened (create, apply, update, conflict, none), whether
//     the object changed, whether before-first-apply was created, the fields handed over from
//     client-side apply, the fields force took from each manager, and whether the last-applied
//     annotation was rewritten.
//
// Managers are named as people read them: an applier by its name, an updater by its name and
// "(update)" (and its subresource).
package ssa
