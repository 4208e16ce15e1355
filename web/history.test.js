import { test } from "node:test";
import assert from "node:assert/strict";
import {
  HISTORY, MAX_STEPS, addStep, carriedOut, chosenAnswer, historyFromExample, historyFromValue, historyRequest, historyToValue,
  deletion, keptBefores, moveStep, objectsBetween, refusal, removeStep, startHistory, stepSummary, withChosen,
} from "./history.js";
import { defaultOptions } from "./modes.js";
import { decodeShare, encodeShare, stateFromJSON } from "./share.js";

const state = (over = {}) => ({ mode: "apply", options: defaultOptions(), original: "", updated: "", live: "", ...over });
const ssa = (updated) => state({ mode: "ssa", updated, options: { ...defaultOptions(), manager: "kubectl" } });

test("a single state starts a history on its live; a step added runs the same config again, chosen", () => {
  const h = startHistory(state({ updated: "a: 1\n", live: "x: 0\n", original: "old" }));
  assert.deepEqual(h, { live: "x: 0\n", steps: [state({ updated: "a: 1\n", original: "old" })], at: 0 });
  const two = addStep(h, 0);
  assert.equal(two.at, 1);
  assert.deepEqual(two.steps[1], state({ updated: "a: 1\n" }));
  assert.equal(two.steps[0], h.steps[0]);
});

test("the chosen step takes the editors' state; live is the history's only on the first step", () => {
  const h = addStep(startHistory(state({ live: "x: 0\n" })), 0);
  const edited = withChosen(h, state({ mode: "ssa", updated: "b: 2\n", live: "derived" }));
  assert.equal(edited.live, "x: 0\n");
  assert.equal(edited.steps[1].mode, "ssa");
  assert.equal(edited.steps[1].live, "");
  assert.equal(withChosen({ ...edited, at: 0 }, state({ live: "y: 1\n" })).live, "y: 1\n");
});

test("steps move, are removed and are added within bounds; the moved step stays chosen", () => {
  let h = { live: "", steps: [state({ updated: "1" }), state({ updated: "2" }), state({ updated: "3" })], at: 0 };
  h = moveStep(h, 0, 1);
  assert.deepEqual(h.steps.map((s) => s.updated), ["2", "1", "3"]);
  assert.equal(h.at, 1);
  assert.equal(moveStep(h, 0, -1), h);
  assert.equal(moveStep(h, 2, 1), h);
  h = removeStep(h, 2);
  assert.deepEqual(h.steps.map((s) => s.updated), ["2", "1"]);
  assert.equal(h.at, 1, "the chosen step stays chosen");
  assert.equal(removeStep({ ...h, at: 1 }, 0).at, 0, "the chosen step, one place earlier");
  assert.equal(removeStep({ ...h, at: 1 }, 1).at, 0, "the chosen step removed: the new last");
  assert.equal(removeStep({ ...h, steps: [...h.steps, state()], at: 1 }, 1).at, 1, "the chosen step removed: the one after it");
  assert.equal(removeStep(h, 5), h);
  assert.equal(removeStep({ ...h, steps: [h.steps[0]] }, 0).steps.length, 1);
  const full = { live: "", steps: Array.from({ length: MAX_STEPS }, () => state()), at: 0 };
  assert.equal(addStep(full, 0), full);
});

test("the history request is each step's mode request without live, on the history's live", () => {
  const h = { live: "x: 0\n", steps: [state({ updated: "a\n", original: "o\n" }), ssa("b\n")], at: 1 };
  const r = historyRequest(h);
  assert.equal(r.mode, HISTORY);
  assert.equal(r.live, "x: 0\n");
  assert.deepEqual(r.steps[0], { mode: "apply", original: "o\n", updated: "a\n", options: { overwrite: true, prune: false, multiKeys: false, validate: "strict" } });
  assert.equal(r.steps[1].mode, "ssa");
  assert.equal(r.steps[1].options.manager, "kubectl");
  assert.ok(r.steps.every((s) => !("live" in s)));
});

test("the object before each step: the last result carried out; a refused step changes nothing", () => {
  const ok = (result) => ({ result, errors: [], conflicts: [] });
  const steps = [ok("one"), { result: "x", errors: [], conflicts: [{ manager: "kubectl" }] }, { result: "", errors: [{ message: "bad" }], conflicts: [] }, ok("four")];
  assert.deepEqual(objectsBetween("zero", steps), ["zero", "one", "one", "one", "four"]);
  assert.equal(carriedOut(steps[1]), false);
  assert.equal(carriedOut(ok("")), true);
  // A step that deleted the object leaves none; a refused one that wrote first leaves its write.
  const moved = { result: "", errors: [], conflicts: [{ manager: "kubectl" }], extra: { afterRefusal: { result: "moved", reason: "r" } } };
  assert.deepEqual(objectsBetween("zero", [ok(""), ok("two"), moved, ok("four")]), ["zero", "", "two", "moved", "four"]);
});

test("what a step deleted: the objects marked deleted whole, and whether any is left", () => {
  const deleted = (resource) => ({ resource, path: "", mark: "deleted" });
  const step = (result, fields) => ({ result, errors: [], conflicts: [], fields });
  assert.equal(deletion(step("kind: ConfigMap\n", [deleted("v1/ConfigMap/default/shop-legacy"), { resource: "x", path: ".a", mark: "deleted" }])),
    "deleted: ConfigMap shop-legacy");
  assert.equal(deletion(step("", [deleted("apps/v1/Deployment/default/web"), deleted("rbac.authorization.k8s.io/v1/ClusterRole/admin")])),
    "deleted: Deployment web, ClusterRole admin; no object is left");
  assert.equal(deletion(step("", [])), "");
  assert.equal(deletion({ ...step("", [deleted("v1/ConfigMap/default/a")]), errors: [{ message: "no" }] }), "", "a refused step deletes nothing");
});

test("the chosen step is shown with its own response and the request with live before it", () => {
  const request = historyRequest({ live: "L", steps: [state({ updated: "a" }), state({ updated: "b" })], at: 1 });
  const response = { result: "R2", steps: [{ result: "R1", errors: [], conflicts: [] }, { result: "R2", errors: [], conflicts: [] }] };
  const shown = chosenAnswer(request, response, 1);
  assert.equal(shown.response, response.steps[1]);
  assert.deepEqual(shown.request, { ...request.steps[1], live: "R1" });
  assert.deepEqual(shown.befores, ["L", "R1", "R2"]);
  // A history refused whole is shown on the chosen step with the history's live.
  const whole = { errors: [{ message: "too many" }] };
  assert.equal(chosenAnswer(request, whole, 1).response, whole);
  assert.equal(chosenAnswer(request, whole, 1).request.live, "L");
});

test("a step's summary: its command lines, its refusal, its owners; unanswered, its mode", () => {
  const owners = () => ["kubectl", "kubectl-last-applied"];
  const conflicted = { commands: [{ line: "kubectl apply --server-side -f config.yaml" }], errors: [], conflicts: [{ manager: "kubectl-client-side-apply" }, { manager: "kubectl-client-side-apply" }] };
  assert.deepEqual(stepSummary(conflicted, ssa(""), owners), {
    lines: ["kubectl apply --server-side -f config.yaml"],
    refused: "refused: 2 conflicts with kubectl-client-side-apply; the object is unchanged",
    deleted: "",
    owners: ["kubectl", "kubectl-last-applied"],
  });
  assert.deepEqual(stepSummary(null, ssa(""), owners), { lines: ["server-side apply"], refused: "", deleted: "", owners: [] });
  const failed = { commands: [{ line: "kubectl apply -f config.yaml", error: "error: error parsing config.yaml" }], errors: [{ message: "x" }, { message: "y" }], conflicts: [] };
  assert.equal(refusal(failed), "refused: error: error parsing config.yaml (and 1 more); the object is unchanged");
  assert.equal(refusal({ errors: [{ message: "no commands" }] }), "refused: no commands; the object is unchanged");
  assert.equal(refusal({ errors: [], conflicts: [] }), "");
  const moved = { errors: [], conflicts: [{ manager: "kubectl" }], extra: { afterRefusal: { result: "x", reason: "helm's entry moved" } } };
  assert.equal(refusal(moved), "refused: 1 conflict with kubectl; the object is unchanged but for this: helm's entry moved");
  const partly = { errors: [], conflicts: [], extra: { refused: [{ resource: "v1/ConfigMap/default/big", line: 1, errors: [] }] } };
  assert.equal(refusal(partly), "partly refused: the API server refused ConfigMap big; the other objects went through");
});

test("the objects before steps survive a change only up to the first step changed", () => {
  const [a, b, c] = [state({ updated: "a" }), state({ updated: "b" }), state({ updated: "c" })];
  assert.deepEqual(keptBefores([a, b, c], [a, c, b], ["L", "A", "B", "C"]), ["L", "A"]);
  assert.deepEqual(keptBefores([a, b], [a, b, state()], ["L", "A", "B"]), ["L", "A", "B"]);
  assert.deepEqual(keptBefores([a, b], [b], ["L", "A", "B"]), ["L"]);
});

test("a history's share link round-trips byte for byte, its chosen step opened", async () => {
  const h = { live: "kind: X\n# ünïcode ✓\n", steps: [state({ updated: "a: 1\n" }), ssa("a: 2\n"), state({ mode: "patch", updated: "{}" })], at: 1 };
  const link = await encodeShare(h.steps[1], h);
  const got = await decodeShare(link);
  assert.equal(got.ok, true, got.error);
  assert.deepEqual(got.history, h);
  assert.deepEqual(got.state, { ...h.steps[1], live: "" });
  assert.equal(await encodeShare(got.state, got.history), link);
  const first = await decodeShare(await encodeShare(h.steps[0], { ...h, at: 0 }));
  assert.equal(first.state.live, h.live);
});

test("a malformed history is refused with a sentence naming what is wrong", () => {
  const good = historyToValue({ live: "", steps: [state()], at: 0 });
  const cases = [
    [{ ...good, extra: 1 }, /unknown key "extra"/],
    [{ ...good, live: 3 }, /history's live input must be text/],
    [{ ...good, steps: [] }, /1 to 64 steps/],
    [{ ...good, steps: "x" }, /1 to 64 steps/],
    [{ ...good, steps: [{ mode: "nope" }] }, /step 1 is invalid: The state's mode/],
    [{ ...good, steps: [{ mode: "apply", live: "x" }] }, /step 1 is invalid: it must be a state without live/],
    [{ ...good, steps: [null] }, /step 1 is invalid/],
    [{ ...good, steps: [{ mode: "apply", options: { overwrite: "yes" } }] }, /step 1 is invalid: The state is invalid: option overwrite/],
    [{ ...good, at: 1 }, /chosen step/],
    [{ ...good, at: -1 }, /chosen step/],
    [{ ...good, at: 0.5 }, /chosen step/],
  ];
  for (const [value, error] of cases) {
    const got = historyFromValue(value, stateFromJSON);
    assert.equal(got.ok, false, JSON.stringify(value));
    assert.match(got.error, error);
  }
});

test("a history's state file opens the same history; a Secret in any step is warned of", async () => {
  const { stateFromFile, stateToFile, shareNotices } = await import("./share.js");
  const h = { live: "", steps: [state({ updated: "a: 1\n" }), state({ mode: "ssa", options: { ...defaultOptions(), manager: "me" }, updated: "kind: Secret\n" })], at: 0 };
  const got = stateFromFile(stateToFile(h.steps[0], h));
  assert.equal(got.ok, true, got.error);
  assert.deepEqual(got.history, h);
  assert.equal(stateToFile(got.state, got.history), stateToFile(h.steps[0], h));
  assert.equal(shareNotices("https://x/#s=1.a", h.steps[0], h)[0].level, "warning");
  assert.equal(shareNotices("https://x/#s=1.a", h.steps[0])[0].level, "info");
  assert.equal(shareNotices("https://x/#s=1.a", h.steps[0], { ...h, steps: [h.steps[0]], live: "kind: Secret" })[0].level, "warning");
});

test("a history example opens at its last step, writers' steps included; anything else is no history", () => {
  const request = { mode: "history", live: "", options: { now: "2026-01-01T00:00:00Z", force: true }, steps: [
    { mode: "create", updated: "a: 1\n", options: { now: "" } },
    { mode: "scale", options: { replicas: "5" } },
    { mode: "ssa", updated: "a: 2\n", options: { force: true } },
  ] };
  const story = historyFromExample(request);
  assert.equal(story.history.steps.length, 3);
  assert.equal(story.history.at, 2);
  assert.deepEqual(story.history.steps.map((s) => s.mode), ["create", "scale", "ssa"]);
  assert.equal(story.history.steps[1].options.replicas, "5");
  assert.equal(story.state.mode, "ssa");
  assert.equal(story.state.updated, "a: 2\n");
  assert.equal(story.state.options.force, true);
  assert.ok(story.history.steps.every((s) => s.options.now === "2026-01-01T00:00:00Z"), "the history's now reaches every step that leaves it empty");
  assert.equal(story.history.steps[1].options.force, false, "only now and the schema are the history's to share");
  assert.equal(story.state.live, "", "a later step's live is derived from the answer");
  assert.equal(historyFromExample({ mode: "apply", updated: "a: 1\n" }), null);
  assert.equal(historyFromExample({ mode: "history", steps: [] }), null);
  assert.equal(historyFromExample({ mode: "history", steps: [{ mode: "nope" }] }), null);
});
