// Command schemagen writes the engine's built-in schema, engine/schema/builtin.json, from the
// Kubernetes API types: the server-side-apply schemas generated beside them (client-go's
// applyconfigurations for k8s.io/api, apiextensions-apiserver's for the CustomResourceDefinition
// kinds: types, list types and keys, map types, field defaults) and the patchStrategy /
// patchMergeKey struct tags of the Go types (the strategic-merge-patch view), for every kind of
// their schemes that server-side apply knows, with the kind's scope (from the typed clientsets).
//
// Usage, from scripts/conformance (make schema runs it):
//
//	go run ./schemagen -out ../../engine/schema/builtin.json
//
// The output is deterministic: kinds sorted by apiVersion and kind, types by name, fields as the
// server-side-apply schema orders them, one kind or type per line, no timestamps. A test of this
// package fails when the committed file differs from a fresh run.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	out := flag.String("out", "../../engine/schema/builtin.json", "file to write")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}

// run generates the schema and writes it to path.
func run(path string) error {
	g, err := Generate()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, g.JSON, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	fmt.Fprintf(os.Stderr, "schemagen: wrote %s: %d kinds, %d types, %d fields with patch tags, %d bytes\n",
		path, g.Kinds, g.Types, g.TaggedFields, len(g.JSON))
	routine := map[string]int{}
	for _, s := range g.Skipped {
		if _, reason, _ := strings.Cut(s, ": "); reason == "meta" || reason == "list" {
			routine[reason]++
			continue
		}
		fmt.Fprintln(os.Stderr, "schemagen: skipped", s)
	}
	fmt.Fprintf(os.Stderr, "schemagen: skipped %d list kinds and %d meta kinds (WatchEvent, Status, *Options)\n",
		routine["list"], routine["meta"])
	return nil
}
