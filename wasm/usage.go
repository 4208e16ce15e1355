//go:build !(js && wasm)

package main

import (
	"encoding/json"
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

// keyAbout says what each key of a request and of its options is for (the contract's tables
// name them, EncodeJSON writes the options' defaults; TestHelp checks that each has its
// sentence here). Kept
// out of package contract, which the page's wasm carries, for the wasm's weight.
var keyAbout = map[string]string{
	"version":     "the contract version the response is written in (optional): 2, the engine's, names each mark's resource, path, reason and rule by index in the response's names; 1 writes them in every mark",
	"mode":        "apply, merge3, patch, ssa or twoway; in a history's steps also the writers (create, replace, edit, scale, label, annotate, controller)",
	"original":    "YAML: what the mode takes as the earlier config (last-applied, the old chart, the old upstream)",
	"updated":     "YAML: the config applied now",
	"live":        "YAML: the object as the cluster holds it",
	"options":     "an object of the options below",
	"reproduce":   "true asks for the response's reproduce script",
	"skip":        `parts of the answer to leave out: "diff", "patches"`,
	"steps":       `a history's steps (mode "history"): single-mode requests without live, run in order on the object (docs/histories.md)`,
	"deltas":      "true numbers the answer (extra.answer) and writes it as a delta against the answer since names, when that is the last one given (docs/contract.md)",
	"since":       "the number of the last answer the caller holds whole, with deltas",
	"overwrite":   "apply replaces live values that drifted from last-applied (kubectl apply --overwrite); false reports them as conflicts",
	"prune":       "apply deletes the resources last-applied had and the config dropped (kubectl apply --prune)",
	"manager":     "the field manager of a server-side apply or update",
	"force":       "a server-side apply takes over the fields in conflict (--force-conflicts)",
	"operation":   `"apply" or "update": the operation of a server-side request`,
	"client":      `who sends a server-side apply: "kubectl" (kubectl apply --server-side, with its own steps around the API server's) or "server" (the API server's apply alone)`,
	"inferKeys":   "merge3 guesses the merge keys of lists no schema describes",
	"multiKeys":   "merge lists on several key fields where server-side apply does (patch, apply)",
	"schema":      "a user schema: OpenAPI v2 or v3, a CRD, or a structured-merge-diff schema",
	"schemaType":  "the schema type of documents that carry no known kind",
	"now":         "the time written into managedFields, RFC 3339; empty: the current time",
	"replicas":    "kubectl scale --replicas: the count (the scale mode)",
	"subresource": `the subresource a controller's update goes through: "" (the object), "status" or "scale"`,
	"args":        "kubectl label's or annotate's words: key=value, key- and --overwrite",
	"release":     "the Helm release of helm3 and helm4 (empty: the first object's name)",
	"serverSide":  `Helm 4's --server-side: "auto" (install server-side; upgrade as the release was applied), "true" or "false"`,
	"validate":    `kubectl's --validate: "strict" (an unknown field or a wrong type in the config is an error), "warn" or "ignore"; merge3 does not validate`,
	"apiServer":   `"on": the object as the API server stores it, refused as it validates it (docs/apiserver.md); "off": the merge libraries' answer alone`,
}

// usageWidth is the width the help's descriptions are wrapped to.
const usageWidth = 100

// writeUsage writes the -h text: how to run, the request's keys and options, the modes, the
// response's keys, the exit statuses, the flags. The keys and options come from the contract's
// own lists, the modes from h.
func writeUsage(w io.Writer, h *handler.Handler, fs *flag.FlagSet) {
	fmt.Fprint(w, usageHead)
	fmt.Fprintln(w, "\nThe request is one JSON object (-h lists every key):")
	writeKeys(w, contract.RequestKeys(), nil)
	writeOptions(w)
	fmt.Fprintln(w, "\nModes:")
	for _, m := range h.Modes() {
		fmt.Fprintf(w, "  %-12s %s\n", m.Name, m.Summary)
	}
	fmt.Fprintln(w, "\nThe response (-o json) always holds every one of its keys (docs/contract.md documents each):")
	writeWrapped(w, "  ", strings.Join(responseKeys(), ", "))
	fmt.Fprint(w, usageExit)
	fmt.Fprintln(w, "\nFlags:")
	fs.PrintDefaults()
}

// writeOptions writes the request's options, each with its default and what it does.
func writeOptions(w io.Writer) {
	fmt.Fprintln(w, "\nIts options (an omitted one takes its default, kubectl's):")
	writeKeys(w, contract.OptionKeys(), optionDefaults())
}

// optionDefaults returns each option's default as JSON: the options of a request that leaves
// them out, as EncodeJSON writes them (none if it did not write JSON: TestHelp checks it does).
func optionDefaults() map[string]json.RawMessage {
	var req struct {
		Options map[string]json.RawMessage `json:"options"`
	}
	if json.Unmarshal((&contract.Request{Options: contract.DefaultOptions()}).EncodeJSON(), &req) != nil {
		return nil
	}
	return req.Options
}

// writeKeys writes keys, one a line with its default (when defaults has one) and what it is
// for, wrapped.
func writeKeys(w io.Writer, keys []string, defaults map[string]json.RawMessage) {
	for _, k := range keys {
		about := keyAbout[k]
		if d, ok := defaults[k]; ok {
			about = "(default " + string(d) + ") " + about
		}
		writeWrapped(w, fmt.Sprintf("  %-12s ", k), about)
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
// json tags of contract.Response, and names after fields: the strings the marks name, written
// from the marks (docs/contract.md, "Names").
func responseKeys() []string {
	t := reflect.TypeFor[contract.Response]()
	var keys []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
		if name == "fields" {
			keys = append(keys, "names")
		}
	}
	return keys
}
