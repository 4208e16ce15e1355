//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
)

// The exit statuses.
const (
	// exitMerged: the merge went through.
	exitMerged = 0
	// exitRefused: the answer holds errors in the inputs or conflicts (the command would fail).
	exitRefused = 1
	// exitRequest: the command line or the request is wrong (the request's JSON, its mode, an
	// unknown option), or the request file cannot be read.
	exitRequest = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// flags are what the command line asks for.
type flags struct {
	limits, output         string
	cpuProfile, memProfile string
	args                   []string
}

// parseFlags reads the command line; -h writes the usage to stderr and returns flag.ErrHelp.
func parseFlags(args []string, h *handler.Handler, stderr io.Writer) (*flags, error) {
	fs := flag.NewFlagSet("mergeplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f flags
	fs.StringVar(&f.output, "o", "json", `the output: "json" (the response, one line), "text" (for a reader: the result with a mark and reason per line, the conflicts, the errors, the commands) or "yaml" (the result alone; errors and conflicts on stderr)`)
	fs.StringVar(&f.limits, "limits", "page", `the handler's limits: "page" (docs/contract.md, Limits) or "bench" (make bench's real files and long streams: 64 MiB per input, 20,000,000 nodes, 100,000 documents, as scripts/bench/pair.Handler)`)
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof)")
	fs.StringVar(&f.memProfile, "memprofile", "", "write the run's allocations (go tool pprof -sample_index=alloc_space) and its heap at the end to this file")
	fs.Usage = func() { writeUsage(stderr, h, fs) }
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	switch f.output {
	case "json", "text", "yaml":
	default:
		return nil, fmt.Errorf("-o %q: want json, text or yaml", f.output)
	}
	f.args = fs.Args()
	return &f, nil
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	h := handler.Default()
	f, err := parseFlags(args, h, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return exitMerged
	case err != nil:
		fmt.Fprintln(stderr, "mergeplay:", err)
		return exitRequest
	}
	h, err = withLimits(h, f.limits)
	if err != nil {
		fmt.Fprintln(stderr, "mergeplay:", err)
		return exitRequest
	}
	status, err := profiled(f, func() (int, error) {
		data, readErr := readInput(f.args, stdin)
		if readErr != nil {
			return exitRequest, readErr
		}
		collectLazily(len(data), os.Getenv)
		return answer(h, data, f.output, stdout, stderr)
	})
	if err != nil {
		fmt.Fprintln(stderr, "mergeplay:", err)
	}
	return status
}

// profiled runs do under the profiles f asks for.
func profiled(f *flags, do func() (int, error)) (int, error) {
	if f.cpuProfile != "" {
		stop, err := startCPUProfile(f.cpuProfile)
		if err != nil {
			return exitRequest, err
		}
		defer stop()
	}
	status, err := do()
	if err == nil && f.memProfile != "" {
		err = writeMemProfile(f.memProfile)
	}
	return status, err
}

// withLimits returns h with the limits -limits names, keeping nothing for a next request
// (handler.ForOneRequest): the command answers one.
func withLimits(h *handler.Handler, limits string) (*handler.Handler, error) {
	switch limits {
	case "page":
		return h.ForOneRequest(), nil
	case "bench":
		return h.WithLimits(benchLimits()).ForOneRequest(), nil
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

// answer handles the request and writes the answer in the output asked for; it returns the
// exit status.
func answer(h *handler.Handler, data []byte, output string, stdout, stderr io.Writer) (int, error) {
	req, resp := handle(h, data)
	var err error
	switch output {
	case "text":
		err = writeText(stdout, resp, req)
	case "yaml":
		_, err = io.WriteString(stdout, resp.Result)
		writeProblems(stderr, resp, data)
	default:
		err = writeJSON(stdout, resp)
		writeProblems(stderr, resp, data)
	}
	return statusOf(resp), err
}

// handle decodes and answers the request, as handler.HandleJSON does; the request is empty
// when its JSON does not decode.
func handle(h *handler.Handler, data []byte) (*contract.Request, *contract.Response) {
	req, err := contract.DecodeRequest(data)
	if err != nil {
		return &contract.Request{}, contract.Fail("request", err)
	}
	return req, h.Handle(context.Background(), req)
}

// writeJSON writes the response, one line (its line break written apart: appended, it would
// copy a response of megabytes).
func writeJSON(w io.Writer, resp *contract.Response) error {
	out, err := resp.Encode()
	if err != nil {
		out, _ = contract.Fail("engine", fmt.Errorf("writing the response: %w", err)).Encode()
	}
	if _, err = w.Write(out); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// writeProblems writes the errors and conflicts of an answer to stderr, one a line, so that a
// failed request says why beside its JSON or YAML; data is the request.
func writeProblems(w io.Writer, resp *contract.Response, data []byte) {
	for _, e := range resp.Errors {
		hint := ""
		if e.Input == "request" {
			hint = requestHint(data)
		}
		fmt.Fprintf(w, "mergeplay: %s%s\n", errorLine(e), hint)
	}
	for _, c := range resp.Conflicts {
		fmt.Fprintf(w, "mergeplay: conflict: %s %s: %s\n", c.Resource, c.Path, c.Message)
	}
}

// requestHint says, for a request that is not JSON, what encoding/json finds wrong in it and
// what it expected there (natively only: the page's wasm carries no encoding/json), and where
// to read the request's format.
func requestHint(data []byte) string {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return " (" + err.Error() + "; see -h for the request's format)"
	}
	return " (see -h for the request's format)"
}

// statusOf returns the exit status an answer calls for.
func statusOf(resp *contract.Response) int {
	for _, e := range resp.Errors {
		if e.Input == "request" {
			return exitRequest
		}
	}
	if len(resp.Errors) > 0 || len(resp.Conflicts) > 0 {
		return exitRefused
	}
	return exitMerged
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
