package dist

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// WasmGCFlags turn inlining off everywhere but in the runtime: that takes about an eighth off the
// wasm's brotli size, for merges that stay a few milliseconds long on the examples. Turning it
// off in the runtime too saves a little more but slows an edit of a long stream by a fifth
// (BenchmarkEdit), so the runtime keeps it. The numbers: docs/performance.md.
var WasmGCFlags = []string{"-gcflags=all=-l", "-gcflags=runtime="}

// WasmEnv is the environment the wasm compiles in, beside the caller's. GOWASM enables two
// WebAssembly extensions that every browser of the last five years has (sign-extension operators
// and non-trapping float-to-int conversions: Chrome 75, Firefox 64, Safari 15, Node 12) and
// that make the code smaller (docs/performance.md). GOEXPERIMENT=nogreenteagc gives the wasm Go's
// earlier mark phase, whose span-batched scanning pays off on many cores, not in wasm's one
// thread: 14 KB brotli less, requests as fast (docs/performance.md). The Makefile's bridge target
// tests ./wasm with the same GOWASM and GOEXPERIMENT.
var WasmEnv = []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOWASM=satconv,signext", "GOEXPERIMENT=nogreenteagc"}

// PageWasm compiles the engine's front door (./wasm of the module at root, with the go command
// goCmd) as the page ships it: stripped, without local paths, its data in one segment
// (joinDataSegments: smaller once compressed). -buildvcs=false keeps the bytes (and so the
// fingerprint) independent of the working tree's state. The build and the tools that time the
// page's wasm (scripts/bench/wasmcalls) compile it so.
func PageWasm(ctx context.Context, goCmd, root string) ([]byte, error) {
	data, err := compileWasm(ctx, goCmd, root, "-ldflags=-s -w")
	if err != nil {
		return nil, err
	}
	joined, err := joinDataSegments(data)
	if err != nil {
		return nil, fmt.Errorf("joining the wasm's data segments: %w", err)
	}
	return joined, nil
}

// NamedWasm compiles ./wasm as PageWasm does but keeps its function names and its data as the
// linker wrote it: what scripts/build/wasmweight weighs, and what a V8 profile names functions
// from.
func NamedWasm(ctx context.Context, goCmd, root string) ([]byte, error) {
	return compileWasm(ctx, goCmd, root)
}

// compileWasm runs go build on ./wasm with WasmEnv, WasmGCFlags and flags.
func compileWasm(ctx context.Context, goCmd, root string, flags ...string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "mergeplay-wasm-")
	if err != nil {
		return nil, fmt.Errorf("compiling the wasm: %w", err)
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "mergeplay.wasm")
	args := append(append([]string{"build", "-trimpath", "-buildvcs=false"}, flags...), WasmGCFlags...)
	cmd := exec.CommandContext(ctx, goCmd, append(args, "-o", out, "./wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), WasmEnv...)
	if msg, buildErr := cmd.CombinedOutput(); buildErr != nil {
		return nil, fmt.Errorf("compiling the wasm (GOOS=js GOARCH=wasm %s build ./wasm): %w\n%s", goCmd, buildErr, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, fmt.Errorf("reading the compiled wasm: %w", err)
	}
	return data, nil
}

// WasmExec returns the wasm_exec.js of the Go that goCmd runs, which must be the one that
// compiled the wasm it loads. Go 1.24 moved it from misc/wasm to lib/wasm.
func WasmExec(ctx context.Context, goCmd string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, goCmd, "env", "GOROOT")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("finding GOROOT (%s env GOROOT): %w\n%s", goCmd, err, stderr.Bytes())
	}
	goroot := strings.TrimSpace(stdout.String())
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		data, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js"))
		if err == nil {
			return data, nil
		}
		if !os.IsNotExist(err) {
			return nil, fmt.Errorf("reading wasm_exec.js: %w", err)
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s/lib/wasm or %s/misc/wasm", goroot, goroot)
}
