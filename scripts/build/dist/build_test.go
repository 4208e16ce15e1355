package dist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkerCarriesWasmExec: the worker script is written with wasm_exec.js in front of it, so
// that Go is defined before the worker's code runs; other classic scripts are written alone.
func TestWorkerCarriesWasmExec(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	worker := `"use strict"; if (typeof Go !== "function") importScripts("wasm_exec.js"); self.onmessage = () => new Go();`
	for _, name := range []string{"worker.js", "boot.js"} {
		if err := os.WriteFile(filepath.Join(root, "web", name), []byte(worker), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const wasmExec = `(()=>{globalThis.Go=class{}})();`
	b := &builder{c: Config{Root: root}, generated: map[string][]byte{wasmExecRef: []byte(wasmExec)}}
	got, err := b.asset(workerRef, false)
	if err != nil {
		t.Fatal(err)
	}
	rest, ok := strings.CutPrefix(string(got), wasmExec+";\n")
	if !ok || !strings.Contains(rest, "new Go") || strings.Contains(rest, "globalThis.Go=") {
		t.Errorf("worker: %q", got)
	}
	other, err := b.asset("web/boot.js", false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(other), "globalThis.Go=") {
		t.Errorf("boot.js got wasm_exec.js: %q", other)
	}
}
