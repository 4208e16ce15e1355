// From a response to the lines the result pane shows: every line of the merged YAML with its mark,
// and each deleted field put back in place, as struck lines taken from live, between the
// neighbours it had in live. Pure functions with no DOM (tested under Node).

/** The marks, in the order the legend lists them. */
export const MARKS = ["added", "changed", "deleted", "retained", "ignored", "conflict"];

/** How each mark reads: a symbol (never colour alone), a label, and what it means. */
export const MARK_INFO = {
  added: { symbol: "+", label: "added", state: "added", meaning: "in the result, not in live" },
  changed: { symbol: "~", label: "changed", state: "changed", meaning: "in live and in the result, with another value" },
  deleted: { symbol: "−", label: "deleted", state: "deleted", meaning: "in live, gone from the result" },
  retained: { symbol: "=", label: "retained", state: "retained", meaning: "named by the config and kept as live had it" },
  ignored: { symbol: "·", label: "ignored", state: "ignored", meaning: "only in live, named by neither input, left alone" },
  conflict: { symbol: "!", label: "conflict", state: "in conflict", meaning: "the merge would change it, but another owner holds it" },
};

/** Marks worth jumping to: what the merge changes or refuses. */
export const CHANGE_MARKS = new Set(["added", "changed", "deleted", "conflict"]);

/**
 * One line of the result pane.
 * @typedef {{
 *   text: string,
 *   kind: "result"|"deleted"|"live",
 *   mark: string|null,
 *   field: number,
 *   first: boolean,
 *   inherited: boolean,
 *   resultLine: number,
 *   liveLine: number,
 * }} DisplayLine
 * kind: a result line, a deleted line taken from live, or a line of live shown when there is no
 * result (conflicts). field: index in response.fields of the mark's field, -1 when none.
 * first: the line starts its field's span. inherited: the line opens a map or list whose
 * subtree is uniformly marked. resultLine / liveLine: 1-based, 0 when the line has none.
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
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * Lays out the result pane for a response. With a result: its lines plus deleted blocks from
 * live. Without one but with conflicts: live's lines, conflicts marked (live stays as it is).
 * Otherwise no lines.
 * @param {object} response a contract response
 * @param {string} liveText the live input the request carried
 * @returns {Layout}
 */
export function layoutResult(response, liveText) {
  const fields = Array.isArray(response?.fields) ? response.fields : [];
  const counts = countMarks(fields);
  const resultLines = splitLines(response?.result ?? "");
  const liveLines = splitLines(liveText ?? "");
  let lines = [];
  if (resultLines.length) {
    lines = resultLines.map((text, i) => newLine(text, "result", i + 1, 0));
    markSpans(lines, fields, (f) => !isLiveMark(f.mark));
    lines = insertDeleted(lines, resultLines, liveLines, fields, response?.extra?.diff);
  } else if (fields.some((f) => f.mark === "conflict")) {
    lines = liveLines.map((text, i) => newLine(text, "live", 0, i + 1));
    markSpans(lines, fields, (f) => f.mark === "conflict");
  }
  inheritOpenerMarks(lines);
  return { lines, counts, hasResult: resultLines.length > 0 };
}

function newLine(text, kind, resultLine, liveLine) {
  return { text, kind, mark: null, field: -1, first: false, inherited: false, resultLine, liveLine };
}

/** Deleted and conflict marks point at live's lines; the others at the result's. */
function isLiveMark(mark) {
  return mark === "deleted" || mark === "conflict";
}

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

// ---- line geometry -------------------------------------------------------------------------

/** Column of the first character that is not a space. */
export function indentOf(line) {
  return line.length - line.replace(/^ +/, "").length;
}

/** Whether the line starts a sequence item ("- x" or "-"). */
export function isItem(line) {
  return /^ *-( |$)/.test(line);
}

/** Column of the line's key or value, after any "- " item markers. */
export function keyColumn(line) {
  const m = /^ *(?:- +)*/.exec(line);
  return m[0].length;
}

/** Whether the line holds YAML content (not blank, a comment, or a document marker). */
export function isContent(line) {
  const t = line.trim();
  return t !== "" && !t.startsWith("#") && t !== "---" && t !== "..." && !t.startsWith("--- ");
}

/** The key a line names ("image" in "  - image: x"), or "". */
function keyText(line) {
  const m = /^ *(?:- +)*("[^"]*"|'[^']*'|[^:#]*?)\s*:(\s|$)/.exec(line);
  return m ? m[1] : "";
}

/**
 * The last line (1-based) of a one-line mark: the following lines indented deeper than its
 * key (a block scalar's text, a flow collection's rest) that start no field of their own.
 */
function continuationEnd(lines, start, starts) {
  const col = keyColumn(lines[start - 1]);
  let end = start;
  for (let next = start + 1; next <= lines.length; next++) {
    const text = lines[next - 1];
    if (starts.has(next)) break;
    if (text.trim() === "") continue;
    if (indentOf(text) <= col) break;
    end = next;
  }
  return end;
}

/**
 * The index after the subtree of lines[at]: its more-indented children, and the items of a
 * sequence written at its key's own column. With `wholeItem`, the subtree of the sequence item
 * that lines[at] starts (everything indented past its dash).
 */
function subtreeEnd(lines, at, wholeItem = false) {
  const head = lines[at];
  const col = wholeItem ? indentOf(head) : keyColumn(head);
  const opensBlock = !wholeItem && /:\s*(#.*)?$/.test(head);
  let j = at + 1;
  for (; j < lines.length; j++) {
    const text = lines[j];
    if (text.trim() === "") continue;
    const ind = indentOf(text);
    if (ind > col || (opensBlock && ind === col && isItem(text))) continue;
    break;
  }
  while (j > at + 1 && lines[j - 1].trim() === "") j--;
  return j;
}

// ---- marks on lines ------------------------------------------------------------------------

/**
 * Marks the lines of each field the filter keeps (lines hold resultLine or liveLine numbers as
 * the filter's marks do). Narrower spans win over wider ones.
 */
function markSpans(lines, fields, keep) {
  const texts = lines.map((l) => l.text);
  const starts = new Set(fields.filter(keep).map((f) => f.line));
  const spans = [];
  fields.forEach((f, index) => {
    if (!keep(f) || !(f.line >= 1 && f.line <= lines.length)) return;
    const end = f.endLine >= f.line ? Math.min(f.endLine, lines.length) : continuationEnd(texts, f.line, starts);
    spans.push({ index, start: f.line, end, mark: f.mark });
  });
  spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const span of spans) {
    for (let n = span.start; n <= span.end; n++) {
      const line = lines[n - 1];
      line.mark = span.mark;
      line.field = span.index;
      line.first = n === span.start;
    }
  }
}

/**
 * Gives a line that only opens a map or list (it carries no mark of its own) the mark of its
 * subtree when every content line below it carries that same mark. Bottom-up, so nested openers
 * are settled first.
 */
function inheritOpenerMarks(lines) {
  const texts = lines.map((l) => l.text);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.mark !== null || !isContent(line.text)) continue;
    const end = subtreeEnd(texts, i);
    let mark = null;
    let uniform = end > i + 1;
    for (let j = i + 1; j < end && uniform; j++) {
      if (!isContent(texts[j])) continue;
      if (lines[j].mark === null || (mark !== null && lines[j].mark !== mark)) uniform = false;
      mark = lines[j].mark;
    }
    if (uniform && mark !== null) {
      line.mark = mark;
      line.inherited = true;
    }
  }
}

// ---- deleted fields, back in place ---------------------------------------------------------

/**
 * Returns display lines with each deleted field's live lines inserted where it stood: after the
 * result line of its previous sibling's subtree, or right under its parent when it was the first
 * child. Where live's line cannot be found in the result, extra.diff's position is used.
 */
function insertDeleted(lines, resultLines, liveLines, fields, diff) {
  const blocks = deletedBlocks(fields, liveLines);
  if (!blocks.length) return lines;
  const map = liveToResult(liveLines, resultLines, diff);
  const placed = [];
  for (const block of blocks) {
    block.at = placeBlock(block, liveLines, resultLines, map, placed);
    placed.push(block);
  }
  placed.sort((a, b) => a.at - b.at || a.start - b.start);
  const out = [];
  let next = 0;
  for (let r = 0; r <= lines.length; r++) {
    while (next < placed.length && placed[next].at === r) out.push(...blockLines(placed[next++], liveLines));
    if (r < lines.length) out.push(lines[r]);
  }
  return out;
}

/** The live spans of deleted fields, sorted, nested ones dropped. */
function deletedBlocks(fields, liveLines) {
  const starts = new Set(fields.filter((f) => f.mark === "deleted").map((f) => f.line));
  const blocks = [];
  fields.forEach((f, index) => {
    if (f.mark !== "deleted" || !(f.line >= 1 && f.line <= liveLines.length)) return;
    const end = f.endLine >= f.line ? Math.min(f.endLine, liveLines.length) : continuationEnd(liveLines, f.line, starts);
    const block = { index, start: f.line, end, fieldStart: f.line, at: 0, wholeResource: f.path === "" };
    if (block.wholeResource) {
      // A whole document: show its separator struck too.
      if (block.start > 1 && liveLines[block.start - 2].trim() === "---") block.start--;
      else if (block.end < liveLines.length && liveLines[block.end].trim() === "---") block.end++;
    }
    blocks.push(block);
  });
  blocks.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept = [];
  for (const b of blocks) {
    if (kept.length && b.start <= kept[kept.length - 1].end) continue;
    kept.push(b);
  }
  return kept;
}

function blockLines(block, liveLines) {
  const out = [];
  for (let n = block.start; n <= block.end; n++) {
    const line = newLine(liveLines[n - 1], "deleted", 0, n);
    line.mark = "deleted";
    line.field = block.index;
    line.first = n === block.fieldStart;
    out.push(line);
  }
  return out;
}

/**
 * Maps each live line (0-based) to where it sits in the result: {op: "equal", r} when the result
 * has it at index r, {op: "delete", r} when it is gone and its place is before index r. Uses
 * extra.diff (computed by the engine on live as results are written) aligned with live's own
 * text; without a diff, live lines are matched with identical result lines, in order.
 */
export function liveToResult(liveLines, resultLines, diff) {
  const entries = [];
  const inserted = new Array(resultLines.length).fill(false);
  if (Array.isArray(diff) && diff.length) {
    let r = 0;
    for (const hunk of diff) {
      const hunkLines = Array.isArray(hunk?.lines) ? hunk.lines : [];
      for (const text of hunkLines) {
        if (hunk.op === "equal") entries.push({ text, op: "equal", r: r++ });
        else if (hunk.op === "delete") entries.push({ text, op: "delete", r });
        else if (hunk.op === "insert") inserted[r++] = true;
      }
    }
  } else {
    resultLines.forEach((text, r) => entries.push({ text, op: "equal", r }));
  }
  const map = new Array(liveLines.length).fill(null);
  const lookahead = 200;
  let from = 0;
  liveLines.forEach((text, i) => {
    const want = text.trimEnd();
    if (want.trim() === "") return;
    for (let k = from; k < entries.length && k < from + lookahead; k++) {
      if (entries[k].text.trimEnd() === want) {
        map[i] = entries[k];
        from = k + 1;
        return;
      }
    }
  });
  return { map, inserted };
}

/** The result index before which a deleted block goes. */
function placeBlock(block, liveLines, resultLines, { map, inserted }, placed) {
  const fallback = () => {
    const own = map[block.start - 1] ?? map[block.fieldStart - 1];
    return own ? own.r : resultLines.length;
  };
  if (block.wholeResource) return documentBoundary(resultLines, fallback());
  const anchor = anchorOf(liveLines, block.fieldStart);
  if (!anchor) return fallback();
  const inBlock = placed.find((b) => anchor.line >= b.start && anchor.line <= b.end);
  if (inBlock) return inBlock.at;
  const r = resultIndexOf(anchor.line, liveLines, resultLines, map, inserted);
  if (r === null) return fallback();
  if (anchor.relation === "parent") return r + 1;
  return subtreeEnd(resultLines, r, isItem(liveLines[block.fieldStart - 1]));
}

/** The first document boundary at or after index r (a whole resource goes between documents). */
function documentBoundary(resultLines, r) {
  const atStart = (i) => i === 0 || resultLines[i - 1].trim() === "---";
  while (r < resultLines.length && !atStart(r) && resultLines[r].trim() !== "---") r++;
  return r;
}

/**
 * The live line a deleted field hangs from: its previous sibling (same column), or else its
 * parent. Returns {line (1-based), relation} or null.
 */
function anchorOf(liveLines, start) {
  const head = liveLines[start - 1];
  const item = isItem(head);
  const col = item ? indentOf(head) : keyColumn(head);
  for (let k = start - 1; k >= 1; k--) {
    const text = liveLines[k - 1];
    if (!isContent(text)) {
      if (text.trim() === "---") return null;
      continue;
    }
    const ind = indentOf(text);
    if (item) {
      if (ind > col) continue;
      return { line: k, relation: ind === col && isItem(text) ? "sibling" : "parent" };
    }
    if (ind > col || (ind === col && isItem(text))) continue;
    return { line: k, relation: keyColumn(text) === col ? "sibling" : "parent" };
  }
  return null;
}

/**
 * The result index of live line k: where the diff keeps it, or, when the diff replaced it (a
 * changed value), the inserted result line with the same key at the same column.
 */
function resultIndexOf(k, liveLines, resultLines, map, inserted) {
  const entry = map[k - 1];
  if (!entry) return null;
  if (entry.op === "equal") return entry.r;
  const text = liveLines[k - 1];
  const key = keyText(text);
  const col = keyColumn(text);
  const same = (r) => keyColumn(resultLines[r]) === col && keyText(resultLines[r]) === key && isItem(resultLines[r]) === isItem(text);
  for (let r = entry.r; r < resultLines.length && inserted[r]; r++) if (same(r)) return r;
  for (let r = entry.r - 1; r >= 0 && inserted[r]; r--) if (same(r)) return r;
  return null;
}

// ---- navigation helpers --------------------------------------------------------------------

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
  const where = line.kind === "result" ? `Line ${line.resultLine}` : `Live line ${line.liveLine}`;
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
  if (isContent(line.text)) {
    const texts = layout.lines.map((l) => l.text);
    reason = subtreeEnd(texts, index) > index + 1
      ? "No mark of its own: the fields under this line are marked differently."
      : "No mark on this line.";
  }
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
