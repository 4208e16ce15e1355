import assert from "node:assert/strict";
import { test } from "node:test";

import { adoptEarlyWorker } from "./earlyworker.js";

/** A stand-in for a Worker: records what is posted, lets a test send events. */
function fakeWorker() {
  const w = { posted: [], terminated: false, onmessage: null, onerror: null };
  w.postMessage = (m) => w.posted.push(m);
  w.terminate = () => { w.terminated = true; };
  w.send = (data) => w.onmessage?.({ type: "message", data });
  w.fail = (message) => w.onerror?.({ type: "error", message, preventDefault() {} });
  return w;
}

/** What boot.js leaves: the worker, holding its events until taken over. */
function booted(url) {
  const worker = fakeWorker();
  const early = { workerURL: url, worker, held: [] };
  worker.onmessage = (e) => early.held.push(e);
  worker.onerror = (e) => early.held.push(e);
  return { scope: { mergeplayEarlyWorker: early }, worker };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("the held events reach the handlers after the code setting them, in order, then new ones", async () => {
  const { scope, worker } = booted("https://x/worker.js");
  worker.send({ type: "loading" });
  worker.fail("boom");
  worker.send({ type: "ready" });
  const got = [];
  const adopted = adoptEarlyWorker("https://x/worker.js", scope);
  assert.ok(adopted);
  adopted.onmessage = (e) => got.push(`message ${e.data.type}`);
  got.push("set onmessage");
  adopted.onerror = (e) => got.push(`error ${e.message}`);
  got.push("set onerror");
  await tick();
  worker.send({ type: "answer" });
  assert.deepEqual(got, ["set onmessage", "set onerror", "message loading", "error boom", "message ready", "message answer"]);
});

test("it is taken once, and only for the same script", () => {
  const { scope } = booted("https://x/worker.js");
  assert.equal(adoptEarlyWorker("https://x/other.js", scope), null);
  assert.ok(adoptEarlyWorker(new URL("https://x/worker.js"), scope));
  assert.equal(adoptEarlyWorker("https://x/worker.js", scope), null);
  assert.equal(adoptEarlyWorker("https://x/worker.js", {}), null);
});

test("messages and termination go to the worker", () => {
  const { scope, worker } = booted("w.js");
  const adopted = adoptEarlyWorker("w.js", scope);
  adopted.postMessage({ id: 1, request: "{}" });
  adopted.terminate();
  assert.deepEqual(worker.posted, [{ id: 1, request: "{}" }]);
  assert.equal(worker.terminated, true);
});
