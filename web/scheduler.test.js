import { test } from "node:test";
import assert from "node:assert/strict";
import { PAUSE_MS, QUICK_MS, createScheduler, mergeDelay } from "./scheduler.js";

/** Timers the test fires by hand. */
function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    timers,
    setTimer: (fn, ms) => { timers.set(next, { fn, ms }); return next++; },
    clearTimer: (id) => timers.delete(id),
    fire() {
      for (const [id, t] of [...timers]) { timers.delete(id); t.fn(); }
    },
  };
}

test("the delay follows the median of the last three answers", () => {
  assert.equal(mergeDelay([]), 0, "no answer yet: the engine client holds the request anyway");
  assert.equal(mergeDelay([12, 20]), 0);
  assert.equal(mergeDelay([QUICK_MS]), 0);
  assert.equal(mergeDelay([QUICK_MS + 1]), PAUSE_MS);
  assert.equal(mergeDelay([900, 15]), PAUSE_MS, "one quick answer after a slow one does not switch");
  assert.equal(mergeDelay([900, 15, 14]), 0);
  assert.equal(mergeDelay([QUICK_MS, QUICK_MS]), 0);
  assert.equal(mergeDelay([QUICK_MS * 2, QUICK_MS]), PAUSE_MS);
  assert.equal(mergeDelay([12, 900, 14]), 0, "one slow answer among quick ones does not make the page wait");
  assert.equal(mergeDelay([900, 12, 14, 800, 700]), PAUSE_MS, "only the last three count");
});

test("while answers are quick every change merges at once", () => {
  const t = fakeTimers();
  let merges = 0;
  const s = createScheduler({ merge: () => merges++, setTimer: t.setTimer, clearTimer: t.clearTimer });
  s.answered(900); // the first answer: the engine warming up, not counted
  s.answered(10);
  s.changed();
  s.changed();
  assert.equal(merges, 2);
  assert.equal(t.timers.size, 0);
});

test("while answers are slow the page waits for a pause, and now() skips it", () => {
  const t = fakeTimers();
  let merges = 0;
  let clock = 1000;
  const s = createScheduler({ merge: () => merges++, setTimer: t.setTimer, clearTimer: t.clearTimer, clock: () => clock });
  s.answered(5);
  s.answered(400);
  s.changed();
  assert.equal(merges, 1, "a change on its own (no change for a pause before it) merges at once");
  clock += 50;
  s.changed();
  clock += 50;
  s.changed();
  assert.equal(merges, 1, "the changes close after it wait");
  assert.equal(t.timers.size, 1, "each change restarts the one waiting merge");
  assert.equal([...t.timers.values()][0].ms, PAUSE_MS);
  clock += PAUSE_MS;
  s.changed();
  assert.equal(merges, 1, "a pause since the last change, but a merge still waits: the change joins it");
  t.fire();
  assert.equal(merges, 2);
  clock += 10;
  s.changed();
  s.now();
  assert.equal(merges, 3);
  assert.equal(t.timers.size, 0, "now() drops the waiting merge");
  clock += PAUSE_MS;
  s.changed();
  assert.equal(merges, 4, "after a pause, the next change merges at once");
  assert.equal(t.timers.size, 0);
  s.answered(10);
  s.answered(12);
  clock += 1;
  s.changed();
  assert.equal(merges, 5, "quick again: at once");
});
