import { test } from "node:test";
import assert from "node:assert/strict";
import { addStep } from "./history.js";
import { openSession, sessionAnswered, sessionEdited, sessionOn, sessionRequest, sessionStarted } from "./historysession.js";
import { buildRequest, defaultOptions } from "./modes.js";

const state = (over = {}) => ({ mode: "apply", options: defaultOptions(), original: "", updated: "", live: "", ...over });
const ok = (result, line = "kubectl apply -f config.yaml") => ({ result, errors: [], conflicts: [], commands: [{ line }] });

/** Asks the session's request and answers it with the given step responses (those sent). */
function answer(session, stepResponses) {
  const { request, asked } = sessionRequest(session);
  const sent = stepResponses.slice(stepResponses.length - request.steps.length);
  return { request, ...sessionAnswered(session, request, { steps: sent }, asked) };
}

test("a single merge's answer becomes step 1 of the history a step added starts, if it answers the state", () => {
  const s0 = state({ updated: "a\n", live: "L\n" });
  const single = ok("after one\n");
  const seen = sessionAnswered(openSession(null), buildRequest(s0), single, undefined);
  assert.equal(seen.shown.response, single);
  assert.equal(seen.fresh, false);
  const s = sessionStarted(seen.session, s0);
  assert.equal(s.history.steps.length, 2);
  assert.equal(s.history.at, 1);
  assert.equal(s.history.live, "L\n");
  assert.deepEqual(s.befores, ["L\n", "after one\n"]);
  assert.deepEqual(s.responses, [single]);
  assert.deepEqual(s.summaries[0].lines, ["kubectl apply -f config.yaml"]);
  assert.equal(s.summaries[1], null);
  // An answer to an older state is not step 1's: its result is not the object before step 2.
  const stale = sessionStarted(seen.session, state({ updated: "a2\n", live: "L\n" }));
  assert.deepEqual(stale.befores, ["L\n"]);
  assert.deepEqual(stale.responses, []);
  assert.equal(sessionRequest(stale).request.steps.length, 2);
});

test("an answer of the history gives every step its line and the objects between them", () => {
  let s = sessionOn(openSession(null), { live: "L", steps: [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })], at: 2 });
  const conflicted = { result: "", errors: [], conflicts: [{ manager: "kubectl" }], commands: [] };
  const got = answer(s, [ok("A"), conflicted, ok("C")]);
  assert.equal(got.request.steps.length, 3, "nothing known yet: the whole history");
  assert.equal(got.fresh, true);
  assert.deepEqual(got.session.befores, ["L", "A", "A", "C"]);
  assert.deepEqual(got.shown.request, { ...got.request.steps[2], live: "A" });
  assert.match(got.session.summaries[1].refused, /^refused: 1 conflict with kubectl/);
  // An answer to fewer steps than the session now holds waits for its own.
  s = sessionOn(got.session, addStep(got.session.history, 2));
  const { request, asked } = sessionRequest(got.session);
  const late = sessionAnswered(s, request, { steps: [ok("C")] }, asked);
  assert.equal(late.fresh, false);
  assert.equal(late.session, s);
});

test("an edit of a later step sends the steps from it on, on the object before it; the rest come from the last answer", () => {
  let s = sessionOn(openSession(null), { live: "L", steps: [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })], at: 2 });
  s = answer(s, [ok("A", "one"), ok("B", "two"), ok("C", "three")]).session;
  s = sessionEdited(s, state({ updated: "c2", live: "B" }));
  const { request } = sessionRequest(s);
  assert.equal(request.live, "B");
  assert.deepEqual(request.steps.map((x) => x.updated), ["c2"]);
  const got = answer(s, [ok("C2", "three again")]);
  assert.equal(got.fresh, true);
  assert.deepEqual(got.session.summaries.map((x) => x.lines[0]), ["one", "two", "three again"]);
  assert.deepEqual(got.session.befores, ["L", "A", "B", "C2"]);
  assert.deepEqual(got.shown.request, { ...request.steps[0], live: "B" });
  assert.equal(got.shown.response.result, "C2");
  // The first step shown: the whole history again.
  assert.equal(sessionRequest(sessionOn(got.session, { ...got.session.history, at: 0 })).request.steps.length, 3);
  // A step moved before the one shown: the objects after the move are not known, the whole history goes.
  const moved = sessionOn(got.session, { ...got.session.history, steps: [...got.session.history.steps].reverse(), at: 2 });
  assert.equal(sessionRequest(moved).request.steps.length, 3);
});

test("a change of the steps keeps the lines of the steps kept and the objects before the first changed", () => {
  const steps = [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })];
  let s = sessionOn(openSession(null), { live: "L", steps, at: 0 });
  s = answer(s, [ok("A", "one"), ok("B", "two"), ok("C", "three")]).session;
  const moved = sessionOn(s, { ...s.history, steps: [s.history.steps[0], s.history.steps[2], s.history.steps[1]], at: 1 });
  assert.deepEqual(moved.summaries.map((x) => x.lines[0]), ["one", "three", "two"]);
  assert.deepEqual(moved.befores, ["L", "A"]);
  assert.equal(moved.responses.length, 1);
  // An edit of the chosen step replaces it; the objects after it wait for the answer.
  const edited = sessionEdited(moved, state({ updated: "c2", live: "ignored" }));
  assert.equal(edited.history.steps[1].updated, "c2");
  assert.equal(edited.history.live, "L");
  assert.equal(sessionOn(s, null).history, null);
  assert.equal(sessionEdited(openSession(null), state()).history, null);
});
