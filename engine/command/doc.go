// Package command says what a merge stands for at the terminal: the command lines a request
// stands for (kubectl apply, kubectl apply --server-side, kubectl replace, kubectl patch, kpt pkg
// update, helm upgrade), each with its options as flags, and what kubectl prints for each
// resource ("deployment.apps/web configured", "… unchanged", "… created", "… pruned",
// "… serverside-applied", "… patched") or, when the API server refuses a server-side apply on
// conflicts, kubectl's own message with the ways out it lists.
//
// Every text kubectl prints is a fact observed with the reference (k8s.io/kubectl and
// k8s.io/apimachinery v0.37.2, run in scripts/conformance/kubectlout): how a resource is named
// (its kind in lower case and its API group, whatever the kind: the name printer needs no
// table of resources), which word each outcome prints, and the conflict message the field
// manager writes with the help kubectl adds to it.
//
// Each mode writes its own commands (modes.Mode.Commands, in the mode's package: apply reads
// its extra.patches, ssa its extra.operations and extra.managedFields, patch its result) from
// what this package holds in common: Answer (the request's resources by name), Printed,
// TypeArg, ServerConflictMessage; For and Refused call the mode's writer for the handler. It
// decides nothing about the merge itself.
//
// Not stated: what kpt and helm print (their lines are not kubectl's and are not checked here),
// and kubectl's message for apply's overwrite=false conflicts (a long text holding the three
// objects); those commands carry no output.
package command
