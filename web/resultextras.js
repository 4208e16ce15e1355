// What a mode adds to the result pane's CodeMirror view (result.js builds it with this module's
// extension; its preview, resultpreview.js, draws the same folds and notes):
//   - folds: blocks hidden by default (server-side apply's metadata.managedFields). The lines stay
//     in the document and in the DOM, so every line keeps its mark and number; they are hidden by
//     a class, skipped by the cursor (atomic ranges), and the line that names the key says how
//     many lines it hides. Click that line's marker, press Enter on it, or use the toggle above
//     the pane, to show them.
//   - notes: a short text shown at the end of a line (Helm 2's out-of-sync warnings), with a class
//     on the line and its gutter.
// Note texts go in through a data attribute shown by CSS (never HTML), so a line's text content
// stays the YAML line.

import { Decoration, EditorView, GutterMarker, WidgetType, gutterLineClass, keymap } from "@codemirror/view";
import { RangeSet, StateEffect, StateField } from "@codemirror/state";

/**
 * @typedef {{start: number, end: number, hidden: number, folded: boolean, label: string}} PaneFold
 * 1-based display lines: `start` names the key (stays visible), start+1..end are hidden when folded.
 * @typedef {{line: number, text: string, kind: string}} PaneNote  1-based display line
 */

const setExtras = StateEffect.define();
const NONE = { folds: [], notes: [] };

const extrasField = StateField.define({
  create: () => NONE,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setExtras)) return e.value;
    // A new text (a new answer) drops the old ranges until the new ones arrive.
    return tr.docChanged ? NONE : value;
  },
});

class FoldMarker extends WidgetType {
  constructor(label, folded) {
    super();
    this.label = label;
    this.folded = folded;
  }
  eq(other) {
    return other.label === this.label && other.folded === this.folded;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = `mp-fold-marker${this.folded ? " mp-fold-closed" : ""}`;
    span.setAttribute("data-label", this.label);
    span.setAttribute("aria-hidden", "true");
    return span;
  }
  ignoreEvent() {
    return false;
  }
}

class NoteWidget extends WidgetType {
  constructor(text, kind) {
    super();
    this.text = text;
    this.kind = kind;
  }
  eq(other) {
    return other.text === this.text && other.kind === this.kind;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = `mp-line-note mp-note-${this.kind}`;
    span.setAttribute("data-note", this.text);
    span.setAttribute("aria-hidden", "true");
    return span;
  }
}

const hiddenLine = Decoration.line({ class: "mp-folded" });
const foldStart = Decoration.line({ class: "mp-fold-start" });
const noteLines = new Map();
const noteLine = (kind) => {
  if (!noteLines.has(kind)) noteLines.set(kind, Decoration.line({ class: `mp-has-note mp-has-${kind}` }));
  return noteLines.get(kind);
};

class HiddenGutter extends GutterMarker {
  elementClass = "mp-folded-gutter";
}
const hiddenGutter = new HiddenGutter();

/** Whether a fold's range is still inside the document. */
const fits = (doc, f) => f.start >= 1 && f.end <= doc.lines && f.end > f.start;

const decorations = EditorView.decorations.compute([extrasField], (state) => {
  const { folds, notes } = state.field(extrasField);
  const doc = state.doc;
  const ranges = [];
  for (const f of folds) {
    if (!fits(doc, f)) continue;
    const start = doc.line(f.start);
    ranges.push(foldStart.range(start.from));
    ranges.push(Decoration.widget({ widget: new FoldMarker(f.label, f.folded), side: 1 }).range(start.to));
    if (f.folded) for (let n = f.start + 1; n <= f.end; n++) ranges.push(hiddenLine.range(doc.line(n).from));
  }
  for (const note of notes) {
    if (!(note.line >= 1 && note.line <= doc.lines)) continue;
    const line = doc.line(note.line);
    ranges.push(noteLine(note.kind).range(line.from));
    ranges.push(Decoration.widget({ widget: new NoteWidget(note.text, note.kind), side: 2 }).range(line.to));
  }
  return Decoration.set(ranges, true);
});

const hiddenGutters = gutterLineClass.compute([extrasField], (state) => {
  const doc = state.doc;
  const ranges = [];
  for (const f of state.field(extrasField).folds) {
    if (!f.folded || !fits(doc, f)) continue;
    for (let n = f.start + 1; n <= f.end; n++) ranges.push(hiddenGutter.range(doc.line(n).from));
  }
  return RangeSet.of(ranges, true);
});

/**
 * The hidden text of folded blocks, from the end of the key's line to the start of the next
 * visible line: the cursor skips it.
 */
const atomic = EditorView.atomicRanges.of((view) => {
  const doc = view.state.doc;
  const ranges = [];
  for (const f of view.state.field(extrasField).folds) {
    if (!f.folded || !fits(doc, f)) continue;
    const to = f.end < doc.lines ? doc.line(f.end + 1).from : doc.line(f.end).to;
    ranges.push(Decoration.mark({}).range(doc.line(f.start).to, to));
  }
  return Decoration.set(ranges, true);
});

/**
 * The folds and notes of a result view: the extension it is built with, and the function that
 * sets them.
 * @param {{onToggle: (start: number) => void}} config called when the reader folds or unfolds
 *   the block whose key is on display line `start`
 */
export function resultExtras({ onToggle }) {
  const foldAt = (state, lineNumber) => state.field(extrasField).folds.find((f) => f.start === lineNumber && fits(state.doc, f));
  return {
    extension: [
      extrasField,
      decorations,
      hiddenGutters,
      atomic,
      keymap.of([{
        key: "Enter",
        run: (v) => {
          const fold = foldAt(v.state, v.state.doc.lineAt(v.state.selection.main.head).number);
          if (!fold) return false;
          onToggle(fold.start);
          return true;
        },
      }]),
      EditorView.domEventHandlers({
        mousedown(event, v) {
          const marker = event.target instanceof Element ? event.target.closest(".mp-fold-marker") : null;
          if (!marker) return false;
          const fold = foldAt(v.state, v.state.doc.lineAt(v.posAtDOM(marker)).number);
          if (!fold) return false;
          event.preventDefault();
          onToggle(fold.start);
          return true;
        },
      }),
    ],
    /**
     * The effect that sets the folds and notes of a view's text, for a transaction that also
     * changes that text (result.js sends an answer's text, marks and extras as one).
     * @param {{folds: PaneFold[], notes: PaneNote[]}} extras
     * @returns {StateEffect}
     */
    effect: (extras) => setExtras.of({ folds: extras.folds ?? [], notes: extras.notes ?? [] }),
    /**
     * Sets the folds and notes of the text a view built with the extension shows now.
     * @param {EditorView} view
     * @param {{folds: PaneFold[], notes: PaneNote[]}} extras
     */
    set(view, extras) {
      view.dispatch({ effects: setExtras.of({ folds: extras.folds ?? [], notes: extras.notes ?? [] }) });
      settleCursor(view);
    },
    /** Moves the cursor out of a closed fold (after a transaction that may have closed one). */
    settleCursor,
  };
}

/**
 * The cursor never rests in a hidden line: when a fold hides it, it goes to the line naming the
 * folded key.
 * @param {EditorView} view
 */
function settleCursor(view) {
  const doc = view.state.doc;
  const head = doc.lineAt(view.state.selection.main.head).number;
  const hiding = view.state.field(extrasField).folds.find((f) => f.folded && head > f.start && head <= f.end && fits(doc, f));
  if (hiding) view.dispatch({ selection: { anchor: doc.line(hiding.start).from } });
}
