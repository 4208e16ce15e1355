// Command reference answers one mergeplay request (the JSON that `go run ./wasm` reads) with
// the reference libraries, as a user's process would run them, and writes the merged YAML text
// to stdout: kubectl's apply steps, kyaml's merge3, the API server's field manager, its
// strategic merge patch or Helm 2's two-way patch, by the request's mode (package reference).
// make bench times it as a whole process against the engine's native command.
//
// Usage (from scripts/conformance):
//
//	go run ./cmd/reference < request.json > result.yaml
//	go run ./cmd/reference request.json
//
// A refusal or failure of the reference (a conflict, a patch the server rejects, an option it
// does not model) is written to stderr, with exit status 1.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "reference:", err)
		os.Exit(1)
	}
}

// run reads the request from the named file or stdin and writes the reference's text.
func run(args []string, stdin io.Reader, stdout io.Writer) error {
	var data []byte
	var err error
	switch len(args) {
	case 0:
		data, err = io.ReadAll(stdin)
	case 1:
		data, err = os.ReadFile(args[0])
	default:
		return fmt.Errorf("expected at most one request file, got %d arguments", len(args))
	}
	if err != nil {
		return fmt.Errorf("reading the request: %w", err)
	}
	req, err := contract.DecodeRequest(data)
	if err != nil {
		return err
	}
	text, err := reference.New().Text(req)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, text)
	return err
}
