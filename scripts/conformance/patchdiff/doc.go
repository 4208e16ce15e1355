// Package patchdiff is the differential test of mergeplay's patch and twoway modes against the
// reference libraries.
//
// patch (`kubectl patch --type strategic`): the targets are applydiff's live objects (drifted
// Deployments, Services, StatefulSets, CronJobs and the custom resource Widget, as the API
// server returns them), now and then with a ConfigMap; the patches are random strategic merge
// patches for one to three of them, walking the target with the strategies of its Go struct:
// fields changed or nulled, maps merged, replaced or emptied ($patch: replace | delete),
// restricted with $retainKeys, list items changed, added or deleted by merge key, lists
// replaced ($patch: replace), sets of primitives changed with $deleteFromPrimitiveList, orders
// set with $setElementOrder, atomic lists replaced, and patches the server refuses ($patch:
// merge or an unknown value, an item without its merge key, a $retainKeys that leaves out a key
// the patch sets, a $setElementOrder the patch's items do not follow, a target live lacks, a
// custom resource). ReferencePatch applies each patch as the API server does:
// strategicpatch.StrategicMergePatch with the target kind's struct from client-go's scheme, the
// YAML read as kubectl reads it (sigs.k8s.io/yaml).
//
// The reference is not deterministic when a map of the patch holds a list of primitives and
// its $deleteFromPrimitiveList directive (finalizers beside $deleteFromPrimitiveList/finalizers):
// strategicpatch's mergeMap visits the two keys in Go's random map order, so the deletions run
// before or after the list is merged, and the results differ when the list adds back what the
// directive deletes (or only in order). Such patches are detected (listBesideDeletion, the
// feature "either order"): the reference runs 8 times and keeps every result seen, and the
// engine's result (deletions last) must be one of them; when it is not, Compare runs the
// reference up to 256 more times looking for it before it reports a difference.
//
// twoway (Helm 2's upgrade): applydiff's case gives the previous render (its config0: the case's
// original, or Generator.Previous), the new render (its edited config: resources dropped, added, reordered;
// editNext adds replaced finalizers and, now and then, a container without its name) and live.
// ReferenceTwoWay does what Helm 2's pkg/kube did (Update, createPatch, updateResource): no patch
// when the renders are the same data; otherwise strategicpatch.CreateTwoWayMergePatch from the
// previous render to the new one with the kind's struct, applied to live by the server's
// StrategicMergePatch, or, for kinds the scheme lacks, jsonpatch.CreateMergePatch and
// jsonpatch.MergePatch (evanphx/json-patch, as Helm 2's createPatch and the server use them);
// resources new in the render are created as rendered, resources the new render dropped are
// deleted. Helm 2 marshalled the objects its builder decoded; the reference takes the renders as
// kubectl reads them (the engine's view too), so zero-valued fields that a typed round trip
// would add are not modelled.
//
// mergepatch and jsonpatch (`kubectl patch --type merge` and `--type json`, typed_*.go): the
// target is the first live object of applydiff's case; the patches are random merge patches
// (keys deleted, replaced by a value of their type or of any, merged into, new keys with nulls
// inside) and random JSON patches (one to five operations of the six kinds at the target's
// places or beside them: a key it lacks, an index past the end, negative, "-", "01", escaped
// keys; a failing test now and then, an unknown op). ReferenceTyped applies them with
// gopkg.in/evanphx/json-patch.v4 (MergePatch; DecodePatch and Apply), the library kube-apiserver
// v1.37.2 uses; EngineTyped with the engine's jsonmerge and jsonpatch packages, ModeTyped with
// its modes (the result less managedFields). Both refusing agrees; a library panic must be the
// engine's jsonpatch.Crash (the API server drops such a request, observed); a mode may refuse
// an object the library accepts only when its store refuses a value of the wrong type for the
// kind (counted apart: the library knows no kinds).
//
//	go test ./patchdiff -run AgreeWith -typed.cases=5000 -typed.seed=7 -v
//
// Compare: an error on both sides agrees (messages are not compared), but the engine's errors
// must be located at a line of an input; otherwise every object of the result, read with
// sigs.k8s.io/yaml, must be the same data as the reference's, and the response's patch must
// hold the patches (patch: each patch document as JSON; twoway: each two-way patch, in the new
// render's order), one a line.
//
// The tests run it (from scripts/conformance):
//
//	go test ./patchdiff                                  # 5,000 cases of each mode
//	go test ./patchdiff -v                               # with the feature tables
//	go test ./patchdiff -patch.cases=20000 -patch.seed=7 -twoway.cases=0 -v
//	go test ./patchdiff -run TestShowCase -patch.show=42 -v   # one case in full
//
// Each run prints "patch: N cases, D differences" and "twoway: N cases, D differences" after
// its feature table (with -v or on failure) and fails on any difference, or when a feature is
// seen fewer than 100 times in 5,000 cases (proportionally fewer in shorter runs).
package patchdiff
