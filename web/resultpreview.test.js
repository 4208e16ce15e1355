import { test } from "node:test";
import assert from "node:assert/strict";
import { previewLines } from "./preview.js";
import { layoutText, previewRows, resultLineNumber } from "./resultpreview.js";

const line = (text, kind, mark, numbers = {}) => ({ text, kind, mark, field: -1, first: false, inherited: false, opens: false, resultLine: 0, liveLine: 0, updatedLine: 0, ...numbers });
const rowsOf = (layout, extras = {}, maxLines) => previewRows(layout, extras, previewLines(layoutText(layout), maxLines));
const texts = (row) => row.indent + row.pieces.map((p) => p.text).join("");

// A result with a deleted field drawn from live between its lines, and a dropped item from updated.
const layout = {
  lines: [
    line("apiVersion: v1", "result", null, { resultLine: 1 }),
    line("data:", "result", "changed", { resultLine: 2 }),
    line("  a: 2", "result", "changed", { resultLine: 3 }),
    line("  b: 1", "deleted", "deleted", { liveLine: 4 }),
    line("  - c", "dropped", "dropped", { updatedLine: 7 }),
    line("kind: ConfigMap", "result", "added", { resultLine: 4 }),
  ],
  counts: {},
  hasResult: true,
};

test("a row is a display line: its text, its mark's classes and data, its gutter's number", () => {
  const { rows, widest } = rowsOf(layout);
  assert.deepEqual(rows.map(texts), layout.lines.map((l) => l.text));
  assert.deepEqual(rows.map((r) => r.number), ["1", "2", "3", "", "", "4"]);
  assert.deepEqual(rows.map((r) => r.data), ["none", "changed", "changed", "deleted", "dropped", "added"]);
  assert.equal(rows[1].classes, "mp-line mp-mark-changed");
  assert.equal(rows[3].classes, "mp-line mp-mark-deleted mp-deleted");
  assert.equal(rows[4].classes, "mp-line mp-mark-dropped mp-dropped");
  // The gutter makes room for 99 (CodeMirror's rule: the number it would show on line 9, 99…).
  assert.equal(widest, "9");
  assert.equal(rowsOf({ ...layout, lines: Array.from({ length: 12 }, (_, i) => line(`k${i}: 1`, "result", null, { resultLine: i + 1 })) }).widest, "99");
});

test("a deleted or dropped line is struck after its indentation, its highlighting kept", () => {
  const { rows } = rowsOf(layout);
  assert.equal(rows[3].indent, "  ");
  assert.ok(rows[3].struck);
  assert.equal(rows[3].pieces.map((p) => p.text).join(""), "b: 1");
  assert.ok(rows[3].pieces.some((p) => /tok-propertyName/.test(p.classes)), JSON.stringify(rows[3].pieces));
  assert.ok(!rows[2].struck);
  assert.equal(rows[2].indent, "");
  const blank = rowsOf({ ...layout, lines: [line("   ", "deleted", "deleted", { liveLine: 1 })] }).rows[0];
  assert.ok(!blank.struck, "nothing to strike on a line of spaces");
});

test("the number shown is the result's line, live's on live's lines, none on struck lines", () => {
  const conflicts = { lines: [line("a: 1", "live", "conflict", { liveLine: 1 })], counts: {}, hasResult: false };
  assert.equal(resultLineNumber(conflicts, 1), "1");
  assert.equal(resultLineNumber(layout, 4), "");
  assert.equal(resultLineNumber(layout, 6), "4");
  assert.equal(resultLineNumber(layout, 99), "99", "past the layout: the display line");
});

test("a closed fold hides the lines after its key, which carries the marker; an open one hides none", () => {
  const folds = [{ start: 2, end: 4, folded: true, label: "⋯ 2 lines folded" }];
  const { rows } = rowsOf(layout, { folds });
  assert.deepEqual(rows.map((r) => r.folded), [false, false, true, true, false, false]);
  assert.equal(rows[1].foldLabel, "⋯ 2 lines folded");
  assert.ok(rows[1].foldClosed);
  assert.match(rows[1].classes, /\bmp-fold-start\b/);
  const open = rowsOf(layout, { folds: [{ ...folds[0], folded: false, label: "▾ fold" }] }).rows;
  assert.ok(open.every((r) => !r.folded));
  assert.equal(open[1].foldLabel, "▾ fold");
  assert.ok(!open[1].foldClosed);
  const outside = rowsOf(layout, { folds: [{ start: 5, end: 9, folded: true, label: "x" }] }).rows;
  assert.ok(outside.every((r) => !r.folded && r.foldLabel === null), "a fold past the text is left out, as the view leaves it");
});

test("a note goes on its line, with its kind's classes", () => {
  const { rows } = rowsOf(layout, { notes: [{ line: 6, text: "out of sync", kind: "warning" }, { line: 40, text: "x", kind: "warning" }] });
  assert.deepEqual(rows[5].note, { text: "out of sync", kind: "warning" });
  assert.match(rows[5].classes, /\bmp-has-note mp-has-warning\b/);
  assert.equal(rows.filter((r) => r.note).length, 1);
});

test("an empty layout is one empty line numbered 1, and a long one draws its first lines", () => {
  const { rows, widest } = rowsOf({ lines: [], counts: {}, hasResult: false });
  assert.equal(rows.length, 1);
  assert.equal(rows[0].number, "1");
  assert.equal(rows[0].data, "none");
  assert.equal(widest, "9");
  const long = { lines: Array.from({ length: 300 }, (_, i) => line(`k${i}: 1`, "result", null, { resultLine: i + 1 })), counts: {}, hasResult: true };
  const drawn = rowsOf(long, {}, 50);
  assert.equal(drawn.rows.length, 50);
  assert.equal(drawn.widest, "999");
});
