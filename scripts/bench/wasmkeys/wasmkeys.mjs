// The Node side of scripts/bench/wasmkeys (its main.go says what it times): node wasmkeys.mjs
// <wasm_exec.js> <wasm> <plan.json>. It loads the wasm as web/worker.js does, answers the plan's
// inputs once, then types its keys, each answer a delta against the one before.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const [wasmExec, wasmFile, planFile] = process.argv.slice(2);
createRequire(import.meta.url)(wasmExec); // defines globalThis.Go
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const request = plan.request;

const go = new Go();
const ready = new Promise((resolve) => {
  globalThis.mergeplayOnReady = resolve;
});
const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), go.importObject);
go.run(instance);
await ready;

let since = 0;
/** Answers updated as the worker would, and returns the call's CPU and wall time. */
function ask(updated) {
  request.since = since;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const response = globalThis.mergeplayHandle(JSON.stringify(request), plan.original, updated, plan.live);
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const answer = JSON.parse(response);
  if (answer.errors && answer.errors.length) throw new Error("the answer has errors: " + JSON.stringify(answer.errors[0]));
  since = answer.delta ? answer.delta.answer : answer.extra.answer;
  return { cpu: (used.user + used.system) / 1000, wall, bytes: response.length, memory: instance.exports.mem.buffer.byteLength / (1 << 20) };
}

const row = (name, t) =>
  console.log(`${name}\tcpu ${t.cpu.toFixed(0)} ms\twall ${t.wall.toFixed(0)} ms\tanswer ${t.bytes} chars\twasm memory ${t.memory.toFixed(0)} MB`);
row("paste", ask(plan.updated));
const times = [];
for (let i = 0; i < plan.keys; i++) {
  const updated = plan.updated.slice(0, plan.offset) + "x".repeat((i % 50) + 1) + plan.updated.slice(plan.offset);
  const t = ask(updated);
  times.push(t);
  row(`key ${i + 1}`, t);
}
const quantile = (xs, q) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
for (const field of ["cpu", "wall"]) {
  const xs = times.map((t) => t[field]);
  console.log(`${field}: median ${quantile(xs, 0.5).toFixed(0)} ms, 90th percentile ${quantile(xs, 0.9).toFixed(0)} ms`);
}
process.exit(0);
