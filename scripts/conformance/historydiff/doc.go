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
// and replace, a controller's update, helm install or upgrade under Helm 3 and Helm 4 with a
// random --server-side and --force-conflicts) or edited by kubectl label and annotate and by
// kubectl patch --type merge and --type json (patches of metadata any object takes), or updated by
// kpt (upstream before the example's config, upstream after it with a label), so that the
// object carries one writer's traces (a last-applied annotation, managedFields) into the next.
// The client-side writers' managedFields are the API server's field manager composed with each
// write (reference.Text, ssadiff.UpdateText).
//
// The comparison runs under the conformance tag (make conformance), not in make test: it still
// finds differences, all of them the oracle's (docs/histories.md says which). Seed 1, 60
// histories: the differences are all ssa steps: kubectl apply --server-side's own steps (the
// client-side migration), which the reference (the API server's apply alone) lacks and
// kube-apiserver v1.37.2 answers as the engine does (engine/modes/writer/testdata/observed.txt,
// sequences F and G); every other writer's steps agree (docs/histories.md gives the counts).
package historydiff
