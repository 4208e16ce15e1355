import { test } from "node:test";
import assert from "node:assert/strict";
import { createInlineEngine, expectedMS, hasAnchor, INLINE_BUDGET_MS, INLINE_MAX_CHARS, MEASURE_MAX_CHARS, SIZE_FLOOR } from "./inline.js";
import { jobOf } from "./engine.js";

test("an & anywhere in a request may be an anchor", () => {
  assert.equal(hasAnchor(jobOf({ updated: "a: &x 1\nb: *x\n" })), true);
  assert.equal(hasAnchor(jobOf({ live: "a:\n  - &x\n    b: 1\n" })), true);
  assert.equal(hasAnchor(jobOf({ history: { steps: [{ updated: "a: &x 1" }] } })), true, "in the JSON: a history's step");
  assert.equal(hasAnchor(jobOf({ updated: "a: 'b & c'\n" })), true, "quoted: to the worker all the same");
  assert.equal(hasAnchor(jobOf({ updated: "a: 1\nb: '*x'\n" })), false);
});

test("a call's expected time is the median of the recent calls' time per character", () => {
  assert.equal(expectedMS([], 10), Infinity, "no call yet: not expected to fit");
  const samples = [{ ms: 2, size: 1000 }, { ms: 40, size: 4096 }, { ms: 4, size: 4096 }];
  assert.equal(expectedMS(samples, 100), 2, "both read at SIZE_FLOOR characters: the median rate, 1 ms a KiB");
  assert.equal(expectedMS(samples, 8192), 8);
  assert.equal(SIZE_FLOOR, 2048);
});

/** An inline engine on a fake Go: its handle answers after the given ms of a fake clock. */
function fakeGo(costs) {
  let clock = 0;
  const idle = [];
  const scope = {};
  const calls = [];
  scope.Go = class {
    constructor() { this.importObject = {}; }
    run() {
      scope.mergeplayHandle = (json, original, updated, live) => {
        calls.push({ json, original, updated, live });
        clock += costs.length > 1 ? costs.shift() : costs[0];
        return `{"n":${calls.length}}`;
      };
      scope.mergeplayOnReady();
      return new Promise(() => {});
    }
  };
  return { scope, calls, idle, now: () => clock, tick: (ms) => { clock += ms; }, whenIdle: (fn) => idle.push(fn), runIdle: async () => {
    // The measuring calls' own tasks, a start's promises: a few rounds of timers after the last idle task.
    const tasks = async () => { for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5)); };
    await tasks();
    while (idle.length) {
      idle.shift()();
      await tasks();
    }
  } };
}

// A module WebAssembly accepts: the smallest one there is (its magic and version).
const emptyModule = () => new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));

test("the instance starts when idle, is measured on the page's last request, then answers what fits", async () => {
  const go = fakeGo([30, 6, 5, 4, 3]);
  const inline = createInlineEngine({ wasmExecURL: "/e.js", load: async () => {}, whenIdle: go.whenIdle, now: go.now, scope: go.scope });
  const last = jobOf({ mode: "apply", updated: "a: 1\n" });
  assert.equal(inline.fits(last), false, "not started");
  inline.offer(emptyModule(), () => last);
  inline.offer(emptyModule(), () => last);
  await go.runIdle();
  assert.equal(go.calls.length, 4, "the first call, then three that measure, once");
  assert.deepEqual(go.calls[0], { json: '{"mode":"apply"}', original: "", updated: "a: 1\n", live: "" });
  assert.equal(go.scope.mergeplayHandle, undefined, "taken off the page's globals");
  assert.equal(inline.fits(last), true, "the median call, 5 ms, within the budget");
  assert.equal(inline.answer(jobOf({ mode: "apply", updated: "b: 2\n" })), '{"n":5}');
  assert.equal(inline.lastMS(), 3);
  assert.equal(inline.fits(jobOf({ updated: "x".repeat(INLINE_MAX_CHARS) })), false, "too long");
  assert.equal(inline.fits(jobOf({ updated: "a: &x 1\nb: *x\n" })), false, "an anchor");
  assert.equal(inline.fits(jobOf({ updated: "x".repeat(8 * SIZE_FLOOR) })), false, `expected over ${INLINE_BUDGET_MS} ms`);
});

test("a long request is not measured: it waits for the worker, the page's thread never held by an unknown call", async () => {
  const go = fakeGo([1]);
  const inline = createInlineEngine({ wasmExecURL: "/e.js", load: async () => {}, whenIdle: go.whenIdle, now: go.now, scope: go.scope });
  const long = jobOf({ updated: "x".repeat(MEASURE_MAX_CHARS + 1) });
  inline.offer(emptyModule(), () => long);
  await go.runIdle();
  assert.equal(go.calls.length, 0);
  assert.equal(inline.fits(long), false, "nothing known of the instance's speed");
});

test("a request expected too slow has the instance measured again when idle, not at once again", async () => {
  const go = fakeGo([60, 40, 30, 25, 2]);
  const inline = createInlineEngine({ wasmExecURL: "/e.js", load: async () => {}, whenIdle: go.whenIdle, now: go.now, scope: go.scope });
  const last = jobOf({ mode: "apply", updated: "a: 1\n" });
  inline.offer(emptyModule(), () => last);
  await go.runIdle();
  assert.equal(inline.fits(last), false, "30 ms expected: a frame is too short");
  await go.runIdle();
  assert.equal(go.calls.length, 4, "not within REMEASURE_MS of the last measuring");
  go.tick(2000);
  assert.equal(inline.fits(last), false);
  assert.equal(inline.fits(last), false);
  await go.runIdle();
  assert.equal(go.calls.length, 7, "measured again once, three calls");
  assert.equal(inline.fits(last), true, "2 ms now");
});

test("an instance whose call throws is not asked again", async () => {
  const go = fakeGo([1]);
  const inline = createInlineEngine({ wasmExecURL: "/e.js", load: async () => {}, whenIdle: go.whenIdle, now: go.now, scope: go.scope });
  const last = jobOf({ updated: "a: 1\n" });
  inline.offer(emptyModule(), () => last);
  await go.runIdle();
  assert.equal(inline.fits(last), true);
  const answered = go.calls.length;
  go.scope.Go.prototype.run = null;
  const handle = inline.answer;
  assert.throws(() => handle({ ...last, inputs: null }));
  assert.equal(inline.fits(last), false);
  assert.equal(go.calls.length, answered);
});
