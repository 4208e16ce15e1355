//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

const usageHead = `mergeplay: what a Kubernetes merge does to your object, field by field, and why.

Usage:
  go run ./wasm [flags] < request.json
  go run ./wasm [flags] request.json
  go run ./wasm [flags] examples/apply-containers     (an example folder)
  go run ./wasm -o text examples/apply-containers     (the result with its marks, for a reader)
`

const usageExit = `
Exit status: 0 when the merge went through; 1 when the answer holds errors in the inputs or
conflicts (the command would fail); 2 when the command line or the request is wrong (its JSON,
its mode, an unknown option).
`

// usageWidth is the width the help's descriptions are wrapped to.
const usageWidth = 100

// writeUsage writes the -h text: how to run, the request's keys and options, the modes, the
// response's keys, the exit statuses, the flags. The keys and options come from the contract's
// own lists, the modes from h.
func writeUsage(w io.Writer, h *handler.Handler, fs *flag.FlagSet) {
	fmt.Fprint(w, usageHead)
	fmt.Fprintln(w, "\nThe request is one JSON object (-h lists every key):")
	writeKeys(w, contract.RequestKeys())
	writeOptions(w)
	fmt.Fprintln(w, "\nModes:")
	for _, m := range h.Modes() {
		status := ""
		if !m.Built() {
			status = " (not built yet)"
		}
		fmt.Fprintf(w, "  %-12s %s%s\n", m.Name, m.Summary, status)
	}
	fmt.Fprintln(w, "\nThe response (-o json) always holds every one of its keys (the README documents each):")
	writeWrapped(w, "  ", strings.Join(responseKeys(), ", "))
	fmt.Fprint(w, usageExit)
	fmt.Fprintln(w, "\nFlags:")
	fs.PrintDefaults()
}

// writeOptions writes the request's options, each with its default and what it does.
func writeOptions(w io.Writer) {
	fmt.Fprintln(w, "\nIts options (an omitted one takes its default, kubectl's):")
	writeKeys(w, contract.OptionKeys())
}

// writeKeys writes keys, one a line with its default and its description, wrapped.
func writeKeys(w io.Writer, keys []contract.Key) {
	for _, k := range keys {
		about := k.About
		if k.Default != "" {
			about = "(default " + k.Default + ") " + about
		}
		writeWrapped(w, fmt.Sprintf("  %-12s ", k.Name), about)
	}
}

// writeWrapped writes text after lead, wrapped at usageWidth, its next lines indented as far as lead.
func writeWrapped(w io.Writer, lead, text string) {
	indent := strings.Repeat(" ", len(lead))
	line := lead
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > usageWidth {
			fmt.Fprintln(w, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	fmt.Fprintln(w, line)
}

// responseKeys returns the keys of the response's JSON, in the order it writes them, from the
// json tags of contract.Response.
func responseKeys() []string {
	t := reflect.TypeFor[contract.Response]()
	var keys []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
}
