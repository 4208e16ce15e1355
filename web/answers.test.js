import { test } from "node:test";
import assert from "node:assert/strict";
import { conflictSummary, problemSummary, roleName, sameJSON } from "./answers.js";

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
