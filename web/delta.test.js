import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDelta, isDelta } from "./delta.js";

const held = {
  version: 1,
  result: "a: 1\nb: é😀\nc: 3\n",
  patch: "",
  fields: [
    { resource: "r", path: ".a", mark: "added", line: 1, endLine: 0 },
    { resource: "r", path: ".b", mark: "changed", line: 2, endLine: 3 },
    { resource: "r", path: ".x", mark: "deleted", line: 4, endLine: 0, place: { after: 2, shift: 0, under: 0, doc: 0 } },
    { resource: "r", path: ".c", mark: "retained", line: 3, endLine: 0 },
  ],
  conflicts: [],
  errors: [],
  extra: { answer: 4, resources: [1], skipped: ["diff"] },
  commands: [],
  reproduce: "",
  layout: { blocks: [[1, 3]], folds: [{ path: ".metadata.managedFields", line: 2, endLine: 3 }] },
  steps: [],
};

test("a delta's parts left out are the last answer's own, the others applied", () => {
  const delta = {
    version: 1,
    delta: { since: 4, answer: 5 },
    result: { edits: [{ keep: 5 }, { text: "n: 0\n" }, { keep: 7 }, { drop: 5 }, { text: "c: 4\n" }] },
    fields: { edits: [{ keep: 1 }, { items: [{ resource: "r", path: ".n", mark: "added", line: 2, endLine: 0 }] }, { keep: 3, shift: { result: 1, live: 2, docs: 1 } }] },
    extra: { set: { answer: 5 }, drop: ["skipped"] },
    layout: { blocks: { edits: [{ keep: 1, shift: { result: 1 } }] } },
  };
  assert.equal(isDelta(delta), true);
  assert.equal(isDelta(held), false);
  const got = applyDelta(held, delta);
  assert.equal(got.result, "a: 1\nn: 0\nb: é😀\nc: 4\n", "kept and dropped counted in UTF-16 code units");
  assert.deepEqual(got.fields, [
    held.fields[0],
    { resource: "r", path: ".n", mark: "added", line: 2, endLine: 0 },
    { resource: "r", path: ".b", mark: "changed", line: 3, endLine: 4 },
    { resource: "r", path: ".x", mark: "deleted", line: 6, endLine: 0, place: { after: 3, shift: 0, under: 0, doc: 1 } },
    { resource: "r", path: ".c", mark: "retained", line: 4, endLine: 0 },
  ], "kept marks moved in the space their mark counts in; 0 (no line) stays 0, a document always moves");
  assert.equal(got.fields[0], held.fields[0], "an item kept unmoved is the same object");
  assert.deepEqual(got.extra, { answer: 5, resources: [1] });
  assert.deepEqual(got.layout, { blocks: [[2, 4]], folds: held.layout.folds });
  assert.equal(got.commands, held.commands, "a part left out is the last answer's");
  assert.equal(held.result, "a: 1\nb: é😀\nc: 3\n", "the last answer is left as it was");
  assert.equal(held.extra.answer, 4);
});

test("a part given whole replaces the last answer's", () => {
  const got = applyDelta(held, { version: 1, delta: { since: 4, answer: 5 }, result: "new\n", conflicts: [{ line: 3 }], extra: { set: { answer: 5 }, drop: [] } });
  assert.equal(got.result, "new\n");
  assert.deepEqual(got.conflicts, [{ line: 3 }]);
});

test("a delta written against another answer is refused", () => {
  assert.throws(() => applyDelta(held, { version: 1, delta: { since: 3, answer: 5 } }), /since answer 3/);
  assert.throws(() => applyDelta(null, { version: 1, delta: { since: 3, answer: 5 } }));
});

test("a script that keeps more items than the list holds is refused", () => {
  assert.throws(() => applyDelta(held, { version: 1, delta: { since: 4, answer: 5 }, fields: { edits: [{ drop: 2 }, { keep: 3 }] } }), /keeps 3 items of 2/);
});

test("an extra list's script keeps its items as they are", () => {
  const got = applyDelta(held, { version: 1, delta: { since: 4, answer: 5 }, extra: { set: { answer: 5 }, edit: { resources: { edits: [{ drop: 1 }, { items: [7, 8] }] } }, drop: [] } });
  assert.deepEqual(got.extra, { answer: 5, resources: [7, 8], skipped: ["diff"] });
  assert.deepEqual(held.extra.resources, [1]);
});
