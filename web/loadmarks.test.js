import assert from "node:assert/strict";
import { test } from "node:test";

import { PREFIX, copyTimeline, markLoad } from "./loadmarks.js";

/** A stand-in for Performance: its own timeOrigin, and the marks made on it. */
function fakePerformance(timeOrigin) {
  const marks = [];
  return {
    timeOrigin,
    marks,
    mark(name, options = {}) {
      if (options.startTime !== undefined && options.startTime < 0) throw new TypeError("negative startTime");
      marks.push([name, options.startTime ?? "now"]);
    },
  };
}

test("markLoad marks a moment under the prefix, and does nothing without User Timing", () => {
  const perf = fakePerformance(1000);
  markLoad("main", perf);
  assert.deepEqual(perf.marks, [[`${PREFIX}main`, "now"]]);
  assert.doesNotThrow(() => markLoad("main", null));
  assert.doesNotThrow(() => markLoad("main", { mark() { throw new Error("no"); } }));
});

test("copyTimeline puts a worker's moments on the page's clock", () => {
  const perf = fakePerformance(1000);
  const copied = copyTimeline({ type: "timeline", origin: 1030, marks: [["mergeplay:worker", 5], ["mergeplay:go-ready", 250.5]] }, perf);
  assert.equal(copied, 2);
  assert.deepEqual(perf.marks, [["mergeplay:worker", 35], ["mergeplay:go-ready", 280.5]]);
});

test("copyTimeline leaves out what is not a moment of the first load", () => {
  const perf = fakePerformance(1000);
  const marks = [["other", 1], ["mergeplay:x", "1"], ["mergeplay:y", -1], [7, 1], ["mergeplay:early", 1], ["mergeplay:ok", 20]];
  // mergeplay:early falls before the page's origin (the worker's origin is earlier): left out.
  assert.equal(copyTimeline({ origin: 990, marks }, perf), 1);
  assert.deepEqual(perf.marks, [["mergeplay:ok", 10]]);
  for (const message of [null, {}, { origin: "1", marks: [] }, { origin: 1, marks: "x" }]) assert.equal(copyTimeline(message, perf), 0);
  assert.equal(copyTimeline({ origin: 1, marks: [] }, null), 0);
});
