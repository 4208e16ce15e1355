//go:build !(js && wasm)

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
)

const usage = `mergeplay: what a Kubernetes merge does to your object, field by field, and why.

Usage:
  go run ./wasm < request.json > response.json
  go run ./wasm request.json
  go run ./wasm examples/apply-containers     (an example folder)

The request is one JSON object:
  {"mode": "apply", "original": "<yaml>", "updated": "<yaml>", "live": "<yaml>",
   "options": {"overwrite": true, "prune": false, "manager": "kubectl", "force": false,
               "operation": "apply", "inferKeys": false, "multiKeys": false,
               "schema": "", "schemaType": "", "now": ""}}
Omitted options take kubectl's defaults. The response always holds every key:
  {"version", "result", "patch", "fields", "conflicts", "errors", "extra"}
The README documents each one. Examples live in examples/<name>/.

Modes:
`

func main() {
	limits := flag.String("limits", "page", `the handler's limits: "page" (the README's Limits) or "bench" (make bench's real files and long streams: 64 MiB per input, 20,000,000 nodes, 100,000 documents, as scripts/bench/pair.Handler)`)
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	memProfile := flag.String("memprofile", "", "write the run's allocations (go tool pprof -sample_index=alloc_space) and its heap at the end to this file")
	h := handler.Default()
	flag.Usage = usageOf(h)
	flag.Parse()
	h, err := withLimits(h, *limits)
	if err != nil {
		fail(err)
	}
	if *cpuProfile != "" {
		stop, profileErr := startCPUProfile(*cpuProfile)
		if profileErr != nil {
			fail(profileErr)
		}
		defer stop()
	}
	data, err := readInput(flag.Args(), os.Stdin)
	if err != nil {
		fail(err)
	}
	collectLazily(len(data), os.Getenv)
	if err = answer(h, data, os.Stdout); err != nil {
		fail(err)
	}
	if *memProfile != "" {
		if err = writeMemProfile(*memProfile); err != nil {
			fail(err)
		}
	}
}

// fail reports err and exits with status 2.
func fail(err error) {
	fmt.Fprintln(os.Stderr, "mergeplay:", err)
	os.Exit(2)
}

// usageOf returns the -h text's printer: the usage, h's modes, the flags.
func usageOf(h *handler.Handler) func() {
	return func() {
		out := flag.CommandLine.Output()
		fmt.Fprint(out, usage)
		for _, m := range h.Modes() {
			fmt.Fprintf(out, "  %-7s %s\n", m.Name, m.Summary)
		}
		fmt.Fprintln(out, "\nFlags:")
		flag.PrintDefaults()
	}
}

// withLimits returns h with the limits -limits names.
func withLimits(h *handler.Handler, limits string) (*handler.Handler, error) {
	switch limits {
	case "page":
		return h, nil
	case "bench":
		return h.WithLimits(benchLimits()), nil
	}
	return nil, fmt.Errorf("-limits %q: want page or bench", limits)
}

// benchLimits are the limits of -limits=bench: those of scripts/bench/pair.Handler (keep them
// alike), room for the benchmarks' real files and 2,000-resource streams.
func benchLimits() handler.Limits {
	return handler.Limits{MaxInputBytes: 64 << 20, MaxNodes: 20_000_000, MaxDocuments: 100_000}
}

// startCPUProfile starts writing a CPU profile to file and returns the function that ends it.
func startCPUProfile(file string) (func(), error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "mergeplay: writing the CPU profile:", err)
		}
	}, nil
}

// writeMemProfile writes the allocations profile (every allocation sampled since the start, and
// what is still live) to file, after a collection that brings it up to date.
func writeMemProfile(file string) error {
	runtime.GC()
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// run reads the request from the named file or from stdin and writes the response.
func run(h *handler.Handler, args []string, stdin io.Reader, stdout io.Writer) error {
	data, err := readInput(args, stdin)
	if err != nil {
		return err
	}
	return answer(h, data, stdout)
}

// readInput reads the request from the named file (or example folder) or from stdin.
func readInput(args []string, stdin io.Reader) ([]byte, error) {
	var data []byte
	var err error
	switch len(args) {
	case 0:
		data, err = io.ReadAll(stdin)
	case 1:
		data, err = readRequest(args[0])
	default:
		return nil, fmt.Errorf("expected at most one request file, got %d arguments (see -h)", len(args))
	}
	if err != nil {
		return nil, fmt.Errorf("reading the request: %w", err)
	}
	return data, nil
}

// answer handles the request and writes the response, one line.
func answer(h *handler.Handler, data []byte, stdout io.Writer) error {
	out := h.HandleJSON(context.Background(), data)
	_, err := stdout.Write(append(out, '\n'))
	return err
}

// readRequest reads a request file, or builds the request of an example folder.
func readRequest(name string) ([]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return os.ReadFile(name)
	}
	ex, err := examples.LoadOne(os.DirFS(filepath.Dir(filepath.Clean(name))), filepath.Base(filepath.Clean(name)))
	if err != nil {
		return nil, err
	}
	return ex.Request.EncodeJSON(), nil
}
