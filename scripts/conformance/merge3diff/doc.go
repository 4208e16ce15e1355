// Package merge3diff is the differential test of mergeplay's merge3 mode against kyaml, as kpt
// and kustomize run it: kio's readers tag the resources of the three inputs with their source,
// kio/filters.Merge3 pairs them and merges each group with kyaml's merge3 (yaml/merge3 through
// yaml/walk), and kio's writer writes the result.
//
// A Generator builds cases deterministically from a seed: realistic manifests (Deployments,
// StatefulSets, Services, ConfigMaps, Pods, CronJobs, a Kustomization, a custom resource no schema
// describes), alone or as streams, with random upstream changes (original to updated) and random
// local edits (original to live): scalars changed, removed, nulled or added, list items added,
// removed and edited, comments and kyaml's comment schemas, values YAML 1.1 reads differently,
// resources added, deleted and restored. Reference answers a case with kyaml; Engine with
// mergeplay's handler; the two result texts must be identical (and fail alike). Features says
// which of kyaml's behaviours a case exercised.
//
// kyaml's Merge3 filter never guesses list keys; cases with options.inferKeys run the same
// pipeline with walk.Walker's InferAssociativeLists on and kyaml's AssociativeSequenceKeys set to
// the engine's list.
//
// Package ynode (the engine's reader and writer of YAML as kyaml holds and writes it) is checked
// apart: random trees and every short text in every place, written both ways (writer_test.go,
// scalars_test.go, a difference shrunk to its smallest tree: shrink_test.go); the generated,
// recorded and example texts read both ways (reader_test.go); and its golden corpora
// (engine/modes/merge3/ynode/testdata/writer.json and reader.json) recorded from kyaml
// (corpus_test.go, -merge3.update). The probe (./merge3diff/probe) shows what kyaml writes for a
// tree and where it attaches the comments of a text, in the notation of Tree (tree.go).
//
// The benchmark (bench_test.go) times the engine and kyaml on one 200-resource stream.
package merge3diff
