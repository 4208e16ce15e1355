// From a response to the lines the result pane shows: every line of the merged YAML with its mark,
// and each deleted field put back where the engine says it is drawn, as struck lines taken from
// live, and each dropped item (config content the result lacks) likewise, from updated. The engine gives every span (a mark's lines, the blocks, a deleted field's place): this
// module reads no YAML, it only counts lines. Pure functions with no DOM (tested under Node).

/** The marks, in the order the legend lists them. */
export const MARKS = ["added", "changed", "deleted", "dropped", "retained", "ignored", "conflict"];

/** How each mark reads: a symbol (never colour alone), a label, and what it means. */
export const MARK_INFO = {
  added: { symbol: "+", label: "added", state: "added", meaning: "in the result, not in live" },
  changed: { symbol: "~", label: "changed", state: "changed", meaning: "in live and in the result, with another value" },
  deleted: { symbol: "−", label: "deleted", state: "deleted", meaning: "in live, gone from the result" },
  dropped: { symbol: "×", label: "dropped", state: "dropped", meaning: "in the config, lost by the merge" },
  retained: { symbol: "=", label: "retained", state: "retained", meaning: "named by the config and kept as live had it" },
  ignored: { symbol: "·", label: "ignored", state: "ignored", meaning: "only in live, named by neither input, left alone" },
  conflict: { symbol: "!", label: "conflict", state: "in conflict", meaning: "the merge would change it, but another owner holds it" },
};

/** Marks worth jumping to: what the merge changes or refuses. */
export const CHANGE_MARKS = new Set(["added", "changed", "deleted", "dropped", "conflict"]);

/**
 * One line of the result pane.
 * @typedef {{
 *   text: string,
 *   kind: "result"|"deleted"|"dropped"|"live",
 *   mark: string|null,
 *   field: number,
 *   first: boolean,
 *   inherited: boolean,
 *   opens: boolean,
 *   resultLine: number,
 *   liveLine: number,
 *   updatedLine: number,
 * }} DisplayLine
 * kind: a result line, a deleted line taken from live, a dropped line taken from updated (the
 * config), or a line of live shown when there is no result (conflicts). field: index in response.fields of the mark's field, -1 when none.
 * first: the line starts its field's span. inherited: the line opens a map or list whose
 * subtree is uniformly marked. opens: the line opens a block (response.layout.blocks).
 * resultLine / liveLine / updatedLine: 1-based, 0 when the line has none (the separator drawn
 * above a deleted resource).
 */

/**
 * @typedef {{lines: DisplayLine[], counts: Record<string, number>, hasResult: boolean}} Layout
 */

/**
 * Splits text into lines, without the empty line after a final newline.
 * @param {string} text
 * @returns {string[]}
 */
export function splitLines(text) {
  if (!text) return [];
  const lines = text.includes("\r") ? text.split(/\r?\n/) : text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * Lays out the result pane for a response. With a result: its lines plus deleted fields from
 * live and dropped items from updated, where their places say. Without one but with conflicts:
 * live's lines, conflicts marked (live stays as it is). Otherwise no lines. The response's layout
 * is the shown text's.
 * @param {object} response a contract response
 * @param {string} liveText the live input the request carried
 * @param {string} [updatedText] the updated input (the config) the request carried
 * @returns {Layout}
 */
export function layoutResult(response, liveText, updatedText) {
  const fields = Array.isArray(response?.fields) ? response.fields : [];
  const counts = countMarks(fields);
  const resultLines = splitLines(response?.result ?? "");
  const liveLines = splitLines(liveText ?? "");
  const blocks = blocksOf(response);
  let lines = [];
  if (resultLines.length) {
    const inputs = { deleted: textLines(liveLines), dropped: textLines(splitLines(updatedText ?? "")) };
    const placed = placedBlocks(fields, inputs, resultLines.length);
    lines = layoutWindow({ fields, blocks, placed, inputs, under: placedUnder(fields), texts: resultLines, first: 1, count: resultLines.length });
  } else if (fields.some((f) => f.mark === "conflict")) {
    lines = liveLines.map((text, i) => newLine(text, "live", 0, i + 1));
    markSpans(lines, fields, (f) => f.mark === "conflict", { first: 1, count: lines.length });
    inheritOpenerMarks(lines, blocks, [], { first: 1, count: lines.length });
  }
  return { lines, counts, hasResult: resultLines.length > 0 };
}

/** An input's lines as layoutWindow reads them: how many, and the text of line n (1-based). */
function textLines(lines) {
  return { count: lines.length, at: (n) => lines[n - 1] };
}

/**
 * The display lines of the result's lines first..first+texts.length-1 (of count in all), marked,
 * with the placed blocks drawn after those lines (and before the first): the whole layout when
 * the window is the whole result, or a part of it that a kept layout (layoutkeep.js) lays out
 * again. The window holds every block (response.layout.blocks) it overlaps.
 * @param {{fields: object[], blocks: number[][], placed: PlacedBlock[], inputs: {deleted: InputLines, dropped: InputLines},
 *   under: number[], texts: string[], first: number, count: number}} w
 * @returns {DisplayLine[]}
 */
export function layoutWindow({ fields, blocks, placed, inputs, under, texts, first, count }) {
  const lines = texts.map((text, i) => newLine(text, "result", first + i, 0));
  const span = { first, count };
  markSpans(lines, fields, (f) => !isInputMark(f.mark), span);
  inheritOpenerMarks(lines, blocks, under, span);
  const last = first + texts.length - 1;
  return insertPlaced(lines, placed.filter((b) => b.after >= first - 1 && b.after <= last), inputs, span);
}

/**
 * An input's lines as the layout reads them.
 * @typedef {{count: number, at: (n: number) => string}} InputLines
 */

/**
 * A display line with no mark yet.
 * @param {string} text
 * @param {DisplayLine["kind"]} kind
 * @param {number} resultLine
 * @param {number} liveLine
 * @param {number} [updatedLine]
 * @returns {DisplayLine}
 */
export function newLine(text, kind, resultLine, liveLine, updatedLine = 0) {
  return { text, kind, mark: null, field: -1, first: false, inherited: false, opens: false, resultLine, liveLine, updatedLine };
}

/**
 * Deleted and conflict marks point at live's lines, dropped ones at updated's; the others at the result's.
 * @param {string} mark
 * @returns {boolean}
 */
export function isInputMark(mark) {
  return mark === "deleted" || mark === "conflict" || mark === "dropped";
}

/** Marks drawn in the result from an input's lines where their place says. */
export const PLACED = new Set(["deleted", "dropped"]);

/**
 * Counts fields by mark.
 * @param {{mark: string}[]} fields
 * @returns {Record<string, number>}
 */
export function countMarks(fields) {
  const counts = Object.fromEntries(MARKS.map((m) => [m, 0]));
  for (const f of fields) if (Object.hasOwn(counts, f.mark)) counts[f.mark]++;
  return counts;
}

/**
 * The response's blocks, [line, end] pairs that make sense.
 * @param {object} response
 * @returns {number[][]}
 */
export function blocksOf(response) {
  const blocks = Array.isArray(response?.layout?.blocks) ? response.layout.blocks : [];
  return blocks.filter((b) => Array.isArray(b) && Number.isInteger(b[0]) && Number.isInteger(b[1]) && b[0] >= 1 && b[1] > b[0]);
}

/**
 * The last line (1-based) a field's mark covers in its text of `count` lines.
 * @param {{line: number, endLine?: number}} f
 * @param {number} count
 * @returns {number}
 */
export function spanEnd(f, count) {
  return Number.isInteger(f.endLine) && f.endLine >= f.line ? Math.min(f.endLine, count) : f.line;
}

// ---- marks on lines ------------------------------------------------------------------------

/**
 * Marks the lines of each field the filter keeps (lines hold resultLine or liveLine numbers as
 * the filter's marks do: lines[0] is line span.first of span.count), from its line to its end
 * line. Narrower spans win over wider ones.
 */
function markSpans(lines, fields, keep, { first, count }) {
  const last = first + lines.length - 1;
  const spans = [];
  fields.forEach((f, index) => {
    if (!keep(f) || !(Number.isInteger(f.line) && f.line >= 1 && f.line <= count) || f.line > last) return;
    const end = spanEnd(f, count);
    if (end >= first) spans.push({ index, start: f.line, end, mark: f.mark });
  });
  spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const span of spans) {
    for (let n = Math.max(span.start, first); n <= Math.min(span.end, last); n++) {
      const line = lines[n - first];
      line.mark = span.mark;
      line.field = span.index;
      line.first = n === span.start;
    }
  }
}

/**
 * The result lines under which deleted fields and dropped items are drawn (place.under: the line
 * of the map or list that held them), so that an opener holding one is not uniform.
 * @param {object[]} fields
 * @param {number[]} [placed] the indexes of the fields with a placed mark (placedIndexes)
 * @returns {number[]}
 */
export function placedUnder(fields, placed = placedIndexes(fields)) {
  return placed.map((i) => fields[i]).filter((f) => Number.isInteger(f.place?.under) && f.place.under > 0).map((f) => f.place.under);
}

/**
 * The indexes of the fields with a placed mark (deleted, dropped), in order.
 * @param {object[]} fields
 * @returns {number[]}
 */
export function placedIndexes(fields) {
  const out = [];
  for (let i = 0; i < fields.length; i++) if (PLACED.has(fields[i]?.mark)) out.push(i);
  return out;
}

/**
 * Gives a line that opens a block (and carries no mark of its own) the mark of its subtree when
 * every marked line below it carries that same mark, every block inside it inherited one, and
 * no deleted field is drawn inside it. Inner blocks first, so that nested openers are settled
 * before the blocks holding them. lines[0] is line span.first (of span.count): only the blocks
 * that start among the lines are read.
 */
function inheritOpenerMarks(lines, blocks, under, { first, count }) {
  const last = Math.min(first + lines.length - 1, count);
  const ends = new Map();
  for (const [start, end] of blocks) {
    if (start >= first && start <= last) ends.set(start, Math.max(ends.get(start) ?? 0, Math.min(end, last)));
  }
  for (const start of ends.keys()) lines[start - first].opens = true;
  const starts = [...ends.keys()].sort((a, b) => b - a);
  const placed = Int32Array.from(under).sort();
  for (const start of starts) {
    const line = lines[start - first];
    const end = ends.get(start);
    if (line.mark !== null || holdsAny(placed, start, end)) continue;
    let mark = null;
    let uniform = true;
    for (let n = start + 1; n <= end && uniform; n++) {
      const inner = lines[n - first];
      if (inner.mark === null) {
        uniform = !inner.opens;
        continue;
      }
      if (mark !== null && inner.mark !== mark) uniform = false;
      mark = inner.mark;
    }
    if (uniform && mark !== null) {
      line.mark = mark;
      line.inherited = true;
    }
  }
}

/** Whether sorted holds a number from start to end (both included): a binary search. */
function holdsAny(sorted, start, end) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] <= end;
}

// ---- deleted fields and dropped items, where the engine places them ------------------------

/**
 * Returns display lines with each deleted field's live lines and each dropped item's updated
 * lines (struck) inserted after the result line its place names, moved to the result's
 * indentation; a whole resource comes with a struck separator between it and the documents
 * around it. A field inside another one of the same input is drawn with it. At one place,
 * deleted lines come before dropped ones. lines[0] is the result's line span.first (of
 * span.count); blocks are those placed after lines span.first-1 to the last of lines.
 * @param {DisplayLine[]} lines the result's lines
 * @param {PlacedBlock[]} blocks in the order placedBlocks gives
 * @param {{deleted: InputLines, dropped: InputLines}} inputs the lines of live and of updated
 * @param {{first: number, count: number}} span
 */
function insertPlaced(lines, blocks, inputs, { first, count }) {
  if (!blocks.length) return lines;
  const out = [];
  let next = 0;
  for (let r = first - 1; r < first + lines.length; r++) {
    while (next < blocks.length && blocks[next].after === r) {
      const block = blocks[next++];
      for (const line of blockLines(block, inputs[block.mark], count)) out.push(line);
    }
    if (r + 1 - first < lines.length) out.push(lines[r + 1 - first]);
  }
  return out;
}

/**
 * A deleted field's or a dropped item's lines as drawn: index its field's, start..end its lines
 * in its input, after the result line they follow, doc its document, shift its columns, whole
 * a whole resource's.
 * @typedef {{index: number, mark: string, start: number, end: number, after: number, doc: number, shift: number, whole: boolean}} PlacedBlock
 */

/**
 * The placed blocks of the fields (deleted ones' from live, dropped ones' from updated), nested
 * ones left out, in the order they are drawn.
 * @param {object[]} fields
 * @param {{deleted: InputLines, dropped: InputLines}} inputs
 * @param {number} resultCount the result's lines
 * @param {number[]} [placed] the indexes of the fields with a placed mark (placedIndexes)
 * @returns {PlacedBlock[]}
 */
export function placedBlocks(fields, inputs, resultCount, placed = placedIndexes(fields)) {
  return [...blocksOfMark(fields, placed, "deleted", inputs.deleted.count, resultCount), ...blocksOfMark(fields, placed, "dropped", inputs.dropped.count, resultCount)]
    .sort((a, b) => a.after - b.after || a.doc - b.doc || (a.mark === b.mark ? a.start - b.start : a.mark === "deleted" ? -1 : 1));
}

/** The spans of one input's placed marks (deleted: live's, dropped: updated's), nested ones left out. */
function blocksOfMark(fields, placed, mark, inputCount, resultCount) {
  const blocks = [];
  placed.forEach((index) => {
    const f = fields[index];
    const place = f.place;
    if (f.mark !== mark || !place || !(Number.isInteger(f.line) && f.line >= 1 && f.line <= inputCount)) return;
    const after = Number.isInteger(place.after) ? Math.max(0, Math.min(place.after, resultCount)) : resultCount;
    blocks.push({ index, mark, start: f.line, end: spanEnd(f, inputCount), after, doc: Number(place.doc) || 0,
      shift: Number.isInteger(place.shift) ? place.shift : 0, whole: f.path === "" });
  });
  blocks.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept = [];
  for (const b of blocks) {
    if (kept.length && b.start <= kept[kept.length - 1].end) continue;
    kept.push(b);
  }
  return kept;
}

function blockLines(block, input, resultCount) {
  const out = [];
  for (let n = block.start; n <= block.end; n++) {
    const text = shifted(input.at(n), block.shift);
    const line = block.mark === "dropped" ? newLine(text, "dropped", 0, 0, n) : newLine(text, "deleted", 0, n);
    line.mark = block.mark;
    line.field = block.index;
    line.first = n === block.start;
    out.push(line);
  }
  if (block.whole) {
    // A whole document: a struck separator keeps it apart from the documents around it.
    const separator = newLine("---", "deleted", 0, 0);
    separator.mark = "deleted";
    if (block.after > 0) out.unshift(separator);
    else if (resultCount > 0) out.push(separator);
  }
  return out;
}

/** A line moved right by `shift` columns, or left by taking away leading spaces only. */
function shifted(text, shift) {
  if (shift >= 0) return " ".repeat(shift) + text;
  let cut = 0;
  while (cut < -shift && text[cut] === " ") cut++;
  return text.slice(cut);
}

// ---- navigation helpers --------------------------------------------------------------------

/**
 * The display index (0-based) of line n of the text laid out (the result's, or live's when the
 * layout has no result), or -1: a binary search, the struck lines between skipped.
 * @param {Layout} layout
 * @param {number} n
 * @returns {number}
 */
export function displayIndexOf(layout, n) {
  const lines = layout.lines;
  if (!layout.hasResult) return lines[n - 1]?.kind === "live" && lines[n - 1].liveLine === n ? n - 1 : -1;
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    let at = mid;
    while (at <= hi && lines[at].kind !== "result") at++;
    if (at > hi) {
      hi = mid - 1;
      continue;
    }
    const r = lines[at].resultLine;
    if (r === n) return at;
    if (r < n) lo = at + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Display index (0-based) of the first line of a field, or -1.
 * @param {Layout} layout
 * @param {number} fieldIndex
 * @returns {number}
 */
export function lineOfField(layout, fieldIndex) {
  const i = layout.lines.findIndex((l) => l.field === fieldIndex && l.first);
  return i >= 0 ? i : layout.lines.findIndex((l) => l.field === fieldIndex);
}

/**
 * The next (dir 1) or previous (dir -1) line after display index `from` that starts a change
 * (added, changed, deleted, conflict); -1 when there is none.
 * @param {Layout} layout
 * @param {number} from
 * @param {1|-1} dir
 * @returns {number}
 */
export function nextChange(layout, from, dir) {
  for (let i = from + dir; i >= 0 && i < layout.lines.length; i += dir) {
    const l = layout.lines[i];
    if (l.first && CHANGE_MARKS.has(l.mark)) return i;
  }
  return -1;
}

/**
 * The next line after display index `from` that starts a field carrying `mark`, wrapping around
 * to the top (`from` itself last); -1 when no line does.
 * @param {Layout} layout
 * @param {number} from
 * @param {string} mark
 * @returns {number}
 */
export function nextOfMark(layout, from, mark) {
  const n = layout.lines.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + k) % n) + n) % n;
    const l = layout.lines[i];
    if (l.first && l.mark === mark) return i;
  }
  return -1;
}

/**
 * A plain sentence describing a display line, for the reason panel and screen readers.
 * @param {Layout} layout
 * @param {object[]} fields response.fields
 * @param {number} index display index
 * @returns {{title: string, path: string, resource?: string, reason: string, mark: string|null}}
 */
export function describeLine(layout, fields, index) {
  const line = layout.lines[index];
  if (!line) return { title: "", path: "", reason: "", mark: null };
  if (line.kind === "deleted" && !line.liveLine) {
    return { title: "Deleted resource: document separator", path: "", reason: "The separator of a resource live holds and the result does not: its lines are struck next to it.", mark: line.mark };
  }
  const where = line.kind === "result" ? `Line ${line.resultLine}` : line.kind === "dropped" ? `Config line ${line.updatedLine}` : `Live line ${line.liveLine}`;
  if (line.field >= 0 && fields[line.field]) {
    const f = fields[line.field];
    const label = MARK_INFO[f.mark]?.label ?? f.mark;
    return { title: `${where}: ${label}`, path: f.path || "(the whole resource)", resource: f.resource, reason: sentence(f.reason), mark: f.mark };
  }
  if (line.inherited) {
    const info = MARK_INFO[line.mark];
    return { title: `${where}: ${info.label}`, path: "", reason: `Everything under this line is ${info.state}.`, mark: line.mark };
  }
  const bare = line.text.trim();
  if (bare === "---" || bare.startsWith("--- ")) {
    return { title: `${where}: document separator`, path: "", reason: "A document separator (---): the next resource of the stream starts under it. It holds no field, so no mark.", mark: null };
  }
  if (bare === "...") return { title: `${where}: end of document`, path: "", reason: "The end of a document (...): it holds no field, so no mark.", mark: null };
  if (bare.startsWith("#")) return { title: `${where}: comment`, path: "", reason: "A comment: it holds no field, so no mark.", mark: null };
  let reason = "";
  if (line.opens) reason = "No mark of its own: the fields under this line are marked differently.";
  else if (bare !== "") reason = "No mark on this line.";
  return { title: where, path: "", reason, mark: null };
}

/** Names that keep their lower case at the start of a sentence (tools, managers). */
const LOWER_CASE_NAMES = new Set(["kubectl", "kustomize", "kyaml", "kpt", "helm"]);

/**
 * Capitalises a reason and ends it with a full stop, as a sentence. A reason that starts with a
 * name keeps it as written: a tool (kubectl), or a word that is not plain lower-case letters (a
 * field manager such as kube-controller-manager or before-first-apply, a path, a value).
 * @param {string} text
 * @returns {string}
 */
export function sentence(text) {
  const t = String(text ?? "").trim();
  if (!t) return "";
  const first = /^[^\s:;,]*/.exec(t)[0];
  const plainWord = /^[a-z]+$/.test(first) && !LOWER_CASE_NAMES.has(first);
  const capital = plainWord ? t[0].toUpperCase() + t.slice(1) : t;
  return /[.!?]$/.test(capital) ? capital : capital + ".";
}
