// Package kubectlout checks what the engine says kubectl prints (package engine/command) against
// kubectl itself (k8s.io/kubectl v0.37.2 and its name printer from k8s.io/cli-runtime) and the
// API server's field manager (k8s.io/apimachinery v0.37.2):
//
//   - TestNamesAsKubectlPrintsThem: the line of every built-in kind of engine/schema/builtin.json
//     and of custom kinds, for every word kubectl prints (created, configured, unchanged, pruned,
//     serverside-applied, replaced, patched), against kubectl's name printer;
//   - TestConflictMessages: for the ssa examples that stop on conflicts and for conflicts built
//     here (one field, several fields of one owner, several owners, an applier, an updater with
//     and without a subresource), the field manager's 409 message against
//     command.ServerConflictMessage, then kubectl apply --server-side, run with its test factory
//     against a fake server that answers that 409, against the engine's commands[].error.
package kubectlout
