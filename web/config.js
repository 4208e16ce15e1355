// The page's configuration, read once at start: where the worker, the wasm and the examples are
// (<html data-*>, rewritten by the build to fingerprinted names), the CSP nonce, the prerendered
// answer, and the embed parameters of the address.

import { parseEmbedParams } from "./embed.js";
import { parsePrerendered } from "./initial.js";

/**
 * Reads the configuration.
 * @param {Document} doc
 * @param {Location} loc
 */
export function readConfig(doc, loc) {
  const root = doc.documentElement;
  const resolve = (name, fallback) => new URL(root.dataset[name] || fallback, doc.baseURI).href;
  return {
    nonce: cspNonce(doc),
    workerURL: resolve("worker", "web/worker.js"),
    wasmURL: resolve("wasm", "mergeplay.wasm"),
    wasmExecURL: resolve("wasmExec", "wasm_exec.js"),
    examplesURL: resolve("examples", "examples.json"),
    prerendered: parsePrerendered(doc.getElementById("prerendered")?.textContent),
    embed: parseEmbedParams(loc.search),
    pageURL: `${loc.origin}${loc.pathname}`,
  };
}

/**
 * The window's localStorage, or null where it is forbidden (sandboxed frames, some private modes).
 * @param {Window} win
 * @returns {Storage|null}
 */
export function safeLocalStorage(win) {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads the CSP nonce the build puts in <meta name="mergeplay-csp-nonce">.
 * @param {Document} doc
 * @returns {string}
 */
export function cspNonce(doc) {
  return doc.querySelector('meta[name="mergeplay-csp-nonce"]')?.getAttribute("content") ?? "";
}
