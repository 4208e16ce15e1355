// Helm 2's two-way upgrade beside Helm 3's three-way one, shaped for the page: the two results
// side by side (response.result | extra.threeWay.result), the fields left out of sync
// (extra.warnings) and the repair patches (extra.repairPatches) with the kubectl command the
// engine writes for each. Pure functions with no DOM (tested under Node).

import { splitLines } from "./marks.js";

const str = (v) => (typeof v === "string" ? v : "");
const list = (v) => (Array.isArray(v) ? v : []);

/**
 * The line edits that turn a into b (Myers' algorithm): {op: "equal"|"delete"|"insert", a, b}
 * with 0-based indexes into each side (-1 where the side has no line). Past `maxEdits` edits the
 * rest is paired line by line, so a huge difference stays cheap.
 * @param {string[]} a
 * @param {string[]} b
 * @param {number} [maxEdits]
 * @returns {{op: string, a: number, b: number}[]}
 */
export function lineEdits(a, b, maxEdits = 500) {
  // Common head and tail first: results that differ in a few places are mostly that.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  const middle = myers(A, B, maxEdits) ?? paired(A.length, B.length);
  const out = [];
  for (let i = 0; i < head; i++) out.push({ op: "equal", a: i, b: i });
  for (const e of middle) out.push({ op: e.op, a: e.a < 0 ? -1 : e.a + head, b: e.b < 0 ? -1 : e.b + head });
  for (let i = 0; i < tail; i++) out.push({ op: "equal", a: a.length - tail + i, b: b.length - tail + i });
  return out;
}

/** Every line of a deleted, then every line of b inserted (when Myers gives up). */
function paired(n, m) {
  const out = [];
  for (let i = 0; i < n; i++) out.push({ op: "delete", a: i, b: -1 });
  for (let j = 0; j < m; j++) out.push({ op: "insert", a: -1, b: j });
  return out;
}

function myers(a, b, maxEdits) {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, v, a, b, d, offset);
    }
  }
  return null;
}

function backtrack(trace, last, a, b, dEnd, offset) {
  const out = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) out.push({ op: "equal", a: --x, b: --y });
    if (x === prevX) out.push({ op: "insert", a: -1, b: --y });
    else out.push({ op: "delete", a: --x, b: -1 });
  }
  while (x > 0 && y > 0) out.push({ op: "equal", a: --x, b: --y });
  return out.reverse();
}

/**
 * One row of the side-by-side view: a line of the two-way result (left), of the three-way result
 * (right), or both. kind: same (identical lines), changed (a line each, different), left (only the
 * two-way result has it), right (only the three-way one).
 * @typedef {{kind: "same"|"changed"|"left"|"right", left: {line: number, text: string}|null, right: {line: number, text: string}|null}} SideRow
 */

/**
 * Aligns the two results: identical lines side by side, and within each run of differing lines,
 * the run's lines paired in order (the rest one-sided).
 * @param {string} twoWay the two-way result
 * @param {string} threeWay the three-way result
 * @returns {SideRow[]}
 */
export function sideBySide(twoWay, threeWay) {
  const a = splitLines(str(twoWay));
  const b = splitLines(str(threeWay));
  const rows = [];
  let dels = [];
  let ins = [];
  const flush = () => {
    const n = Math.max(dels.length, ins.length);
    for (let i = 0; i < n; i++) {
      const left = i < dels.length ? { line: dels[i] + 1, text: a[dels[i]] } : null;
      const right = i < ins.length ? { line: ins[i] + 1, text: b[ins[i]] } : null;
      rows.push({ kind: left && right ? "changed" : left ? "left" : "right", left, right });
    }
    dels = [];
    ins = [];
  };
  for (const e of lineEdits(a, b)) {
    if (e.op === "equal") {
      flush();
      rows.push({ kind: "same", left: { line: e.a + 1, text: a[e.a] }, right: { line: e.b + 1, text: b[e.b] } });
    } else if (e.op === "delete") dels.push(e.a);
    else ins.push(e.b);
  }
  flush();
  return rows;
}

/**
 * The warnings of a response (extra.warnings), checked, each with its line in the two-way result
 * (0 when it has none) and whether the two-way result lacks the field (its line is then the
 * resource's).
 * @param {object} response
 * @returns {{resource: string, path: string, line: number, twoWay: string, threeWay: string, message: string, missing: boolean}[]}
 */
export function warningItems(response) {
  const lines = splitLines(str(response?.result)).length;
  return list(response?.extra?.warnings).filter((w) => w && typeof w === "object").map((w) => ({
    resource: str(w.resource),
    path: str(w.path),
    line: Number.isInteger(w.line) && w.line >= 1 && w.line <= lines ? w.line : 0,
    twoWay: str(w.twoWay),
    threeWay: str(w.threeWay),
    message: str(w.message),
    missing: str(w.twoWay) === "",
  }));
}

/**
 * The note a warning puts on its line of the result.
 * @param {{path: string, twoWay: string, threeWay: string, missing: boolean}} w
 * @returns {string}
 */
export function warningNote(w) {
  if (w.missing) return `⚠ out of sync: ${w.path} is missing; Helm 3 sets ${w.threeWay}`;
  if (!w.threeWay) return `⚠ out of sync: Helm 3 would remove ${w.path}`;
  return `⚠ out of sync: Helm 3 sets ${w.threeWay}`;
}

/**
 * The repair patches of a response (extra.repairPatches), each with the kubectl command the
 * engine writes to send it (every word quoted for a POSIX shell).
 * @param {object} response
 * @returns {{resource: string, type: string, patch: string, command: string}[]}
 */
export function repairItems(response) {
  return list(response?.extra?.repairPatches).filter((r) => r && typeof r === "object" && str(r.patch)).map((r) => ({
    resource: str(r.resource),
    type: str(r.type) === "merge" ? "merge" : "strategic",
    patch: str(r.patch),
    command: str(r.command),
  }));
}
