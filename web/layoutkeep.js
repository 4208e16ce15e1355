// A layout kept between answers (issue 28): an edit of one resource in a stream of thousands
// changes a few lines of the result and a few of its marks, so the next answer's layout is the
// last one with only the lines those changes reach laid out again (marks.js's layoutWindow), the
// others kept (their line numbers and field indexes moved when lines or fields came in before
// them). What changed is found by comparing the two answers (their texts, fields and blocks from
// the start, realigned past each hunk that differs, and from the end; each number moved by the
// hunks before it), not from the delta that carried them, so it holds for a whole answer too. An
// edit can change lines far apart (a renamed resource is created where it stands in the config
// and the live object it leaves is kept at the stream's end): each place is a window of its own,
// up to MAX_HUNKS. A window laid out again holds every block it touches, so that an opener's
// inherited mark is found as from scratch; the layout equals layoutResult's (layoutkeep.test.js
// edits at random, in one to three places, and compares). Pure functions, no DOM (tested under
// Node), but for one thing: the last layout's lines are moved in place (moveKept).

import { sharedHead, sharedTail } from "./sharedends.js";
import { PLACED, blocksOf, countMarks, isInputMark, layoutResult, layoutWindow, placedBlocks, placedIndexes, placedUnder, spanEnd } from "./marks.js";

/**
 * A layout with what the next answer needs to keep it: the answer and inputs it was laid out
 * for, the line starts of the three texts, each result line's display line and the placed blocks.
 * change: the windows of display lines of the layout before that were laid out again (from..to-1,
 * 0-based, sorted and apart) and how many lines stand for each now (count); null when laid out whole.
 * @typedef {{layout: import("./marks.js").Layout, change: {base: import("./marks.js").Layout, windows: {from: number, to: number, count: number}[]}|null,
 *   response: object, texts: Texts|null, display: Int32Array|null, placed: import("./marks.js").PlacedBlock[], placedAt: number[], blocks: number[][]}} Kept
 * placedAt: the indexes of the fields with a placed mark (marks.js's placedIndexes)
 * @typedef {{result: Text, live: Text, updated: Text}} Texts
 * @typedef {{text: string, starts: Int32Array}} Text starts[i]: the offset of line i+1; the
 *   last is where a line after the last would start
 */

/**
 * The layout of a response (as layoutResult lays it out), kept from the last one where the
 * answers agree.
 * @param {Kept|null} kept the last answer's (null: none)
 * @param {object} response
 * @param {string} liveText
 * @param {string} [updatedText]
 * @returns {Kept}
 */
export function keepLayout(kept, response, liveText, updatedText) {
  const raw = { result: response?.result ?? "", live: liveText ?? "", updated: updatedText ?? "" };
  if (!keepable(kept, response, raw)) return whole(response, raw);
  const texts = {};
  const hunks = {};
  for (const key of ["result", "live", "updated"]) {
    const next = textAgain(kept.texts[key], raw[key]);
    if (!next) return whole(response, raw); // a carriage return came in: splitLines splits at \r\n too
    [texts[key], hunks[key]] = next;
  }
  return again(kept, response, texts, hunks);
}

/** Whether the last layout can be kept: both answers have a result and fields, the last texts no \r. */
function keepable(kept, response, raw) {
  return Boolean(kept?.texts && kept.layout.hasResult && raw.result && Array.isArray(response?.fields) && Array.isArray(kept.response.fields));
}

/**
 * A layout laid out whole, with what the next answer needs to keep it (nothing, when a text
 * holds a carriage return: the kept texts' lines are split at \n alone).
 */
function whole(response, raw) {
  const layout = layoutResult(response, raw.live, raw.updated);
  if (Object.values(raw).some((t) => t.includes("\r"))) return { layout, change: null, response, texts: null, display: null, placed: [], placedAt: [], blocks: [] };
  const texts = { result: textOf(raw.result), live: textOf(raw.live), updated: textOf(raw.updated) };
  const display = displayOf(layout, texts.result.starts.length - 1);
  const fields = Array.isArray(response?.fields) ? response.fields : [];
  const placedAt = placedIndexes(fields);
  return { layout, change: null, response, texts, display, placed: placedBlocks(fields, inputsOf(texts), count(texts.result), placedAt), placedAt, blocks: blocksOf(response) };
}

/** Each result line's display line (0-based), from 1 to n; [0] is -1 and [n+1] the display's length. */
function displayOf(layout, n) {
  const display = new Int32Array(n + 2);
  display[0] = -1;
  display[n + 1] = layout.lines.length;
  layout.lines.forEach((l, i) => {
    if (l.kind === "result") display[l.resultLine] = i;
  });
  return display;
}

// ---- texts ---------------------------------------------------------------------------------

/** A text with its line starts. */
function textOf(text) {
  return { text, starts: startsOf(text, 0, 0) };
}

/**
 * A text with its line starts, the last text's kept where they share their start and end, and
 * the hunks of lines that differ between them (hunksWithin); null when a carriage return came in.
 * @returns {[Text, Hunk[]]|null}
 */
function textAgain(last, text) {
  const w = windowOf(last, text);
  if (w.from > w.oldTo && w.from > w.newTo && last.text === text) return [last, []];
  const starts = startsAgain(last, text, w);
  const newTo = starts.length - 1 - (count(last) - w.oldTo);
  // The last text held no \r and shares the lines outside the window: only the window may.
  if (text.slice(starts[w.from - 1] ?? 0, starts[newTo] ?? text.length).includes("\r")) return null;
  const next = { text, starts };
  if (w.from > w.oldTo && w.from > newTo) return [next, []];
  return [next, hunksWithin(last, next, { oldFrom: w.from, oldTo: w.oldTo, newFrom: w.from, newTo })];
}

/** How many lines a text has (as marks.js splitLines counts them). */
const count = (t) => t.starts.length - 1;

/**
 * The text of lines first..last (1-based) of t, copied: a slice of a string holds the whole
 * string in V8, and a line kept for many answers would hold every answer's result it was cut from.
 */
const linesText = (t, first, last) => (" " + t.text.slice(t.starts[first - 1], t.starts[last] - 1)).slice(1);

/** The input lines placed blocks are drawn from. */
function inputsOf(texts) {
  const lines = (t) => ({ count: count(t), at: (n) => linesText(t, n, n) });
  return { deleted: lines(texts.live), dropped: lines(texts.updated) };
}

/**
 * The line starts of text from offset `from` (a line's start), as splitLines splits it, the
 * first `line` (its number before from) left for the caller; the last entry is where a line
 * after the last would start.
 */
function startsOf(text, from, line) {
  const starts = [];
  if (text.length > from) {
    for (let at = from; at < text.length; at = text.indexOf("\n", at) + 1 || text.length + 1) starts.push(at);
  }
  if (!text.length) return Int32Array.of(1);
  starts.push(text.endsWith("\n") ? text.length : text.length + 1);
  const out = new Int32Array(line + starts.length);
  out.set(starts, line);
  return out;
}

/**
 * The lines two texts share at their start and end: the old text's lines from..oldTo and the
 * new one's from..newTo (1-based, both included; empty when to < from) are the ones that
 * differ, the others are alike, those after the window moved by newTo - oldTo. The shared
 * lines at the end start after the shared start in both texts, so they never overlap it.
 * newTo is left for textAgain (the new text's lines are counted there): here it is oldTo.
 * @typedef {{from: number, oldTo: number, newTo: number}} Window
 * @returns {Window}
 */
function windowOf(last, text) {
  const before = last.text;
  const n = count(last);
  if (before === text) return { from: n + 1, oldTo: n, newTo: n };
  const max = Math.min(before.length, text.length);
  const head = sharedHead(before, text, max);
  const tail = sharedTail(before, text, max - head);
  const from = lineAt(last.starts, head) + 1;
  // A line is alike at the end when its start and the line break before it are in the shared tail.
  const startsTail = before.length - tail + 1;
  let firstKept = lineAt(last.starts, startsTail) + 1;
  if (last.starts[firstKept - 1] < startsTail) firstKept++;
  const keptAtEnd = Math.max(0, n - firstKept + 1);
  return { from, oldTo: n - keptAtEnd, newTo: n - keptAtEnd };
}

/** The largest i (0-based, up to starts.length-1) whose start is at or before offset at. */
function lineAt(starts, at) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The new text's line starts: the old ones before the window, found in it, moved after it. */
function startsAgain(last, text, w) {
  const n = count(last);
  const kept = n - w.oldTo;
  const head = last.starts.subarray(0, w.from - 1);
  const shift = text.length - last.text.length;
  const tailStart = kept > 0 ? last.starts[w.oldTo] + shift : text.length;
  const middle = [];
  for (let at = Math.min(last.starts[w.from - 1], last.text.length); at < tailStart && at < text.length; at = text.indexOf("\n", at) + 1 || text.length + 1) middle.push(at);
  const out = new Int32Array(head.length + middle.length + kept + 1);
  out.set(head, 0);
  out.set(middle, head.length);
  for (let i = 0; i <= kept; i++) out[head.length + middle.length + i] = last.starts[w.oldTo + i] + shift;
  if (kept === 0) out[out.length - 1] = text.endsWith("\n") ? text.length : text.length + 1;
  return out;
}

// ---- hunks ---------------------------------------------------------------------------------

/**
 * Lines that differ between two texts: the old text's lines oldFrom..oldTo became the new one's
 * newFrom..newTo (1-based, both included; a side is empty when its to is its from - 1). A text's
 * hunks are sorted and apart, with a line alike in both between each two; the lines between are
 * alike, moved by the hunks before them.
 * @typedef {{oldFrom: number, oldTo: number, newFrom: number, newTo: number}} Hunk
 */

/**
 * The most hunks a change is split into (of a text, and of the fields or blocks): past them,
 * the rest is one. An edit of one resource in a stream can change lines far apart (a rename
 * adds the live object it leaves at the stream's end), and a paste changes everything.
 */
const MAX_HUNKS = 16;

/** The most lines (or items), both sides counted, a hunk may hold for what follows it to be found alike again. */
const REALIGN_REACH = 400;

/**
 * The most comparisons the realignments of one text's (or list's) change make in all: two
 * answers that share little (a mode switched, a paste) are found unlike in a bounded time, the
 * rest of the change one hunk.
 */
const REALIGN_COMPARISONS = 100_000;

/** How many lines (or items) in a row must be alike for a hunk to end (fewer at a window's end). */
const ALIKE_RUN = 3;

/**
 * The hunks of a window of lines that differ (its first and last lines on each side differ, or a
 * side is empty): the window split where its lines are alike again, up to MAX_HUNKS.
 * @param {Text} a the old text
 * @param {Text} b the new text
 * @param {Hunk} w
 * @returns {Hunk[]}
 */
function hunksWithin(a, b, w) {
  const hunks = [];
  let i = w.oldFrom;
  let j = w.newFrom;
  const alike = (x, y) => sameLine(a, x, b, y);
  const budget = { left: REALIGN_COMPARISONS };
  while (hunks.length < MAX_HUNKS - 1 && i <= w.oldTo && j <= w.newTo) {
    const at = realign(i, w.oldTo + 1, j, w.newTo + 1, alike, budget);
    if (!at) break;
    hunks.push({ oldFrom: i, oldTo: at[0] - 1, newFrom: j, newTo: at[1] - 1 });
    [i, j] = pastAlike(a, b, at[0], at[1], w);
  }
  if (i <= w.oldTo || j <= w.newTo) hunks.push({ oldFrom: i, oldTo: w.oldTo, newFrom: j, newTo: w.newTo });
  return hunks;
}

/**
 * The nearest places x >= i, y >= j past which two sequences are alike again (ALIKE_RUN in a row,
 * fewer where one ends before iEnd or jEnd, excluded), the two sides' steps counted together up
 * to REALIGN_REACH; null when there is none that near, or when the budget's comparisons
 * ({left}, shared by a change's realignments) run out.
 * @param {(x: number, y: number) => boolean} alike
 * @param {{left: number}} budget
 * @returns {[number, number]|null}
 */
function realign(i, iEnd, j, jEnd, alike, budget) {
  const farthest = Math.min(REALIGN_REACH, iEnd - 1 - i + (jEnd - 1 - j)); // the last line of both
  for (let d = 1; d <= farthest; d++) {
    for (let dx = Math.max(0, d - (jEnd - 1 - j)); dx <= d && i + dx < iEnd; dx++) {
      const x = i + dx;
      const y = j + d - dx;
      const run = Math.min(ALIKE_RUN, iEnd - x, jEnd - y);
      let t = 0;
      if (--budget.left < 0) return null;
      while (t < run && alike(x + t, y + t)) t++;
      if (t === run) return [x, y];
    }
  }
  return null;
}

/** Whether line x of a and line y of b are alike, their line breaks counted. */
function sameLine(a, x, b, y) {
  const from = a.starts[x - 1];
  const to = a.starts[x];
  return to - from === b.starts[y] - b.starts[y - 1] && a.text.slice(from, to) === b.text.slice(b.starts[y - 1], b.starts[y]);
}

/**
 * The first lines of a and b from x and y on (within w) that are not alike, compared as text in
 * runs (sharedHead): past w's end on a side when every line is alike up to it.
 * @returns {[number, number]}
 */
function pastAlike(a, b, x, y, w) {
  const p = a.starts[x - 1];
  const q = b.starts[y - 1];
  const endA = Math.min(a.starts[w.oldTo], a.text.length);
  const endB = Math.min(b.starts[w.newTo], b.text.length);
  const shared = sharedHead(a.text.slice(p, endA), b.text.slice(q, endB), Math.min(endA - p, endB - q));
  // Lines x and y are alike (realign found them): a last line without a line break is one too.
  const alike = Math.max(1, Math.min(lineAt(a.starts, p + shared) + 1, w.oldTo + 1) - x);
  return [x + alike, y + alike];
}

/** The index of the last item of sorted list for which before(item) holds (they come first), or -1. */
function lastWhere(list, before) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

// ---- what changed --------------------------------------------------------------------------

/**
 * A line number of the old text moved to the new one's (0 stays 0); NaN inside a hunk.
 * moves: whether any line moves; still: the lines before it stay where they were, outside hunks
 * as inside (the first hunk that changes the text's length).
 */
function mapper(hunks) {
  const froms = Int32Array.from(hunks, (h) => h.oldFrom);
  const first = hunks.length ? hunks[0].oldFrom : Infinity;
  const map = (x) => {
    if (x < first) return x;
    const h = hunks[lastAtOrBelow(froms, x)];
    if (!h) return x; // not a number: a field's line the engine left out
    return x > h.oldTo ? x + h.newTo - h.oldTo : NaN;
  };
  const moving = hunks.find((h) => h.newTo - h.newFrom !== h.oldTo - h.oldFrom);
  map.moves = Boolean(moving);
  map.still = moving ? moving.oldFrom : Infinity;
  return map;
}

/** The index of the last number of a sorted list that is at most x, or -1. */
function lastAtOrBelow(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The text a mark's line numbers count: live's, updated's or the result's. */
function spaceOf(mark) {
  if (mark === "deleted" || mark === "conflict") return "live";
  return mark === "dropped" ? "updated" : "result";
}

/** Whether b is a as the layout reads it, its line numbers moved by the texts' changes. */
function sameField(a, b, maps) {
  const map = maps[spaceOf(a.mark)];
  // The same item, where none of its lines moved (all before the first hunk that moves lines):
  // the lines of its span a hunk holds are laid out again.
  if (a === b && Math.max(a.line, a.endLine) < map.still && (!a.place || Math.max(a.place.after, a.place.under) < maps.result.still)) return true;
  if (a.mark !== b.mark || (a.path === "") !== (b.path === "")) return false;
  if (b.line !== map(a.line) || b.endLine !== (a.endLine > 0 ? map(a.endLine) : a.endLine)) return false;
  // A span over a hunk that changed its length: narrower spans win, so it is laid out again.
  if (a.endLine > 0 && b.endLine - b.line !== a.endLine - a.line) return false;
  const p = a.place;
  const q = b.place;
  if (!p || !q) return !p && !q;
  return q.after === maps.result(p.after) && q.under === (p.under > 0 ? maps.result(p.under) : p.under) && q.doc === p.doc && q.shift === p.shift;
}

/**
 * Where two lists differ, as hunks of items (0-based, to excluded: the old list's items
 * oldFrom..oldTo-1 stand for the new one's newFrom..newTo-1), sorted; the items between are
 * alike (same(old item, new item)). Compared from the start, realigned past each hunk, and the
 * rest (past MAX_HUNKS, or where nothing is alike within REALIGN_REACH) from the end.
 * @returns {Hunk[]}
 */
function listHunks(a, b, same) {
  const out = [];
  let i = 0;
  let j = 0;
  const alike = (x, y) => same(a[x], b[y]);
  const budget = { left: REALIGN_COMPARISONS };
  for (;;) {
    while (i < a.length && j < b.length && same(a[i], b[j])) {
      i++;
      j++;
    }
    if (i === a.length && j === b.length) return out;
    const at = i < a.length && j < b.length && out.length < MAX_HUNKS - 1 ? realign(i, a.length, j, b.length, alike, budget) : null;
    if (!at) break;
    out.push({ oldFrom: i, oldTo: at[0], newFrom: j, newTo: at[1] });
    [i, j] = at;
  }
  let tail = 0;
  const room = Math.min(a.length - i, b.length - j);
  while (tail < room && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  out.push({ oldFrom: i, oldTo: a.length - tail, newFrom: j, newTo: b.length - tail });
  return out;
}

/**
 * An index of one list as the other's (hunks of listHunks): from "old" to the new list's, or from
 * "new" to the old one's; -1 inside a hunk.
 * @param {Hunk[]} hunks
 * @param {"old"|"new"} side the list the index counts in
 */
function indexMapper(hunks, side) {
  const [from, to, otherTo] = side === "old" ? ["oldFrom", "oldTo", "newTo"] : ["newFrom", "newTo", "oldTo"];
  const froms = Int32Array.from(hunks, (h) => h[from]);
  return (x) => {
    const k = lastAtOrBelow(froms, x);
    if (k < 0) return x;
    const h = hunks[k];
    return x >= h[to] ? x + h[otherTo] - h[to] : -1;
  };
}

/** A range of lines, empty (lo > hi) until grown. */
const emptyRange = () => ({ lo: Infinity, hi: -Infinity });

/** A range of lines [lo, hi] grown to hold lines a..b, kept within 1..n. */
function grow(range, a, b, n) {
  const lo = Math.max(1, a);
  const hi = Math.min(n, b);
  if (lo > hi) return;
  range.lo = Math.min(range.lo, lo);
  range.hi = Math.max(range.hi, hi);
}

/** Adds to ranges the range a..b (within 1..n) unless it is empty. */
function addRange(ranges, a, b, n) {
  const r = emptyRange();
  grow(r, a, b, n);
  if (r.lo <= r.hi) ranges.push(r);
}

/** The lines a field's mark reaches in a result of n lines: its span, or its place and the line it is drawn under. */
function growByField(range, f, n) {
  if (!isInputMark(f.mark)) {
    if (Number.isInteger(f.line) && f.line >= 1 && f.line <= n) grow(range, f.line, spanEnd(f, n), n);
    return;
  }
  if (!PLACED.has(f.mark) || !f.place) return;
  const after = Number.isInteger(f.place.after) ? Math.max(0, Math.min(f.place.after, n)) : n;
  grow(range, after, after + 1, n);
  if (Number.isInteger(f.place.under) && f.place.under > 0) grow(range, f.place.under, f.place.under, n);
}

/** Adds to ranges the lines the marks of fields from..to-1 reach in a result of n lines. */
function addFieldsRange(ranges, fields, from, to, n) {
  const r = emptyRange();
  for (let k = from; k < to; k++) growByField(r, fields[k], n);
  if (r.lo <= r.hi) ranges.push(r);
}

/**
 * The placed blocks that are not drawn as before (a field of theirs changed, or their lines in
 * their input, or where they go): their places add to the old and the new ranges.
 */
function addByPlaced(dirty, kept, placed, fieldHunks, ctx) {
  const olds = new Map(kept.placed.map((b) => [b.index, b]));
  const oldIndex = indexMapper(fieldHunks, "new");
  for (const b of placed) {
    const index = oldIndex(b.index);
    const was = olds.get(index);
    olds.delete(index);
    if (was && samePlaced(was, b, ctx)) continue;
    addRange(dirty.new, b.after, b.after + 1, ctx.nNew);
    if (was) addRange(dirty.old, was.after, was.after + 1, ctx.nOld);
  }
  for (const was of olds.values()) addRange(dirty.old, was.after, was.after + 1, ctx.nOld);
}

/** Whether a placed block is drawn as before: its input lines alike and moved as its place. */
function samePlaced(a, b, { maps, hunks }) {
  const space = b.mark === "dropped" ? "updated" : "live";
  const k = lastWhere(hunks[space], (h) => h.oldFrom <= a.end);
  if (k >= 0 && hunks[space][k].oldTo >= a.start) return false;
  return a.mark === b.mark && b.start === maps[space](a.start) && b.end === maps[space](a.end) && b.after === maps.result(a.after)
    && a.doc === b.doc && a.shift === b.shift && a.whole === b.whole;
}

// ---- the layout again ----------------------------------------------------------------------

/**
 * The most ranges of lines laid out again one by one; past them, one range from the first to
 * the last (each range reads every block to hold the ones it overlaps).
 */
const MAX_RANGES = 32;

/** The new answer's layout: the last one's, with the ranges the changes reach laid out again. */
function again(kept, response, texts, hunks) {
  const maps = { result: mapper(hunks.result), live: mapper(hunks.live), updated: mapper(hunks.updated) };
  const oldFields = kept.response.fields;
  const fields = response.fields;
  const fieldHunks = listHunks(oldFields, fields, (a, b) => sameField(a, b, maps));
  const ctx = { maps, hunks, nOld: count(kept.texts.result), nNew: count(texts.result) };
  const dirty = { old: [], new: [] };
  for (const h of hunks.result) addRange(dirty.new, h.newFrom - 1, h.newTo + 1, ctx.nNew);
  for (const h of fieldHunks) {
    addFieldsRange(dirty.old, oldFields, h.oldFrom, h.oldTo, ctx.nOld);
    addFieldsRange(dirty.new, fields, h.newFrom, h.newTo, ctx.nNew);
  }
  const sameBlocks = response.layout?.blocks === kept.response.layout?.blocks; // a delta that left them as they were
  const blocks = { old: kept.blocks, new: sameBlocks ? kept.blocks : blocksOf(response) };
  for (const h of listHunks(blocks.old, blocks.new, (x, y) => y[0] === maps.result(x[0]) && y[1] === maps.result(x[1]))) {
    for (const [side, from, to, n] of [["old", h.oldFrom, h.oldTo, ctx.nOld], ["new", h.newFrom, h.newTo, ctx.nNew]]) {
      const r = emptyRange();
      for (let k = from; k < to; k++) grow(r, blocks[side][k][0], blocks[side][k][1], n);
      if (r.lo <= r.hi) dirty[side].push(r);
    }
  }
  const inputs = inputsOf(texts);
  const placedAt = placedAgain(kept.placedAt, fields, fieldHunks);
  const placed = placedBlocks(fields, inputs, ctx.nNew, placedAt);
  addByPlaced(dirty, kept, placed, fieldHunks, ctx);
  const ranges = rangesToLayOut(dirty, hunks.result, blocks, ctx);
  const under = placedUnder(fields, placedAt);
  const byRange = blocksByRange(blocks.new, ranges);
  const pieces = ranges.map(({ lo, hi }, k) => ({
    from: kept.display[toOld(lo - 1, hunks.result)] + 1,
    to: kept.display[toOldEnd(hi, hunks.result) + 1],
    laid: layoutWindow({ fields, blocks: byRange[k], placed, inputs, under, first: lo, texts: linesText(texts.result, lo, hi).split("\n"), count: ctx.nNew }),
  }));
  moveKept(kept.layout.lines, pieces, maps, fieldHunks);
  const lines = spliced(kept.layout.lines, pieces);
  const counts = { ...kept.layout.counts };
  for (const h of fieldHunks) {
    for (const [mark, n] of Object.entries(countMarks(oldFields.slice(h.oldFrom, h.oldTo)))) counts[mark] -= n;
    for (const [mark, n] of Object.entries(countMarks(fields.slice(h.newFrom, h.newTo)))) counts[mark] += n;
  }
  const layout = { lines, counts, hasResult: true };
  const windows = pieces.map((p) => ({ from: p.from, to: p.to, count: p.laid.length }));
  const display = displayAgain(kept.display, ranges, pieces, hunks.result, ctx.nNew, lines.length);
  return { layout, change: { base: kept.layout, windows }, response, texts, display, placed, placedAt, blocks: blocks.new };
}

/**
 * Each new result line's display line: those of the ranges laid again from their pieces, the
 * others the old ones', moved by the lines and the display lines the ranges before them changed
 * (between two ranges no hunk moves a line).
 */
function displayAgain(old, ranges, pieces, hunks, n, length) {
  const display = new Int32Array(n + 2);
  display[0] = -1;
  display[n + 1] = length;
  let r = 1;
  let by = 0; // how many more display lines the pieces before hold now
  const keep = (to) => {
    const shift = r - toOld(r, hunks);
    for (; r < to; r++) display[r] = old[r - shift] + by;
  };
  ranges.forEach((range, k) => {
    keep(range.lo);
    const p = pieces[k];
    const at = p.from + by;
    for (let i = 0; i < p.laid.length; i++) if (p.laid[i].kind === "result") display[p.laid[i].resultLine] = at + i;
    by += p.laid.length - (p.to - p.from);
    r = range.hi + 1;
  });
  keep(n + 1);
  return display;
}

/** The indexes of the fields with a placed mark: the last ones', moved, and those of the fields that changed, in order. */
function placedAgain(last, fields, fieldHunks) {
  const out = [];
  let at = 0;
  for (const h of fieldHunks) {
    for (; at < last.length && last[at] < h.oldFrom; at++) out.push(last[at] + h.newFrom - h.oldFrom);
    for (; at < last.length && last[at] < h.oldTo; at++); // changed: the new ones below stand for them
    for (let i = h.newFrom; i < h.newTo; i++) if (PLACED.has(fields[i]?.mark)) out.push(i);
  }
  const last0 = fieldHunks.at(-1);
  const shift = last0 ? last0.newTo - last0.oldTo : 0;
  for (; at < last.length; at++) out.push(last[at] + shift);
  return out;
}

/** A new result line as the old result's: a hunk's lines go to its start. */
function toOld(x, hunks) {
  const k = lastWhere(hunks, (h) => h.newFrom <= x);
  if (k < 0) return x;
  const h = hunks[k];
  return x > h.newTo ? x - (h.newTo - h.oldTo) : h.oldFrom;
}

/**
 * The last line of a new range as the old result's: a range that reaches the end of a hunk (or
 * the line above it, when the new text lost those lines) reaches the old one's end.
 */
function toOldEnd(x, hunks) {
  const k = lastWhere(hunks, (h) => h.newFrom <= x + 1);
  if (k < 0) return x;
  const h = hunks[k];
  if (x >= h.newTo && x >= h.newFrom - 1) return x - (h.newTo - h.oldTo);
  return x < h.newFrom ? x - (h.newFrom - h.oldFrom) : h.oldTo;
}

/** An old result line as the new result's where a range starts (a hunk's lines: its start). */
function toNewStart(x, hunks) {
  const k = lastWhere(hunks, (h) => h.oldFrom <= x);
  if (k < 0) return x;
  const h = hunks[k];
  return x > h.oldTo ? x + (h.newTo - h.oldTo) : h.newFrom;
}

/** An old result line as the new result's where a range ends (a hunk's lines: its end). */
function toNewEnd(x, hunks) {
  const k = lastWhere(hunks, (h) => h.oldFrom <= x);
  if (k < 0) return x;
  const h = hunks[k];
  return x > h.oldTo ? x + (h.newTo - h.oldTo) : Math.max(h.newTo, h.newFrom - 1);
}

/**
 * The new result's ranges of lines laid out again, sorted and apart (a kept line between each
 * two, so that no placed block is drawn by two): what changed in either answer, each grown until
 * it holds every block of either answer it overlaps (an opener's mark reads its whole block).
 * @returns {{lo: number, hi: number}[]}
 */
function rangesToLayOut(dirty, hunks, blocks, { nNew }) {
  let ranges = [...dirty.new, ...dirty.old.map((r) => ({ lo: toNewStart(r.lo, hunks), hi: toNewEnd(r.hi, hunks) }))]
    .map((r) => ({ lo: Math.max(1, r.lo), hi: Math.min(nNew, r.hi) }))
    .filter((r) => r.lo <= r.hi);
  const held = { new: blockIndex(blocks.new), old: blockIndex(blocks.old) };
  for (;;) {
    ranges = merged(ranges);
    let grown = false;
    for (const r of ranges) {
      let [lo, hi] = holdBlocks(held.new, r.lo, r.hi);
      hi = Math.min(hi, nNew); // a block past the text's end reaches its last line
      const [oldLo, oldHi] = holdBlocks(held.old, toOld(lo, hunks), toOldEnd(hi, hunks));
      lo = Math.max(1, Math.min(lo, toNewStart(oldLo, hunks)));
      hi = Math.min(nNew, Math.max(hi, toNewEnd(oldHi, hunks)));
      if (lo !== r.lo || hi !== r.hi) grown = true;
      r.lo = lo;
      r.hi = hi;
    }
    if (!grown) return ranges;
  }
}

/** Ranges sorted, those that overlap or touch joined; past MAX_RANGES, one from the first to the last. */
function merged(ranges) {
  const sorted = ranges.sort((a, b) => a.lo - b.lo);
  const out = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.lo <= last.hi + 1) last.hi = Math.max(last.hi, r.hi);
    else out.push({ lo: r.lo, hi: r.hi });
  }
  return out.length > MAX_RANGES ? [{ lo: out[0].lo, hi: Math.max(...out.map((r) => r.hi)) }] : out;
}

/**
 * Blocks ready for holdBlocks: with, when they are sorted by their first line, the last line
 * each prefix of them reaches (maxEnd[k]: of blocks 0..k), so that a range reads only the blocks
 * that may overlap it; null when they are not sorted (then every block is read).
 * @returns {{blocks: number[][], maxEnd: Int32Array|null}}
 */
function blockIndex(blocks) {
  const maxEnd = new Int32Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) {
    if (k > 0 && blocks[k][0] < blocks[k - 1][0]) return { blocks, maxEnd: null };
    maxEnd[k] = Math.max(k > 0 ? maxEnd[k - 1] : -Infinity, blocks[k][1]);
  }
  return { blocks, maxEnd };
}

/** A range of lines grown until every block that overlaps it lies within it. */
function holdBlocks({ blocks, maxEnd }, lo, hi) {
  for (let grown = true; grown;) {
    grown = false;
    // Sorted: the blocks that start by hi, from the last down to those no block before reaches lo from.
    let i = maxEnd ? lastWhere(blocks, (x) => x[0] <= hi) : blocks.length - 1;
    for (; i >= 0 && (!maxEnd || maxEnd[i] >= lo); i--) {
      const start = blocks[i][0];
      const end = blocks[i][1];
      if (start > hi || end < lo || (start >= lo && end <= hi)) continue;
      lo = Math.min(lo, start);
      hi = Math.max(hi, end);
      grown = true;
    }
  }
  return [lo, hi];
}

/** The blocks that start in each range (sorted and apart), in the blocks' order. */
function blocksByRange(blocks, ranges) {
  if (ranges.length === 1) return [blocks.filter((x) => x[0] >= ranges[0].lo && x[0] <= ranges[0].hi)];
  const out = ranges.map(() => []);
  const los = Int32Array.from(ranges, (r) => r.lo);
  for (const x of blocks) {
    const k = lastAtOrBelow(los, x[0]);
    if (k >= 0 && x[0] <= ranges[k].hi) out[k].push(x);
  }
  return out;
}

/**
 * Moves the line numbers and field of the last layout's lines outside the pieces, in place: a
 * kept layout's lines are the last one's objects, and the last layout is read no more once the
 * next is kept (the view compares the texts it holds, not its lines). An edit of one resource that
 * changes how many marks it has moves the field of every line after it: objects made anew for
 * each would be 117,000 on the 2 MB input, and their collection the longest part of the answer.
 */
function moveKept(old, pieces, { result, live, updated }, fieldHunks) {
  const fieldMoves = fieldHunks.some((h) => h.newTo - h.newFrom !== h.oldTo - h.oldFrom);
  if (!fieldMoves && !result.moves && !live.moves && !updated.moves) return;
  const moveField = indexMapper(fieldHunks, "old");
  const firstField = fieldMoves ? fieldHunks[0].oldFrom : Infinity;
  // Lines before what moves stay as they are: a number is looked up past it only.
  const move = (line) => {
    if (line.field >= firstField) line.field = moveField(line.field);
    if (line.resultLine >= result.still) line.resultLine = result(line.resultLine);
    if (line.liveLine >= live.still) line.liveLine = live(line.liveLine);
    if (line.updatedLine >= updated.still) line.updatedLine = updated(line.updatedLine);
  };
  let at = 0;
  for (const p of pieces) {
    for (; at < p.from; at++) move(old[at]);
    at = p.to;
  }
  for (; at < old.length; at++) move(old[at]);
}

/** The old lines outside the pieces, with each piece's laid lines in place of its from..to-1. */
function spliced(old, pieces) {
  const parts = [];
  let at = 0;
  for (const p of pieces) {
    parts.push(old.slice(at, p.from), p.laid);
    at = p.to;
  }
  parts.push(old.slice(at));
  return [].concat(...parts);
}
