// Package yamldiff runs YAML text as people write it (tricky but legal, and some illegal) through
// every mode of the engine and through the reference libraries exactly as they read their input,
// and compares the answers.
//
// How each reference reads:
//   - apply, twoway and ssa: every input as `kubectl apply -f` reads a file, through
//     apimachinery's YAMLOrJSONDecoder (documents cut at "---", each converted to JSON with YAML
//     1.1 scalars, null documents skipped); then kubectl's steps (package applydiff), Helm 2's
//     two-way patch (package patchdiff), or the API server's field manager;
//   - patch: the patch as `kubectl patch -p` reads it (apimachinery's yaml.ToJSON, one document),
//     the target as a file;
//   - merge3: kyaml's kio reader and writer around kio/filters.Merge3 (package merge3diff), whose
//     TEXT is compared with the engine's byte for byte.
//
// Cases come in classes, one per kind of trick (YAML 1.1 booleans, numbers, big integers, tags,
// keys, strings, comments in flow collections, refused text, documents, error lines, kind scope,
// anchors, annotations, real manifests), each class with a minimum number of cases per mode.
// A case agrees when both sides refuse (the engine naming the input the reference names, at the
// line the reference gives when it gives one) or both answer the same: the same data, and for
// apply, patch, twoway and ssa a result text that a YAML 1.2 reader reads as the same data as
// kubectl's YAML 1.1 reader (a result means what the cluster holds: "on" written as true).
//
// Classes that another package of the engine must fix before they can agree are listed in
// Pending with the issue item they wait for; their cases run and are counted, and their
// differences are reported as pending rather than failing the test. Real manifests are read
// from the shared folder beside the repository (../shared/realworld), never copied here; their
// class is skipped when the folder is absent.
package yamldiff
