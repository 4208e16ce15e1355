// Package reference answers a mergeplay request as the reference libraries do, from the
// request's YAML texts to merged YAML text, through the pipelines the differential packages
// already run (one per mode):
//
//   - apply: kubectl apply's steps per resource (applydiff.KubectlText): the streams read as
//     kubectl apply -f reads a file (YAMLOrJSONDecoder, lists flattened),
//     GetModifiedConfiguration, CreateThreeWayMergePatch and StrategicMergePatch (a three-way
//     JSON merge patch for kinds the scheme lacks);
//   - merge3: kyaml's kio readers, filters.Merge3 and kio's writer (merge3diff.Reference);
//   - ssa: the API server's field manager per kind (ssadiff.ReferenceText);
//   - patch: StrategicMergePatch per target (patchdiff.PatchText);
//   - twoway: Helm 2's CreateTwoWayMergePatch and StrategicMergePatch (patchdiff.TwoWayText);
//   - the history's writers (writers.go), helm3 and helm4 among them (helm.go: Helm 3's
//     CreateThreeWayMergePatch, Helm 4's apply after client-go's csaupgrade).
//
// The results are written as those pipelines write them: kyaml's text for merge3, objects
// through sigs.k8s.io/yaml (sorted keys) for the others. Same compares such a text with the
// engine's result, as the differentials do. cmd/reference runs Text as a process, so that
// make bench can time a reference process against the engine's (scripts/bench), and
// SpeedRequest gives the speed benchmarks' streams as requests.
//
// Options the pipelines do not model (apply's prune, multiKeys, a user schema) are refused
// rather than ignored.
package reference
