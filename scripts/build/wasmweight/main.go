// Command wasmweight shows what weighs in the page's wasm: it compiles ./wasm for GOOS=js
// GOARCH=wasm as the build does but keeps the function names (no -s -w), then sums the size of
// each function's code by Go package, largest first, beside the size of the data section.
//
//	go run ./scripts/build/wasmweight            # the 25 heaviest packages
//	go run ./scripts/build/wasmweight -top 60
//	go run ./scripts/build/wasmweight -wasm file.wasm
//	go run ./scripts/build/wasmweight -package slices   # that package's heaviest functions
//	go run ./scripts/build/wasmweight -first apply-containers
//
// Code bytes are uncompressed; brotli shrinks code and data alike, roughly fivefold. The data
// section is weighed as the linker writes it: the build writes it again in one segment, zeros
// included (larger raw, smaller brotli: scripts/build/dist, joinDataSegments).
//
// -first runs the wasm's start and an example's request under Node, as the page's worker does
// on a first load, and lists what V8 compiled in each step (first.go): its baseline compiler's
// functions and bytes by package, and the functions its optimizing compiler compiled again. It
// needs node, and is run from the repository's root (it reads examples/).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

func main() {
	top := flag.Int("top", 25, "how many packages to list")
	file := flag.String("wasm", "", "a wasm compiled with its names (default: compile ./wasm)")
	pkg := flag.String("package", "", "list this package's heaviest functions (as the report names it: slices, github.com_goccy_go_yaml_parser) instead of the packages")
	first := flag.String("first", "", "run Go's start and this example's request under Node and list what V8 compiled in each step, instead of the weights")
	flag.Parse()
	if err := run(*file, *top, *pkg, *first); err != nil {
		fmt.Fprintln(os.Stderr, "wasmweight:", err)
		os.Exit(1)
	}
}

func run(file string, top int, pkg, first string) error {
	if file == "" {
		tmp, err := os.MkdirTemp("", "mergeplay-wasmweight-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		file = filepath.Join(tmp, "mergeplay.wasm")
		named, err := dist.NamedWasm(context.Background(), "go", ".")
		if err != nil {
			return fmt.Errorf("compiling ./wasm with its names: %w", err)
		}
		if err = os.WriteFile(file, named, 0o644); err != nil {
			return err
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
	if first != "" {
		return firstLoad(file, m, first, top)
	}
	w := m.weigh(pkg)
	fmt.Printf("%s: %d bytes; code %d bytes in %d functions, data %d bytes\n", file, len(data), w.code, len(m.bodies), m.data)
	if pkg != "" {
		fmt.Printf("package %s: %d bytes in %d functions\n", pkg, w.total, len(w.rows))
	}
	for i, p := range w.rows {
		if i == top {
			break
		}
		fmt.Printf("%10d  %5.1f%%  %s\n", p.size, 100*float64(p.size)/float64(w.code), p.name)
	}
	return nil
}
