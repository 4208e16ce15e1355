import { test } from "node:test";
import assert from "node:assert/strict";
import { PREVIEW_LINES, previewLines, widestLineNumber } from "./preview.js";

const joined = (pieces) => pieces.map((p) => p.text).join("");

test("a preview's lines are the text's lines, as CodeMirror reads the line breaks", () => {
  const { lines, total } = previewLines("a: 1\r\nb: 2\rc: 3\n\nd: |\n  x\n");
  assert.deepEqual(lines.map(joined), ["a: 1", "b: 2", "c: 3", "", "d: |", "  x", ""]);
  assert.equal(total, 7);
});

test("a preview's pieces carry CodeMirror's highlighting classes for YAML", () => {
  const { lines } = previewLines("apiVersion: apps/v1\nspec:\n  replicas: 3 # three\n");
  assert.deepEqual(lines[0], [
    { text: "apiVersion", classes: "tok-propertyName tok-definition" },
    { text: ":", classes: "tok-punctuation" },
    { text: " apps/v1", classes: "" },
  ]);
  const third = lines[2];
  assert.equal(joined(third), "  replicas: 3 # three");
  assert.ok(third.some((p) => p.text === "# three" && /tok-comment/.test(p.classes)), JSON.stringify(third));
});

test("a piece that spans lines (a block scalar) is cut at each line break", () => {
  const { lines } = previewLines("data: |\n  one\n  two\nnext: 1\n");
  assert.deepEqual(lines.map(joined), ["data: |", "  one", "  two", "next: 1", ""]);
  for (const line of lines) for (const p of line) assert.ok(!p.text.includes("\n"));
});

test("a preview draws the first lines only, and counts them all", () => {
  const text = Array.from({ length: PREVIEW_LINES + 50 }, (_, i) => `k${i}: ${i}`).join("\n");
  const { lines, total } = previewLines(text);
  assert.equal(lines.length, PREVIEW_LINES);
  assert.equal(total, PREVIEW_LINES + 50);
  assert.equal(joined(lines.at(-1)), `k${PREVIEW_LINES - 1}: ${PREVIEW_LINES - 1}`);
});

test("an empty text is one empty line", () => {
  assert.deepEqual(previewLines(""), { lines: [[]], total: 1 });
});

test("the gutter makes room for the widest line number as CodeMirror does", () => {
  assert.equal(widestLineNumber(1), 9);
  assert.equal(widestLineNumber(9), 9);
  assert.equal(widestLineNumber(10), 99);
  assert.equal(widestLineNumber(100), 999);
});
