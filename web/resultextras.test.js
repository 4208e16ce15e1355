// The folds' and notes' lines moved through a text's change (resultextras.js) by line arithmetic,
// checked against CodeMirror's own mapping of their positions over random texts and changes.

import test from "node:test";
import assert from "node:assert/strict";
import { EditorState } from "@codemirror/state";
import { lineMoves, moved } from "./resultextras.js";
import { seeded } from "./seeded.js";

const pieces = ["a", "bc", "\n", "\n\n", "key: v\n", "", "x\ny"];

test("lines moved by arithmetic as CodeMirror maps their positions", () => {
  const rand = seeded(28);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  let checked = 0;
  for (let round = 0; round < 400; round++) {
    let text = "";
    for (let i = 0, n = 1 + Math.floor(rand() * 30); i < n; i++) text += pick(pieces);
    const state = EditorState.create({ doc: text });
    // One to four changes, in order and apart, as a new answer's lines replaced.
    const changes = [];
    let at = 0;
    for (let i = 0, n = 1 + Math.floor(rand() * 4); i < n && at <= text.length; i++) {
      const from = at + Math.floor(rand() * (text.length - at + 1) / 2);
      const to = Math.min(text.length, from + Math.floor(rand() * 6));
      changes.push({ from, to, insert: pick(pieces) });
      at = to + 1;
    }
    const tr = state.update({ changes });
    const old = tr.startState.doc;
    const doc = tr.state.doc;
    const moves = lineMoves(tr);
    for (let a = 1; a <= old.lines; a++) {
      for (let b = a; b <= old.lines; b++) {
        const from = old.line(a).from;
        const to = old.line(b).to;
        const shift = moved(moves, a, b);
        const touched = tr.changes.touchesRange(from, to) !== false;
        assert.equal(shift === null, touched, `lines ${a}..${b} of ${JSON.stringify(text)} changed by ${JSON.stringify(changes)}`);
        if (shift !== null) {
          assert.equal(a + shift, doc.lineAt(tr.changes.mapPos(from, -1)).number);
          assert.equal(b + shift, doc.lineAt(tr.changes.mapPos(to, 1)).number);
        }
        checked++;
      }
    }
  }
  assert.ok(checked > 10000, `${checked} line ranges checked`);
});
