package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

// What V8 compiles on the way to the page's first answer.
//
// V8 compiles a wasm lazily: each function with its baseline compiler (Liftoff) on its first
// call, on the calling thread, and again with its optimizing compiler (TurboFan) on background
// threads once it has run long enough. On the page's first load the engine's worker runs Go's
// start, then the page's first request: what those two run is what V8 compiles before the first
// answer, and it is most of their time (docs/performance.md, "Where the first answer's time
// goes"). firstLoad runs the same two steps under Node, which embeds the same V8, with V8's
// --trace-wasm-compilation-times, and counts what was compiled in each step: a measure that
// does not move with the machine's load, unlike the page's timings.

// firstDriver is the script Node runs: it instantiates the wasm with Go's wasm_exec.js, and once
// Go's main has registered the bridge (mergeplayOnReady, as in web/worker.js) calls it once with
// the request's JSON and its three inputs apart, as the worker does. It prints "@@ <phase>" on
// standard output as each step begins, between V8's lines.
const firstDriver = `"use strict";
const fs = require("fs");
globalThis.require = require;
globalThis.fs = fs;
require("./wasm_exec.js");
const phase = (name) => console.log("@@ " + name);
performance.mark = ((mark) => (name, options) => { phase(name.replace(/^mergeplay:/, "")); return mark(name, options); })(performance.mark.bind(performance));
const request = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const inputs = ["original", "updated", "live"].map((key) => String(request[key] ?? ""));
for (const key of ["original", "updated", "live"]) delete request[key];
const json = JSON.stringify({ deltas: true, ...request });
(async () => {
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[2]), go.importObject);
  globalThis.mergeplayOnReady = () => setTimeout(() => {
    phase("first-call");
    const answer = globalThis.mergeplayHandle(json, ...inputs);
    phase("first-answer");
    if (typeof answer !== "string" || !answer.startsWith("{")) throw new Error("no answer: " + answer);
    process.exit(0);
  }, 0);
  phase("start");
  go.run(instance);
})().catch((err) => { console.error(err); process.exit(1); });
`

// compileLine reads one of V8's --trace-wasm-compilation-times lines about a function (not a
// wrapper): its index, the compiler, and its body's size.
var compileLine = regexp.MustCompile(`^Compiled function \S*#(\d+) using (\w+), .*bodysize (\d+)`)

// compiled is what V8 compiled of one function.
type compiled struct {
	index int
	tier  string // "Liftoff" or "TurboFan"
	size  int    // the function's body, in bytes of wasm
}

// phase is one step of the first load and what V8 compiled during it.
type phase struct {
	name      string
	functions []compiled
}

// readTrace splits V8's trace into the phases the driver marked ("@@ <name>"); what comes before
// the first mark is phase "instantiate".
func readTrace(r io.Reader) ([]phase, error) {
	phases := []phase{{name: "instantiate"}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "@@ "); ok {
			phases = append(phases, phase{name: name})
			continue
		}
		m := compileLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		index, _ := strconv.Atoi(m[1])
		size, _ := strconv.Atoi(m[3])
		last := &phases[len(phases)-1]
		last.functions = append(last.functions, compiled{index: index, tier: m[2], size: size})
	}
	return phases, sc.Err()
}

// firstLoad runs file's start and the first request of example (a folder of examples/) under
// Node and prints, for each phase, what V8 compiled: functions and bytes with Liftoff, by
// package, and the functions TurboFan compiled again.
func firstLoad(file string, m *module, example string, top int) error {
	ex, err := examples.LoadOne(os.DirFS("examples"), example)
	if err != nil {
		return fmt.Errorf("example %s: %w", example, err)
	}
	trace, err := traceFirstLoad(file, ex.Request.EncodeJSON())
	if err != nil {
		return fmt.Errorf("example %s: %w", example, err)
	}
	phases, err := readTrace(trace)
	if err != nil {
		return err
	}
	fmt.Printf("%s, example %s: what V8 compiled, by the step it began in (Node %s)\n", file, example, nodeVersion())
	for _, p := range phases {
		printPhase(m, p, top)
	}
	return nil
}

// traceFirstLoad runs firstDriver on the wasm in file and request under node with V8's
// --trace-wasm-compilation-times, in a folder of its own, and returns what it printed.
func traceFirstLoad(file string, request []byte) (io.Reader, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	wasmExec, err := dist.WasmExec(context.Background(), "go")
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "mergeplay-wasmweight-first-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	for name, data := range map[string][]byte{"driver.js": []byte(firstDriver), "wasm_exec.js": wasmExec, "request.json": request} {
		if writeErr := os.WriteFile(filepath.Join(tmp, name), data, 0o644); writeErr != nil {
			return nil, writeErr
		}
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("node", "--trace-wasm-compilation-times", "driver.js", abs, "request.json")
	cmd.Dir, cmd.Stdout, cmd.Stderr = tmp, &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node --trace-wasm-compilation-times: %w\n%s", err, stderr.Bytes())
	}
	return &stdout, nil
}

// printPhase prints one phase: Liftoff's functions and bytes, the top packages by bytes, and
// the functions TurboFan compiled.
func printPhase(m *module, p phase, top int) {
	sums := map[string]*weight{}
	count, size := 0, 0
	var optimized []string
	for _, f := range p.functions {
		name := m.names[f.index]
		if f.tier != "Liftoff" {
			optimized = append(optimized, name)
			continue
		}
		count++
		size += f.size
		pkg := packageOf(name)
		if sums[pkg] == nil {
			sums[pkg] = &weight{name: pkg}
		}
		sums[pkg].size += f.size
	}
	rows := make([]weight, 0, len(sums))
	for _, w := range sums {
		rows = append(rows, *w)
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].size > rows[j].size || rows[i].size == rows[j].size && rows[i].name < rows[j].name
	})
	fmt.Printf("after %s: Liftoff %d functions, %d bytes; TurboFan %d functions\n", p.name, count, size, len(optimized))
	for i, w := range rows {
		if i == top {
			break
		}
		fmt.Printf("%10d  %s\n", w.size, w.name)
	}
	if len(optimized) > 0 {
		fmt.Printf("  TurboFan: %s\n", strings.Join(optimized, " "))
	}
}

// nodeVersion is node's version, as it prints it, or "?" when it does not.
func nodeVersion() string {
	out, err := exec.Command("node", "--version").Output()
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(out))
}
