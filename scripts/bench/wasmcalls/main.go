// Command wasmcalls times the page's wasm on issue 28's 2 MB input (internal/bigstream) under
// Node, called as the page's worker calls it (web/worker.js: mergeplayHandle with the request's
// JSON and its three inputs apart, each answer a delta against the one before, the line diff and
// the patches skipped as the Result tab asks): the paste (the first merge, in -mode), then -keys
// keys typed one after the other at the end of a line of the middle resource (-edit: the line's
// key, image by default; name renames the resource at each key), then the mode switched (-switch;
// "" for none). For each call it prints the CPU time of the Node process over the call, its wall
// time, the wasm's linear memory after it and the answer's length; then the keys' median and
// 90th percentile. With -example, the request is that example's (its mode, options and inputs)
// and the keys are typed at the end of the last line of its config whose key is -edit: the
// engine's share of a keystroke on that example in the page's wasm (the page answers such keys
// on its own thread, web/inline.js), without the page.
//
// Usage (from the repository's root):
//
//	go run ./scripts/bench/wasmcalls [-wasm file] [-n 4200] [-mode apply] [-keys 3] [-edit image|name|...] [-switch merge3] [-gctrace] [-cpuprof dir] [-node flags]
//	go run ./scripts/bench/wasmcalls -example apply-containers [-keys 200] [-edit image] [-wasm file]
//
// Without -wasm it builds ./wasm as the page's build does (scripts/build/dist.PageWasm). -gctrace runs the wasm with GODEBUG=gctrace=1: the runtime's line per
// collection on standard error. -cpuprof writes V8's CPU profile of the whole run into dir
// (node --cpu-prof), which Chrome's DevTools or speedscope read.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/internal/bigstream"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

// driver is the script Node runs: it instantiates the wasm with Go's wasm_exec.js (GODEBUG passed
// on from Node's environment), and once Go's main has registered the bridge calls it once for each
// step of steps.json, as the worker does, each asking for a delta since the answer before; a step
// without an input keeps the one before.
const driver = `"use strict";
const fs = require("fs");
globalThis.require = require;
globalThis.fs = fs;
require("./wasm_exec.js");
const steps = JSON.parse(fs.readFileSync("steps.json", "utf8"));
(async () => {
  const go = new Go();
  if (process.env.GODEBUG) go.env = { GODEBUG: process.env.GODEBUG };
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[2]), go.importObject);
  globalThis.mergeplayOnReady = () => setTimeout(() => {
    let since = 0;
    const inputs = { original: "", updated: "", live: "" };
    const keys = { cpu: [], wall: [] };
    for (const step of steps) {
      for (const name of Object.keys(inputs)) if (typeof step[name] === "string") inputs[name] = step[name];
      const head = since > 0 ? '{"deltas":true,"since":' + since : '{"deltas":true';
      const json = head + "," + step.json.slice(1);
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const answer = globalThis.mergeplayHandle(json, inputs.original, inputs.updated, inputs.live);
      const ms = performance.now() - wall;
      const used = process.cpuUsage(cpu);
      if (typeof answer !== "string" || !answer.startsWith("{")) throw new Error(step.name + ": no answer: " + answer);
      const parsed = JSON.parse(answer);
      if (parsed.errors && parsed.errors.length) throw new Error(step.name + ": " + JSON.stringify(parsed.errors[0]));
      since = parsed.delta ? parsed.delta.answer : parsed.extra.answer;
      const cpuMS = (used.user + used.system) / 1000;
      if (step.key) { keys.cpu.push(cpuMS); keys.wall.push(ms); }
      console.log(step.name + "\tcpu " + cpuMS.toFixed(0) + " ms\twall " + ms.toFixed(0) +
        " ms\tmemory " + (instance.exports.mem.buffer.byteLength / 1048576).toFixed(0) + " MiB\tanswer " + answer.length + " chars");
    }
    const quantile = (xs, q) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
    for (const [name, xs] of Object.entries(keys)) {
      if (xs.length) console.log("keys' " + name + ": median " + quantile(xs, 0.5).toFixed(0) + " ms, 90th percentile " + quantile(xs, 0.9).toFixed(0) + " ms");
    }
    process.exit(0);
  }, 0);
  go.run(instance);
})().catch((err) => { console.error(err); process.exit(1); });
`

// step is one call of the run: its name, the request's JSON without its inputs, and the inputs
// that differ from the step before's (nil: the same); Key marks a key typed.
type step struct {
	Name     string  `json:"name"`
	Key      bool    `json:"key,omitempty"`
	JSON     string  `json:"json"`
	Original *string `json:"original,omitempty"`
	Updated  *string `json:"updated,omitempty"`
	Live     *string `json:"live,omitempty"`
}

func main() {
	var c config
	flag.StringVar(&c.wasm, "wasm", "", "the wasm to run (default: ./wasm built as the page's build does)")
	flag.IntVar(&c.n, "n", bigstream.Deployments, "Deployments per editor")
	flag.StringVar(&c.mode, "mode", "apply", "the mode of the paste and the keys")
	flag.StringVar(&c.example, "example", "", "an example's request (examples/<name>) instead of the 2 MB stream; no switch unless -switch names one")
	flag.IntVar(&c.keys, "keys", 3, "keys typed into the middle resource after the paste")
	flag.StringVar(&c.edit, "edit", "image", "the key of the middle resource's line the keys are typed at the end of (name: a rename at each key)")
	flag.StringVar(&c.switchTo, "switch", "merge3", "the mode switched to at the end (\"\": none)")
	gctrace := flag.Bool("gctrace", false, "run the wasm with GODEBUG=gctrace=1")
	flag.StringVar(&c.cpuprof, "cpuprof", "", "write V8's CPU profile of the run into this folder (node --cpu-prof)")
	nodeFlags := flag.String("node", "", "more flags for node, space-separated (e.g. --trace-gc)")
	flag.Parse()
	if c.example != "" && !flagSet("switch") {
		c.switchTo = ""
	}
	c.nodeFlags = strings.Fields(*nodeFlags)
	if *gctrace {
		c.godebug = "gctrace=1"
	}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "wasmcalls:", err)
		os.Exit(1)
	}
}

// config is what the command line asks for.
type config struct {
	wasm, mode, example, edit, switchTo, cpuprof, godebug string
	n, keys                                               int
	nodeFlags                                             []string
}

func run(c config) error {
	wasm := c.wasm
	tmp, err := os.MkdirTemp("", "mergeplay-wasmcalls-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ctx := context.Background()
	if wasm == "" {
		data, buildErr := dist.PageWasm(ctx, "go", ".")
		if buildErr != nil {
			return buildErr
		}
		wasm = filepath.Join(tmp, "mergeplay.wasm")
		if err = os.WriteFile(wasm, data, 0o644); err != nil {
			return err
		}
	}
	if wasm, err = filepath.Abs(wasm); err != nil {
		return err
	}
	wasmExec, err := dist.WasmExec(ctx, "go")
	if err != nil {
		return err
	}
	planned, err := stepsOf(c)
	if err != nil {
		return err
	}
	steps, err := json.Marshal(planned)
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"driver.js": []byte(driver), "wasm_exec.js": wasmExec, "steps.json": steps} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	args := []string{"driver.js", wasm}
	if c.cpuprof != "" {
		abs, err := filepath.Abs(c.cpuprof)
		if err != nil {
			return err
		}
		args = append([]string{"--cpu-prof", "--cpu-prof-dir", abs}, args...)
	}
	cmd := exec.Command("node", append(c.nodeFlags, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = tmp, os.Stdout, os.Stderr
	if c.godebug != "" {
		cmd.Env = append(os.Environ(), "GODEBUG="+c.godebug)
	}
	return cmd.Run()
}

// stepsOf returns the run's calls: the paste of bigstream's stream of c.n Deployments in c.mode,
// c.keys keys typed one after the other at the end of the middle resource's c.edit line, and the
// switch to c.switchTo.
func stepsOf(c config) ([]step, error) {
	if c.example != "" {
		return exampleSteps(c)
	}
	req := bigstream.Stream(c.n)
	req.Mode = c.mode
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	steps := []step{stepOf("paste", req, nil)}
	if c.keys > 0 {
		line, ok := bigstream.Find(req.Updated, c.n/2, c.edit)
		if !ok {
			return nil, fmt.Errorf("no %q line in resource %d of the stream", c.edit, c.n/2)
		}
		for k := range c.keys {
			before := *req
			req.Updated = bigstream.Typed(req.Updated, line, "1")
			line.Value += "1"
			s := stepOf(fmt.Sprintf("key %d", k+1), req, &before)
			s.Key = true
			steps = append(steps, s)
		}
	}
	if c.switchTo != "" {
		before := *req
		req.Mode = c.switchTo
		steps = append(steps, stepOf(c.switchTo, req, &before))
	}
	return steps, nil
}

// exampleSteps returns the calls of -example: the example's request, c.keys keys typed one
// after the other at the end of the last line of its config whose key is c.edit, and the switch
// to c.switchTo when set.
func exampleSteps(c config) ([]step, error) {
	ex, err := examples.LoadOne(os.DirFS("examples"), c.example)
	if err != nil {
		return nil, err
	}
	req := *ex.Request
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	lines := strings.Split(req.Updated, "\n")
	at := -1
	for i, l := range lines {
		if key, _, ok := strings.Cut(strings.TrimLeft(strings.TrimSpace(l), "- "), ":"); ok && key == c.edit {
			at = i
		}
	}
	if at < 0 && c.keys > 0 {
		return nil, fmt.Errorf("no %q line in %s's config", c.edit, c.example)
	}
	steps := []step{stepOf("first answer", &req, nil)}
	for k := range c.keys {
		before := req
		lines[at] += "x"
		req.Updated = strings.Join(lines, "\n")
		s := stepOf(fmt.Sprintf("key %d", k+1), &req, &before)
		s.Key = true
		steps = append(steps, s)
	}
	if c.switchTo != "" {
		before := req
		req.Mode = c.switchTo
		steps = append(steps, stepOf(c.switchTo, &req, &before))
	}
	return steps, nil
}

// flagSet reports whether the command line set the flag name.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// stepOf is req as a step: its JSON without the inputs, and the inputs that differ from before's
// (all of them when before is nil).
func stepOf(name string, req, before *contract.Request) step {
	bare := *req
	bare.Original, bare.Updated, bare.Live = "", "", ""
	if before == nil {
		before = &contract.Request{Original: "\x00", Updated: "\x00", Live: "\x00"} // no input is a NUL
	}
	return step{Name: name, JSON: string(bare.EncodeJSON()),
		Original: changed(req.Original, before.Original), Updated: changed(req.Updated, before.Updated), Live: changed(req.Live, before.Live)}
}

// changed is now when it differs from was, else nil.
func changed(now, was string) *string {
	if now == was {
		return nil
	}
	return &now
}
