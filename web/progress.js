// What the status line says while a merge runs, and how long the reader waited for its answer.
// A merge answered within SAY_AFTER_MS changes nothing on the way (the page would only flicker);
// a slower one (a 2 MB paste, kustomize on a long stream) says "Merging your edit…" (or what
// else the reader did: CHANGES), then the
// whole seconds since the edit, counting up, until the answer or a failure. The answer then reports both the
// engine's time and the reader's wait, from the edit it answers to its display (the wait
// includes the pause the page leaves between keys while merges are slow, the merge in flight it
// had to wait for, and drawing the answer). Timers are passed in: the tests drive them.

/** A merge running this long (ms since the edit) is said. */
export const SAY_AFTER_MS = 300;

/**
 * The running time counts up in whole seconds: each update costs the page's main thread a little
 * (on a loaded machine, with megabytes in the editors, enough to slow the worker's merge when
 * done ten times a second).
 */
export const TICK_MS = 1000;

/**
 * How the status line names each change of the state (state.js's Change) while its merge runs
 * and once it is answered: an input's text is an edit; a mode or an option a change; a state
 * loaded (an example or a link opened, a mode's starting example, "Apply again", a history's
 * step) is what the reader asked for.
 */
const CHANGES = {
  edit: { running: "Merging your edit…", since: "after your edit" },
  option: { running: "Merging your change…", since: "after your change" },
  mode: { running: "Merging your change…", since: "after your change" },
  load: { running: "Merging…", since: "after you asked" },
};

/**
 * @param {string} change
 * @returns {{running: string, since: string}}
 */
function wording(change) {
  return CHANGES[change] ?? CHANGES.edit;
}

/**
 * A duration as the status line says it: "850 ms", "1.4 s", "21 s".
 * @param {number} ms
 * @returns {string}
 */
export function formatWait(ms) {
  if (ms < 1) return "under 1 ms";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  return `${Math.floor(ms / 1000)} s`;
}

/**
 * The running time beside "Merging your edit…": the whole seconds since the edit ("" under one).
 * @param {number} ms
 * @returns {string}
 */
export function runningTime(ms) {
  return ms < TICK_MS ? "" : `${Math.floor(ms / 1000)} s`;
}

/**
 * Writes whole numbers with thousands separators ("1,234"), made once: toLocaleString builds a
 * formatter at each call (under Node 21 µs a call, against 0.6 µs for this one kept), and the
 * status line says a number at every answer.
 */
const wholeNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * The status line's sentence for an answer: the engine's time, and the reader's wait when the
 * answer follows a change (null: the page asked on its own, at its start).
 * @param {number} engineMs
 * @param {number|null} waitedMs
 * @param {string} [change] the change answered (CHANGES)
 * @returns {string}
 */
export function mergedSentence(engineMs, waitedMs, change = "edit") {
  const merged = `Merged in ${engineMs < 1 ? "under 1" : wholeNumber.format(Math.round(engineMs))} ms`;
  return waitedMs === null ? `${merged}.` : `${merged}; answered ${formatWait(waitedMs)} ${wording(change).since}.`;
}

/**
 * Creates the progress of merges.
 * @param {{
 *   status: {set: (kind: string, text: string) => void, setTime: (text: string) => void},
 *   canSay?: () => boolean,
 *   now?: () => number,
 *   setTimer?: (fn: () => void, ms: number) => unknown,
 *   clearTimer?: (timer: unknown) => void,
 * }} config canSay: whether the status line is free to say it (not while the engine loads)
 * @returns {{edited: (change?: string) => void, editedAt: () => number|null, lastChange: () => string, settled: (at: number|null) => void, destroy: () => void}}
 */
export function createProgress({ status, canSay = () => true, now = () => performance.now(), setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (t) => clearTimeout(t) }) {
  let lastEdit = null; // when the latest edit was made
  let lastChange = "edit"; // what it was (CHANGES)
  let waitingSince = null; // the first edit not answered yet
  let timer = null;
  let saying = null; // the sentence said while the merge runs

  function tick() {
    timer = null;
    if (waitingSince === null) return;
    const elapsed = now() - waitingSince;
    if (canSay()) {
      const sentence = wording(lastChange).running;
      if (saying !== sentence) status.set("working", sentence);
      saying = sentence;
      status.setTime(runningTime(elapsed));
    }
    timer = setTimer(tick, TICK_MS - (elapsed % TICK_MS));
  }

  function stop() {
    if (timer !== null) clearTimer(timer);
    timer = null;
    waitingSince = null;
    saying = null;
  }

  return {
    /** The state changed (state.js's Change): a merge is coming; the clock runs from the first edit. */
    edited(change = "edit") {
      lastEdit = now();
      lastChange = change;
      if (waitingSince !== null) return;
      waitingSince = lastEdit;
      timer = setTimer(tick, SAY_AFTER_MS);
    },
    /** When the latest edit was made (the one a merge sent now answers); null once answered. */
    editedAt: () => lastEdit,
    /** What the latest change was (the one a merge sent now answers). */
    lastChange: () => lastChange,
    /**
     * A merge sent for the edit made at `at` (editedAt when it was sent) was answered or failed
     * (the caller has said so in the status line): the clock stops, unless a later edit waits
     * for its own merge.
     */
    settled(at) {
      if (lastEdit === null || at === lastEdit) {
        stop();
        lastEdit = null;
        return;
      }
      // The answer shown is older than the latest edit: its merge is still to come.
      saying = null;
      waitingSince = lastEdit;
    },
    destroy: stop,
  };
}
