// Package twoway shows what Helm 2 (and werf before its migration) did on an upgrade, beside what
// Helm 3 and kubectl apply do.
//
// Helm 2 computed a two-way patch from the previous release's render (original) to the new one
// (updated) and applied it to the object in the cluster (live): live itself was never consulted,
// so a field someone edited in the cluster (kubectl edit) stays edited whenever the two renders
// agree on it. Helm 3 computes a three-way patch instead (previous render, new render, live), which
// puts such fields back. This mode answers with the two-way result, marks each field, lists every
// live edit the two-way upgrade leaves out of sync with the new render, and gives the three-way
// result and the repair patch that would bring live in line (werf's "repair patch": the new
// render's fields forced onto the two-way result). Resources the new render dropped are deleted,
// as Helm does. Custom resources get JSON merge patches, as Helm sends them. An object that the
// new render and live hold but the previous render does not stops the upgrade, with Helm's own
// error ("no ConfigMap with the name "x" found"), as Helm's Update refuses it.
//
// The two-way patch is read from one alignment of the renders and live (smp.Align), whose diff
// records each place's decision (rules.go: twoWayRule); marks join it with what the API server did
// with the patch (smp.Effects), and their sentences come from one table keyed by rule
// (reasons.go). The drift is read from an alignment of the two results (drift.go). When no
// repair patch can be computed (a three-way patch fails where Helm 2's two-way one passes: an
// item without its merge key in a list new to the render), a warning says so.
package twoway
