// Folds of the result pane: the blocks a mode folds by default (a mode descriptor's `fold`, such
// as server-side apply's metadata.managedFields), found in the lines the pane shows. Pure
// functions with no DOM (tested under Node); resultextras.js hides the lines.

/**
 * A folded block: `start` is the line that names the key (it stays visible), `end` the last line
 * of its value; both 1-based. `hidden` is the number of lines the fold hides.
 * @typedef {{path: string, start: number, end: number, hidden: number}} FoldRange
 */

/** Column of the first character that is not a space. */
function indentOf(line) {
  return line.length - line.replace(/^ +/, "").length;
}

/** Whether the line starts a sequence item ("- x" or "-"). */
function isItem(line) {
  return /^ *-( |$)/.test(line);
}

/** Whether the line holds YAML content (not blank, a comment, or a document marker). */
function isContent(line) {
  const t = line.trim();
  return t !== "" && !t.startsWith("#") && t !== "---" && t !== "..." && !t.startsWith("--- ");
}

/**
 * Reads a block mapping key line ("  name: x", "  - name: x"): its key, the key's column, and
 * whether the value follows on the next lines (nothing but a comment after the colon).
 * @returns {{key: string, column: number, item: boolean, block: boolean}|null}
 */
function keyLine(line) {
  const m = /^( *)((?:- +)*)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[][^:#]*?)\s*:(?:\s+(.*))?$/.exec(line);
  if (!m) return null;
  let key = m[3];
  if (key.startsWith('"')) {
    try {
      key = JSON.parse(key);
    } catch {
      key = key.slice(1, -1);
    }
  } else if (key.startsWith("'")) {
    key = key.slice(1, -1).replaceAll("''", "'");
  }
  const rest = (m[4] ?? "").trim();
  // A block value follows: nothing after the colon, or a block scalar's header ("|", ">-", "|2").
  const block = rest === "" || rest.startsWith("#") || /^[|>][-+0-9]*\s*(#.*)?$/.test(rest);
  return { key, column: m[1].length + m[2].length, item: m[2] !== "", block };
}

/**
 * The last line (0-based index) of the block value under the key at lines[at]: every following
 * line indented deeper than the key, and the items of a sequence written at the key's own column;
 * trailing blank and comment lines are left out.
 */
function blockEnd(lines, at, column) {
  let end = at;
  for (let j = at + 1; j < lines.length; j++) {
    const text = lines[j];
    if (!isContent(text)) {
      if (text.trim() === "---" || text.trim().startsWith("--- ") || text.trim() === "...") break;
      continue;
    }
    const ind = indentOf(text);
    if (ind > column || (ind === column && isItem(text))) {
      end = j;
      continue;
    }
    break;
  }
  return end;
}

/**
 * Finds the blocks to fold: for each path (keys from a document's root, joined by dots:
 * "metadata.managedFields"), every block mapping value at that path in every document of the
 * text. Keys inside sequence items are never matched. Ranges come sorted and never overlap.
 * @param {string[]} lines the pane's lines
 * @param {string[]} paths
 * @returns {FoldRange[]}
 */
export function foldRanges(lines, paths) {
  const wanted = new Set((Array.isArray(paths) ? paths : []).filter((p) => typeof p === "string" && p));
  const out = [];
  if (!wanted.size || !Array.isArray(lines)) return out;
  /** @type {{column: number, key: string}[]} */
  let stack = [];
  for (let i = 0; i < lines.length; i++) {
    const text = String(lines[i]);
    const t = text.trim();
    if (t === "---" || t.startsWith("--- ")) {
      stack = [];
      continue;
    }
    if (!isContent(text)) continue;
    const k = keyLine(text);
    const column = k ? k.column : indentOf(text);
    const item = isItem(text);
    const from = item ? indentOf(text) : column;
    while (stack.length && stack[stack.length - 1].column >= from) stack.pop();
    if (item) {
      // Everything inside a sequence item sits under an index, which no fold path names.
      stack.push({ column: indentOf(text), key: "\u0000item" });
      if (k) stack.push({ column, key: k.key });
      continue;
    }
    if (!k) continue;
    stack.push({ column, key: k.key });
    const path = stack.map((s) => s.key).join(".");
    if (!k.block || !wanted.has(path)) continue;
    const end = blockEnd(lines, i, column);
    if (end > i) {
      out.push({ path, start: i + 1, end: end + 1, hidden: end - i });
      i = end; // nothing inside a folded block is looked at again
      stack.pop();
    }
  }
  return out;
}

/**
 * The short name of a fold's path: its last key ("managedFields",
 * "last-applied-configuration" for the annotation kubectl.kubernetes.io/last-applied-configuration).
 * @param {string} path
 * @returns {string}
 */
export function foldName(path) {
  return /[^./]+$/.exec(String(path))?.[0] ?? String(path);
}

/**
 * Whether a 1-based line is hidden by one of the folds.
 * @param {FoldRange[]} folds
 * @param {number} line
 * @returns {FoldRange|undefined} the fold that hides it
 */
export function hiddenBy(folds, line) {
  return folds.find((f) => line > f.start && line <= f.end);
}

/**
 * What a fold toggle says, for all the folds of a pane.
 * @param {FoldRange[]} folds
 * @param {boolean} folded
 * @returns {string}
 */
export function foldSummary(folds, folded) {
  if (!folds.length) return "";
  const names = [...new Set(folds.map((f) => foldName(f.path)))].join(", ");
  const lines = folds.reduce((n, f) => n + f.hidden, 0);
  const blocks = folds.length === 1 ? names : `${folds.length} ${names} blocks`;
  return folded
    ? `${blocks} folded (${lines} ${lines === 1 ? "line" : "lines"} hidden).`
    : `${blocks} shown (${lines} ${lines === 1 ? "line" : "lines"}).`;
}
