import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { createEngine, fillIn, inputSplices, lacks, partsToSkip, SPLICE_FROM_CHARS, timeBudget, TIME_LIMIT_MS } from "./engine.js";

/** A stand-in for the worker: records what it is sent; the test answers. */
function fakeWorkers() {
  const workers = [];
  const createWorker = () => {
    const w = { sent: [], terminated: false, onmessage: null, onerror: null };
    w.postMessage = (m) => w.sent.push(m);
    w.terminate = () => { w.terminated = true; };
    w.reply = (m) => w.onmessage({ data: m });
    workers.push(w);
    return w;
  };
  return { workers, createWorker };
}

const setup = (extra = {}) => {
  const fake = fakeWorkers();
  const statuses = [];
  const engine = createEngine({ workerURL: "w.js", wasmURL: "/m.wasm", wasmExecURL: "/e.js", createWorker: fake.createWorker, onStatus: (s) => statuses.push(s.state), ...extra });
  return { ...fake, statuses, engine };
};
const settle = () => new Promise((r) => setImmediate(r));

test("the worker is initialised, then asked, and the answer parsed", async () => {
  const { workers, engine, statuses } = setup();
  assert.deepEqual(workers[0].sent[0], { type: "init", wasm: "/m.wasm", wasmExec: "/e.js" });
  const answer = engine.request({ mode: "apply" });
  assert.deepEqual(workers[0].sent[1], { id: 1, request: '{"deltas":true,"mode":"apply"}', inputs: { original: "", updated: "", live: "" } }, "sent at once: the worker answers it once ready");
  workers[0].reply({ type: "ready" });
  assert.equal(workers[0].sent.length, 2, "not sent twice");
  workers[0].reply({ id: 1, response: '{"result":"a: 1"}' });
  assert.deepEqual(await answer, { result: "a: 1" });
  assert.deepEqual(statuses, ["loading", "ready"]);
});

test("a request sent while the wasm loads has its time budget from ready", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { workers, engine } = setup({ timeLimit: 1000, timePerMiB: 0, slowLoad: 60000 });
    const answer = engine.request({ n: 1 });
    mock.timers.tick(5000); // a slow load
    assert.equal(workers.length, 1, "no time-out before the wasm is ready");
    workers[0].reply({ type: "ready" });
    mock.timers.tick(999);
    workers[0].reply({ id: 1, response: '{"n":1}' });
    assert.deepEqual(await answer, { n: 1 });
    assert.equal(workers.length, 1);
  } finally {
    mock.timers.reset();
  }
});

test("a prefetched request answers the next identical one, once", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  engine.prefetch({ n: 1 });
  const same = engine.request({ n: 1 });
  assert.equal(workers[0].sent.length, 2, "asked once");
  workers[0].reply({ id: 1, response: '{"n":1}' });
  assert.deepEqual(await same, { n: 1 });
  const again = engine.request({ n: 1 });
  assert.equal(workers[0].sent.length, 3, "asked again: a prefetch serves one request");
  workers[0].reply({ id: 2, response: '{"n":1}' });
  assert.deepEqual(await again, { n: 1 });
  engine.prefetch({ n: 2 });
  const other = engine.request({ n: 3 });
  assert.deepEqual(workers[0].sent.at(-1), { id: 3, request: '{"deltas":true,"n":2}', inputs: { original: "", updated: "", live: "" } });
  workers[0].reply({ id: 3, response: '{"n":2}' });
  assert.deepEqual(workers[0].sent.at(-1), { id: 4, request: '{"deltas":true,"n":3}', inputs: { original: "", updated: "", live: "" } }, "another request replaces the prefetch");
  workers[0].reply({ id: 4, response: '{"n":3}' });
  assert.deepEqual(await other, { n: 3 });
});

test("started resolves on the worker's first message, or after its wait", async () => {
  const { workers, engine } = setup();
  let done = false;
  const started = engine.started(60000).then(() => { done = true; });
  await settle();
  assert.equal(done, false);
  workers[0].reply({ type: "loading" });
  await started;
  const { engine: quiet } = setup();
  await quiet.started(5); // no message: the wait ends it
});

test("only the latest request matters", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const first = engine.request({ n: 1 });
  const second = engine.request({ n: 2 });
  const third = engine.request({ n: 3 });
  await assert.rejects(second, { code: "superseded" });
  workers[0].reply({ id: 1, response: '{"n":1}' });
  await assert.rejects(first, { code: "superseded" }, "an answer older than the latest request is dropped");
  assert.deepEqual(workers[0].sent.at(-1), { id: 2, request: '{"deltas":true,"n":3}', inputs: { original: "", updated: "", live: "" } });
  workers[0].reply({ id: 2, response: '{"n":3}' });
  assert.deepEqual(await third, { n: 3 });
  workers[0].reply({ id: 2, response: '{"n":"again"}' });
});

test("past the time limit the worker is replaced and the page told", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { workers, engine, statuses } = setup({ timeLimit: 4000 });
    workers[0].reply({ type: "ready" });
    const hung = engine.request({ n: 1 });
    mock.timers.tick(3999);
    assert.equal(workers.length, 1);
    mock.timers.tick(1);
    await assert.rejects(hung, (err) => err.code === "timeout" && /4 s/.test(err.message) && /still in the editors/.test(err.message));
    assert.equal(workers[0].terminated, true);
    assert.equal(workers.length, 2);
    assert.equal(statuses.at(-1), "restarting");
    const next = engine.request({ n: 2 });
    workers[1].reply({ type: "ready" });
    workers[1].reply({ id: 2, response: "{}" });
    assert.deepEqual(await next, {});
  } finally {
    mock.timers.reset();
  }
});

test("the time budget grows with the request", () => {
  assert.equal(timeBudget(0), TIME_LIMIT_MS);
  assert.equal(timeBudget(-5), TIME_LIMIT_MS);
  assert.equal(timeBudget(1 << 20, { base: 1000, perMiB: 500 }), 1500);
  assert.equal(timeBudget(3 << 19, { base: 1000, perMiB: 500 }), 1750);
  assert.equal(timeBudget(12 << 20), TIME_LIMIT_MS + 12 * 4000);
});

test("a large request gets a larger budget, and the message says it", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { workers, engine } = setup({ timeLimit: 1000, timePerMiB: 1000 });
    workers[0].reply({ type: "ready" });
    const big = engine.request({ live: "x".repeat(2 << 20) }); // about 2 MiB of JSON: 3 s
    mock.timers.tick(2999);
    assert.equal(workers.length, 1, "still within its budget");
    mock.timers.tick(10);
    await assert.rejects(big, (err) => err.code === "timeout" && /longer than 3 s/.test(err.message));
    assert.equal(workers.length, 2);
  } finally {
    mock.timers.reset();
  }
});

test("an engine error restarts the worker; the page keeps going", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const bad = engine.request({});
  workers[0].reply({ id: 1, error: "Go program has already exited" });
  await assert.rejects(bad, { code: "failed" });
  assert.equal(workers[0].terminated, true);
  const notJSON = engine.request({});
  workers[1].reply({ type: "ready" });
  workers[1].reply({ id: 2, response: "{" });
  await assert.rejects(notJSON, { code: "failed" });
  await settle();
});

test("a wasm that never loads makes the engine unavailable, with a message", async () => {
  const { workers, engine, statuses } = setup();
  const waiting = engine.request({});
  workers[0].reply({ type: "failed", error: "HTTP 404" });
  await assert.rejects(waiting, (err) => err.code === "unavailable" && /404/.test(err.message));
  assert.equal(statuses.at(-1), "unavailable");
  await assert.rejects(engine.request({}), { code: "unavailable" });
  assert.equal(workers.length, 1, "no restart loop");
});

test("repeated crashes stop the restarts", async () => {
  const { workers, statuses } = setup();
  workers[0].reply({ type: "ready" });
  for (let i = 0; i < 4; i++) {
    workers.at(-1).reply({ type: "ready" });
    workers.at(-1).reply({ type: "failed", error: "exit" });
  }
  assert.equal(statuses.at(-1), "unavailable");
  assert.equal(workers.length, 4);
});

test("an engine slow to load is said to be slow, and ready clears it", async () => {
  const { workers, statuses } = setup({ slowLoad: 5 });
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(statuses, ["loading", "slow"]);
  workers[0].reply({ type: "ready" });
  assert.deepEqual(statuses, ["loading", "slow", "ready"]);
});

test("an engine that loads in time is never said to be slow", async () => {
  const { workers, statuses } = setup({ slowLoad: 5 });
  workers[0].reply({ type: "ready" });
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(statuses, ["loading", "ready"]);
});

test("a request leaves out the parts no shown tab needs", () => {
  assert.deepEqual(partsToSkip("result"), ["diff", "patches"]);
  assert.deepEqual(partsToSkip("diff"), ["patches"], "the Diff tab needs the diff");
  assert.deepEqual(partsToSkip("patch"), ["diff"]);
  assert.deepEqual(partsToSkip("explain"), ["diff", "patches"]);
});

test("fillIn puts a skipped part in and takes it off extra.skipped", () => {
  const response = { patch: "", extra: { skipped: ["diff", "patches"] } };
  assert.equal(lacks(response, "diff"), true);
  fillIn(response, { patch: "{}", extra: { diff: [{ op: "equal", lines: ["a"] }], skipped: ["patches"] } }, "diff");
  assert.deepEqual(response, { patch: "", extra: { diff: [{ op: "equal", lines: ["a"] }], skipped: ["patches"] } }, "only the part asked for");
  fillIn(response, { patch: "{}", extra: { patches: [1], skipped: ["diff"] } }, "patches");
  assert.deepEqual(response, { patch: "{}", extra: { diff: [{ op: "equal", lines: ["a"] }], patches: [1] } });
  assert.equal(lacks(response, "diff"), false);
  const still = { extra: { skipped: ["diff"] } };
  fillIn(still, { extra: { skipped: ["diff"] } }, "diff");
  assert.deepEqual(still, { extra: { skipped: ["diff"] } }, "an answer that lacks it too fills nothing");
});

test("the inputs go apart from the request's JSON, as they are", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const updated = 'a: "\\u00e9 \\"x\\""\n'.repeat(3);
  const asked = engine.request({ mode: "apply", original: "o: 1\n", updated, options: { prune: true } });
  assert.deepEqual(workers[0].sent.at(-1), { id: 1, request: '{"deltas":true,"mode":"apply","options":{"prune":true}}', inputs: { original: "o: 1\n", updated, live: "" } });
  workers[0].reply({ id: 1, response: '{"errors":[]}' });
  assert.deepEqual(await asked, { errors: [] });
});

test("long inputs go as splices of the ones the worker holds, and whole to a new worker", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const live = "l: 1\n".repeat(SPLICE_FROM_CHARS / 2);
  const config = "c: 1\n".repeat(SPLICE_FROM_CHARS / 2);
  const edited = config.slice(0, 1000) + "c: 12" + config.slice(1004);
  const first = engine.request({ mode: "apply", original: "o: 1\n", updated: config, live });
  assert.deepEqual(workers[0].sent.at(-1).inputs, { original: "o: 1\n", updated: config, live }, "the worker holds nothing yet");
  workers[0].reply({ id: 1, response: "{}" });
  await first;
  const second = engine.request({ mode: "apply", original: "o: 2\n", updated: edited, live });
  assert.deepEqual(workers[0].sent.at(-1).inputs, {
    original: "o: 2\n",
    updated: { head: 1004, tail: config.length - 1004, text: "2" },
    live: { head: live.length, tail: 0, text: "" },
  }, "a short input goes whole; a long one as its change");
  workers[0].reply({ id: 2, error: "boom" });
  await assert.rejects(second);
  assert.equal(workers.length, 2, "the failure restarted the worker");
  workers[1].reply({ type: "ready" });
  const third = engine.request({ mode: "apply", original: "o: 2\n", updated: edited, live });
  assert.deepEqual(workers[1].sent.at(-1).inputs, { original: "o: 2\n", updated: edited, live }, "a new worker holds nothing");
  workers[1].reply({ id: 3, response: "{}" });
  await third;
});

test("a splice rebuilds the input it was made from", () => {
  const before = "key: value\n".repeat(SPLICE_FROM_CHARS / 8);
  const apply = (text, part) => (typeof part === "string" ? part : text.slice(0, part.head) + part.text + text.slice(text.length - part.tail));
  for (const after of [before.slice(0, 70000) + "é" + before.slice(70000), before.slice(100), before + "end", "x".repeat(SPLICE_FROM_CHARS) + before, before.replaceAll("value", "v")]) {
    const part = inputSplices({ original: before, updated: before, live: before }, { original: after, updated: before, live: "" });
    assert.equal(apply(before, part.original), after);
    if (after.length < SPLICE_FROM_CHARS) assert.equal(part.original, after, "a text grown short goes whole");
    else assert.ok(part.original.text.length <= Math.abs(after.length - before.length) + 1, `only what differs is sent: ${part.original.text.length} units`);
    assert.deepEqual(part.updated, { head: before.length, tail: 0, text: "" });
    assert.equal(part.live, "", "a short input goes whole");
  }
});

test("complete waits for the request in flight, then asks for the part alone", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const request = { mode: "apply", updated: "u" };
  const first = engine.request({ ...request, skip: ["diff", "patches"] });
  workers[0].reply({ id: 1, response: '{"errors":[],"extra":{"skipped":["diff","patches"]}}' });
  const response = await first;
  const typed = engine.request({ ...request, updated: "uv", skip: ["diff", "patches"] }); // in flight
  const stale = engine.complete(request, response, "diff");
  await settle();
  assert.equal(workers[0].sent.length, 3, "nothing sent while a request is in flight");
  workers[0].reply({ id: 2, response: '{"errors":[],"extra":{"skipped":["diff","patches"]}}' });
  const newer = await typed;
  assert.equal(await stale, null, "a request made since: its answer takes over");
  assert.equal(workers[0].sent.length, 3);
  const filled = engine.complete(request, newer, "patches");
  await settle();
  const sent = workers[0].sent.at(-1);
  assert.deepEqual({ ...JSON.parse(sent.request), updated: sent.inputs.updated }, { deltas: true, ...request, skip: ["diff"] }, "the same merge, the part no longer skipped");
  workers[0].reply({ id: 3, response: '{"errors":[],"patch":"{}","extra":{"patches":[],"skipped":["diff"]}}' });
  assert.equal(await filled, newer, "the answer itself, filled in");
  assert.deepEqual(newer, { errors: [], patch: "{}", extra: { patches: [], skipped: ["diff"] } });
  assert.equal(await engine.complete(request, newer, "patches"), newer, "nothing missing: nothing asked");
  assert.equal(workers[0].sent.length, 4);
});

test("complete gives way to a request made while it is in flight", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  assert.equal(await engine.complete({ n: 1 }, { extra: { skipped: ["diff"] } }, "diff"), null, "not the engine's latest answer: nothing asked");
  const asked = engine.request({ n: 1, skip: ["diff"] });
  workers[0].reply({ id: 1, response: '{"errors":[],"extra":{"skipped":["diff"]}}' });
  const response = await asked;
  const filling = engine.complete({ n: 1 }, response, "diff");
  await settle();
  assert.deepEqual(workers[0].sent.at(-1), { id: 2, request: '{"deltas":true,"n":1}', inputs: { original: "", updated: "", live: "" } });
  const typed = engine.request({ n: 2 });
  workers[0].reply({ id: 2, response: '{"errors":[],"extra":{"diff":[]}}' });
  assert.equal(await filling, null, "superseded: the newer answer is drawn instead");
  assert.deepEqual(response, { errors: [], extra: { skipped: ["diff"] } });
  workers[0].reply({ id: 3, response: '{"n":2}' });
  assert.deepEqual(await typed, { n: 2 });
});

/** A stand-in for the engine's instance in the page (inline.js): answers what fits says. */
function fakeInline(fitting) {
  const inline = { offered: [], answered: [], fits: (job) => fitting(job), lastMS: () => 2 };
  inline.offer = (module, lastJob) => inline.offered.push({ module, lastJob });
  inline.answer = (job) => {
    inline.answered.push(job.json);
    if (inline.broken) throw new Error("Go program has already exited");
    return JSON.stringify({ inline: JSON.parse(job.json).n });
  };
  return inline;
}

test("the worker's module goes to the inline engine, with the page's last request", async () => {
  const inline = fakeInline(() => false);
  const { workers, engine } = setup({ inline });
  workers[0].reply({ type: "ready" });
  const answer = engine.request({ n: 1 });
  workers[0].reply({ id: 1, response: '{"n":1}' });
  await answer;
  const module = { fake: "module" };
  workers[0].reply({ type: "module", module });
  assert.equal(inline.offered.length, 1);
  assert.equal(inline.offered[0].module, module);
  assert.equal(inline.offered[0].lastJob().json, '{"n":1}');
});

test("a request the inline engine fits is answered at once, and the worker's older answer dropped", async () => {
  const inline = fakeInline((job) => JSON.parse(job.json).n !== 1);
  const { workers, engine } = setup({ inline });
  workers[0].reply({ type: "ready" });
  const first = engine.request({ n: 1 });
  assert.equal(workers[0].sent.length, 2, "not fitting: sent to the worker");
  const second = engine.request({ n: 2 });
  assert.equal(workers[0].sent.length, 2, "fitting: not sent to the worker");
  assert.deepEqual(await second, { inline: 2 });
  assert.equal(engine.lastDuration(), 2);
  workers[0].reply({ id: 1, response: '{"n":1}' });
  await assert.rejects(first, { code: "superseded" }, "the worker's answer came after a newer request's: never shown");
  const third = engine.request({ n: 1 });
  workers[0].reply({ id: 2, response: '{"n":1}' });
  assert.deepEqual(await third, { n: 1 }, "the worker still answers what does not fit");
});

test("an inline engine that fails leaves the request to the worker", async () => {
  const inline = fakeInline(() => true);
  inline.broken = true;
  const { workers, engine } = setup({ inline });
  workers[0].reply({ type: "ready" });
  const answer = engine.request({ n: 5 });
  assert.deepEqual(inline.answered, ['{"n":5}']);
  assert.deepEqual(workers[0].sent.at(-1), { id: 1, request: '{"deltas":true,"n":5}', inputs: { original: "", updated: "", live: "" } });
  workers[0].reply({ id: 1, response: '{"n":5}' });
  assert.deepEqual(await answer, { n: 5 });
});

test("the time-out of a request a newer one answered in the page is not shown: superseded", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const inline = fakeInline((job) => JSON.parse(job.json).n !== 1);
    const { workers, engine } = setup({ inline, timeLimit: 1000, timePerMiB: 0, slowLoad: 60000 });
    workers[0].reply({ type: "ready" });
    const slow = engine.request({ n: 1 });
    assert.deepEqual(await engine.request({ n: 2 }), { inline: 2 });
    mock.timers.tick(1000);
    await assert.rejects(slow, { code: "superseded" });
    assert.equal(workers.length, 2, "the busy worker replaced all the same");
  } finally {
    mock.timers.reset();
  }
});

test("an answer's marks are held naming their strings in full, a delta's with its own names", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const first = engine.request({ n: 1 });
  workers[0].reply({
    id: 1,
    response:
      '{"version":2,"fields":[{"resource":0,"path":0,"mark":"added","line":1,"endLine":0,"reason":0,"rule":0},' +
      '{"resource":0,"path":1,"mark":"added","line":2,"endLine":0,"reason":0,"rule":0}],' +
      '"names":{"resources":["v1/ConfigMap/default/a"],"paths":[".a",".b"],"reasons":["why"],"rules":["apply/added"]},"extra":{"answer":1}}',
  });
  const mark = (path, line, reason) => ({ resource: "v1/ConfigMap/default/a", path, mark: "added", line, endLine: 0, reason, rule: "apply/added" });
  assert.deepEqual(await first, { version: 2, fields: [mark(".a", 1, "why"), mark(".b", 2, "why")], extra: { answer: 1 } });
  const next = engine.request({ n: 2 });
  workers[0].reply({
    id: 2,
    response:
      '{"version":2,"delta":{"since":1,"answer":2},"fields":{"edits":[{"keep":1},{"drop":1},' +
      '{"items":[{"resource":0,"path":0,"mark":"added","line":2,"endLine":0,"reason":0,"rule":1}]}]},' +
      '"names":{"resources":["v1/ConfigMap/default/a"],"paths":[".c"],"reasons":["because"],"rules":["x","apply/added"]},' +
      '"extra":{"set":{"answer":2},"drop":[]}}',
  });
  assert.deepEqual(await next, { version: 2, fields: [mark(".a", 1, "why"), mark(".c", 2, "because")], extra: { answer: 2 } });
});

test("the worker's answers come as deltas against the last one it gave, dropped ones included", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  const first = engine.request({ n: 1 });
  assert.equal(workers[0].sent.at(-1).request, '{"deltas":true,"n":1}', "no answer held: a whole one asked for");
  workers[0].reply({ id: 1, response: '{"result":"a\\n","fields":[1,2],"extra":{"answer":1}}' });
  assert.deepEqual(await first, { result: "a\n", fields: [1, 2], extra: { answer: 1 } });
  const dropped = engine.request({ n: 2 });
  assert.equal(workers[0].sent.at(-1).request, '{"deltas":true,"since":1,"n":2}');
  const latest = engine.request({ n: 3 }); // pending while 2 is in flight
  workers[0].reply({ id: 2, response: '{"version":1,"delta":{"since":1,"answer":2},"result":{"edits":[{"text":"b\\n"}]},"extra":{"set":{"answer":2},"drop":[]}}' });
  await assert.rejects(dropped, { code: "superseded" });
  assert.equal(workers[0].sent.at(-1).request, '{"deltas":true,"since":2,"n":3}', "the dropped answer is held: the next delta is written against it");
  workers[0].reply({ id: 3, response: '{"version":1,"delta":{"since":2,"answer":3},"fields":{"edits":[{"keep":1},{"drop":1},{"items":[3]}]},"extra":{"set":{"answer":3},"drop":[]}}' });
  assert.deepEqual(await latest, { version: 1, result: "b\na\n", fields: [1, 3], extra: { answer: 3 } });
  const broken = engine.request({ n: 4 });
  workers[0].reply({ id: 4, response: '{"version":1,"delta":{"since":9,"answer":4},"extra":{"set":{"answer":4},"drop":[]}}' });
  await assert.rejects(broken, { code: "failed" });
  const whole = engine.request({ n: 5 });
  assert.equal(workers[0].sent.at(-1).request, '{"deltas":true,"n":5}', "a delta that does not apply: the next answer is asked whole");
  workers[0].reply({ id: 5, response: '{"result":"c\\n","extra":{"answer":5}}' });
  assert.deepEqual(await whole, { result: "c\n", extra: { answer: 5 } });
});

test("a long answer is delivered in a task after the one that read it", async () => {
  const { workers, engine } = setup();
  workers[0].reply({ type: "ready" });
  let got = null;
  const answer = engine.request({ mode: "apply" }).then((r) => { got = r; });
  const long = "x".repeat(1 << 20);
  workers[0].reply({ id: 1, response: JSON.stringify({ result: long }) });
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(got, null, "not delivered in the message's task");
  await answer;
  assert.equal(got.result.length, 1 << 20);
});
