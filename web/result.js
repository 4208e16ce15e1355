// The result pane: a read-only CodeMirror view of the merged YAML (laid out by marks.js), each
// line carrying its mark as a class, a data-mark attribute and a gutter symbol; deleted lines
// struck through in place; a mode's folds and notes (resultextras.js). Until the view is built
// the pane is a preview drawn the same way (resultpreview.js). The reason of a line shows on
// hover (a tooltip) and, for the keyboard, in a live panel under the view as the cursor moves:
// arrows read line by line, n / p (or Alt+↓ / Alt+↑) jump to the next / previous change.

import { Decoration, EditorView, GutterMarker, gutter, hoverTooltip, keymap, lineNumbers, placeholder, highlightActiveLine } from "@codemirror/view";
import { Compartment, EditorState, StateEffect, StateField } from "@codemirror/state";
import { baseExtensions } from "./cm.js";
import { h, replaceChildren } from "./dom.js";
import { MARK_INFO, describeLine, nextChange } from "./marks.js";
import { standIn } from "./preview.js";
import { resultExtras } from "./resultextras.js";
import { createResultPreview, layoutText, resultLineNumber } from "./resultpreview.js";
import { lineChanges } from "./textchange.js";

const setLayout = StateEffect.define();
const EMPTY = { layout: { lines: [], counts: {}, hasResult: false }, fields: [] };

/** The layout and fields the view shows, replaced together with its text. */
const layoutField = StateField.define({
  create: () => EMPTY,
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(setLayout) ? e.value : v), value),
});

const lineDecorations = new Map();
function lineDecoration(line) {
  const key = `${line.mark ?? "none"}:${line.kind}`;
  if (!lineDecorations.has(key)) {
    const classes = ["mp-line", `mp-mark-${line.mark ?? "none"}`];
    if (line.kind === "deleted" || line.kind === "dropped") classes.push(`mp-${line.kind}`);
    lineDecorations.set(key, Decoration.line({ class: classes.join(" "), attributes: { "data-mark": line.mark ?? "none" } }));
  }
  return lineDecorations.get(key);
}

const strike = Decoration.mark({ class: "mp-strike" });

/**
 * The line decorations of the layout (and a strike through the text, not the indentation, of
 * deleted lines), rebuilt whenever a new layout arrives.
 */
const marksField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    if (!tr.effects.some((e) => e.is(setLayout))) return value;
    const { layout } = tr.state.field(layoutField);
    const doc = tr.state.doc;
    const ranges = [];
    for (let n = 1; n <= doc.lines; n++) {
      const line = doc.line(n);
      const shown = layout.lines[n - 1] ?? { mark: null, kind: "result" };
      ranges.push(lineDecoration(shown).range(line.from));
      const indent = line.text.length - line.text.trimStart().length;
      if ((shown.kind === "deleted" || shown.kind === "dropped") && indent < line.length) ranges.push(strike.range(line.from + indent, line.to));
    }
    return Decoration.set(ranges, true);
  },
  provide: (f) => EditorView.decorations.from(f),
});

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
const symbols = new Map();
function symbolFor(line) {
  const key = `${line.mark}:${line.inherited}`;
  if (!symbols.has(key)) symbols.set(key, new MarkSymbol(line.mark, line.inherited));
  return symbols.get(key);
}

const layoutChanged = (update) => update.transactions.some((tr) => tr.effects.some((e) => e.is(setLayout)));

const markGutter = gutter({
  class: "mp-mark-gutter",
  lineMarker(view, block) {
    const line = view.state.field(layoutField).layout.lines[view.state.doc.lineAt(block.from).number - 1];
    return line?.mark ? symbolFor(line) : null;
  },
  lineMarkerChange: layoutChanged,
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

const LABEL = "Result: the merged YAML, each line marked. Arrows read line by line; n and p jump between changes.";

/**
 * Creates the result pane. It starts as a preview (resultpreview.js) and builds its CodeMirror
 * view when told to (`build`: the page does once it has shown its first answer), when the
 * reader goes to it (focus, press, wheel), or when asked for the cursor.
 * @param {{nonce: string, onRun: () => void, onToggleFold: (start: number) => void}} config
 *   onToggleFold: the reader folds or unfolds the block whose key is on display line `start`
 */
export function createResult({ nonce, onRun, onToggleFold }) {
  const host = h("div", { class: "mp-editor mp-result-editor", id: "result" });
  const panel = h("div", { class: "mp-reason", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  // shown: what the pane shows, kept for the view when it is built; view: null until built.
  const r = {
    nonce, onRun, onToggleFold, panel, dom: h("div", { class: "mp-result" }, host, panel),
    empty: new Compartment(), extras: resultExtras({ onToggle: onToggleFold }),
    shown: { layout: EMPTY.layout, fields: [], emptyText: "The result appears here.", extras: { folds: [], notes: [] } },
    view: null, preview: createResultPreview({ label: LABEL }),
    pending: false, // a layout shown (show) not yet drawn
  };
  r.preview.draw(r.shown);
  r.stand = standIn(host, r.preview.dom, { build: () => buildView(r), press: (event) => pointAt(r, event) });
  return {
    dom: r.dom,
    build: () => buildView(r),
    /**
     * Shows a layout (marks.js) with the response's fields; `emptyText` is what an empty pane
     * says. The folds and notes of the text shown before are dropped until setExtras.
     * @param {{layout: import("./marks.js").Layout, fields: object[], emptyText?: string}} next
     */
    show({ layout, fields, emptyText = "The result appears here." }) {
      r.shown = { layout, fields, emptyText, extras: { folds: [], notes: [] } };
      // Drawn with the folds and notes that follow (setExtras), in one update of the view: or
      // at the end of this task if none follow.
      if (!r.pending) queueMicrotask(() => flush(r));
      r.pending = true;
      if (!r.view?.hasFocus) showHint(panel, layout.lines.length ? "Hover a line, or move through the result with the arrow keys, to read why it was marked." : "");
    },
    /**
     * Sets the folds and notes (resultextras.js) of the layout shown.
     * @param {{folds: import("./resultextras.js").PaneFold[], notes: import("./resultextras.js").PaneNote[]}} next
     */
    setExtras(next) {
      r.shown = { ...r.shown, extras: next };
      if (r.pending) flush(r);
      else if (r.view) r.extras.set(r.view, next);
      else r.preview.draw(r.shown);
    },
    focusIndex: (index) => focusIndex(r, index),
    /** The display index (0-based) of the cursor's line: the first before the view is built. */
    cursorIndex: () => (r.view ? r.view.state.doc.lineAt(r.view.state.selection.main.head).number - 1 : 0),
    /** The text shown (with deleted lines), for tests. */
    shownText: () => {
      flush(r);
      return r.view ? r.view.state.doc.toString() : layoutText(r.shown.layout);
    },
    destroy: () => r.view?.destroy(),
  };
}

/** Draws a layout shown and not yet drawn, in the view or the preview. */
function flush(r) {
  if (!r.pending) return;
  r.pending = false;
  if (r.view) showInView(r, r.view);
  else r.preview.draw(r.shown);
}

/** Builds the CodeMirror view in the preview's place (once), showing what the preview shows. */
function buildView(r) {
  if (r.view) return r.view;
  r.view = new EditorView({ state: EditorState.create({ extensions: resultExtensions(r) }) });
  r.emptyText = r.shown.emptyText; // the placeholder the extensions were built with
  r.pending = false;
  // The text comes in as every later answer's does: CodeMirror then lays out as many of its
  // lines as an answer's would (a view created with its text drew only those in sight then,
  // and lines added at its end later were drawn only when scrolled to).
  showInView(r, r.view);
  r.stand.replaceWith(r.view);
  r.preview = null;
  return r.view;
}

/** The result view's extensions: read-only, marks, gutters, reasons, n / p between changes. */
function resultExtensions(r) {
  const jump = (dir) => (v) => jumpToChange(r, v, dir);
  return [
    baseExtensions({ nonce: r.nonce, onRun: r.onRun, label: LABEL }),
    EditorState.readOnly.of(true),
    EditorView.lineWrapping,
    layoutField,
    marksField,
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

/** Shows what the pane shows in the view: its text, marks, folds and notes in one update. */
function showInView(r, v) {
  const { layout, fields, emptyText, extras } = r.shown;
  const text = layoutText(layout);
  const head = Math.min(v.state.selection.main.head, text.length);
  const effects = [setLayout.of({ layout, fields }), r.extras.effect(extras)];
  // A new placeholder reconfigures the view's state, which rebuilds its extensions: only when
  // its text changes, not on every answer.
  if (emptyText !== r.emptyText) effects.push(r.empty.reconfigure(placeholder(emptyText)));
  r.emptyText = emptyText;
  v.dispatch({
    // Only the lines that differ are replaced: CodeMirror keeps the others as they are drawn.
    changes: lineChanges(v.state.doc.toString(), text),
    selection: { anchor: head },
    effects,
  });
  r.extras.settleCursor(v);
}

/** The panel's hint, written only when the panel does not show it already. */
function showHint(panel, text) {
  const shown = panel.firstElementChild;
  if (panel.childElementCount === 1 && shown.classList.contains("mp-reason-hint") && shown.textContent === text) return;
  replaceChildren(panel, h("p", { class: "mp-reason-hint", text }));
}

/** A press on the preview: the view takes its place, with the cursor on the pressed line. */
function pointAt(r, event) {
  const line = r.preview.lineAt(event);
  const onMarker = event.target instanceof Element && event.target.closest(".mp-fold-marker");
  const v = buildView(r);
  event.preventDefault();
  if (line && onMarker) {
    r.onToggleFold(line);
    return;
  }
  const pos = v.posAtCoords({ x: event.clientX, y: event.clientY });
  if (pos !== null) v.dispatch({ selection: { anchor: pos } });
  v.focus();
}

/** The panel follows the keyboard: the reason of the cursor's line while the view has focus. */
function showReason(r, state) {
  if (!r.view?.hasFocus) return;
  const { layout, fields } = state.field(layoutField);
  const index = state.doc.lineAt(state.selection.main.head).number - 1;
  replaceChildren(r.panel, ...explanation(describeLine(layout, fields, index)));
}

/** Moves the cursor to a display line, scrolls it into view and focuses the result. */
function focusIndex(r, index) {
  const v = buildView(r);
  const doc = v.state.doc;
  if (index < 0 || index >= doc.lines) return;
  const from = doc.line(index + 1).from;
  v.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
  v.focus();
}
