// Folds of the result pane: the blocks a mode folds by default (a mode descriptor's `fold`, such
// as server-side apply's .metadata.managedFields), taken from the engine's layout.folds, which
// says where each foldable block of the shown text is. Pure functions with no DOM (tested under
// Node); resultextras.js hides the lines.

/**
 * A folded block: `start` is the line that names the key (it stays visible), `end` the last line
 * of its value; both 1-based in the text shown (the result, or live for an answer without one).
 * `hidden` is the number of lines the fold hides.
 * @typedef {{path: string, start: number, end: number, hidden: number}} FoldRange
 */

/**
 * The blocks to fold: the response's foldable blocks (response.layout.folds) whose path is one
 * of `paths`. Ranges come sorted; one inside another is dropped.
 * @param {object} response a contract response
 * @param {string[]} paths
 * @returns {FoldRange[]}
 */
export function foldRanges(response, paths) {
  const wanted = new Set((Array.isArray(paths) ? paths : []).filter((p) => typeof p === "string" && p));
  const folds = Array.isArray(response?.layout?.folds) ? response.layout.folds : [];
  const ranges = folds
    .filter((f) => f && wanted.has(f.path) && Number.isInteger(f.line) && Number.isInteger(f.endLine) && f.line >= 1 && f.endLine > f.line)
    .map((f) => ({ path: f.path, start: f.line, end: f.endLine, hidden: f.endLine - f.line }))
    .sort((a, b) => a.start - b.start);
  const out = [];
  for (const r of ranges) if (!out.length || r.start > out[out.length - 1].end) out.push(r);
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
