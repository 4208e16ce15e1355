//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
	h := handler.Default()
	flag.Usage = func() {
		out := flag.CommandLine.Output()
		fmt.Fprint(out, usage)
		for _, m := range h.Modes() {
			status := ""
			if !m.Built() {
				status = " (not built yet)"
			}
			fmt.Fprintf(out, "  %-7s %s%s\n", m.Name, m.Summary, status)
		}
	}
	flag.Parse()
	if err := run(h, flag.Args(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "mergeplay:", err)
		os.Exit(2)
	}
}

// run reads the request from the named file or from stdin and writes the response.
func run(h *handler.Handler, args []string, stdin io.Reader, stdout io.Writer) error {
	var data []byte
	var err error
	switch len(args) {
	case 0:
		data, err = io.ReadAll(stdin)
	case 1:
		data, err = readRequest(args[0])
	default:
		return fmt.Errorf("expected at most one request file, got %d arguments (see -h)", len(args))
	}
	if err != nil {
		return fmt.Errorf("reading the request: %w", err)
	}
	out := h.HandleJSON(context.Background(), data)
	_, err = stdout.Write(append(out, '\n'))
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
	return json.Marshal(ex.Request)
}
