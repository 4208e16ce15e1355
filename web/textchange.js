// The changes between two texts, line by line: what the result pane dispatches to CodeMirror
// when a new answer arrives, so that every line an answer leaves as it was stays as it is drawn
// (an edit usually changes a line or two of a long result, and sometimes lines far apart: the
// last-applied annotation at the top and the edited value below it).

import { sharedHead, sharedTail } from "./sharedends.js";

/** The most line edits the diff looks for before it replaces the differing middle as a whole. */
export const MAX_LINE_EDITS = 256;

/** The most line comparisons the diff makes (a pasted stream of thousands of lines stops early). */
const MAX_STEPS = 2_000_000;

/**
 * The changes that turn `before` into `after`, in `before`'s positions, sorted and apart: the
 * lines both texts share (their common start and end, and a shortest line diff between) are
 * kept; within a changed line, only the part that differs is replaced.
 * @param {string} before
 * @param {string} after
 * @returns {{from: number, to: number, insert: string}[]}
 */
export function lineChanges(before, after) {
  if (before === after) return [];
  // The lines both start and end with are trimmed as text first: a long stream is split into
  // lines only where it differs.
  const max = Math.min(before.length, after.length);
  let start = sharedHead(before, after, max);
  start = start > 0 ? before.lastIndexOf("\n", start - 1) + 1 : 0;
  const end = sharedTail(before, after, max - start);
  let to = before.length - end;
  if (to < before.length && !(before[to - 1] === "\n" && after[after.length - end - 1] === "\n")) {
    const next = before.indexOf("\n", to);
    to = next < 0 ? before.length : next + 1;
  }
  const kept = before.length - to;
  const a = before.slice(start, to).split("\n");
  const b = after.slice(start, after.length - kept).split("\n");
  const starts = lineStarts(a, start);
  return lineHunks(a, b).map((hunk) => hunkChange(hunk, a, b, starts, to));
}

/** Each line's offset in the text `lines` were split from, the first at `at`. */
function lineStarts(lines, at) {
  const starts = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    starts[i] = at;
    at += lines[i].length + 1;
  }
  return starts;
}

/**
 * The hunks of a line diff of a and b: [i, j, k, l] replaces a's lines i..j-1 with b's k..l-1.
 * The common start and end are trimmed first; past MAX_LINE_EDITS edits, the middle is one hunk.
 */
function lineHunks(a, b) {
  let lo = 0;
  while (lo < a.length && lo < b.length && a[lo] === b[lo]) lo++;
  let hiA = a.length;
  let hiB = b.length;
  while (hiA > lo && hiB > lo && a[hiA - 1] === b[hiB - 1]) {
    hiA--;
    hiB--;
  }
  if (lo === hiA || lo === hiB) return [[lo, hiA, lo, hiB]];
  const path = shortestEdits(a, b, lo, hiA, lo, hiB);
  if (!path) return [[lo, hiA, lo, hiB]];
  return path;
}

/**
 * A shortest edit script (Myers' greedy diff) between a[lo..hiA) and b[lo..hiB), as hunks; null
 * past MAX_LINE_EDITS edits or MAX_STEPS comparisons.
 */
function shortestEdits(a, b, loA, hiA, loB, hiB) {
  const n = hiA - loA;
  const m = hiB - loB;
  const max = Math.min(n + m, MAX_LINE_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace = [];
  let steps = 0;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[loA + x] === b[loB + y]) {
        x++;
        y++;
      }
      steps += x - v[offset + k] + 1;
      if (steps > MAX_STEPS) return null;
      v[offset + k] = x;
      if (x >= n && y >= m) return hunksOf(trace, d, n, m, offset, loA, loB);
    }
  }
  return null;
}

/** Walks a Myers trace back from (n, m) and groups its edits into hunks, in order. */
function hunksOf(trace, d, n, m, offset, loA, loB) {
  const hunks = [];
  let x = n;
  let y = m;
  for (; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    // The edit: from (prevX, prevY) to (x, y), one line of b inserted (down) or of a deleted.
    addEdit(hunks, loA + prevX, loA + x, loB + prevY, loB + y);
    x = prevX;
    y = prevY;
  }
  return hunks.reverse();
}

/** Adds an edit (walking backwards) to the hunks, joined to the last one when they touch. */
function addEdit(hunks, i, j, k, l) {
  const last = hunks[hunks.length - 1];
  if (last && last[0] === j && last[2] === l) {
    last[0] = i;
    last[2] = k;
    return;
  }
  hunks.push([i, j, k, l]);
}

/** A hunk as a change of the text a was split from (which ends at `length`). */
function hunkChange([i, j, k, l], a, b, starts, length) {
  const inserted = b.slice(k, l).join("\n");
  if (i < j && k < l) {
    const from = starts[i];
    const to = starts[j - 1] + a[j - 1].length;
    return trimmed(from, inserted, a.slice(i, j).join("\n"));
  }
  if (i < j) {
    // Lines deleted: with the line break after them, or before them at the end of the text.
    if (j < a.length) return { from: starts[i], to: starts[j], insert: "" };
    return { from: starts[i] > 0 ? starts[i] - 1 : 0, to: length, insert: "" };
  }
  // Lines inserted before a's line i, or after its last line.
  if (i < a.length) return { from: starts[i], to: starts[i], insert: inserted + "\n" };
  return { from: length, to: length, insert: "\n" + inserted };
}

/** A replacement of `old` (at `from`) by `text`, without their common start and end. */
function trimmed(from, text, old) {
  const max = Math.min(old.length, text.length);
  const start = sharedHead(old, text, max);
  const end = sharedTail(old, text, max - start);
  return { from: from + start, to: from + old.length - end, insert: text.slice(start, text.length - end) };
}
