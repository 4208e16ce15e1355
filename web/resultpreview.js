// The result pane as it first shows, before its CodeMirror view is built (result.js): the
// layout's lines with their marks, line numbers, gutter symbols, struck text, folds and notes,
// drawn as the view draws them (the same classes; metrics in style.css, `.mp-rpreview`),
// read-only. Building the result's view is the largest part of the page's start after the
// input editors' (whose previews are preview.js); the page shows its first answer here and
// builds the view once that answer is painted, or at once when the reader goes to the pane.
// It reads no YAML: the lines and their marks are the layout's (marks.js), the colours are
// the YAML highlighting preview.js gives.

import { h } from "./dom.js";
import { MARK_INFO } from "./marks.js";
import { PREVIEW_LINES, previewLines, widestLineNumber } from "./preview.js";

/**
 * One row of the preview.
 * @typedef {{
 *   number: string, mark: string|null, inherited: boolean, data: string, classes: string,
 *   indent: string, pieces: {text: string, classes: string}[], struck: boolean,
 *   folded: boolean, foldLabel: string|null, foldClosed: boolean,
 *   note: {text: string, kind: string}|null,
 * }} PreviewRow
 * number: what the line-number gutter shows; classes: the line's own (`mp-line mp-mark-…`,
 * `mp-deleted`…); pieces: the highlighted text after `indent`, struck through when `struck`;
 * folded: hidden in a closed fold; foldLabel: the marker at the end of a fold's first line.
 */

/**
 * The number the result's gutter shows on a display line (1-based): the result's line, or live's
 * for live's lines, none on a deleted or dropped line, the display line past the layout.
 * @param {import("./marks.js").Layout} layout
 * @param {number} n
 * @returns {string}
 */
export function resultLineNumber(layout, n) {
  const line = layout.lines[n - 1];
  if (!line) return String(n);
  if (line.kind === "result") return String(line.resultLine);
  return line.kind === "live" ? String(line.liveLine) : "";
}

/**
 * The text of a layout's lines, as the result's view holds it.
 * @param {import("./marks.js").Layout} layout
 * @returns {string}
 */
export const layoutText = (layout) => layout.lines.map((l) => l.text).join("\n");

/**
 * The rows the preview draws for a layout with its folds and notes (result.js), from the
 * highlighted lines of its text (preview.js's previewLines of layoutText: the first lines only);
 * a layout without lines is one empty line, as an empty view is.
 * @param {import("./marks.js").Layout} layout
 * @param {{folds?: {start: number, end: number, folded: boolean, label: string}[], notes?: {line: number, text: string, kind: string}[]}} extras
 * @param {{lines: {text: string, classes: string}[][], total: number}} highlighted
 * @returns {{rows: PreviewRow[], widest: string}} widest: the text the line-number gutter makes
 *   room for
 */
export function previewRows(layout, { folds = [], notes = [] }, { lines, total }) {
  const fits = (f) => f.start >= 1 && f.end <= total && f.end > f.start;
  const foldAt = new Map();
  const hidden = new Set();
  for (const f of folds.filter(fits)) {
    foldAt.set(f.start, f);
    if (f.folded) for (let n = f.start + 1; n <= f.end; n++) hidden.add(n);
  }
  const noteAt = new Map(notes.filter((note) => note.line >= 1 && note.line <= total).map((note) => [note.line, note]));
  const rows = lines.map((pieces, i) => {
    const n = i + 1;
    const shown = layout.lines[i] ?? { mark: null, kind: "result", inherited: false };
    const struck = shown.kind === "deleted" || shown.kind === "dropped";
    const classes = ["mp-line", `mp-mark-${shown.mark ?? "none"}`];
    if (struck) classes.push(`mp-${shown.kind}`);
    if (foldAt.has(n)) classes.push("mp-fold-start");
    const note = noteAt.get(n) ?? null;
    if (note) classes.push("mp-has-note", `mp-has-${note.kind}`);
    const [indent, rest] = struck ? splitIndent(pieces) : ["", pieces];
    const fold = foldAt.get(n);
    return {
      number: resultLineNumber(layout, n), mark: shown.mark ?? null, inherited: Boolean(shown.inherited),
      data: shown.mark ?? "none", classes: classes.join(" "), indent, pieces: rest, struck: struck && rest.length > 0,
      folded: hidden.has(n), foldLabel: fold ? fold.label : null, foldClosed: Boolean(fold?.folded),
      note: note ? { text: note.text, kind: note.kind } : null,
    };
  });
  return { rows, widest: resultLineNumber(layout, widestLineNumber(total)) };
}

/** A line's pieces as its leading spaces and the pieces after them (the part a strike covers). */
function splitIndent(pieces) {
  const text = pieces.map((p) => p.text).join("");
  let indent = text.length - text.trimStart().length;
  const spaces = text.slice(0, indent);
  const rest = [];
  for (const p of pieces) {
    if (indent >= p.text.length) {
      indent -= p.text.length;
      continue;
    }
    rest.push(indent ? { text: p.text.slice(indent), classes: p.classes } : p);
    indent = 0;
  }
  return [spaces, rest];
}

/**
 * Creates the result's preview.
 * @param {{label: string}} config label: the pane's accessible name (the view's)
 */
export function createResultPreview({ label }) {
  const dom = h("div", { class: "mp-preview mp-rpreview", tabindex: "0", role: "textbox", "aria-multiline": "true", "aria-readonly": "true", "aria-label": label });
  let parsed = { text: null, lines: null }; // the last text highlighted: new extras redraw it without parsing it again

  /**
   * Draws a layout with its folds and notes, and what an empty pane says.
   * @param {{layout: import("./marks.js").Layout, extras: object, emptyText: string}} shown
   */
  function draw({ layout, extras, emptyText }) {
    const text = layoutText(layout);
    if (parsed.text !== text) parsed = { text, lines: previewLines(text, PREVIEW_LINES) };
    const { rows, widest } = previewRows(layout, extras, parsed.lines);
    const gutters = (number) => [
      h("span", { class: "mp-rp-number", "aria-hidden": "true" }, h("span", { class: "mp-rp-widest", text: widest }), h("span", { text: number })),
      h("span", { class: "mp-rp-mark" }),
    ];
    const body = h("div", { class: "mp-rp-body" }, h("div", { class: "mp-rp-row mp-rp-pad" }, ...gutters("")));
    rows.forEach((row, i) => {
      const line = h("div", { class: `${row.classes}${i === 0 ? " mp-preview-active" : ""}`, "data-mark": row.data });
      if (row.indent) line.append(row.indent);
      const text = row.struck ? h("span", { class: "mp-strike" }) : line;
      for (const p of row.pieces) text.append(p.classes ? h("span", { class: p.classes, text: p.text }) : p.text);
      if (text !== line) line.append(text);
      if (!layout.lines.length && emptyText) line.append(h("span", { class: "mp-preview-placeholder", text: emptyText }));
      if (row.foldLabel !== null) line.append(h("span", { class: `mp-fold-marker${row.foldClosed ? " mp-fold-closed" : ""}`, "data-label": row.foldLabel, "aria-hidden": "true" }));
      if (row.note) line.append(h("span", { class: `mp-line-note mp-note-${row.note.kind}`, "data-note": row.note.text, "aria-hidden": "true" }));
      const [number, mark] = gutters(row.number);
      if (row.mark) mark.append(h("span", { class: `mp-gutter-mark mp-mark-${row.mark}${row.inherited ? " mp-inherited" : ""}`, "aria-hidden": "true", text: MARK_INFO[row.mark]?.symbol ?? "" }));
      body.append(h("div", { class: `mp-rp-row${row.folded ? " mp-folded" : ""}`, "data-line": String(i + 1) }, number, mark, line));
    });
    body.append(h("div", { class: "mp-rp-row mp-rp-pad" }, ...gutters("")));
    dom.replaceChildren(body);
  }

  return {
    dom,
    draw,
    /**
     * The display line (1-based) of the row an event landed on, 0 when none.
     * @param {Event} event
     */
    lineAt(event) {
      const row = event.target instanceof Element ? event.target.closest(".mp-rp-row") : null;
      return row ? Number(row.getAttribute("data-line")) : 0;
    },
    /**
     * The display line (1-based) of the row an event landed on with its line's element (where
     * the text is), null off the rows (standIn's lineAt).
     * @param {Event} event
     */
    textLineAt(event) {
      const row = event.target instanceof Element ? event.target.closest(".mp-rp-row[data-line]") : null;
      const el = row?.querySelector(".mp-line");
      return el ? { line: Number(row.getAttribute("data-line")), el } : null;
    },
  };
}
