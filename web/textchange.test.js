import { test } from "node:test";
import assert from "node:assert/strict";
import { changedRange } from "./textchange.js";

const apply = (before, c) => before.slice(0, c.from) + c.insert + before.slice(c.to);

test("only the part that differs is replaced", () => {
  assert.deepEqual(changedRange("a: 1\nb: 2\nc: 3", "a: 1\nb: 20\nc: 3"), { from: 9, to: 9, insert: "0" });
  assert.deepEqual(changedRange("same", "same"), { from: 4, to: 4, insert: "" });
  assert.deepEqual(changedRange("", "new"), { from: 0, to: 0, insert: "new" });
  assert.deepEqual(changedRange("old", ""), { from: 0, to: 3, insert: "" });
  for (const [a, b] of [["aaa", "aa"], ["aa", "aaa"], ["abcabc", "abc"], ["x\ny\nz", "x\nz"], ["kind: A\n", "kind: B\nkind: A\n"]]) {
    assert.equal(apply(a, changedRange(a, b)), b, `${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  }
});
