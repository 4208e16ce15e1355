// Command wasmweight shows what weighs in the page's wasm: it compiles ./wasm for GOOS=js
// GOARCH=wasm as the build does but keeps the function names (no -s -w), then sums the size of
// each function's code by Go package, largest first, beside the size of the data section.
//
//	go run ./scripts/build/wasmweight            # the 25 heaviest packages
//	go run ./scripts/build/wasmweight -top 60
//	go run ./scripts/build/wasmweight -wasm file.wasm
//
// Code bytes are uncompressed; brotli shrinks code and data alike, roughly fivefold.
package main

import (
	"flag"
	"fmt"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	top := flag.Int("top", 25, "how many packages to list")
	file := flag.String("wasm", "", "a wasm compiled with its names (default: compile ./wasm)")
	flag.Parse()
	if err := run(*file, *top); err != nil {
		fmt.Fprintln(os.Stderr, "wasmweight:", err)
		os.Exit(1)
	}
}

func run(file string, top int) error {
	if file == "" {
		tmp, err := os.MkdirTemp("", "mergeplay-wasmweight-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		file = filepath.Join(tmp, "mergeplay.wasm")
		args := append([]string{"build", "-trimpath", "-buildvcs=false"}, dist.WasmGCFlags...)
		cmd := exec.Command("go", append(args, "-o", file, "./wasm")...)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("compiling ./wasm with its names: %w\n%s", err, out)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	m, err := parseModule(data)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	w := m.weigh()
	fmt.Printf("%s: %d bytes; code %d bytes in %d functions, data %d bytes\n", file, len(data), w.code, len(m.bodies), m.data)
	for i, p := range w.packages {
		if i == top {
			break
		}
		fmt.Printf("%10d  %5.1f%%  %s\n", p.size, 100*float64(p.size)/float64(w.code), p.name)
	}
	return nil
}
