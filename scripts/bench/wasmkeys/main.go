// Command wasmkeys times the page's wasm answering keys typed into issue 28's 2 MB input
// (internal/bigstream) the way the page's worker calls it (web/worker.js): under Node, the
// request's JSON and the three inputs given apart to globalThis.mergeplayHandle, with deltas
// against the last answer and the line diff and the patches skipped. It answers the stream once
// (the paste), then types -keys keys into a value of the middle resource (-edit value) or into
// another resource's name (-edit name), as BenchmarkBigEdit (engine/handler) does natively, and
// prints each call's CPU time (Node's process.cpuUsage, the collector's included), its wall
// time, the answer's size and the wasm's linear memory, then the median and 90th percentile.
//
// Usage (from the repository's root; Node 20 or later on the PATH):
//
//	go run ./scripts/bench/wasmkeys [-wasm file] [-keys 20] [-edit value|name] [-mode apply] [-deployments 4200]
//
// Without -wasm it compiles ./wasm as make dist does (dist.WasmEnv, dist.WasmGCFlags); the
// wasm_exec.js is the Go toolchain's.
package main

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/bigstream"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

//go:embed wasmkeys.mjs
var driver []byte

// plan is what the Node driver reads: the request without its inputs, the inputs, and where in
// updated each key is typed.
type plan struct {
	Request  json.RawMessage `json:"request"`
	Original string          `json:"original"`
	Updated  string          `json:"updated"`
	Live     string          `json:"live"`
	Offset   int             `json:"offset"` // the UTF-16 offset in updated a key is typed at (the text is ASCII)
	Keys     int             `json:"keys"`
}

func main() {
	wasm := flag.String("wasm", "", "the wasm to time (default: ./wasm compiled as make dist compiles it)")
	keys := flag.Int("keys", 20, "keys typed after the paste")
	edit := flag.String("edit", "value", "what the keys are typed into: value or name")
	mode := flag.String("mode", "apply", "the merge mode")
	n := flag.Int("deployments", bigstream.Deployments, "Deployments per input")
	flag.Parse()
	if err := run(*wasm, *keys, *edit, *mode, *n); err != nil {
		fmt.Fprintln(os.Stderr, "wasmkeys:", err)
		os.Exit(1)
	}
}

func run(wasm string, keys int, edit, mode string, n int) error {
	tmp, err := os.MkdirTemp("", "mergeplay-wasmkeys-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if wasm == "" {
		wasm = filepath.Join(tmp, "mergeplay.wasm")
		args := append([]string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}, dist.WasmGCFlags...)
		cmd := exec.Command("go", append(args, "-o", wasm, "./wasm")...)
		cmd.Env, cmd.Stderr = append(os.Environ(), dist.WasmEnv...), os.Stderr
		if err = cmd.Run(); err != nil {
			return fmt.Errorf("compiling the wasm: %w", err)
		}
	}
	req := bigstream.Stream(n)
	req.Mode = mode
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	req.Options.Now = "2026-12-06T10:00:00Z"
	line, ok := bigstream.Find(req.Updated, n/2+len(edit), edit)
	if !ok {
		return fmt.Errorf("no %q line in resource %d", edit, n/2+len(edit))
	}
	offset := strings.IndexByte(bigstream.Typed(req.Updated, line, "\x00"), 0)
	asked := *req
	asked.Original, asked.Updated, asked.Live = "", "", ""
	asked.Deltas = true
	p := plan{Request: asked.EncodeJSON(), Original: req.Original, Updated: req.Updated, Live: req.Live, Offset: offset, Keys: keys}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	planFile, script := filepath.Join(tmp, "plan.json"), filepath.Join(tmp, "wasmkeys.mjs")
	if err = os.WriteFile(planFile, data, 0o644); err != nil {
		return err
	}
	if err = os.WriteFile(script, driver, 0o644); err != nil {
		return err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("finding GOROOT: %w", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	cmd := exec.Command("node", "--max-old-space-size=8192", script, wasmExec, wasm, planFile)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}
