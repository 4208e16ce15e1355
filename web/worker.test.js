// web/worker.js run in a VM context with stand-ins for the wasm and Go's runtime: what the
// engine is called with, inputs given whole or as splices of the last request's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const source = readFileSync(new URL("./worker.js", import.meta.url), "utf8");

/** A worker context whose engine answers with what it was called with. */
async function startWorker() {
  const posted = [];
  const context = {
    URLSearchParams,
    setTimeout,
    Promise,
    Error,
    Number,
    String,
    self: { location: { hash: "#wasm=/m.wasm&wasmExec=/e.js" }, postMessage: (m) => posted.push(m) },
    performance: { mark() {}, getEntriesByType: () => [], timeOrigin: 0 },
    fetch: async () => ({ ok: true, headers: { get: () => "application/wasm" } }),
    WebAssembly: { compileStreaming: async () => ({}), instantiate: async () => ({}) },
  };
  context.Go = class {
    constructor() {
      this.importObject = {};
    }
    run() {
      context.mergeplayHandle = (request, ...inputs) => JSON.stringify({ request, inputs });
      context.mergeplayOnReady();
      return new Promise(() => {});
    }
  };
  vm.createContext(context);
  vm.runInContext(source, context);
  for (let i = 0; i < 10 && !posted.some((m) => m.type === "ready"); i++) await new Promise((r) => setTimeout(r, 0));
  assert.ok(posted.some((m) => m.type === "ready"), "the stand-in engine is ready");
  const ask = (message) => {
    posted.length = 0;
    context.self.onmessage({ data: message });
    const answer = posted.find((m) => m.id === message.id);
    return answer.error !== undefined ? { error: answer.error } : JSON.parse(answer.response);
  };
  return ask;
}

test("the inputs reach the engine whole, or spliced into the last request's", async () => {
  const ask = await startWorker();
  const config = "a: 1\n".repeat(20);
  assert.deepEqual(ask({ id: 1, request: "{}", inputs: { original: "o", updated: config, live: "l" } }).inputs, ["o", config, "l"]);
  const edited = { head: 3, tail: config.length - 4, text: "22" };
  assert.deepEqual(ask({ id: 2, request: "{}", inputs: { original: { head: 1, tail: 0, text: "" }, updated: edited, live: "m" } }).inputs,
    ["o", "a: 22\n" + "a: 1\n".repeat(19), "m"]);
  assert.deepEqual(ask({ id: 3, request: "{}", inputs: { original: { head: 0, tail: 1, text: "p" }, updated: { head: 2, tail: 0, text: "" }, live: { head: 0, tail: 0, text: "" } } }).inputs,
    ["po", "a:", ""], "each splice applies to the last request's text, the spliced one included");
  assert.deepEqual(ask({ id: 4, request: "{}" }).inputs, [], "a request with its inputs in its JSON");
  assert.deepEqual(ask({ id: 5, request: "{}", inputs: { original: "abc", updated: "", live: "" } }).inputs, ["abc", "", ""]);
  assert.deepEqual(ask({ id: 6, request: "{}", inputs: { original: { head: 1, tail: 2, text: "" }, updated: "", live: "" } }).inputs, ["abc", "", ""], "a splice that keeps it all");
});

test("a splice of a text the worker does not hold is refused, and the next whole inputs answered", async () => {
  const ask = await startWorker();
  assert.match(ask({ id: 1, request: "{}", inputs: { original: { head: 0, tail: 0, text: "x" }, updated: "", live: "" } }).error, /does not hold/);
  ask({ id: 2, request: "{}", inputs: { original: "abc", updated: "", live: "" } });
  assert.match(ask({ id: 3, request: "{}", inputs: { original: { head: 2, tail: 2, text: "" }, updated: "", live: "" } }).error, /does not hold/, "more kept than the text holds");
  assert.match(ask({ id: 4, request: "{}", inputs: { original: { head: 0, tail: 0, text: "" }, updated: "", live: "" } }).error, /does not hold/, "after a refusal the worker holds nothing");
  assert.deepEqual(ask({ id: 5, request: "{}", inputs: { original: "abc", updated: "u", live: "" } }).inputs, ["abc", "u", ""]);
});
