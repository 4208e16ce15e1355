import { test } from "node:test";
import assert from "node:assert/strict";
import { addStep, historyRequest } from "./history.js";
import { openSession, sessionAnswered, sessionEdited, sessionOn, sessionStarted } from "./historysession.js";
import { defaultOptions } from "./modes.js";

const state = (over = {}) => ({ mode: "apply", options: defaultOptions(), original: "", updated: "", live: "", ...over });
const ok = (result, line = "kubectl apply -f config.yaml") => ({ result, errors: [], conflicts: [], commands: [{ line }] });

test("a single merge's answer becomes step 1 of the history a step added starts", () => {
  let s = openSession(null);
  const single = ok("after one\n");
  const seen = sessionAnswered(s, { mode: "apply" }, single, undefined);
  assert.equal(seen.shown.response, single);
  assert.equal(seen.fresh, false);
  s = sessionStarted(seen.session, state({ updated: "a\n", live: "L\n" }));
  assert.equal(s.history.steps.length, 2);
  assert.equal(s.history.at, 1);
  assert.equal(s.history.live, "L\n");
  assert.deepEqual(s.befores, ["L\n", "after one\n"]);
  assert.deepEqual(s.summaries[0].lines, ["kubectl apply -f config.yaml"]);
  assert.equal(s.summaries[1], null);
});

test("an answer of the history gives every step its line and the objects between them", () => {
  let s = sessionOn(openSession(null), { live: "L", steps: [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })], at: 2 });
  const request = historyRequest(s.history);
  const response = { steps: [ok("A"), { result: "", errors: [], conflicts: [{ manager: "kubectl" }], commands: [] }, ok("C")] };
  const got = sessionAnswered(s, request, response, 2);
  assert.equal(got.fresh, true);
  assert.deepEqual(got.session.befores, ["L", "A", "A", "C"]);
  assert.deepEqual(got.shown.request, { ...request.steps[2], live: "A" });
  assert.match(got.session.summaries[1].refused, /^refused: 1 conflict with kubectl/);
  // An answer to fewer steps than the session now holds waits for its own.
  s = sessionOn(got.session, addStep(got.session.history, 2));
  const late = sessionAnswered(s, request, response, 2);
  assert.equal(late.fresh, false);
  assert.equal(late.session, s);
});

test("a change of the steps keeps the lines of the steps kept and the objects before the first changed", () => {
  const steps = [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })];
  let s = sessionOn(openSession(null), { live: "L", steps, at: 0 });
  s = sessionAnswered(s, historyRequest(s.history), { steps: [ok("A", "one"), ok("B", "two"), ok("C", "three")] }, 0).session;
  const moved = sessionOn(s, { ...s.history, steps: [steps[0], steps[2], steps[1]], at: 1 });
  assert.deepEqual(moved.summaries.map((x) => x.lines[0]), ["one", "three", "two"]);
  assert.deepEqual(moved.befores, ["L", "A"]);
  // An edit of the chosen step replaces it; the objects after it wait for the answer.
  const edited = sessionEdited(moved, state({ updated: "c2", live: "ignored" }));
  assert.equal(edited.history.steps[1].updated, "c2");
  assert.equal(edited.history.live, "L");
  assert.deepEqual(sessionOn(edited, { ...edited.history, at: 2 }).befores, ["L", "A"]);
  assert.equal(sessionOn(s, null).history, null);
  assert.equal(sessionEdited(openSession(null), state()).history, null);
});
