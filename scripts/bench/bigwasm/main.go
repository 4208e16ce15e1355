// Command bigwasm times the page's wasm on issue 28's 2 MB input (internal/bigstream) under
// Node, called as the page's worker calls it (web/worker.js: mergeplayHandle with the request's
// JSON and its three inputs apart, deltas asked): the paste (the first merge, apply), then
// -keys value keys typed into the middle resource, then the mode switched to merge3. For each
// call it prints the CPU time of the Node process over the call, its wall time, the wasm's
// linear memory after it and the answer's length.
//
// Usage (from the repository's root):
//
//	go run ./scripts/bench/bigwasm [-wasm file] [-n 4200] [-keys 3] [-switch=true] [-gctrace] [-cpuprof dir] [-node flags]
//
// Without -wasm it builds ./wasm as the page's build does (scripts/build/dist: WasmEnv,
// WasmGCFlags). -gctrace runs the wasm with GODEBUG=gctrace=1: the runtime's line per
// collection on standard error. -cpuprof writes V8's CPU profile of the whole run into dir
// (node --cpu-prof), which Chrome's DevTools or speedscope read.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/internal/bigstream"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

// driver is the script Node runs: it instantiates the wasm with Go's wasm_exec.js (GODEBUG passed
// on from Node's environment), and once Go's main has registered the bridge calls it once for each
// step of steps.json, as the worker does, each asking for a delta since the answer before.
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
    for (const step of steps) {
      const head = since > 0 ? '{"deltas":true,"since":' + since : '{"deltas":true';
      const json = head + "," + step.json.slice(1);
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const answer = globalThis.mergeplayHandle(json, step.original, step.updated, step.live);
      const ms = performance.now() - wall;
      const used = process.cpuUsage(cpu);
      if (typeof answer !== "string" || !answer.startsWith("{")) throw new Error(step.name + ": no answer: " + answer);
      const parsed = JSON.parse(answer);
      if (parsed.errors && parsed.errors.length) throw new Error(step.name + ": " + JSON.stringify(parsed.errors[0]));
      since = parsed.delta ? parsed.delta.answer : parsed.extra.answer;
      console.log(step.name + "\tcpu " + ((used.user + used.system) / 1000).toFixed(0) + " ms\twall " + ms.toFixed(0) +
        " ms\tmemory " + (instance.exports.mem.buffer.byteLength / 1048576).toFixed(0) + " MiB\tanswer " + answer.length + " chars");
    }
    process.exit(0);
  }, 0);
  go.run(instance);
})().catch((err) => { console.error(err); process.exit(1); });
`

// step is one call of the run: its name, the request's JSON without its inputs, and the inputs.
type step struct {
	Name     string `json:"name"`
	JSON     string `json:"json"`
	Original string `json:"original"`
	Updated  string `json:"updated"`
	Live     string `json:"live"`
}

func main() {
	wasm := flag.String("wasm", "", "the wasm to run (default: ./wasm built as the page's build does)")
	n := flag.Int("n", bigstream.Deployments, "Deployments per editor")
	keys := flag.Int("keys", 3, "value keys typed into the middle resource after the paste")
	switchMode := flag.Bool("switch", true, "switch the mode to merge3 at the end")
	gctrace := flag.Bool("gctrace", false, "run the wasm with GODEBUG=gctrace=1")
	cpuprof := flag.String("cpuprof", "", "write V8's CPU profile of the run into this folder (node --cpu-prof)")
	nodeFlags := flag.String("node", "", "more flags for node, space-separated (e.g. --trace-gc)")
	flag.Parse()
	if err := run(*wasm, *n, *keys, *switchMode, *gctrace, *cpuprof, strings.Fields(*nodeFlags)); err != nil {
		fmt.Fprintln(os.Stderr, "bigwasm:", err)
		os.Exit(1)
	}
}

func run(wasm string, n, keys int, switchMode, gctrace bool, cpuprof string, nodeFlags []string) error {
	tmp, err := os.MkdirTemp("", "mergeplay-bigwasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if wasm == "" {
		wasm = filepath.Join(tmp, "mergeplay.wasm")
		args := append([]string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}, dist.WasmGCFlags...)
		cmd := exec.Command("go", append(args, "-o", wasm, "./wasm")...)
		cmd.Env = append(os.Environ(), dist.WasmEnv...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building the wasm: %w", err)
		}
	}
	if wasm, err = filepath.Abs(wasm); err != nil {
		return err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	wasmExec, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	steps, err := json.Marshal(stepsOf(n, keys, switchMode))
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{"driver.js": []byte(driver), "wasm_exec.js": wasmExec, "steps.json": steps} {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			return err
		}
	}
	args := []string{"driver.js", wasm}
	if cpuprof != "" {
		abs, err := filepath.Abs(cpuprof)
		if err != nil {
			return err
		}
		args = append([]string{"--cpu-prof", "--cpu-prof-dir", abs}, args...)
	}
	cmd := exec.Command("node", append(nodeFlags, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = tmp, os.Stdout, os.Stderr
	if gctrace {
		cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1")
	}
	return cmd.Run()
}

// stepsOf returns the run's calls: the paste of bigstream's stream of n Deployments (the line
// diff and the patches skipped, as the page's result tab asks), keys value keys typed one after
// the other at the end of the middle resource's image, and the switch to merge3.
func stepsOf(n, keys int, switchMode bool) []step {
	req := bigstream.Stream(n)
	req.Skip = []string{contract.SkipDiff, contract.SkipPatches}
	steps := []step{stepOf("paste", req)}
	line, ok := bigstream.Find(req.Updated, n/2, "image")
	for k := range keys {
		if !ok {
			break
		}
		req.Updated = bigstream.Typed(req.Updated, line, "1")
		line.Value += "1"
		steps = append(steps, stepOf(fmt.Sprintf("key %d", k+1), req))
	}
	if switchMode {
		req.Mode = "merge3"
		steps = append(steps, stepOf("merge3", req))
	}
	return steps
}

// stepOf is req as a step: its JSON without the inputs, and the inputs apart.
func stepOf(name string, req *contract.Request) step {
	bare := *req
	bare.Original, bare.Updated, bare.Live = "", "", ""
	return step{Name: name, JSON: string(bare.EncodeJSON()), Original: req.Original, Updated: req.Updated, Live: req.Live}
}
