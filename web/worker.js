// The engine's Web Worker: a classic worker (no ES imports) that loads Go's wasm_exec.js and the
// mergeplay wasm, then answers one request at a time.
//
// Messages in:  {type: "init", wasm: "<url>", wasmExec: "<url>"}   once, first; or the two URLs
//                                                     in the worker's own, #wasm=<url>&wasmExec=<url>
//                                                     (boot.js), which starts it at once
//               {id: <number>, request: "<request JSON>", inputs?: {original, updated, live}}
//                                                     one at a time; one sent while the wasm loads
//                                                     is answered once it is ready. inputs, when
//                                                     given, are the request's three inputs, left
//                                                     out of its JSON (web/engine.js: jobOf), each
//                                                     a string or a splice {head, tail, text} of
//                                                     the same input of the last request (its
//                                                     first head and last tail UTF-16 units kept,
//                                                     text between: inputSplices)
// Messages out: {type: "loading"}                    the worker runs and loads the wasm
//               {type: "ready"}                      the wasm is loaded and answering
//               {type: "failed", error: "<text>"}    it could not be loaded, or it exited
//               {id, response: "<response JSON>"}    or {id, error: "<text>"}
//               {type: "module", module}             the compiled wasm, once, after the first
//                                                     answer: the page instantiates it on its own
//                                                     thread for small requests (web/inline.js)
//               {type: "timeline", origin, marks}    once, after the first answer: the worker's
//                                                     moments of the first load ([name, ms] since
//                                                     its performance.timeOrigin, origin), which
//                                                     the page copies into its own timeline
//                                                     (web/loadmarks.js)
//
// The wasm (wasm/bridge_js.go) defines globalThis.mergeplayHandle(requestJSON[, original, updated,
// live]) -> responseJSON, synchronous, and calls globalThis.mergeplayOnReady() once it is in place.
"use strict";

let started = false;
let ready = false;
let early = null; // {id, request, inputs}: the request sent while the wasm was loading
let unshared = null; // the compiled module, until it is posted to the page after the first answer
let timed = false; // whether the first load's moments were posted to the page
let heldInputs = null; // the last request's three inputs, which the next one's splices change

/** Marks a moment of the first load in the worker's timeline (the names: web/loadmarks.js). */
function mark(name) {
  try {
    performance.mark(`mergeplay:${name}`);
  } catch {
    // no User Timing: the moments are a measurement, nothing depends on them
  }
}
mark("worker");

self.onmessage = (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.type === "init") {
    if (!started) init(String(message.wasm), String(message.wasmExec));
    started = true;
    return;
  }
  if (typeof message.id !== "number" || typeof message.request !== "string") return;
  let inputs;
  try {
    inputs = inputsOf(message.inputs);
  } catch (err) {
    self.postMessage({ id: message.id, error: describe(err) });
    return;
  }
  if (!timed) mark("request");
  if (!ready && started) early = { id: message.id, request: message.request, inputs };
  else answer(message.id, message.request, inputs);
};

function init(wasmURL, wasmExecURL) {
  self.postMessage({ type: "loading" });
  // The wasm downloads and compiles (which needs no imports) while wasm_exec.js loads, if it must.
  const compiled = compile(wasmURL);
  compiled.catch(() => {}); // reported once the imports are there, below
  // The build puts wasm_exec.js in front of this script (scripts/build/dist: builder.asset), so
  // that nothing holds this thread while the wasm's response arrives; unbuilt, it loads it.
  if (typeof Go !== "function") {
    try {
      importScripts(wasmExecURL);
    } catch (err) {
      fail(`could not load ${wasmExecURL}: ${describe(err)}`);
      return;
    }
  }
  const go = new Go();
  globalThis.mergeplayOnReady = () => {
    mark("go-ready");
    ready = true;
    self.postMessage({ type: "ready" });
    if (early) setTimeout(answer, 0, early.id, early.request, early.inputs); // once the wasm's call returns
    early = null;
  };
  compiled
    .then((module) => {
      mark("wasm-compiled");
      unshared = module;
      return WebAssembly.instantiate(module, go.importObject);
    })
    .then((instance) => {
      mark("wasm-instantiated");
      return go.run(instance);
    })
    .then(() => fail("the engine stopped"))
    .catch((err) => fail(`could not start the engine: ${describe(err)}`));
}

/** Compiles while downloading; falls back to a plain download when the server's MIME type is off. */
async function compile(url) {
  const response = await fetch(url);
  mark("wasm-response");
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get("content-type") === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The three inputs of a message that gives them apart, as strings, each splice applied to the
 * last request's (which they replace); null when it does not give them.
 */
function inputsOf(inputs) {
  if (!inputs || typeof inputs !== "object") return null;
  const texts = ["original", "updated", "live"].map((key, i) => {
    const part = inputs[key];
    return part !== null && typeof part === "object" ? spliced(heldInputs?.[i], part) : String(part ?? "");
  });
  heldInputs = texts;
  return texts;
}

/** before with its units from head to tail units before its end replaced by text. */
function spliced(before, { head, tail, text }) {
  if (typeof before !== "string" || typeof text !== "string" || !Number.isInteger(head) || !Number.isInteger(tail) || head < 0 || tail < 0 || head + tail > before.length) {
    heldInputs = null;
    throw new Error("an input came as a change to a text this worker does not hold");
  }
  // An input left as it was stays the same string: the wasm's bridge then knows it at once.
  if (text === "" && head + tail === before.length) return before;
  return before.slice(0, head) + text + before.slice(before.length - tail);
}

function answer(id, request, inputs) {
  if (!ready || typeof globalThis.mergeplayHandle !== "function") {
    self.postMessage({ id, error: "the engine is not ready" });
    return;
  }
  if (!timed) mark("first-call");
  try {
    const response = inputs ? globalThis.mergeplayHandle(request, ...inputs) : globalThis.mergeplayHandle(request);
    if (typeof response !== "string") throw new Error("the engine returned no text");
    if (!timed) mark("first-answer");
    self.postMessage({ id, response });
  } catch (err) {
    self.postMessage({ id, error: describe(err) });
  }
  share();
  postTimeline();
}

/**
 * Posts the first load's moments to the page once, after the first answer: this worker's marks,
 * and when the wasm's first and last bytes arrived (its resource timing).
 */
function postTimeline() {
  if (timed) return;
  timed = true;
  try {
    const marks = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("mergeplay:")).map((m) => [m.name, m.startTime]);
    const wasm = performance.getEntriesByType("resource").find((r) => r.name.endsWith(".wasm"));
    if (wasm) marks.push(["mergeplay:wasm-first-byte", wasm.responseStart], ["mergeplay:wasm-last-byte", wasm.responseEnd]);
    self.postMessage({ type: "timeline", origin: performance.timeOrigin, marks });
  } catch {
    // no User Timing or Resource Timing: the page's timeline lacks the worker's moments
  }
}

/** Posts the compiled module to the page once, after the first answer (off its way). */
function share() {
  if (!unshared) return;
  const module = unshared;
  unshared = null;
  try {
    self.postMessage({ type: "module", module });
  } catch {
    // a browser that cannot clone a module: the page keeps asking this worker
  }
}

function fail(error) {
  ready = false;
  self.postMessage({ type: "failed", error });
}

function describe(err) {
  return err && err.message ? err.message : String(err);
}

// boot.js names the wasm and wasm_exec.js in the worker's URL (#wasm=…&wasmExec=…), and the
// worker starts loading them as soon as it runs: the init message, posted as the worker was
// created, is delivered only once the page's thread is free, tens of milliseconds later in the
// page's first load (docs/performance.md). The init message then changes nothing.
const named = new URLSearchParams(self.location.hash.slice(1));
if (named.get("wasm") && named.get("wasmExec")) {
  init(named.get("wasm"), named.get("wasmExec"));
  started = true;
}
