import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_LINE_EDITS, lineChanges } from "./textchange.js";

/** Applies changes given in the positions of `before`, as CodeMirror does. */
const apply = (before, changes) => {
  let out = "";
  let at = 0;
  for (const c of changes) {
    assert.ok(c.from >= at && c.to >= c.from, `changes sorted and apart: ${JSON.stringify(changes)}`);
    out += before.slice(at, c.from) + c.insert;
    at = c.to;
  }
  return out + before.slice(at);
};

test("only the part that differs is replaced", () => {
  assert.deepEqual(lineChanges("a: 1\nb: 2\nc: 3", "a: 1\nb: 20\nc: 3"), [{ from: 9, to: 9, insert: "0" }]);
  assert.deepEqual(lineChanges("same", "same"), []);
  assert.deepEqual(lineChanges("", "new"), [{ from: 0, to: 0, insert: "new" }]);
  assert.deepEqual(lineChanges("old", ""), [{ from: 0, to: 3, insert: "" }]);
});

test("lines far apart change apart: the lines between stay", () => {
  const before = "annotation: {a: 1}\nname: web\nspec:\n  replicas: 1\nimage: x";
  const after = "annotation: {a: 12}\nname: web\nspec:\n  replicas: 1\nimage: x2";
  assert.deepEqual(lineChanges(before, after), [{ from: 17, to: 17, insert: "2" }, { from: 57, to: 57, insert: "2" }]);
});

test("lines inserted and deleted between kept lines are changes of their own", () => {
  const before = "a\nb\nc\nd\ne";
  const after = "a\nB\nc\nnew\nd";
  const changes = lineChanges(before, after);
  assert.equal(apply(before, changes), after);
  assert.equal(changes.length, 3);
  for (const c of changes) assert.ok(!before.slice(c.from, c.to).includes("c"), "the kept line c is not replaced");
});

test("every change applies to give the text after", () => {
  const cases = [["aaa", "aa"], ["aa", "aaa"], ["abcabc", "abc"], ["x\ny\nz", "x\nz"], ["kind: A\n", "kind: B\nkind: A\n"],
    ["x", "x\ny"], ["x\ny", "x"], ["y", "x\ny"], ["x\ny", "y"], ["", "\n"], ["\n", ""], ["a\n\nb", "a\nb\n\n"], ["1\n2\n3", "3\n2\n1"]];
  for (const [a, b] of cases) assert.equal(apply(a, lineChanges(a, b)), b, `${JSON.stringify(a)} → ${JSON.stringify(b)}`);
});

test("random texts: the changes always give the text after", () => {
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const text = () => Array.from({ length: rand(12) }, () => "abc"[rand(3)] + (rand(4) ? "" : "x")).join("\n");
  for (let i = 0; i < 2000; i++) {
    const a = text();
    const b = text();
    assert.equal(apply(a, lineChanges(a, b)), b, `${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  }
});

test("past the most edits it looks for, the differing middle is one change", () => {
  const n = MAX_LINE_EDITS + 10;
  const before = ["head", ...Array.from({ length: n }, (_, i) => `a${i}`), "tail"].join("\n");
  const after = ["head", ...Array.from({ length: n }, (_, i) => `b${i}`), "tail"].join("\n");
  const changes = lineChanges(before, after);
  assert.equal(changes.length, 1);
  assert.equal(apply(before, changes), after);
});
