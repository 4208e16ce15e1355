import assert from "node:assert/strict";
import { test } from "node:test";

import { sharedHead, sharedTail } from "./sharedends.js";

/** The same counts, unit by unit. */
function naiveHead(a, b, max) {
  let n = 0;
  while (n < max && a[n] === b[n]) n++;
  return n;
}
function naiveTail(a, b, max) {
  let n = 0;
  while (n < max && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

test("the shared start and end are counted as unit by unit, across the runs' edges", () => {
  const base = "key: value\n".repeat(20000); // 220,000 units: several 64 Ki runs
  // Differences placed on and about the runs' edges, at the ends, and none at all.
  const places = [0, 1, 255, 256, 4095, 4096, 4097, 65535, 65536, 65537, 131072, base.length - 1];
  for (const at of places) {
    for (const edit of [(s) => s.slice(0, at) + "X" + s.slice(at + 1), (s) => s.slice(0, at) + "ünï" + s.slice(at), (s) => s.slice(0, at) + s.slice(at + 300)]) {
      const other = edit(base);
      const max = Math.min(base.length, other.length);
      const head = sharedHead(base, other, max);
      assert.equal(head, naiveHead(base, other, max), `head, a change at ${at}`);
      assert.equal(sharedTail(base, other, max - head), naiveTail(base, other, max - head), `tail, a change at ${at}`);
    }
  }
  assert.equal(sharedHead(base, base, base.length), base.length);
  assert.equal(sharedTail(base, base.slice(5), base.length - 5), base.length - 5, "a text and its end: the whole shorter one");
  assert.equal(sharedHead("", "abc", 0), 0);
  assert.equal(sharedTail("abc", "xbc", 3), 2);
});
