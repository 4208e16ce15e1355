import { test } from "node:test";
import assert from "node:assert/strict";
import { ChangeSet, Text } from "@codemirror/state";
import { keepLayout } from "./layoutkeep.js";
import { keptChange } from "./keptchange.js";
import { layoutResult } from "./marks.js";
import { layoutText } from "./resultpreview.js";
import { seeded } from "./seeded.js";
import { readResponses } from "./testdata/responses.js";

// Responses of the examples, computed natively (see web/README.md to refresh them).
const examples = readResponses();

/** Random helpers over a seeded source, so that a failure comes again with its seed. */
function random(seed) {
  const next = seeded(seed);
  return { int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), pick: (xs) => xs[Math.floor(next() * xs.length)], chance: (p) => next() < p };
}

const WORDS = ["a: 1", "  b: 2", "---", "  - c", "", "    d: x", "kind: K"];
const MARKS = ["added", "changed", "retained", "ignored", "deleted", "dropped", "conflict", "other"];

const linesOf = (rnd, n) => Array.from({ length: n }, () => rnd.pick(WORDS));
const join = (lines, end) => (lines.length ? lines.join("\n") + (end ? "\n" : "") : "");

/** A field of a result of n lines, live of nl and updated of nu lines. */
function newField(rnd, n, nl, nu) {
  const mark = rnd.pick(MARKS);
  const inText = mark === "deleted" || mark === "conflict" ? nl : mark === "dropped" ? nu : n;
  const line = rnd.int(1, Math.max(1, inText + (rnd.chance(0.05) ? 2 : 0)));
  const f = { mark, path: rnd.chance(0.2) ? "" : ".p", line, endLine: rnd.chance(0.5) ? 0 : rnd.int(line, Math.max(line, inText)), reason: String(rnd.int(0, 9)) };
  if ((mark === "deleted" || mark === "dropped") && rnd.chance(0.9)) {
    f.place = { after: rnd.chance(0.05) ? undefined : rnd.int(0, n), under: rnd.chance(0.5) ? 0 : rnd.int(1, n), doc: rnd.int(0, 2), shift: rnd.int(-2, 2) };
  }
  return f;
}

/** Properly nested blocks of a text of n lines. */
function newBlocks(rnd, n, k) {
  const blocks = [];
  for (let i = 0; i < k; i++) {
    const s = rnd.int(1, n);
    const e = rnd.int(s + 1, Math.min(n, s + 8) + 1);
    if (e > n) continue;
    if (blocks.every(([a, b]) => e < a || s > b || (s >= a && e <= b) || (s <= a && e >= b))) blocks.push([s, e]);
  }
  return blocks.sort((x, y) => x[0] - y[0]);
}

/** A random answer and its inputs. */
function newAnswer(rnd) {
  const result = linesOf(rnd, rnd.int(1, 30));
  const live = linesOf(rnd, rnd.int(0, 20));
  const updated = linesOf(rnd, rnd.int(0, 20));
  const fields = Array.from({ length: rnd.int(0, 25) }, () => newField(rnd, result.length, live.length, updated.length));
  return { result, live, updated, fields, blocks: newBlocks(rnd, result.length, rnd.int(0, 10)) };
}

/** A line number moved by an edit that replaced d lines after line i with m others: null inside. */
const mover = (i, d, m) => (x) => (x === undefined || x === 0 || x <= i ? x : x > i + d ? x + m - d : null);

/** Lines of a text edited: d lines after line i replaced by m new ones; returns the move of its numbers. */
function editLine(rnd, lines) {
  const i = rnd.int(0, lines.length);
  const d = rnd.int(0, Math.min(3, lines.length - i));
  const m = rnd.int(0, 3);
  lines.splice(i, d, ...linesOf(rnd, m));
  return mover(i, d, m);
}

/** Lines of a text edited in one to three places (an edit that reaches lines far apart); returns the move of its numbers. */
function editLines(rnd, lines) {
  const moves = Array.from({ length: rnd.chance(0.5) ? 1 : rnd.int(2, 3) }, () => editLine(rnd, lines));
  return (x) => moves.reduce((y, move) => (y === null ? null : move(y)), x);
}

/** Whether a field moved by an edit kept all its line numbers. */
const sameNumbers = (f, g) => f.line === g.line && f.endLine === g.endLine && (!f.place || (f.place.after === g.place.after && f.place.under === g.place.under));

/** The answer edited as an engine's next answer might be: texts edited, numbers moved, some fields changed. */
function edit(rnd, a) {
  const next = { result: [...a.result], live: [...a.live], updated: [...a.updated] };
  const same = (x) => x;
  const moves = { result: same, live: same, updated: same };
  for (const key of ["result", "live", "updated"]) if (rnd.chance(key === "result" ? 0.8 : 0.3)) moves[key] = editLines(rnd, next[key]);
  if (!next.result.length) next.result.push("a: 1");
  const n = next.result.length;
  const fields = [];
  for (const f of a.fields) {
    const space = f.mark === "deleted" || f.mark === "conflict" ? "live" : f.mark === "dropped" ? "updated" : "result";
    const g = { ...f, line: moves[space](f.line), endLine: moves[space](f.endLine) };
    if (f.place) g.place = { ...f.place, after: moves.result(f.place.after), under: moves.result(f.place.under) };
    const lost = g.line === null || g.endLine === null || (g.place && (g.place.after === null || g.place.under === null)) || g.line > (space === "result" ? n : next[space].length);
    if (lost || rnd.chance(0.05)) {
      if (rnd.chance(0.5)) fields.push(newField(rnd, n, next.live.length, next.updated.length));
    } else fields.push(sameNumbers(f, g) ? f : g); // an item no line of which moved stays the same object, as a delta keeps it
    if (rnd.chance(0.03)) fields.push(newField(rnd, n, next.live.length, next.updated.length));
  }
  const blocks = a.blocks.map(([s, e]) => [moves.result(s), moves.result(e)]).filter(([s, e]) => s !== null && e !== null && e <= n && s < e);
  if (rnd.chance(0.3)) blocks.push(...newBlocks(rnd, n, 2).filter(([s, e]) => blocks.every(([x, y]) => e < x || s > y || (s >= x && e <= y) || (s <= x && e >= y))));
  blocks.sort((x, y) => x[0] - y[0]);
  return { ...next, fields, blocks };
}

/** The response and inputs of an answer, as the page gets them. */
function asResponse(a, rnd) {
  const end = rnd.chance(0.8);
  return { response: { result: join(a.result, end), fields: a.fields, layout: { blocks: a.blocks } }, live: join(a.live, rnd.chance(0.8)), updated: join(a.updated, true) };
}

/** The result view's text of a layout, as CodeMirror holds it. */
const viewText = (layout) => Text.of(layoutText(layout).split("\n"));

test("a layout kept across random edits equals the one laid out from scratch, and so does the view's text changed by it", () => {
  let windows = 0;
  for (let seed = 1; seed <= 400; seed++) {
    const rnd = random(seed);
    let answer = newAnswer(rnd);
    let kept = null;
    for (let step = 0; step < 25; step++) {
      const { response, live, updated } = asResponse(answer, rnd);
      const before = kept?.layout;
      kept = keepLayout(kept, response, live, updated);
      assert.deepEqual(kept.layout, layoutResult(response, live, updated), `seed ${seed}, step ${step}`);
      if (kept.change) {
        assert.equal(kept.change.base, before);
        const doc = viewText(before);
        const changed = ChangeSet.of(keptChange(doc, kept.change, kept.layout), doc.length).apply(doc);
        assert.equal(changed.toString(), layoutText(kept.layout), `the view's text, seed ${seed}, step ${step}`);
        if (kept.change.windows.length > 1) windows++;
      }
      answer = rnd.chance(0.05) ? newAnswer(rnd) : edit(rnd, answer);
    }
  }
  assert.ok(windows > 500, `${windows} answers laid out again in more than one window`);
});

test("a layout kept from one example's answer to another's equals the one laid out from scratch", () => {
  let kept = null;
  const names = Object.keys(examples);
  for (const name of [...names, ...names.reverse()]) {
    const { live, updated, response } = examples[name];
    kept = keepLayout(kept, response, live, updated);
    assert.deepEqual(kept.layout, layoutResult(response, live, updated), name);
  }
});

test("a value edited in a long stream lays out again only the lines around it", () => {
  const doc = (i, value) => [`name: r${i}`, "spec:", "  env:", `    value: ${value}`, "  x: 1"];
  const stream = (edited) => Array.from({ length: 200 }, (_, i) => doc(i, i === 100 ? edited : "a").join("\n")).join("\n---\n") + "\n";
  const answer = (edited) => ({
    result: stream(edited),
    fields: Array.from({ length: 200 }, (_, i) => ({ mark: i === 100 && edited !== "a" ? "changed" : "retained", path: ".spec.env.value", line: i * 6 + 4, endLine: 0 })),
    layout: { blocks: Array.from({ length: 200 }, (_, i) => [[i * 6 + 2, i * 6 + 5], [i * 6 + 3, i * 6 + 4]]).flat() },
  });
  const first = keepLayout(null, answer("a"), "", "");
  assert.equal(first.change, null);
  const next = keepLayout(first, answer("b"), "", "");
  assert.deepEqual(next.layout, layoutResult(answer("b"), "", ""));
  assert.equal(next.change.windows.length, 1);
  const [w] = next.change.windows;
  assert.ok(w.to - w.from <= 6 && w.count <= 6, JSON.stringify(w));
  assert.equal(next.layout.lines[0], first.layout.lines[0], "a line the edit does not reach is kept as it was");
  assert.equal(next.layout.counts.changed, 1);
});

test("a carriage return in a text lays the layout out whole, as splitLines splits at \\r\\n", () => {
  const response = { result: "a: 1\nb: 2\n", fields: [{ mark: "changed", path: ".b", line: 2, endLine: 0 }], layout: { blocks: [] } };
  const crlf = { ...response, result: "a: 1\r\nb: 2\r\n" };
  let kept = keepLayout(null, response, "", "");
  const steps = [[crlf, "x\n"], [response, "x\n"], [{ ...response, result: "a: 1\nb: 3\r\n" }, "x\n"], [response, "x\n"], [response, "x\r\n"], [response, "x\n"]];
  for (const [next, updated] of steps) {
    kept = keepLayout(kept, next, "", updated);
    assert.deepEqual(kept.layout, layoutResult(next, "", updated));
  }
});
