// The result pane's CodeMirror view (resultpane.js is the pane; this part of it is in the second
// bundle, views.js): a read-only view of the merged YAML (laid out by marks.js), each line
// carrying its mark as a class, a data-mark attribute and a gutter symbol; deleted lines struck
// through in place; a mode's folds and notes (resultextras.js). The reason of a line shows on
// hover (a tooltip) and, for the keyboard, in a live panel under the view as the cursor moves:
// arrows read line by line, n / p (or Alt+↓ / Alt+↑) jump to the next / previous change.

import { Decoration, EditorView, GutterMarker, ViewPlugin, gutter, hoverTooltip, keymap, lineNumbers, placeholder, highlightActiveLine } from "@codemirror/view";
import { Compartment, EditorState, RangeSet, StateEffect, StateField } from "@codemirror/state";
import { baseExtensions } from "./cm.js";
import { h, replaceChildren } from "./dom.js";
import { MARK_INFO, describeLine, nextChange } from "./marks.js";
import { resultExtras } from "./resultextras.js";
import { layoutText, resultLineNumber } from "./resultpreview.js";
import { keptChange } from "./keptchange.js";
import { lineChanges } from "./textchange.js";

const setLayout = StateEffect.define();
const EMPTY = { layout: { lines: [], counts: {}, hasResult: false }, fields: [] };

/** The layout and fields the view shows, replaced together with its text. */
const layoutField = StateField.define({
  create: () => EMPTY,
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setLayout) ? e.value : v), value),
});

/** Line decorations by mark, then by kind: a few kinds of lines, tens of thousands of lines. */
const lineDecorations = new Map();
function lineDecoration(line) {
  const mark = line.mark ?? "none";
  let byKind = lineDecorations.get(mark);
  if (!byKind) lineDecorations.set(mark, (byKind = new Map()));
  let deco = byKind.get(line.kind);
  if (!deco) {
    const classes = ["mp-line", `mp-mark-${mark}`];
    if (line.kind === "deleted" || line.kind === "dropped") classes.push(`mp-${line.kind}`);
    deco = Decoration.line({ class: classes.join(" "), attributes: { "data-mark": mark } });
    byKind.set(line.kind, deco);
  }
  return deco;
}

const strike = Decoration.mark({ class: "mp-strike" });

const plainLine = { mark: null, kind: "result" };

const layoutChanged = (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setLayout)));

/**
 * Adds the decorations and gutter symbols of display lines from..to-1 (0-based) of the doc to deco
 * and symbols. The lines are read in one pass (a line's start is the last one's end and its
 * break), not looked up one by one.
 */
function lineRanges(doc, layout, from, to, deco, symbols) {
  if (to <= from) return;
  let start = doc.line(from + 1).from;
  let n = from;
  for (const text of doc.iterLines(from + 1, to + 1)) {
    const shown = layout.lines[n] ?? plainLine;
    deco.push(lineDecoration(shown).range(start));
    if (shown.mark) symbols.push(symbolFor(shown).range(start));
    if (shown.kind === "deleted" || shown.kind === "dropped") {
      const indent = text.length - text.trimStart().length;
      if (indent < text.length) deco.push(strike.range(start + indent, start + text.length));
    }
    start += text.length + 1;
    n++;
  }
}

/**
 * The line decorations of the layout (and a strike through the text, not the indentation, of
 * deleted lines) and the mark gutter's symbols, of the lines CodeMirror draws only (its viewport,
 * those in sight and a margin, and the lines of the selection's ends): built again when the
 * text, the layout, the viewport or the selection changes. A big result's
 * first answer decorated all its lines in one task (150,000 of them on issue 28's 2 MB input,
 * and CodeMirror then stepped through every decoration to draw the first screen); now it
 * decorates a few screenfuls whatever the result's length. The gutter reads its symbols from
 * here rather than asking for each line it draws.
 */
const marksPlugin = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorate(view);
    }
    update(update) {
      if (update.docChanged || update.viewportChanged || update.selectionSet || layoutChanged(update)) this.decorate(update.view);
    }
    decorate(view) {
      const { layout } = view.state.field(layoutField);
      const doc = view.state.doc;
      const deco = [];
      const symbols = [];
      const first = doc.lineAt(view.viewport.from).number - 1;
      const end = doc.lineAt(view.viewport.to).number;
      // CodeMirror also draws the lines of the selection's ends when they are out of sight
      const { anchor, head } = view.state.selection.main;
      const ends = [...new Set([doc.lineAt(anchor).number - 1, doc.lineAt(head).number - 1])].sort((a, b) => a - b);
      for (const n of ends) if (n < first) lineRanges(doc, layout, n, n + 1, deco, symbols);
      lineRanges(doc, layout, first, end, deco, symbols);
      for (const n of ends) if (n >= end) lineRanges(doc, layout, n, n + 1, deco, symbols);
      this.deco = Decoration.set(deco, true);
      this.symbols = RangeSet.of(symbols, true);
    }
  },
  { decorations: (plugin) => plugin.deco },
);

class MarkSymbol extends GutterMarker {
  constructor(mark, inherited) {
    super();
    this.mark = mark;
    this.inherited = inherited;
  }
  eq(other) {
    return other.mark === this.mark && other.inherited === this.inherited;
  }
  toDOM() {
    const cls = `mp-gutter-mark mp-mark-${this.mark}${this.inherited ? " mp-inherited" : ""}`;
    return h("span", { class: cls, "aria-hidden": "true", text: MARK_INFO[this.mark]?.symbol ?? "" });
  }
}
const symbolCache = new Map();
function symbolFor(line) {
  const key = `${line.mark}:${line.inherited}`;
  if (!symbolCache.has(key)) symbolCache.set(key, new MarkSymbol(line.mark, line.inherited));
  return symbolCache.get(key);
}

const markGutter = gutter({
  class: "mp-mark-gutter",
  markers: (view) => view.plugin(marksPlugin)?.symbols ?? RangeSet.empty,
  initialSpacer: () => new MarkSymbol("added", false),
});

/** Line numbers of the result (or of live, for live's lines); none on deleted lines. */
const resultLineNumbers = lineNumbers({ formatNumber: (n, state) => resultLineNumber(state.field(layoutField).layout, n) });

/** Builds the DOM of a line's explanation (tooltip and panel share it). */
function explanation(info) {
  return [
    h("p", { class: "mp-reason-title" },
      info.mark ? h("span", { class: `mp-chip mp-mark-${info.mark}`, "aria-hidden": "true", text: MARK_INFO[info.mark].symbol }) : null,
      info.title,
    ),
    info.path ? h("p", { class: "mp-reason-path" }, h("code", { text: info.path }), info.resource ? h("span", { class: "mp-reason-resource", text: ` in ${info.resource}` }) : null) : null,
    info.reason ? h("p", { class: "mp-reason-text", text: info.reason }) : null,
  ];
}

const reasonTooltip = hoverTooltip((view, pos) => {
  const line = view.state.doc.lineAt(pos);
  const { layout, fields } = view.state.field(layoutField);
  const info = describeLine(layout, fields, line.number - 1);
  if (!info.reason) return null;
  return {
    pos: line.from,
    end: line.to,
    above: true,
    create: () => ({ dom: h("div", { class: "mp-tooltip" }, ...explanation(info)) }),
  };
}, { hoverTime: 250 });

/**
 * The pane's state (resultpane.js) this view reads: its nonce, its keys' callbacks, its reason
 * panel, what it shows (layout, fields, the empty pane's text, folds and notes) and its label.
 * @typedef {{nonce: string, onRun: () => void, onToggleFold: (start: number) => void, panel: HTMLElement,
 *   shown: {layout: object, fields: object[], emptyText: string, extras: object}, label: string,
 *   view: EditorView|null, pending: boolean, empty?: Compartment, extras?: object, emptyText?: string, drawn?: object}} Pane
 * pending: a layout shown and not yet drawn (the pane's, drawn here when the view is created);
 * shown.change: what changed from the layout before (layoutkeep.js), when it was kept; drawn:
 * the layout the view shows
 */

/**
 * Creates the result's view showing what the pane shows (its folds and notes included).
 * @param {Pane} r
 * @returns {EditorView}
 */
export function createResultView(r) {
  r.empty = new Compartment();
  r.extras = resultExtras({ onToggle: r.onToggleFold });
  r.view = new EditorView({ state: EditorState.create({ extensions: resultExtensions(r) }) });
  r.emptyText = r.shown.emptyText; // the placeholder the extensions were built with
  r.pending = false;
  // The text comes in as every later answer's does: CodeMirror then lays out as many of its
  // lines as an answer's would (a view created with its text drew only those in sight then,
  // and lines added at its end later were drawn only when scrolled to).
  showInView(r, r.view);
  return r.view;
}

/**
 * Sets the folds and notes (resultextras.js) of the layout shown.
 * @param {Pane} r
 * @param {{folds: object[], notes: object[]}} next
 */
export function setExtras(r, next) {
  r.extras.set(r.view, next);
}

/** The result view's extensions: read-only, marks, gutters, reasons, n / p between changes. */
function resultExtensions(r) {
  const jump = (dir) => (v) => jumpToChange(r, v, dir);
  return [
    baseExtensions({ nonce: r.nonce, onRun: r.onRun, label: r.label }),
    EditorState.readOnly.of(true),
    EditorView.lineWrapping,
    layoutField,
    marksPlugin,
    resultLineNumbers,
    markGutter,
    highlightActiveLine(),
    reasonTooltip,
    r.empty.of(placeholder(r.shown.emptyText)),
    r.extras.extension,
    keymap.of([
      { key: "n", run: jump(1) },
      { key: "p", run: jump(-1) },
      { key: "Alt-ArrowDown", run: jump(1) },
      { key: "Alt-ArrowUp", run: jump(-1) },
    ]),
    EditorView.updateListener.of((update) => {
      if (update.selectionSet || update.focusChanged || layoutChanged(update)) showReason(r, update.state);
    }),
  ];
}

/** n / p: the cursor to the next (dir 1) or previous (-1) change, or the panel says there is none. */
function jumpToChange(r, v, dir) {
  const { layout } = v.state.field(layoutField);
  const here = v.state.doc.lineAt(v.state.selection.main.head).number - 1;
  const target = nextChange(layout, here, dir);
  if (target < 0) {
    replaceChildren(r.panel, h("p", { class: "mp-reason-text", text: dir > 0 ? "No change below this line." : "No change above this line." }));
    return true;
  }
  focusIndex(r, target);
  return true;
}

/**
 * Shows what the pane shows in the view: its text, marks, folds and notes in one update.
 * @param {Pane} r
 * @param {EditorView} v
 */
export function showInView(r, v) {
  const { layout, fields, emptyText, extras, change } = r.shown;
  // A layout kept from the one the view shows (layoutkeep.js) changes the lines its change names:
  // only those are compared, not the whole text.
  const changes = change && change.base === r.drawn ? keptChange(v.state.doc, change, layout) : lineChanges(v.state.doc.toString(), layoutText(layout));
  const length = v.state.doc.length + changes.reduce((n, c) => n + c.insert.length - (c.to - c.from), 0);
  const head = Math.min(v.state.selection.main.head, length);
  const effects = [setLayout.of({ layout, fields }), r.extras.effect(extras)];
  // A new placeholder reconfigures the view's state, which rebuilds its extensions: only when
  // its text changes, not on every answer.
  if (emptyText !== r.emptyText) effects.push(r.empty.reconfigure(placeholder(emptyText)));
  r.emptyText = emptyText;
  v.dispatch({
    // Only the lines that differ are replaced: CodeMirror keeps the others as they are drawn.
    changes,
    selection: { anchor: head },
    effects,
  });
  r.drawn = layout;
  r.extras.settleCursor(v);
}

/** The panel follows the keyboard: the reason of the cursor's line while the view has focus. */
function showReason(r, state) {
  if (!r.view?.hasFocus) return;
  const { layout, fields } = state.field(layoutField);
  const index = state.doc.lineAt(state.selection.main.head).number - 1;
  replaceChildren(r.panel, ...explanation(describeLine(layout, fields, index)));
}

/**
 * Moves the cursor to a display line, scrolls it into view and focuses the result.
 * @param {Pane} r
 * @param {number} index
 */
export function focusIndex(r, index) {
  const v = r.view;
  const doc = v.state.doc;
  if (index < 0 || index >= doc.lines) return;
  const from = doc.line(index + 1).from;
  v.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
  v.focus();
}
