// Package bigstream generates issue 28's 2 MB input: a stream of Deployments per editor, as
// BenchmarkBigInput (scripts/browsertest) sets it in the page and the handler's benchmarks
// (engine/handler) answer it natively, and the edits a reader types into it. Only tests and
// benchmarks import it: the wasm never links it.
package bigstream

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// Deployments is the count per editor of issue 28's input: about 2 MB of config.
const Deployments = 4200

// The page's budgets on this input (issue 28), in milliseconds: BenchmarkBigInput measures them
// and make bench reports them.
const (
	PasteBudgetMS  = 2000 // the inputs set to their marks shown
	EditBudgetMS   = 200  // a value typed into, keydown to the answer's frame (median)
	RenameBudgetMS = 300  // a resource renamed by a key typed into its name (median)
	SwitchBudgetMS = 3000 // the mode switched to merge3, to its answer shown
	LongestTaskMS  = 50   // the longest task the page's thread may run meanwhile
)

// deployment is one Deployment of the stream: %[1]d its number, %[2]s what the live object adds
// to metadata, %[3]s to the end (its status).
const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-%[1]d
  namespace: shop%[2]s
  labels:
    app: web-%[1]d
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web-%[1]d
  template:
    metadata:
      labels:
        app: web-%[1]d
    spec:
      containers:
      - name: web
        image: registry.example.com/web:1.%[1]d.0
        ports:
        - containerPort: 8080
        env:
        - name: MODE
          value: production
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
%[3]s`

// Stream returns an apply request of n Deployments per input: the config a release on from its
// last-applied copy (every image's next major version), the live objects what the last apply
// left with what a cluster adds (uid, resourceVersion, status); kubectl's default options
// (contract.DefaultOptions: --overwrite).
func Stream(n int) *contract.Request {
	var config, live strings.Builder
	for i := range n {
		if i > 0 {
			config.WriteString("---\n")
			live.WriteString("---\n")
		}
		fmt.Fprintf(&config, deployment, i, "", "")
		server := fmt.Sprintf("\n  uid: 6f1c%04d-5d2e-4b8a-9c1e-2a7f3e9b0000\n  resourceVersion: \"%d\"", i%10000, 81200+i)
		fmt.Fprintf(&live, deployment, i, server, "status:\n  observedGeneration: 1\n  replicas: 3\n  readyReplicas: 3\n")
	}
	return &contract.Request{Mode: "apply", Original: config.String(), Updated: strings.ReplaceAll(config.String(), "/web:1.", "/web:2."),
		Live: live.String(), Options: contract.DefaultOptions()}
}

// Line is a line of the config a reader types at the end of: its number (1-based), what stands
// before its value, and the value.
type Line struct {
	Line          int
	Prefix, Value string
}

// Find returns the line of resource i of Stream's config (updated) whose text, after its
// indentation and any "- ", starts with key and ": "; false when the resource has none.
func Find(config string, i int, key string) (Line, bool) {
	lines := strings.Split(config, "\n")
	name := fmt.Sprintf("  name: web-%d", i)
	for n, l := range lines {
		if l != name {
			continue
		}
		for k := n; k < len(lines) && lines[k] != "---"; k++ {
			trimmed := strings.TrimLeft(lines[k], " -")
			if v, ok := strings.CutPrefix(trimmed, key+": "); ok {
				return Line{Line: k + 1, Prefix: strings.TrimSuffix(lines[k], v), Value: v}, true
			}
		}
	}
	return Line{}, false
}

// Typed returns config with suffix typed at the end of line l.
func Typed(config string, l Line, suffix string) string {
	start := 0
	for range l.Line - 1 {
		start += strings.IndexByte(config[start:], '\n') + 1
	}
	end := start + len(l.Prefix) + len(l.Value)
	return config[:end] + suffix + config[end:]
}
