import { test } from "node:test";
import assert from "node:assert/strict";
import { refusedNotes } from "./refusednotes.js";

test("a refused object is a note on its first result line, with kubectl's message", () => {
  const printed = 'The Deployment "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"frontend"}}: field is immutable';
  const response = { extra: { refused: [{ resource: "apps/v1/Deployment/default/web", line: 32, endLine: 52, printed, errors: [] }] } };
  assert.deepEqual(refusedNotes(response), [{ line: 32, text: `refused by the API server, left as live holds it: ${printed}`, kind: "refused" }]);
});

test("no note for a refused create, a malformed entry or no answer", () => {
  assert.deepEqual(refusedNotes(null), []);
  assert.deepEqual(refusedNotes({ extra: {} }), []);
  assert.deepEqual(refusedNotes({ extra: { refused: [null, { line: 0, printed: "x" }, { line: 3 }, { line: "4", printed: "y" }] } }), []);
});
