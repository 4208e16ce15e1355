// Package reproduce writes the reproduce script of an answer: one POSIX shell script that replays
// the merge on an empty test cluster and compares what the cluster then holds with the
// playground's result, field by field.
//
// The script
//   - refuses to run unless kubectl's current context is a test cluster's (kind-*, minikube,
//     k3d-*), or MERGEPLAY_ANY_CONTEXT=1 says otherwise;
//   - creates the live objects as the playground read them (kubectl create of their JSON, without
//     what the API server sets itself: uid, resourceVersion, creationTimestamp, generation,
//     managedFields, status), then gives them what the merge reads from live: for apply, the
//     last-applied annotation the merge used (a merge patch: the original editor's config as
//     kubectl stores it, or live's own annotation, which kubectl create rewrites with the whole
//     object it creates: in every mode live's own annotation is given back); for ssa, live's
//     managedFields (a JSON patch replacing /metadata/managedFields: the API server keeps
//     managedFields a request sets, and unlike kubectl replace the patch leaves a last-applied
//     annotation as it is), or none at all (a merge patch of managedFields: [{}], which clears
//     them);
//   - runs the command of response.commands on config.yaml (the updated input as written);
//   - prints each object the cluster holds (kubectl get -o yaml) and compares it with the result:
//     every scalar of the result, read back through kubectl get -o jsonpath-file, one line per
//     field ("path = value"), diffed with the line the result says; objects the merge deletes
//     must be gone; a refused server-side apply must print kubectl's message. It exits 0 when
//     everything matches, 1 when something differs, 3 when the cluster refuses the objects as
//     given (the playground merges without validating: a Deployment without spec.selector is
//     merged here and refused there) or cannot decode the object a patch makes (a patch's value
//     of another type than its field's: the patch is refused as given).
//
// Custom kinds that neither the built-in schema nor a CRD of options.schema describes get a
// permissive CRD first (any field kept, lists atomic: how the engine reads such objects). A
// request no cluster can replay gets no script and an error saying why: options.multiKeys (the
// multi-field merge key proposal no API server implements), objects without apiVersion, kind or
// name. What the scripts do was run against kube-apiserver v1.37.2 (scripts/reproduce,
// make reproduce-check; docs/reproduce.md says what agreed).
//
// Fields the cluster decides are not compared: metadata uid, resourceVersion, creationTimestamp,
// generation, managedFields' times, and status (the script cannot create it). Every text from the
// inputs reaches the script only inside quoted here-documents whose delimiter the text does not
// hold, or as single-quoted words (package shell): nothing in an input can end its quotes.
//
// Modes: apply, ssa, patch and the history's writers (create, replace, edit, scale, label,
// annotate, controller, helm3, helm4, kpt: a mode whose command does not run as written says how
// it is replayed, modes.Reproduction.Replay; helm on a chart of the render by the binary HELM3 or
// HELM4 names, kpt as the merged local copy applied; a mode that needs what earlier steps left
// beside the objects, a Helm release, says so by modes.Reproduction.Kept). merge3 (kpt changes files, not the cluster) and twoway (Helm 2's
// Tiller) have no script.
//
// A history has one script for all its steps (History): the initial live created once, every
// step's commands in order on that cluster, and after each step the object compared with the
// playground's object after it: its values, the fields the step removed, and who owns each
// field (entriesCheck: every managedFields entry owning a field the playground's object holds, by
// manager, operation, subresource and whether it records a time).
package reproduce
