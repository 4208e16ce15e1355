package dist

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// module is the import path of the root module, whose packages the wasm links.
const module = "github.com/mergeplay/mergeplay"

// heavyImports are the standard packages no file of this module that the js build compiles may
// import, and what to do instead. fmt, with reflect and internal/fmtsort that only it needs,
// weighs about 150 KB of the wasm's code, and the linker drops it only when no reachable function
// calls it. runtime/debug imports fmt and os: the wasm reaching it for its collector's settings
// alone weighed 22 KB more brotli (2026-12-07; wasm/reserve_js.go).
var heavyImports = map[string]string{
	"fmt":           "write the message with strconv, concatenation or internal/verb",
	"reflect":       "write the types' own code",
	"runtime/debug": "see wasm/reserve_js.go's setGCPercent, and runtime.Stack",
	"os":            "take what the code reads as a parameter",
}

// TestWasmLinksNoFmt fails when a package of this module that the js build of ./wasm links
// imports one of heavyImports in a file that build compiles: the engine writes its messages with
// strconv, concatenation and internal/verb. The files only the native build compiles (the CLI's)
// may keep them. It reads the sources with go/build, offline, in well under a second.
func TestWasmLinksNoFmt(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "js", "wasm", false
	seen := map[string]bool{}
	queue := []string{module + "/wasm"}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(path, module)))
		pkg, err := ctx.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("reading %s for GOOS=js GOARCH=wasm: %v", path, err)
		}
		for heavy, instead := range heavyImports {
			for _, p := range pkg.ImportPos[heavy] {
				rel, _ := filepath.Rel(root, p.Filename)
				t.Errorf("%s:%d imports %s, and the js build compiles it: the wasm would link fmt and reflect with it; %s, or put the code behind //go:build !js", filepath.ToSlash(rel), p.Line, heavy, instead)
			}
		}
		for _, imp := range pkg.Imports {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				queue = append(queue, imp)
			}
		}
	}
	if !seen[module+"/engine/handler"] || !seen[module+"/engine/yamltree"] {
		t.Fatalf("the walk from ./wasm missed the engine (found %d packages): the test checks nothing", len(seen))
	}
}
