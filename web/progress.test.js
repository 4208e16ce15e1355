import { test } from "node:test";
import assert from "node:assert/strict";
import { SAY_AFTER_MS, TICK_MS, createProgress, formatWait, mergedSentence, runningTime } from "./progress.js";

/** A clock and timers the test moves by hand. */
function fakeClock() {
  let t = 0;
  const timers = new Map();
  let next = 1;
  return {
    now: () => t,
    setTimer: (fn, ms) => { timers.set(next, { fn, at: t + ms }); return next++; },
    clearTimer: (id) => timers.delete(id),
    /** Moves the clock by ms, firing the timers due on the way, in order. */
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const due = [...timers].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].fn();
      }
      t = end;
    },
    pending: () => timers.size,
  };
}

function fakeStatus() {
  const said = [];
  return { said, kind: "none", text: "", time: "",
    set(kind, text) { this.kind = kind; this.text = text; this.time = ""; said.push(text); },
    setTime(value) { this.time = value; },
  };
}

/** A progress on a fake clock and status line. */
function setup(canSay) {
  const clock = fakeClock();
  const status = fakeStatus();
  const p = createProgress({ status, canSay, now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer });
  return { clock, status, p };
}

test("durations read as a person says them", () => {
  assert.equal(formatWait(0.4), "under 1 ms");
  assert.equal(formatWait(23.4), "23 ms");
  assert.equal(formatWait(999), "999 ms");
  assert.equal(formatWait(1000), "1.0 s");
  assert.equal(formatWait(2070), "2.0 s");
  assert.equal(formatWait(20700), "20 s");
});

test("the running time counts whole seconds", () => {
  assert.equal(runningTime(300), "");
  assert.equal(runningTime(999), "");
  assert.equal(runningTime(1000), "1 s");
  assert.equal(runningTime(20700), "20 s");
});

test("an answer says the engine's time and, after an edit, the reader's wait", () => {
  assert.equal(mergedSentence(23.2, null), "Merged in 23 ms.");
  assert.equal(mergedSentence(0.2, null), "Merged in under 1 ms.");
  assert.equal(mergedSentence(6868, 20700), "Merged in 6,868 ms; answered 20 s after your edit.");
  assert.equal(mergedSentence(12, 31), "Merged in 12 ms; answered 31 ms after your edit.");
  assert.equal(mergedSentence(12, 31, "edit"), "Merged in 12 ms; answered 31 ms after your edit.");
  assert.equal(mergedSentence(12, 31, "mode"), "Merged in 12 ms; answered 31 ms after your change.");
  assert.equal(mergedSentence(12, 31, "option"), "Merged in 12 ms; answered 31 ms after your change.");
  assert.equal(mergedSentence(87, 87, "load"), "Merged in 87 ms; answered 87 ms after you asked.", "an example or a link opened is no edit");
});

test("a slow merge says what the reader did: an edit, a change of mode or option, a state opened", () => {
  for (const [change, sentence] of [["edit", "Merging your edit…"], ["mode", "Merging your change…"], ["option", "Merging your change…"], ["load", "Merging…"]]) {
    const { clock, status, p } = setup();
    p.edited(change);
    assert.equal(p.lastChange(), change);
    clock.advance(SAY_AFTER_MS);
    assert.equal(status.text, sentence, change);
  }
});

test("a state opened while an edit's slow merge runs is said as such", () => {
  const { clock, status, p } = setup();
  p.edited("edit");
  clock.advance(SAY_AFTER_MS);
  assert.equal(status.text, "Merging your edit…");
  p.edited("load");
  clock.advance(TICK_MS);
  assert.equal(status.text, "Merging…");
  assert.deepEqual(status.said, ["Merging your edit…", "Merging…"]);
});

test("a quick merge says nothing on the way", () => {
  const { clock, status, p } = setup();
  p.edited();
  const at = p.editedAt();
  clock.advance(SAY_AFTER_MS - 1);
  p.settled(at);
  clock.advance(5000);
  assert.deepEqual(status.said, []);
  assert.equal(clock.pending(), 0);
  assert.equal(p.editedAt(), null, "a later run without an edit reports no wait");
});

test("a slow merge says it is running, with the time since the edit counting up", () => {
  const { clock, status, p } = setup();
  p.edited();
  const at = p.editedAt();
  clock.advance(SAY_AFTER_MS);
  assert.equal(status.kind, "working");
  assert.equal(status.text, "Merging your edit…");
  assert.equal(status.time, "");
  clock.advance(TICK_MS - SAY_AFTER_MS - 1);
  assert.equal(status.time, "");
  clock.advance(1);
  assert.equal(status.time, "1 s", "at the first whole second");
  clock.advance(TICK_MS * 1.5);
  assert.equal(status.time, "2 s");
  assert.deepEqual(status.said, ["Merging your edit…"], "the sentence is said once; only the time moves");
  p.settled(at);
  clock.advance(5000);
  assert.equal(status.time, "2 s", "stopped");
  assert.equal(clock.pending(), 0);
});

test("an answer to an older edit keeps the clock for the latest", () => {
  const { clock, status, p } = setup();
  p.edited();
  const first = p.editedAt();
  clock.advance(500);
  p.edited();
  const second = p.editedAt();
  status.set("ok", "Merged in 480 ms; answered 500 ms after your edit.");
  p.settled(first);
  clock.advance(TICK_MS - 1);
  assert.equal(status.text, "Merging your edit…", "said again over the older answer");
  assert.equal(status.time, "", "counted from the latest edit, 999 ms ago");
  clock.advance(1);
  assert.equal(status.time, "1 s");
  p.settled(second);
  assert.equal(clock.pending(), 0);
});

test("nothing is said while the status line is the engine's (loading)", () => {
  let loading = true;
  const { clock, status, p } = setup(() => !loading);
  p.edited();
  clock.advance(1000);
  assert.deepEqual(status.said, []);
  loading = false;
  clock.advance(TICK_MS);
  assert.equal(status.text, "Merging your edit…");
  p.destroy();
  assert.equal(clock.pending(), 0);
});
