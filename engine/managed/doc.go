// Package managed tracks who owns which fields of an object, and runs server-side apply and
// updates on it as the API server does.
//
// Two layers:
//
//   - Ownership (updater.go): an ApplyOp merges a config into live (package typed), makes the
//     applier own exactly what the config names, drops what it stopped naming unless someone
//     else owns it, and finds the other managers owning a field the apply changes (conflicts,
//     or taken when forced); an UpdateOp takes whatever an update changed or removed from
//     every manager and hands back what changed, for the updater to own. Managers are keyed
//     by any name.
//   - The API server's bookkeeping around it (fieldmanager.go, steps.go): one table of steps per
//     operation (check, read the managers, apply or record the update, the client-side hand-over,
//     the last-applied annotation, the cap, write), each stated with what it does to the object
//     and the managers and where that was observed. managedFields are read and written as
//     entries.go states (ManagedFieldsEntry objects, the API server's checks as a table with its
//     messages, its order as a sort key), fields no one may own are a table (steps.go), the
//     client-side hand-over for the "kubectl" manager is a decision stated from probes
//     (lastapplied.go: which conflicts the last-applied annotation forgives, when it is
//     rewritten), and the cap of ten update entries folds older ones into "ancient-changes"
//     (updatercap.go).
//
// A client's write (kubectl apply's create or patch, kubectl patch, a Helm upgrade, kubectl
// create, replace, label, annotate, scale, a controller's update) is an update by its manager on
// an object the API server stores (Request.Stored: without managedFields, it stays untracked),
// optionally through a subresource (Request.Subresource: through scale, the entry has no time
// and other updaters' spec.replicas is split out, as kube-apiserver v1.37.2 does); Written
// records one into a mode's result in place. kubectl.go holds kubectl apply --server-side's own
// steps.
//
// Every step records what it decided for each field into the operation's decision log
// (package decision): the merge, then the apply or the update, then the field manager, the
// later decision on a field standing. rules.go lists the rules.
//
// Objects are yamltree nodes; types come from engine/schema. The package holds no state: every
// call takes the managers (or the object carrying them) and returns new ones.
//
// What it leaves out: version conversion (every manager is read at the object's own version, as
// the references' test helpers do), defaulting, the reset fields of subresources (status), and
// the request-level checks of the API server (names, validation beyond the schema's shapes).
package managed
