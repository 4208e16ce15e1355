// Package helm is two of a history's writers, helm install and helm upgrade under Helm 3 (mode
// helm3) and Helm 4 (mode helm4), on the objects of a chart whose templates render to the new
// render (updated) verbatim: helm install when no previous render is given (original empty),
// helm upgrade otherwise, acting for options.release (empty: the first object's name) in the
// first object's namespace.
//
// Observed with helm v3.21.4 and v4.3.2 and kube-apiserver v1.37.2, 2026-12-06
// (testdata/observed.txt, taken by scripts/reproduce/observe-helm.sh; TestHelmAgreesWithTheAPIServer
// replays it):
//
//   - Both Helms add the label app.kubernetes.io/managed-by: Helm and the annotations
//     meta.helm.sh/release-name and meta.helm.sh/release-namespace to every object they send
//     (release.go: stamped), and write as the field manager helm.
//   - Helm 3 creates an object live lacks and patches one it holds with the three-way strategic
//     merge patch from the previous render, the new one and live (kubectl apply's, without a
//     last-applied annotation; a custom resource: the two-way JSON merge patch between the
//     renders, which keeps a manual edit of a field both renders hold): an Update entry of helm, owning what the request changed. A manual edit of a
//     field both renders hold is put back even when the chart did not change (kubectl edit of
//     the image, kubectl scale of replicas); one of a field neither render names is kept (a
//     label). An empty patch sends nothing. It prints `Release "web" has been upgraded. Happy
//     Helming!` on every upgrade.
//   - An object new to the release that live holds is refused unless its metadata names the
//     release: `Error: INSTALLATION FAILED: Unable to continue with install: Deployment "taken"
//     in namespace "helm" exists and cannot be imported into the current release: invalid
//     ownership metadata; label validation error: missing key "app.kubernetes.io/managed-by":
//     must be set to "Helm"; annotation validation error: ...` (UPGRADE FAILED and "update" on
//     an upgrade; Helm 4 writes "unable" in lower case). With the metadata set, Helm 3 adopts it:
//     its previous render is the new one, so the patch removes nothing (adopting an object that
//     holds the render's values sent nothing).
//   - Helm 4 with --server-side=auto (the default) applies an install server-side (an Apply entry
//     of helm) and upgrades a release as it was last applied: a release Helm 3 installed is
//     upgraded client-side, as Helm 3 does; one Helm 4 applied, server-side. The engine reads the
//     release's method from live (an Apply entry of helm): the release record is not an input.
//     --server-side=false is Helm 3's write; true a server-side apply, not forced unless
//     --force-conflicts: a field another manager owns with another value stops the upgrade with
//     `Error: UPGRADE FAILED: conflict occurred while applying object helm/h4 apps/v1,
//     Kind=Deployment: Apply failed with 2 conflicts: conflicts with "kubectl" with subresource
//     "scale" using apps/v1: ...` (kubectl scale; kubectl edit's image too).
//   - Helm 4's first server-side upgrade of a release applied client-side moves helm's Update
//     entry into an Apply entry of helm on each object of the render (client-go's csaupgrade, a
//     patch of managedFields alone: one write, generation unchanged, the entry's time kept)
//     before it applies, so that the apply owns those fields; the move stays when the apply then
//     fails on conflicts: the refused step's extra.afterRefusal holds the object with the move,
//     which a history's next step meets (contract.AfterRefusal).
//   - helm upgrade deletes each object of the previous render that the new render drops, after
//     sending the others, printing nothing about it, unless the cluster's object carries
//     helm.sh/resource-policy: keep: then it is left alone (dropped.go). The result lacks a
//     deleted object, marked deleted whole.
//   - Helm 4 prints DESCRIPTION: Install complete (Upgrade complete) after STATUS; the engine
//     prints NAME, NAMESPACE, STATUS (and DESCRIPTION), not the time, revision and test suite.
//
// A reproduce script runs the step's command by the binary HELM3 or HELM4 names (by default the
// builds of scripts/reproduce/build-helm.sh) on a chart whose one template is the new render
// verbatim (reproduce.go); helm upgrade reads the release from the cluster, so a history's
// script needs every upgrade's release installed by an earlier step, with the previous render
// the release last took (modes.Reproduction.Kept).
//
// Not modelled: hooks, --take-ownership, --force (replace), a release's revision and status,
// the ownership metadata a chart itself sets against its release, and an upgrade from an empty
// previous render (original empty reads as helm install).
//
// The marks are the ssa mode's for an update by helm (Helm 3, Helm 4 client-side) or an apply
// by helm (Helm 4 server-side); the marks of an object of the render take Helm's rule first
// (rules.go: a field the renders changed, a manual edit put back, a field only live holds, the
// ownership metadata), ahead of the ssa mode's sentence about who owns it after; an object the
// upgrade deletes, keeps by its policy, or leaves (an empty patch) takes Helm's sentence alone.
package helm
