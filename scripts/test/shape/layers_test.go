package shape

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// module is the product's module path.
const module = "github.com/mergeplay/mergeplay/"

// layers are the product's packages from the bottom up, grouped by what they are: a package
// imports packages of lower layers only (never one of its own layer, never one above), so that
// the layout reads as the architecture (docs/layout.md). A new package takes a place here.
var layers = [][]string{
	// Text, JSON, times, shell words and resource quantities: no engine concept.
	{"internal/verb", "engine/internal/incomparable", "engine/jsonwire", "engine/rfc3339", "engine/shell", "engine/quantity"},
	// YAML trees and line diffs.
	{"engine/yamltree", "engine/linediff"},
	// Kubernetes objects as trees: paths, kinds' schemas, resources of a stream, JSON merge
	// patches and JSON patches, kyaml's YAML.
	{"engine/fieldpath", "engine/schema", "engine/stream", "engine/jsonmerge", "engine/jsonpatch", "engine/modes/merge3/ynode"},
	// Decisions recorded, field sets, kubectl's strict validation, the API server's checks of
	// the object it stores.
	{"engine/decision", "engine/fieldset", "engine/validate", "engine/apiserver"},
	// The contract; strategic merge patches; typed merges; kubectl's decoding of metadata.
	{"engine/contract", "engine/smp", "engine/typed", "engine/objectmeta"},
	// Marks placed from decisions; the field manager.
	{"engine/explain", "engine/managed"},
	// What a mode is; histories; how a live object is managed.
	{"engine/modes", "engine/history", "engine/management"},
	// The command lines a request stands for.
	{"engine/command"},
	// What kubectl's writers share: their managers' names, their refusals, the object named.
	{"engine/modes/writer"},
	// The modes.
	{"engine/modes/apply", "engine/modes/ssa", "engine/modes/patch", "engine/modes/twoway", "engine/modes/merge3", "engine/modes/toy"},
	// The writers of a history, each an update answered as server-side apply's mode answers one.
	// kpt composes merge3 and apply (it reads apply's annotation's name), through the handler.
	{"engine/modes/create", "engine/modes/replace", "engine/modes/edit", "engine/modes/scale", "engine/modes/label", "engine/modes/controller",
		"engine/modes/helm", "engine/modes/patchtype", "engine/modes/kpt"},
	// Reproduce scripts (they read the modes' descriptors and kubectl's stored annotation).
	{"engine/reproduce"},
	// The front door.
	{"engine/handler"},
	// Its callers: the wasm and the command line; the fuzz targets' invariants, the
	// comparison with what a real API server did, issue 28's 2 MB input and the answers' JSON
	// read back (test-only).
	{"wasm", "engine/internal/fuzzcheck", "engine/internal/observed", "internal/bigstream", "internal/answerjson"},
}

// TestImportsPointDown: every import of a product package (test files aside) names a package of
// a lower layer, and every package has a layer.
func TestImportsPointDown(t *testing.T) {
	layerOf := map[string]int{}
	for i, layer := range layers {
		for _, p := range layer {
			layerOf[p] = i
		}
	}
	imports := productImports(t)
	var packages []string
	for p := range imports {
		packages = append(packages, p)
	}
	sort.Strings(packages)
	for _, p := range packages {
		from, ok := layerOf[p]
		if !ok {
			t.Errorf("%s has no layer: give it one in layers (scripts/test/shape/layers_test.go) and docs/layout.md", p)
			continue
		}
		seen := map[string]bool{}
		for _, q := range imports[p] {
			if to, known := layerOf[q]; known && to >= from && !seen[q] {
				seen[q] = true
				t.Errorf("%s (layer %d) imports %s (layer %d): imports point down only", p, from, q, to)
			}
		}
	}
}

// productImports maps each package under engine/, internal/ and wasm/ (relative to the module)
// to the product packages its non-test files import.
func productImports(t *testing.T) map[string][]string {
	out := map[string][]string{}
	files := token.NewFileSet()
	for _, root := range []string{"engine", "internal", "wasm"} {
		err := filepath.WalkDir("../../../"+root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "/testdata/") {
				return err
			}
			f, err := parser.ParseFile(files, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			pkg := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../../")))
			if _, seen := out[pkg]; !seen {
				out[pkg] = nil
			}
			for _, spec := range f.Imports {
				q, _ := strconv.Unquote(spec.Path.Value)
				if rest, ok := strings.CutPrefix(q, module); ok {
					out[pkg] = append(out[pkg], rest)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
