// The engine's instance in the page: the worker's wasm, instantiated a second time on the page's
// own thread from the module the worker compiled (posted to the page after its first answer), so
// that a small edit is answered in the task of its key and drawn in the key's own frame. Through
// the worker an answer takes two tasks and a frame on the page's thread besides the engine's own
// time, more than the frame a keystroke has (docs/performance.md). The worker stays for every
// request this instance does not take: a call on this thread cannot be interrupted, so it takes
// only a request whose cost is bounded before the work starts (fits): at most INLINE_MAX_CHARS
// characters, no & anywhere, the character a YAML anchor starts with (aliases are the only way a
// few characters become millions of nodes: without them the engine's time follows the text's
// length; the page reads no YAML, so any & sends a request to the worker), and an expected time within
// INLINE_BUDGET_MS, from the calls this instance answered. A runaway input still goes to the
// worker, which is replaced past its time budget (engine.js).
//
// It starts when the page is idle: wasm_exec.js imported, the module instantiated and Go's main
// run (Go's runtime and the engine's start, tens of ms, once), then calls answering the page's
// last request when it is short (MEASURE_MAX_CHARS), one task each, untimed by any key: the first of all, which reserves the heap and
// fills the handler's readings and memo with the text being edited (tens of ms), then SAMPLES
// that measure the instance. A request expected too slow has the instance measured again the same
// way when the page is next idle (at most every REMEASURE_MS), so that slow calls (the machine
// busy for a moment) do not send every later key to the worker.

/** The largest request (its characters, inputs included: engine.js jobOf) answered in the page. */
export const INLINE_MAX_CHARS = 64 * 1024;

/**
 * The longest call a request is expected to take to be answered in the page, in ms: a frame. A
 * call holds the page's thread, so the key's own paint waits for it; through the worker the
 * answer would come a frame or more later than the call's own time.
 */
export const INLINE_BUDGET_MS = 16;

/** The calls' times are read per character of at least this many (a call has a fixed cost too). */
export const SIZE_FLOOR = 2048;

/** The calls kept to expect the next one's time from, and the calls that measure the instance. */
const SAMPLES = 3;

/**
 * The longest request the instance is measured on (its first call of all too): an untimed call of
 * a longer one could hold the page's thread for more than a frame before anything is known of the
 * instance's speed. A longer request is answered in the page only as expected from shorter ones.
 */
export const MEASURE_MAX_CHARS = 8 * 1024;

/** The least time between two measurings of the instance after its first, in ms. */
const REMEASURE_MS = 2000;

/**
 * Whether a request (engine.js jobOf) may hold a YAML anchor: an & anywhere, in its inputs or its
 * JSON (a history's steps, a schema), a quoted one or one in a comment too (such a request goes
 * to the worker, which answers it as well).
 * @param {{json: string, inputs: {original: string, updated: string, live: string}}} job
 */
export function hasAnchor(job) {
  return job.json.includes("&") || Object.values(job.inputs).some((text) => text.includes("&"));
}

/**
 * The time a call on a request of size characters is expected to take: the median of the recent
 * calls' times per character (of at least SIZE_FLOOR), times its size. Infinity with no call yet.
 * @param {{ms: number, size: number}[]} samples
 * @param {number} size
 */
export function expectedMS(samples, size) {
  if (!samples.length) return Infinity;
  const rates = samples.map((s) => s.ms / Math.max(s.size, SIZE_FLOOR)).sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)] * Math.max(size, SIZE_FLOOR);
}

/** Runs fn when the page is idle (or within a second), one task of its own. */
function whenIdleDefault(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => fn(), { timeout: 1000 });
  else setTimeout(fn, 50);
}

/**
 * Creates the page's instance, not started yet (offer starts it).
 * @param {{wasmExecURL: string|URL, load?: (url: string) => Promise<unknown>, whenIdle?: (fn: () => void) => void,
 *   now?: () => number, scope?: object}} config load: imports wasm_exec.js (its Go class lands in scope)
 * @returns {{offer: (module: WebAssembly.Module, lastJob: () => object|null) => void, fits: (job: object) => boolean,
 *   answer: (job: object) => string, lastMS: () => number}}
 */
export function createInlineEngine({ wasmExecURL, load = (url) => import(url), whenIdle = whenIdleDefault, now = () => performance.now(), scope = globalThis }) {
  const s = { handle: null, offered: false, dead: false, samples: [], lastMS: 0, measuring: false, measuredAt: -Infinity, lastJob: () => null };
  const answer = (job) => {
    const t0 = now();
    try {
      const text = s.handle(job.json, job.inputs.original, job.inputs.updated, job.inputs.live);
      if (typeof text !== "string") throw new Error("the engine returned no text");
      return text;
    } catch (err) {
      s.dead = true; // Go exited or the call threw: the worker answers from now on
      throw err;
    } finally {
      s.lastMS = now() - t0;
      s.samples.push({ ms: s.lastMS, size: job.size });
      if (s.samples.length > SAMPLES) s.samples.shift();
    }
  };
  const { first, remeasure } = measuring(s, answer, whenIdle, now);
  const fits = (job) => {
    if (!s.handle || s.dead || job.size > INLINE_MAX_CHARS || hasAnchor(job)) return false;
    const expected = expectedMS(s.samples, job.size);
    if (expected <= INLINE_BUDGET_MS) return true;
    remeasure();
    return false;
  };
  return {
    /** Starts the instance from the worker's compiled module, when the page is idle; once. */
    offer(module, lastJob) {
      if (s.offered || !(module instanceof WebAssembly.Module)) return;
      s.offered = s.measuring = true;
      s.lastJob = lastJob;
      whenIdle(() => start(s, { module, wasmExecURL, load, scope }).then(() => setTimeout(first, 0), () => { s.dead = true; }));
    },
    /** Whether this instance answers job now (its cost bounded: see the module's comment). */
    fits,
    /** Answers job on this thread: the response's JSON text; throws when the instance failed. */
    answer,
    /** How long the last call took, in ms. */
    lastMS: () => s.lastMS,
  };
}

/**
 * Measuring the instance: first makes the first call of all, which is not a measure, then
 * measures; measuring makes SAMPLES calls on the page's last request, one task each (a key typed
 * meanwhile comes between them); remeasure measures when the page is next idle, unless it is
 * measuring or did within REMEASURE_MS.
 */
function measuring(s, answer, whenIdle, now) {
  const call = () => {
    const job = s.lastJob();
    if (!s.handle || s.dead || !job || job.size > MEASURE_MAX_CHARS || hasAnchor(job)) return false;
    try {
      answer(job);
      return true;
    } catch {
      return false; // dead: the worker keeps answering
    }
  };
  const measure = (calls) => {
    s.measuredAt = now();
    if (!call() || calls <= 1) s.measuring = false;
    else setTimeout(() => measure(calls - 1), 0);
  };
  const first = () => {
    if (call()) s.samples.length = 0;
    setTimeout(() => measure(SAMPLES), 0);
  };
  const remeasure = () => {
    if (s.measuring || now() - s.measuredAt < REMEASURE_MS) return;
    s.measuring = true;
    whenIdle(() => measure(SAMPLES));
  };
  return { first, remeasure };
}

/**
 * Imports wasm_exec.js, instantiates the module and runs Go's main, which registers the bridge's
 * handle (wasm/bridge_js.go) and calls mergeplayOnReady synchronously; the handle is taken off
 * the page's globals at once (another instance in the page may set its own), and kept in s.
 */
async function start(s, { module, wasmExecURL, load, scope }) {
  if (typeof scope.Go !== "function") await load(String(wasmExecURL));
  const go = new scope.Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  const before = scope.mergeplayOnReady;
  scope.mergeplayOnReady = () => { s.handle = scope.mergeplayHandle; };
  try {
    go.run(instance).then(() => { s.dead = true; }, () => { s.dead = true; });
  } finally {
    scope.mergeplayOnReady = before;
    if (scope.mergeplayHandle === s.handle) delete scope.mergeplayHandle;
  }
  if (typeof s.handle !== "function") throw new Error("the engine did not start in the page");
}
