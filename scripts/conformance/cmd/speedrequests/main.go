// Command speedrequests writes the request of each mode's speed benchmark (the stream
// Benchmark<Mode>Speed times: reference.SpeedRequest) into a folder, as <mode>.json, for the
// whole-process pairs of make bench (scripts/bench), which give it to both commands.
//
// Usage (from scripts/conformance):
//
//	go run ./cmd/speedrequests -n 200 -out /tmp/requests
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

func main() {
	n := flag.Int("n", 200, "resources per stream")
	out := flag.String("out", ".", "the folder to write <mode>.json into")
	flag.Parse()
	if err := write(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "speedrequests:", err)
		os.Exit(1)
	}
}

// write writes every mode's request of n resources into dir.
func write(dir string, n int) error {
	p := reference.New()
	for _, mode := range reference.Modes() {
		req, err := p.SpeedRequest(mode, n)
		if err != nil {
			return fmt.Errorf("%s: %w", mode, err)
		}
		data, err := json.Marshal(req)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, mode+".json"), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
