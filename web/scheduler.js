// When to merge after an edit. While the engine answers quickly, every change is merged at once
// (the engine client keeps only the latest request, so a burst of keys costs one merge in flight
// and one waiting); once answers come back slowly, a change made after a pause in typing (an
// edit on its own) is still merged at once, and the changes that follow it closely wait for the
// next pause, so that a large input stays typeable. No DOM: timers and the clock are passed in,
// and the tests drive them.

/**
 * The pause in typing the page waits for while answers are slow; a change this long after the
 * last one starts a burst, and is merged at once.
 */
export const PAUSE_MS = 200;

/**
 * An answer shown within this many ms (from its request to the answer drawn) counts as quick:
 * edits are merged at once. Merging at once makes the latest key wait at most for the merge in
 * flight (answers to older states are dropped unshown); waiting for a pause makes it wait the
 * pause. So merging at once is the quicker while a merge takes less than the pause; past that,
 * the worker would spend its time on states nobody sees, and the page waits for the pause.
 */
export const QUICK_MS = PAUSE_MS;

/**
 * The delay before merging a change, from how long the recent answers took (ms, from the
 * request to the answer shown; the newest last). With no answer yet, the engine is loading: the
 * change waits in the engine client anyway, so no delay is added.
 * @param {number[]} recent
 * @returns {number}
 */
export function mergeDelay(recent) {
  if (!recent.length) return 0;
  // The median of the last three (the slower middle one of two): one slow answer among quick
  // ones (the machine busy for a moment) does not make the page wait, and one quick answer after
  // slow ones does not switch it back either.
  const last = recent.slice(-3).sort((a, b) => a - b);
  return last[Math.floor(last.length / 2)] <= QUICK_MS ? 0 : PAUSE_MS;
}

/**
 * Creates the scheduler.
 * @param {{
 *   merge: () => void,
 *   setTimer?: (fn: () => void, ms: number) => unknown,
 *   clearTimer?: (timer: unknown) => void,
 *   clock?: () => number,
 * }} config merge sends the current state to the engine; clock: the time in ms
 * @returns {{changed: () => void, now: () => void, answered: (ms: number) => void, delay: () => number, destroy: () => void}}
 *   answered: how long an answer took; the first one (the engine warming up) is left out
 */
export function createScheduler({ merge, setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (t) => clearTimeout(t), clock = () => performance.now() }) {
  const recent = [];
  let warmedUp = false; // the engine's first answer (its code still warming up) is not counted
  let timer = null;
  let lastChange = -Infinity;
  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  return {
    /**
     * A change was made: merge at once while answers are quick or when it comes after a pause
     * in typing (the first of a burst), else after a pause.
     */
    changed() {
      const at = clock();
      const first = timer === null && at - lastChange >= PAUSE_MS;
      lastChange = at;
      cancel();
      const delay = mergeDelay(recent);
      if (delay === 0 || first) {
        merge();
        return;
      }
      timer = setTimer(() => {
        timer = null;
        merge();
      }, delay);
    },
    /** Merge now (Ctrl+Enter, a loaded state), dropping a waiting merge. */
    now() {
      cancel();
      merge();
    },
    /** Records how long an answer took, from its request to its display. */
    answered(ms) {
      if (!warmedUp) {
        warmedUp = true;
        return;
      }
      recent.push(ms);
      if (recent.length > 4) recent.shift();
    },
    /** The delay the next change would wait (for tests and the status line). */
    delay: () => mergeDelay(recent),
    destroy: cancel,
  };
}
