// The engine client: runs the wasm in a Web Worker (web/worker.js) and exposes a Promise-based
// request(). Only the latest request matters: an older one still waiting is dropped, and an
// answer that arrives after a newer request was made is dropped too. A request that takes longer
// than its time budget (timeBudget: a base and a share per MiB of the request) gets its worker
// terminated and a fresh one started; a crash restarts the worker as well. Nothing here ever
// throws into the page. A small request is answered on the page's own thread when the engine's
// instance in the page (inline.js) takes it: at once, in the task that asked; an answer the
// worker gives later to an older request is then dropped, never shown after the newer one. The
// worker's answers come as deltas against the last one it gave (delta.js), which this client
// holds whole (held), dropped answers included; the long inputs go to it as splices of the last
// ones it was sent (inputSplices).

import { expandNames } from "./answernames.js";
import { applyDelta, isDelta } from "./delta.js";
import { copyTimeline, markLoad } from "./loadmarks.js";
import { sharedHead, sharedTail } from "./sharedends.js";

/** How long one merge of small inputs may take before its worker is replaced. */
export const TIME_LIMIT_MS = 4000;

/**
 * What the time budget grows by per MiB of request (its characters: the inputs, the schema and
 * the options). A merge's time grows with its inputs, about in proportion, and a loaded machine
 * doubles the wall time or more (the measurements: docs/performance.md); so a request of the
 * largest inputs the engine reads gets about 53 s before its worker is replaced. The
 * worker runs beside the page, which stays responsive meanwhile.
 */
export const TIME_PER_MIB_MS = 4000;

/**
 * The time budget of a request of length characters (its inputs and the rest of its JSON).
 * @param {number} length
 * @param {{base?: number, perMiB?: number}} [limits]
 */
export function timeBudget(length, { base = TIME_LIMIT_MS, perMiB = TIME_PER_MIB_MS } = {}) {
  return base + Math.round((perMiB * Math.max(0, length)) / (1 << 20));
}

/** The tabs that show a part a request may leave out, and the part each shows. */
export const SKIPPABLE_VIEWS = { diff: "diff", patch: "patches" };

/**
 * The parts a request leaves out (its `skip`): every skippable part but the one the tab shown
 * needs. The line diff is a sixth to a fifth of an apply key's work in the engine on an example;
 * on a 4 MiB stream the two are 16 of the answer's 28 MB: paid on every keystroke for tabs the
 * reader rarely has open. A tab opened later asks for its part (complete), which the engine
 * answers from its last answer without merging again.
 * @param {string} shownTab the id of the tab shown
 * @returns {string[]}
 */
export function partsToSkip(shownTab) {
  return Object.entries(SKIPPABLE_VIEWS).filter(([tab]) => tab !== shownTab).map(([, part]) => part);
}

/**
 * Whether a response left a part out (its extra.skipped names it).
 * @param {object} response
 * @param {string} part "diff" or "patches"
 */
export function lacks(response, part) {
  const skipped = response?.extra?.skipped;
  return Array.isArray(skipped) && skipped.includes(part);
}

/**
 * Puts into response (in place) the part a fuller answer to the same request carries, and takes
 * it off response's extra.skipped.
 * @param {object} response
 * @param {object} fuller
 * @param {string} part
 */
export function fillIn(response, fuller, part) {
  if (!lacks(response, part) || lacks(fuller, part)) return response;
  if (part === "diff") response.extra.diff = fuller.extra?.diff ?? [];
  if (part === "patches") {
    response.patch = fuller.patch ?? "";
    if (fuller.extra && "patches" in fuller.extra) response.extra.patches = fuller.extra.patches;
  }
  response.extra.skipped = response.extra.skipped.filter((p) => p !== part);
  if (!response.extra.skipped.length) delete response.extra.skipped;
  return response;
}

/**
 * A response without the parts a request may leave out (the patch and extra.patches,
 * extra.diff) and without extra.skipped naming them: what two answers to one request that
 * skipped different parts hold alike (fillIn puts the parts back where this takes them from).
 * @param {object} response
 * @returns {object}
 */
export function withoutParts(response) {
  if (!response || typeof response !== "object") return response;
  const { patch: _patch, extra, ...rest } = response;
  if (!extra || typeof extra !== "object") return rest;
  const { skipped: _skipped, diff: _diff, patches: _patches, ...kept } = extra;
  return { ...rest, extra: kept };
}

/** The inputs of a request, which the worker hands to the engine apart from its JSON. */
const INPUT_KEYS = ["original", "updated", "live"];

/**
 * A request as it goes to the worker: its JSON text without the inputs, the inputs apart, as
 * strings of their own (the worker hands them to the wasm so: wasm/bridge_js.go), and its size
 * in characters, for its time budget. A 4 MiB input is then neither escaped into JSON on the
 * page's main thread, which took a quarter to half a second per keystroke on three 4 MiB
 * inputs, nor read back out of JSON by the engine.
 * @param {object} request
 * @returns {{json: string, inputs: {original: string, updated: string, live: string}, size: number}}
 */
export function jobOf(request) {
  const rest = { ...request };
  const inputs = {};
  let size = 0;
  for (const key of INPUT_KEYS) {
    inputs[key] = String(request?.[key] ?? "");
    size += inputs[key].length;
    delete rest[key];
  }
  const json = JSON.stringify(rest);
  return { json, inputs, size: size + json.length };
}

/** Whether two jobs (jobOf) ask the same. */
function sameJob(a, b) {
  return a.json === b.json && INPUT_KEYS.every((key) => a.inputs[key] === b.inputs[key]);
}

/** How long the engine may take to load before the page says it is slow (it keeps waiting). */
export const SLOW_LOAD_MS = 10000;

/** Why a request did not get an answer. */
export class EngineError extends Error {
  /**
   * @param {"superseded"|"timeout"|"failed"|"unavailable"} code
   * @param {string} message a sentence for the page
   */
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

/**
 * @typedef {{state: "loading"|"slow"|"ready"|"restarting"|"unavailable", message: string}} EngineStatus
 * slow: the engine has not loaded after slowLoad ms; it is still awaited.
 */

/**
 * Starts the engine.
 * @param {{
 *   workerURL: string|URL, wasmURL: string, wasmExecURL: string,
 *   timeLimit?: number, timePerMiB?: number, slowLoad?: number,
 *   onStatus?: (status: EngineStatus) => void,
 *   createWorker?: (url: string|URL) => Worker,
 *   inline?: {offer: Function, fits: (job: object) => boolean, answer: (job: object) => string, lastMS: () => number}|null,
 * }} config URLs must be absolute (the worker resolves them against its own address). timeLimit
 *   and timePerMiB make the time budget (timeBudget). inline: the engine's instance in the page
 *   (inline.js), offered the module the worker compiled, which answers the requests it fits.
 * @returns {{request: (request: object) => Promise<object>, lastDuration: () => number, destroy: () => void}}
 */
export function createEngine({ workerURL, wasmURL, wasmExecURL, timeLimit = TIME_LIMIT_MS, timePerMiB = TIME_PER_MIB_MS, slowLoad = SLOW_LOAD_MS, onStatus = () => {}, createWorker = (url) => new Worker(url), inline = null }) {
  const e = {
    workerURL, wasmURL, wasmExecURL, timeLimit, timePerMiB, onStatus, createWorker, inline,
    worker: null,
    ready: false,
    everReady: false,
    nextId: 1,
    inflight: null, // {id, job, resolve, reject, timer}
    pending: null, // {job, resolve, reject}
    failures: 0,
    lastDuration: 0, // ms the worker took on the last answered request
    destroyed: false,
    slowTimer: 0, // says the engine is slow to load, until it is ready
    prefetched: null, // {job, promise}: a request made ahead, for the next identical one
    unavailable: "", // why the engine gave up, for the requests made after
    latest: null, // the last answer to a request of the page's (not to complete's)
    idleWaiters: [], // resolve functions waiting for nothing to be in flight or pending
    generation: 0, // counts the requests made: an answer to an older one is dropped
    lastJob: null, // the last request of the page's (not complete's), which warms the inline engine
    held: null, // {answer, response}: the worker's last answer, whole, against which it writes the next
    sentInputs: null, // the inputs last posted to the worker, which it holds: the next are spliced into them
    onStarted: () => {},
  };
  e.started = new Promise((resolve) => { e.onStarted = resolve; }); // the worker's first message
  onStatus({ state: "loading", message: "Loading the merge engine…" });
  e.slowTimer = setTimeout(() => {
    if (!e.everReady && !e.destroyed) onStatus({ state: "slow", message: `The merge engine has not loaded after ${Math.round(slowLoad / 1000)} s. It is still loading; on a slow connection or device this can take a while, or reload the page.` });
  }, slowLoad);
  e.slowTimer?.unref?.(); // under Node (the tests), a pending notice keeps nothing alive
  startWorker(e);
  return engineAPI(e);
}

function startWorker(e) {
  e.ready = false;
  e.held = null;
  e.sentInputs = null;
  try {
    e.worker = e.createWorker(e.workerURL);
  } catch (err) {
    giveUp(e, `The engine's worker could not start: ${err?.message ?? err}`);
    return;
  }
  e.worker.onmessage = (event) => onWorkerMessage(e, event.data);
  e.worker.onerror = (event) => {
    event?.preventDefault?.();
    crashed(e, event?.message || "the engine's worker failed to load");
  };
  e.worker.postMessage({ type: "init", wasm: String(e.wasmURL), wasmExec: String(e.wasmExecURL) });
}

function onWorkerMessage(e, message) {
  if (!message || typeof message !== "object") return;
  e.onStarted();
  if (message.type === "ready") {
    if (!e.everReady) markLoad("engine-ready");
    clearTimeout(e.slowTimer);
    e.ready = e.everReady = true;
    e.onStatus({ state: "ready", message: "" });
    if (e.inflight) startClock(e, e.inflight);
    pump(e);
  } else if (message.type === "failed") {
    crashed(e, String(message.error ?? "the engine stopped"));
  } else if (message.type === "module") {
    e.inline?.offer(message.module, () => e.lastJob);
  } else if (message.type === "timeline") {
    copyTimeline(message);
  } else if (e.inflight && message.id === e.inflight.id) {
    finish(e, message);
  }
}

function finish(e, message) {
  const job = e.inflight;
  clearTimeout(job.timer);
  const text = message.response;
  const response = typeof text === "string" ? readAnswer(e, text) : undefined;
  // A long answer is read in this task and drawn in the next (settle): the two were one long task
  // on the page's thread (docs/performance.md, "The 2 MB input").
  if (typeof text === "string" && text.length >= SETTLE_APART_CHARS) setTimeout(settle, 0, e, job, message, response);
  else settle(e, job, message, response);
}

/**
 * The length of an answer's text from which it is drawn in a task after the one that read it:
 * the 2 MB input's first answer is 52 MB, an example's a few KB.
 */
const SETTLE_APART_CHARS = 1 << 20;

/**
 * Settles job with the worker's message and its answer read (readAnswer: undefined when the
 * message holds none, null when it is not JSON), unless the job was settled meanwhile (the worker
 * stopped, or the engine was destroyed).
 */
function settle(e, job, message, response) {
  if (e.inflight !== job) return;
  e.inflight = null;
  if (e.pending || job.generation !== e.generation) {
    job.reject(new EngineError("superseded", "a newer request was made"));
  } else if (response === null) {
    job.reject(new EngineError("failed", "The engine answered with something that is not JSON."));
  } else if (response !== undefined) {
    deliver(e, job, response, performance.now() - job.sent);
    e.failures = 0;
  } else {
    job.reject(new EngineError("failed", `The engine failed on this input: ${String(message.error ?? "unknown error")}. The engine was restarted.`));
    restart(e);
    return;
  }
  pump(e);
}

/**
 * Rejects the request in flight with err, or as superseded when a newer request was made (and
 * answered in the page: inline.js) meanwhile: its time-out or crash is not the page's to show.
 */
function refuse(e, job, err) {
  job.reject(job.generation === e.generation ? err : new EngineError("superseded", "a newer request was made"));
}

/**
 * The worker's answer, read whole, its marks' names expanded (answernames.js): a delta applied to the answer held, which it replaces (even
 * when no one waits for it any more: the worker's next delta is written against it); null when
 * it is not JSON or its delta does not apply (the next request then asks for a whole answer).
 */
function readAnswer(e, text) {
  let response;
  try {
    response = expandNames(JSON.parse(text));
    if (isDelta(response)) response = applyDelta(e.held?.response, response);
  } catch {
    e.held = null;
    return null;
  }
  const answer = response?.extra?.answer;
  e.held = Number.isInteger(answer) ? { answer, response } : null;
  return response;
}

/**
 * Resolves a request with its answer, which took ms: a copy of its top and its extra, which the
 * page may fill in (fillIn), the answer held staying as the worker gave it.
 */
function deliver(e, job, response, ms) {
  e.lastDuration = ms;
  const own = response?.extra ? { ...response, extra: { ...response.extra } } : response;
  if (!job.completing) e.latest = own;
  job.resolve(own);
}

/**
 * Sends the pending request when none is in flight. Before the wasm is ready the worker holds
 * it and answers it once ready, without waiting for this thread to pass the word on; its time
 * budget and its duration then count from ready (startClock).
 */
function pump(e) {
  wakeIfIdle(e);
  if (!e.worker || e.inflight || !e.pending || e.destroyed) return;
  const job = e.pending;
  e.pending = null;
  e.inflight = { ...job, id: e.nextId++, sent: 0, timer: 0, budget: timeBudget(job.job.size, { base: e.timeLimit, perMiB: e.timePerMiB }) };
  if (e.ready) startClock(e, e.inflight);
  const inputs = inputSplices(e.sentInputs, job.job.inputs);
  e.sentInputs = job.job.inputs;
  e.worker.postMessage({ id: e.inflight.id, request: withDeltas(job.job.json, e.held?.answer ?? 0), inputs });
}

/** The shortest input posted as a splice of the text its worker holds, in UTF-16 units. */
export const SPLICE_FROM_CHARS = 1 << 16;

/**
 * The inputs as posted to the worker (web/worker.js): a long one whose last text the worker
 * holds (from the last request posted to it) goes as a splice of that text, {head, tail, text}
 * (the first head and the last tail units kept, text between them), the others whole. A key on
 * the 2 MB input then posts a few characters, not 5 MB that the page's thread serialized and the
 * worker's read at every request.
 * @param {{original: string, updated: string, live: string}|null} held what the worker holds
 * @param {{original: string, updated: string, live: string}} inputs
 */
export function inputSplices(held, inputs) {
  const out = {};
  for (const key of INPUT_KEYS) {
    const before = held?.[key];
    const after = inputs[key];
    if (typeof before !== "string" || before.length < SPLICE_FROM_CHARS || after.length < SPLICE_FROM_CHARS) {
      out[key] = after;
    } else if (before === after) {
      out[key] = { head: after.length, tail: 0, text: "" };
    } else {
      const max = Math.min(before.length, after.length);
      const head = sharedHead(before, after, max);
      const tail = sharedTail(before, after, max - head);
      out[key] = { head, tail, text: after.slice(head, after.length - tail) };
    }
  }
  return out;
}

/**
 * A request's JSON text asking the worker for deltas (docs/contract.md, "Deltas") against the
 * answer since (0: none held).
 * @param {string} json
 * @param {number} since
 */
export function withDeltas(json, since) {
  const head = since > 0 ? `{"deltas":true,"since":${since}` : `{"deltas":true`;
  return json.trim() === "{}" ? `${head}}` : `${head},${json.trim().slice(1)}`;
}

/** Starts the request's time budget and duration. */
function startClock(e, job) {
  job.sent = performance.now();
  job.timer = setTimeout(() => timedOut(e), job.budget);
}

function timedOut(e) {
  const job = e.inflight;
  e.inflight = null;
  const seconds = Math.round(job.budget / 100) / 10;
  refuse(e, job, new EngineError("timeout", `The engine took longer than ${seconds} s on this input and was restarted. Your input is still in the editors; change it to try again.`));
  restart(e, { counts: false });
  wakeIfIdle(e);
}

function crashed(e, reason) {
  if (!e.everReady) {
    giveUp(e, `The merge engine could not be loaded: ${reason}. Reload the page to try again.`);
    return;
  }
  if (e.inflight) {
    const job = e.inflight;
    clearTimeout(job.timer);
    e.inflight = null;
    refuse(e, job, new EngineError("failed", `The engine stopped on this input (${reason}) and was restarted.`));
  }
  restart(e);
  wakeIfIdle(e);
}

/** Replaces the worker; crashes (not time-outs) count towards giving up. */
function restart(e, { counts = true } = {}) {
  e.worker?.terminate();
  e.worker = null;
  if (e.destroyed) return;
  if (counts) e.failures++;
  if (e.failures > 3) {
    giveUp(e, "The engine keeps failing; reload the page to start it again.");
    return;
  }
  e.onStatus({ state: "restarting", message: "Restarting the engine…" });
  startWorker(e);
}

function giveUp(e, message) {
  e.onStarted();
  e.unavailable = message;
  clearTimeout(e.slowTimer);
  e.worker?.terminate();
  e.worker = null;
  e.ready = false;
  e.destroyed = true;
  e.onStatus({ state: "unavailable", message });
  for (const job of [e.inflight, e.pending]) {
    if (!job) continue;
    clearTimeout(job.timer);
    job.reject(new EngineError("unavailable", message));
  }
  e.inflight = e.pending = null;
  wakeIfIdle(e);
}

/** Wakes what waits for idle() when nothing is in flight or pending. */
function wakeIfIdle(e) {
  if (!e.inflight && !e.pending) for (const wake of e.idleWaiters.splice(0)) wake();
}

/** Resolves once no request is in flight or pending (at once when none is). */
function idle(e) {
  if (!e.inflight && !e.pending) return Promise.resolve();
  return new Promise((resolve) => e.idleWaiters.push(resolve));
}

/**
 * Queues a request (jobOf); the latest wins. completing: the request fills in an answer
 * (complete), whose own answer is not the latest answer.
 */
function send(e, job, completing = false) {
  return new Promise((resolve, reject) => {
    if (e.destroyed) {
      reject(new EngineError("unavailable", e.unavailable || "The engine is not available."));
      return;
    }
    e.pending?.reject(new EngineError("superseded", "a newer request was made"));
    e.pending = null;
    const generation = ++e.generation;
    if (!completing) e.lastJob = job;
    if (answerInline(e, { job, resolve, reject, completing })) {
      wakeIfIdle(e);
      return;
    }
    e.pending = { job, resolve, reject, completing, generation };
    pump(e);
  });
}

/**
 * Answers a request on the page's thread when the inline engine takes it; false when it does
 * not, or failed (the worker answers then).
 */
function answerInline(e, request) {
  if (!e.inline?.fits(request.job)) return false;
  let response;
  try {
    response = expandNames(JSON.parse(e.inline.answer(request.job)));
  } catch {
    return false;
  }
  deliver(e, request, response, e.inline.lastMS());
  return true;
}

/** A part an answer left out, put into it (see the engine's complete below). */
async function complete(e, request, response, part) {
  if (!lacks(response, part)) return response;
  await idle(e);
  if (e.latest !== response) return null;
  if (!lacks(response, part)) return response; // a call made meanwhile filled it in
  const skip = response.extra.skipped.filter((p) => p !== part);
  try {
    const fuller = await send(e, jobOf(skip.length ? { ...request, skip } : request), true);
    if (Array.isArray(fuller?.errors) && fuller.errors.length) throw new EngineError("failed", fuller.errors[0].message);
    return fillIn(response, fuller, part);
  } catch (err) {
    if (err?.code === "superseded") return null;
    throw err;
  }
}

function engineAPI(e) {
  return {
    /**
     * Sends a request; resolves to the parsed response. Rejects with an EngineError: code
     * "superseded" when a newer request replaced it (ignore those), "timeout", "failed" or
     * "unavailable" with a message for the page. A request identical to the one prefetch made
     * takes that one's answer, once.
     */
    request(request) {
      const job = jobOf(request);
      const ahead = e.prefetched;
      e.prefetched = null;
      if (ahead && sameJob(ahead.job, job)) return ahead.promise;
      return send(e, job);
    },
    /**
     * Sends a request before the page asks for it (the first answer, while the page builds
     * itself); the next request() with the same JSON takes its answer instead of asking again.
     */
    prefetch(request) {
      const job = jobOf(request);
      e.prefetched = { job, promise: send(e, job) };
      e.prefetched.promise.catch(() => {}); // its failure is the next identical request's
    },
    /**
     * Resolves once the worker has sent its first message (its script runs), or after within ms,
     * whichever comes first: a page that waits for it before building itself lets the browser
     * start the worker first, which it does only when the page's main thread is free.
     */
    started(within = 0) {
      let timer = 0;
      const waited = new Promise((resolve) => { timer = setTimeout(resolve, within); });
      return Promise.race([e.started, waited]).finally(() => clearTimeout(timer));
    },
    /**
     * Gets a part the response to request left out (partsToSkip) and puts it into the response
     * (fillIn); resolves to the response, or to null when it is no longer the latest answer
     * (the newer one takes over). It waits for the requests in flight to be answered, so that it
     * never displaces one, and asks the engine for the same merge with that part no longer
     * skipped, which the engine answers from its last answer without merging again.
     * @param {object} request the request as the page built it, without skip
     * @param {object} response its answer
     * @param {string} part
     * @returns {Promise<object|null>}
     */
    complete: (request, response, part) => complete(e, request, response, part),
    /** How long, in ms, the worker took on the last answered request (not counting any wait). */
    lastDuration: () => e.lastDuration,
    destroy() {
      clearTimeout(e.slowTimer);
      e.destroyed = true;
      e.worker?.terminate();
      e.worker = null;
    },
  };
}
