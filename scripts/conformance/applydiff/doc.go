// Package applydiff is the differential test of mergeplay's apply mode against client-side
// kubectl apply.
//
// A Generator builds cases deterministically from a seed: realistic manifests (Deployments,
// Services, StatefulSets, CronJobs and a custom resource, alone or as streams), random edits of
// the config and random drift of the live object. Reference answers each case with the real
// libraries and kubectl's own steps (GetModifiedConfiguration, CreateThreeWayMergePatch and
// StrategicMergePatch, or CreateThreeWayJSONMergePatch and MergePatch for custom resources);
// Engine answers it with mergeplay's handler; Compare lists where the two differ, and Features
// says which behaviours of kubectl apply a case exercised.
//
// The tests run it (from scripts/conformance):
//
//	go test ./applydiff                          # self-check, and 500 cases against the engine
//	go test -tags conformance ./applydiff -v     # 10,000 cases (make conformance)
//	go test ./applydiff -apply.cases=2000 -apply.seed=7 -v
//	go test ./applydiff -run TestShowCase -apply.show=42 -v   # one case in full
//
// TestReferenceSelfCheck proves the generator and the reference on their own;
// TestApplyMatchesKubectl compares the engine with the reference and prints, with -v or on
// failure, how many cases exercised each feature and up to five differing cases in full, each
// with a request that `go run ./wasm < request.json` answers.
package applydiff
