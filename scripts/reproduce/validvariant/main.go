// Command validvariant writes the reproduce script of an example made valid for a cluster: each
// Deployment of its objects that has no spec.selector gets one (mergeplay: valid) and its pod
// template the same label, in every object input (original, updated and live; in patch mode,
// live only: the patch is not an object). The added fields are the same in every input, so the
// merge of the example's own fields is unchanged; the script proves that merge on an API server
// when the example's trimmed Deployments are refused (run-apiserver.sh runs it for those).
//
// Usage: go run ./scripts/reproduce/validvariant EXAMPLE > script.sh
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: validvariant EXAMPLE")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "validvariant:", err)
		os.Exit(1)
	}
}

func run(name string) error {
	all, err := examples.Load(os.DirFS("examples"))
	if err != nil {
		return err
	}
	for _, ex := range all {
		if ex.Name != name {
			continue
		}
		req := *ex.Request
		req.Live = withSelectors(req.Live)
		if req.Mode != "patch" {
			req.Original, req.Updated = withSelectors(req.Original), withSelectors(req.Updated)
		}
		req.Reproduce = true
		resp := handler.Default().Handle(context.Background(), &req)
		if resp.Reproduce == "" {
			return fmt.Errorf("%s: no script (errors %v, extra.reproduceError %v)", name, resp.Errors, resp.Extra["reproduceError"])
		}
		_, err = os.Stdout.WriteString(resp.Reproduce)
		return err
	}
	return fmt.Errorf("no example %s", name)
}

// withSelectors adds, to each Deployment document written in block style without a selector,
// "selector: {matchLabels: {mergeplay: valid}}" under spec and the label under the template's
// metadata (a metadata line of its own when the template has none).
func withSelectors(text string) string {
	docs := strings.Split(text, "\n---\n")
	for i, doc := range docs {
		if !strings.Contains(doc, "\nkind: Deployment\n") && !strings.HasPrefix(doc, "kind: Deployment\n") || strings.Contains(doc, "\n  selector:") {
			continue
		}
		var out []string
		lines := strings.Split(doc, "\n")
		for j, line := range lines {
			out = append(out, line)
			switch {
			case line == "spec:":
				out = append(out, "  selector: {matchLabels: {mergeplay: valid}}")
			case line == "  template:" && (j+1 >= len(lines) || lines[j+1] != "    metadata:"):
				out = append(out, "    metadata: {labels: {mergeplay: valid}}")
			case line == "    metadata:" && j > 0 && lines[j-1] == "  template:":
				out = append(out, "      labels: {mergeplay: valid}")
			}
		}
		docs[i] = strings.Join(out, "\n")
	}
	return strings.Join(docs, "\n---\n")
}
