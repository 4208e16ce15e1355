import { test } from "node:test";
import assert from "node:assert/strict";
import { refusedErrors, refusedNotes, refusedSummary } from "./refusednotes.js";

test("a refused object is a note on its first result line, with kubectl's message", () => {
  const printed = 'The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"frontend"}}: field is immutable';
  const response = { extra: { refused: [{ resource: "apps/v1/Deployment/default/web", line: 32, endLine: 52, printed, errors: [] }] } };
  assert.deepEqual(refusedNotes(response), [{ line: 32, text: `refused by the API server, left as live holds it: ${printed}`, kind: "refused" }]);
});

test("no note for a refused create, a malformed entry or no answer", () => {
  assert.deepEqual(refusedNotes(null), []);
  assert.deepEqual(refusedNotes({ extra: {} }), []);
  assert.deepEqual(refusedNotes({ extra: { refused: [null, { resource: "r", line: 0, printed: "x" }, { resource: "r", line: 3 }, { resource: "r", line: "4", printed: "y" }, { line: 5, printed: "z" }] } }), []);
});

test("the refused objects' errors go to the editors, and the status says what befell them", () => {
  const error = { input: "updated", line: 16, column: 3, message: "immutable" };
  const response = { extra: { refused: [{ resource: "apps/v1/Deployment/default/web", line: 0, printed: "p", errors: [error, null] }, { resource: "v1/Secret/default/b", line: 3, printed: "q" }] } };
  assert.deepEqual(refusedErrors(response), [error]);
  assert.equal(refusedSummary(response), "The API server refuses 2 objects (Deployment web, Secret b) and accepts the others: kubectl goes on through the file and exits 1. The refused objects stay as live holds them, marked in the result and the config.");
  assert.equal(refusedSummary({ extra: {} }), "");
});
