// Starts the engine's worker as soon as the page begins to load: the first script in <head>,
// parser-blocking, so that it runs as soon as it arrives (an async script waited for the page's
// first layout), while the page's modules (main.js, CodeMirror) still download. The wasm then
// downloads and compiles meanwhile instead of after them. main.js hands the
// worker to the engine client (earlyworker.js: adoptEarlyWorker); the messages it sends before
// that are held and given to the client's handlers once they are set.
//
// It reads only the URLs of <html data-worker|data-wasm|data-wasm-exec> (rewritten by the build
// to fingerprinted names) and leaves globalThis.mergeplayEarlyWorker = {workerURL, worker,
// held}. Nothing else: without it, or when it fails, the engine client starts its own worker.
"use strict";
(() => {
  const root = document.documentElement;
  const url = (name, fallback) => new URL(root.dataset[name] || fallback, document.baseURI).href;
  const early = { workerURL: url("worker", "web/worker.js"), worker: null, held: [] };
  const wasm = { wasm: url("wasm", "mergeplay.wasm"), wasmExec: url("wasmExec", "wasm_exec.js") };
  try {
    // The URLs in the worker's own let it start loading before the init message reaches it
    // (worker.js).
    early.worker = new Worker(`${early.workerURL}#${new URLSearchParams(wasm)}`);
  } catch {
    return;
  }
  early.worker.onmessage = (event) => early.held.push(event);
  early.worker.onerror = (event) => {
    event.preventDefault();
    early.held.push(event);
  };
  early.worker.postMessage({ type: "init", ...wasm });
  globalThis.mergeplayEarlyWorker = early;
  try {
    performance.mark("mergeplay:boot"); // web/loadmarks.js
  } catch {
    // no User Timing
  }
})();
