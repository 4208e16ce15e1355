import { test } from "node:test";
import assert from "node:assert/strict";
import { conflictSummary, createAnswers, problemSummary, roleName, sameJSON } from "./answers.js";

test("an error names the input by its role, its line and column, without nested parentheses", () => {
  const got = problemSummary([{ input: "live", line: 3, column: 7, message: "mapping values are not allowed here" }], { mode: "apply", hasLast: true });
  assert.equal(got, "live object, the live input, line 3, column 7: mapping values are not allowed here. Showing the last good result.");
  assert.equal(roleName("apply", "updated"), "config, the updated input");
  assert.equal(roleName("apply", "request"), "request");
});

test("more problems are counted in a sentence of their own", () => {
  const errors = [{ input: "request", message: "a." }, { input: "live", message: "b" }, { input: "live", message: "c" }];
  assert.equal(problemSummary(errors, { mode: "apply", hasLast: false }), "a. 2 more problems are listed under the editors.");
  assert.equal(problemSummary(errors.slice(0, 2), { mode: "apply", hasLast: false }), "a. 1 more problem is listed under the editors.");
});

test("conflicts", () => {
  assert.equal(conflictSummary(1), "The merge stops on a conflict: live stays as it is. It is marked below and in the live editor.");
  assert.equal(conflictSummary(3), "The merge stops on 3 conflicts: live stays as it is. They are marked below and in the live editor.");
});

test("sameJSON compares values read from JSON, objects key by key in any order", () => {
  assert.equal(sameJSON({ a: [1, { b: "x", c: null }], d: true }, { d: true, a: [1, { c: null, b: "x" }] }), true);
  assert.equal(sameJSON({ a: [1, 2] }, { a: [2, 1] }), false);
  assert.equal(sameJSON({ a: 1 }, { a: 1, b: undefined }), false);
  assert.equal(sameJSON({ a: null }, { a: {} }), false);
  assert.equal(sameJSON([], {}), false);
  assert.equal(sameJSON({ a: "1" }, { a: 1 }), false);
  assert.equal(sameJSON({}, {}), true);
});

/** A presenter over stand-ins that record what it draws. */
function presenter() {
  const attrs = new Set();
  const root = { dataset: {}, toggleAttribute: (n, on) => (on ? attrs.add(n) : attrs.delete(n)), hasAttribute: (n) => attrs.has(n), removeAttribute: (n) => attrs.delete(n) };
  const drawn = [];
  const statuses = [];
  const output = {
    status: { set: (kind, text) => statuses.push([kind, text]) },
    showAnswer: (response) => { drawn.push(response); return { hasResult: Boolean(response.result), lines: [], counts: {} }; },
    setActions: () => {}, setPrerendered: () => {}, showNothing: () => {},
  };
  const editor = { setProblems: () => {} };
  const answers = createAnswers({ root, editors: { original: editor, updated: editor, live: editor }, schema: editor, output });
  return { answers, attrs, drawn, statuses };
}

test("the engine's first answer, when it is the prerendered one, is kept as drawn; a conflict's answer says so", () => {
  const { answers, attrs, drawn, statuses } = presenter();
  const request = { mode: "apply", original: "", updated: "a: 1\n", live: "", options: {} };
  const response = { result: "a: 1\n", errors: [], conflicts: [], fields: [] };
  answers.show(response, request, { prerendered: true });
  answers.setStale(true);
  answers.show(JSON.parse(JSON.stringify(response)), { ...request }, {});
  assert.equal(drawn.length, 1);
  assert.equal(attrs.has("data-stale"), false);
  answers.show({ ...response, result: "a: 2\n" }, request, {});
  assert.equal(drawn.length, 2);
  const conflicted = { result: "", errors: [], conflicts: [{ message: "x" }], fields: [] };
  answers.show(conflicted, request, { prerendered: true });
  answers.show(JSON.parse(JSON.stringify(conflicted)), request, {});
  assert.equal(drawn.length, 3);
  assert.equal(statuses.at(-1)[0], "warning");
  assert.equal(attrs.has("data-stale"), false);
});

test("the engine's first answer is kept as the prerendered one whatever parts it left out, and drawn when it differs", () => {
  const { answers, drawn } = presenter();
  const request = { mode: "apply", original: "", updated: "a: 1\n", live: "", options: {} };
  const whole = { result: "a: 1\n", patch: "{}", errors: [], conflicts: [], fields: [], extra: { diff: [{ op: "insert", lines: ["a: 1"] }], patches: [{ patch: "{}" }], resources: 1 } };
  const skipped = { result: "a: 1\n", errors: [], conflicts: [], fields: [], extra: { skipped: ["diff", "patches"], answer: 1, resources: 1 } };
  answers.show(whole, request, { prerendered: true });
  answers.show(skipped, { ...request }, {});
  assert.equal(drawn.length, 1, "kept: the parts and the number differ only (the prerendered answer drawn once)");
  assert.equal(answers.lastGood().response, whole, "the answer kept has every part, for the Diff and Patch tabs");
  const other = presenter();
  other.answers.show(whole, request, { prerendered: true });
  other.answers.show({ ...skipped, extra: { ...skipped.extra, resources: 2 } }, { ...request }, {});
  assert.equal(other.drawn.length, 2, "drawn again: extra differs beyond the parts");
});
