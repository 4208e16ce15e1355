// Package historydiff compares the engine's histories (engine/history: one object through a
// sequence of writers) with the reference libraries composing the same steps: each step's
// request answered by its mode's reference pipeline (package reference) on the reference's own
// object after the step before, and the two objects compared after every step as the mode's
// differential compares them (reference.Same). A step one side refuses must be refused by the
// other, and leaves each side's object as it was.
//
// The histories are random (Histories): stories of three to eight steps around one example's
// object, whose writers are the examples' own requests for that object and the same configs
// sent by other writers (client-side apply, server-side apply, a Helm 2 upgrade, kubectl create
// and replace, a controller's update) or edited by kubectl label and annotate, so that the
// object carries one writer's traces (a last-applied annotation, managedFields) into the next.
// The client-side writers' managedFields are the API server's field manager composed with each
// write (reference.Text, ssadiff.UpdateText).
//
// The comparison runs under the conformance tag (make conformance), not in make test: it still
// finds differences, and the first it found is the oracle's, not the engine's. kubectl apply
// --server-side of a config onto an object holding a last-applied annotation and no
// managedFields (what a client-side apply leaves in the engine's histories, whose apply mode
// writes no managedFields yet) gives, on kube-apiserver and kubectl v1.37.2 (run-apiserver.sh,
// 2026-12-06), managers kubectl (the config's fields) and kubectl-last-applied (the annotation)
// and no before-first-apply: the engine's answer; ssadiff's reference gives before-first-apply
// owning everything beside kubectl. Seed 1, 60 histories, 319 steps: 19 differences, all ssa
// steps (15 of that class; a label, an object count, a custom resource the reference cannot
// type, one managedFields set).
package historydiff
