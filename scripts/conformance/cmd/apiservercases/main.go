// Command apiservercases writes the reproduce scripts of random cases of the conformance
// generators (applydiff's apply cases, ssadiff's first operations, patchdiff's patches) into a
// folder, one <mode>-<index>.sh a case (and its request, <mode>-<index>.json, for
// `go run ./wasm`), for the real-API-server differential: make apiserver-diff runs them on
// scripts/reproduce/run-apiserver.sh, which says which agree with kube-apiserver v1.37.2. A case
// the engine refuses as the API server would (its object's validation) has a script too, which
// expects the cluster's refusal; a case the engine answers with other errors has none: the
// engine's first message is listed in skipped.txt (inputs kubectl refuses, requests no cluster
// can replay).
//
// Usage (from scripts/conformance):
//
//	go run ./cmd/apiservercases -seed 1 -apply 30 -ssa 20 -patch 20 -out /tmp/cases
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/patchdiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/ssadiff"
)

func main() {
	seed := flag.Uint64("seed", 1, "the generators' seed")
	apply := flag.Int("apply", 30, "apply cases")
	ssa := flag.Int("ssa", 20, "server-side apply cases")
	patch := flag.Int("patch", 20, "patch cases")
	out := flag.String("out", ".", "the folder to write the scripts into")
	flag.Parse()
	if err := write(*out, *seed, map[string]int{"apply": *apply, "ssa": *ssa, "patch": *patch}); err != nil {
		fmt.Fprintln(os.Stderr, "apiservercases:", err)
		os.Exit(1)
	}
}

// request is case index of a mode's generator, asking for the reproduce script.
func request(mode string, seed uint64, index int) (*contract.Request, error) {
	var req *contract.Request
	switch mode {
	case "apply":
		c, err := applydiff.Generator{Seed: seed}.Case(index)
		if err != nil {
			return nil, err
		}
		req = c.Request()
	case "ssa":
		req = ssadiff.NewSequence(seed, index).FirstRequest()
		req.Options.Client = contract.DefaultOptions().Client // the scripts run kubectl
	case "patch":
		c, err := patchdiff.NewPatchCase(seed, index)
		if err != nil {
			return nil, err
		}
		req = c.Request()
	}
	req.Options.APIServer = contract.APIServerOn // the generators ask for the libraries' answer
	req.Reproduce = true
	return req, nil
}

// write writes the scripts of counts[mode] cases of each mode into dir, and skipped.txt.
func write(dir string, seed uint64, counts map[string]int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	h := handler.Default()
	var skipped []string
	for _, mode := range []string{"apply", "ssa", "patch"} {
		for i := range counts[mode] {
			req, err := request(mode, seed, i)
			if err != nil {
				return fmt.Errorf("%s case %d: %w", mode, i, err)
			}
			resp := h.Handle(context.Background(), req)
			name := fmt.Sprintf("%s-%d", mode, i)
			if err := os.WriteFile(filepath.Join(dir, name+".json"), req.EncodeJSON(), 0o644); err != nil {
				return err
			}
			switch {
			case len(resp.Errors) > 0 && !resp.RefusedOnly():
				skipped = append(skipped, name+": "+firstLine(resp.Errors[0].Message))
			case resp.Reproduce == "":
				skipped = append(skipped, name+": no script: "+fmt.Sprint(resp.Extra["reproduceError"]))
			default:
				if err := os.WriteFile(filepath.Join(dir, name+".sh"), []byte(resp.Reproduce), 0o644); err != nil {
					return err
				}
			}
		}
	}
	return os.WriteFile(filepath.Join(dir, "skipped.txt"), []byte(strings.Join(skipped, "\n")+"\n"), 0o644)
}

// firstLine is a message's first line.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
