// A layout kept between answers (issue 28): an edit of one resource in a stream of thousands
// changes a few lines of the result and a few of its marks, so the next answer's layout is the
// last one with only the lines those changes reach laid out again (marks.js's layoutWindow), the
// others kept (their line numbers and field indexes moved when lines or fields came in before
// them). What changed is found by comparing the two answers (their texts from both ends, their
// fields and blocks from both ends, each number moved by the text's change), not from the
// delta that carried them, so it holds for a whole answer too. The window laid out again holds
// every block it touches, so that an opener's inherited mark is found as from scratch; the
// layout equals layoutResult's (layoutkeep.test.js edits at random and compares). Pure
// functions, no DOM (tested under Node).

import { sharedHead, sharedTail } from "./sharedends.js";
import { PLACED, blocksOf, countMarks, isInputMark, layoutResult, layoutWindow, placedBlocks, placedIndexes, placedUnder, spanEnd } from "./marks.js";

/**
 * A layout with what the next answer needs to keep it: the answer and inputs it was laid out
 * for, the line starts of the three texts, each result line's display line and the placed blocks.
 * change: the display lines of the layout before that were laid out again (from..to-1, 0-based)
 * and how many lines stand for them now (count); null when laid out whole.
 * @typedef {{layout: import("./marks.js").Layout, change: {base: import("./marks.js").Layout, from: number, to: number, count: number}|null,
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
  const windows = {};
  for (const key of ["result", "live", "updated"]) {
    const next = textAgain(kept.texts[key], raw[key]);
    if (!next) return whole(response, raw); // a carriage return came in: splitLines splits at \r\n too
    [texts[key], windows[key]] = next;
  }
  return again(kept, response, texts, windows);
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
 * the window of lines that differ (windowOf); null when a carriage return came in.
 * @returns {[Text, Window]|null}
 */
function textAgain(last, text) {
  const w = windowOf(last, text);
  if (w.from > w.oldTo && w.from > w.newTo && last.text === text) return [last, w];
  const starts = startsAgain(last, text, w);
  const newTo = starts.length - 1 - (count(last) - w.oldTo);
  // The last text held no \r and shares the lines outside the window: only the window may.
  if (text.slice(starts[w.from - 1] ?? 0, starts[newTo] ?? text.length).includes("\r")) return null;
  return [{ text, starts }, { ...w, newTo }];
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

// ---- what changed --------------------------------------------------------------------------

/** A line number of the old text moved to the new one's (0 stays 0); NaN inside the window. */
function mapper(w) {
  const by = w.newTo - w.oldTo;
  const map = (x) => (x < w.from ? x : x > w.oldTo ? x + by : NaN);
  map.by = by;
  return map;
}

/** The text a mark's line numbers count: live's, updated's or the result's. */
function spaceOf(mark) {
  if (mark === "deleted" || mark === "conflict") return "live";
  return mark === "dropped" ? "updated" : "result";
}

/** Whether b is a as the layout reads it, its line numbers moved by the texts' changes. */
function sameField(a, b, maps) {
  const map = maps[spaceOf(a.mark)];
  // The same item, where no line moved: the lines of its span the window holds are laid out again.
  if (a === b && map.by === 0 && (!a.place || maps.result.by === 0)) return true;
  if (a.mark !== b.mark || (a.path === "") !== (b.path === "")) return false;
  if (b.line !== map(a.line) || b.endLine !== (a.endLine > 0 ? map(a.endLine) : a.endLine)) return false;
  // A span over the window that changed its length: narrower spans win, so it is laid out again.
  if (a.endLine > 0 && b.endLine - b.line !== a.endLine - a.line) return false;
  const p = a.place;
  const q = b.place;
  if (!p || !q) return !p && !q;
  return q.after === maps.result(p.after) && q.under === (p.under > 0 ? maps.result(p.under) : p.under) && q.doc === p.doc && q.shift === p.shift;
}

/**
 * Where two lists differ: the old list's items from..oldTo-1 stand for the new one's
 * from..newTo-1 (0-based), the others are alike (same(old item, new item)).
 */
function listWindow(a, b, same) {
  let from = 0;
  while (from < a.length && from < b.length && same(a[from], b[from])) from++;
  let tail = 0;
  const room = Math.min(a.length, b.length) - from;
  while (tail < room && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  return { from, oldTo: a.length - tail, newTo: b.length - tail, shift: b.length - a.length };
}

/** A range of lines [lo, hi] grown to hold lines a..b, kept within 1..n. */
function grow(range, a, b, n) {
  const lo = Math.max(1, a);
  const hi = Math.min(n, b);
  if (lo > hi) return;
  range.lo = Math.min(range.lo, lo);
  range.hi = Math.max(range.hi, hi);
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

/**
 * The placed blocks that are not drawn as before (a field of theirs changed, or their lines in
 * their input, or where they go): their places grow the old and the new range.
 */
function growByPlaced(dirty, kept, placed, f, ctx) {
  const olds = new Map(kept.placed.map((b) => [b.index, b]));
  for (const b of placed) {
    const oldIndex = b.index < f.from ? b.index : b.index >= f.newTo ? b.index - f.shift : -1;
    const was = olds.get(oldIndex);
    olds.delete(oldIndex);
    if (was && samePlaced(was, b, ctx)) continue;
    grow(dirty.new, b.after, b.after + 1, ctx.nNew);
    if (was) grow(dirty.old, was.after, was.after + 1, ctx.nOld);
  }
  for (const was of olds.values()) grow(dirty.old, was.after, was.after + 1, ctx.nOld);
}

/** Whether a placed block is drawn as before: its input lines alike and moved as its place. */
function samePlaced(a, b, { maps, windows }) {
  const space = b.mark === "dropped" ? "updated" : "live";
  const w = windows[space];
  if (a.start <= w.oldTo && a.end >= w.from) return false;
  return a.mark === b.mark && b.start === maps[space](a.start) && b.end === maps[space](a.end) && b.after === maps.result(a.after)
    && a.doc === b.doc && a.shift === b.shift && a.whole === b.whole;
}

// ---- the layout again ----------------------------------------------------------------------

/** The new answer's layout: the last one's, with the window the changes reach laid out again. */
function again(kept, response, texts, windows) {
  const maps = { result: mapper(windows.result), live: mapper(windows.live), updated: mapper(windows.updated) };
  const oldFields = kept.response.fields;
  const fields = response.fields;
  const f = listWindow(oldFields, fields, (a, b) => sameField(a, b, maps));
  const ctx = { maps, windows, nOld: count(kept.texts.result), nNew: count(texts.result) };
  const dirty = { old: { lo: Infinity, hi: -Infinity }, new: { lo: Infinity, hi: -Infinity } };
  const w = windows.result;
  if (w.from <= w.oldTo || w.from <= w.newTo) grow(dirty.new, w.from - 1, w.newTo + 1, ctx.nNew);
  for (let k = f.from; k < f.oldTo; k++) growByField(dirty.old, oldFields[k], ctx.nOld);
  for (let k = f.from; k < f.newTo; k++) growByField(dirty.new, fields[k], ctx.nNew);
  const sameBlocks = response.layout?.blocks === kept.response.layout?.blocks; // a delta that left them as they were
  const blocks = { old: kept.blocks, new: sameBlocks ? kept.blocks : blocksOf(response) };
  const b = listWindow(blocks.old, blocks.new, (x, y) => y[0] === maps.result(x[0]) && y[1] === maps.result(x[1]));
  for (let k = b.from; k < b.oldTo; k++) grow(dirty.old, blocks.old[k][0], blocks.old[k][1], ctx.nOld);
  for (let k = b.from; k < b.newTo; k++) grow(dirty.new, blocks.new[k][0], blocks.new[k][1], ctx.nNew);
  const inputs = inputsOf(texts);
  const placedAt = placedAgain(kept.placedAt, fields, f);
  const placed = placedBlocks(fields, inputs, ctx.nNew, placedAt);
  growByPlaced(dirty, kept, placed, f, ctx);
  const [lo, hi] = windowOfLines(dirty, w, blocks, ctx);
  const inWindow = blocks.new.filter((x) => x[0] >= lo && x[0] <= hi);
  const laid = layoutWindow({ fields, blocks: inWindow, placed, inputs, under: placedUnder(fields, placedAt), first: lo,
    texts: hi >= lo ? linesText(texts.result, lo, hi).split("\n") : [], count: ctx.nNew });
  const from = kept.display[lo - 1] + 1;
  const to = kept.display[toOldEnd(hi, w) + 1];
  const lines = spliced(kept.layout.lines, from, to, laid, lineMover(maps, f));
  const counts = { ...kept.layout.counts };
  for (const [mark, n] of Object.entries(countMarks(oldFields.slice(f.from, f.oldTo)))) counts[mark] -= n;
  for (const [mark, n] of Object.entries(countMarks(fields.slice(f.from, f.newTo)))) counts[mark] += n;
  const layout = { lines, counts, hasResult: true };
  const display = displayAgain(kept.display, { lo, hi, from, laid, moved: laid.length - (to - from), by: w.newTo - w.oldTo, n: ctx.nNew });
  return { layout, change: { base: kept.layout, from, to, count: laid.length }, response, texts, display, placed, placedAt, blocks: blocks.new };
}

/** The indexes of the fields with a placed mark: the last ones', moved, and those of the fields that changed. */
function placedAgain(last, fields, f) {
  const out = last.filter((i) => i < f.from);
  for (let i = f.from; i < f.newTo; i++) if (PLACED.has(fields[i]?.mark)) out.push(i);
  for (const i of last) if (i >= f.oldTo) out.push(i + f.shift);
  return out;
}

/** A new result line as the old result's: the window's lines go to its start. */
function toOld(x, w) {
  if (x < w.from) return x;
  return x > w.newTo ? x - (w.newTo - w.oldTo) : w.from;
}

/**
 * The last line of a new range as the old result's: a range that reaches the end of the text's
 * window (or the line above it, when the new text lost those lines) reaches the old one's end.
 */
function toOldEnd(x, w) {
  if (x >= w.newTo && x >= w.from - 1) return x - (w.newTo - w.oldTo);
  return x < w.from ? x : w.oldTo;
}

/** An old result line as the new result's (the window's lines: its start for lo, its end for hi). */
function toNew(x, w, end) {
  if (x < w.from) return x;
  if (x > w.oldTo) return x + (w.newTo - w.oldTo);
  return end ? Math.max(w.newTo, w.from - 1) : w.from;
}

/**
 * The new result's lines [lo, hi] laid out again: what changed in either answer, grown until it
 * holds every block of either answer it overlaps (an opener's mark reads its whole block). An
 * empty window (lo > hi) still lays out what is drawn above line lo.
 */
function windowOfLines(dirty, w, blocks, { nOld, nNew }) {
  let lo = dirty.new.lo;
  let hi = dirty.new.hi;
  if (dirty.old.lo <= dirty.old.hi) {
    lo = Math.min(lo, toNew(dirty.old.lo, w, false));
    hi = Math.max(hi, toNew(dirty.old.hi, w, true));
  }
  if (lo > hi) return [1, 0];
  lo = Math.max(1, lo);
  hi = Math.min(nNew, hi);
  for (;;) {
    [lo, hi] = holdBlocks(blocks.new, lo, hi);
    hi = Math.min(hi, nNew); // a block past the text's end reaches its last line
    const [oldLo, oldHi] = holdBlocks(blocks.old, toOld(lo, w), toOldEnd(hi, w));
    const next = [Math.max(1, Math.min(lo, toNew(oldLo, w, false))), Math.min(nNew, Math.max(hi, toNew(oldHi, w, true)))];
    if (next[0] === lo && next[1] === hi) return [lo, hi];
    [lo, hi] = next;
  }
}

/** A range of lines grown until every block that overlaps it lies within it. */
function holdBlocks(blocks, lo, hi) {
  for (let grown = true; grown;) {
    grown = false;
    for (let i = 0; i < blocks.length; i++) {
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

/**
 * A kept display line with its line numbers and field moved (the same object when none moves);
 * null when nothing moves.
 */
function lineMover({ result, live, updated }, f) {
  if (!f.shift && !result.by && !live.by && !updated.by) return null;
  return (line) => {
    const field = line.field < f.from ? line.field : line.field + f.shift;
    const resultLine = result(line.resultLine);
    const liveLine = live(line.liveLine);
    const updatedLine = updated(line.updatedLine);
    if (field === line.field && resultLine === line.resultLine && liveLine === line.liveLine && updatedLine === line.updatedLine) return line;
    return { ...line, field, resultLine, liveLine, updatedLine };
  };
}

/** The old lines before from and after to (moved), with the laid lines between. */
function spliced(old, from, to, laid, move) {
  if (!move) return old.slice(0, from).concat(laid, old.slice(to));
  const out = new Array(old.length - (to - from) + laid.length);
  let at = 0;
  for (let i = 0; i < from; i++) out[at++] = move(old[i]);
  for (const line of laid) out[at++] = line;
  for (let i = to; i < old.length; i++) out[at++] = move(old[i]);
  return out;
}

/** Each new result line's display line: the old ones before the window, the window's, the old ones after it moved. */
function displayAgain(old, { lo, hi, from, laid, moved, by, n }) {
  const display = new Int32Array(n + 2);
  display.set(old.subarray(0, lo), 0);
  laid.forEach((l, i) => {
    if (l.kind === "result") display[l.resultLine] = from + i;
  });
  for (let r = Math.max(hi + 1, lo); r <= n + 1; r++) display[r] = old[r - by] + moved;
  return display;
}
