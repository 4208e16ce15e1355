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

/**
 * The decorations and gutter classes of the folds and notes on lines lo..hi (all when not given):
 * those at positions from..to, for a part built again.
 */
function rangesOf(doc, { folds, notes }, { lo = 1, hi = doc.lines, from = 0, to = doc.length } = {}) {
  const deco = [];
  const gutters = [];
  const keep = (list, range) => {
    if (range.from <= to && range.to >= from) list.push(range);
  };
  for (const f of folds) {
    if (!fits(doc, f) || f.end < lo || f.start > hi) continue;
    const start = doc.line(f.start);
    keep(deco, foldStart.range(start.from));
    keep(deco, Decoration.widget({ widget: new FoldMarker(f.label, f.folded), side: 1 }).range(start.to));
    if (!f.folded) continue;
    for (let n = Math.max(f.start + 1, lo); n <= Math.min(f.end, hi); n++) {
      const at = doc.line(n).from;
      keep(deco, hiddenLine.range(at));
      keep(gutters, hiddenGutter.range(at));
    }
  }
  for (const note of notes) {
    if (!(note.line >= 1 && note.line <= doc.lines) || note.line < lo || note.line > hi) continue;
    const line = doc.line(note.line);
    keep(deco, noteLine(note.kind).range(line.from));
    keep(deco, Decoration.widget({ widget: new NoteWidget(note.text, note.kind), side: 2 }).range(line.to));
  }
  return { deco, gutters };
}

const EMPTY_RANGES = { deco: Decoration.none, gutters: RangeSet.empty };

/**
 * The decorations and gutter classes of the folds and notes. A new answer's (or a fold opened or
 * closed) are the last ones mapped through the text's change, built again only on the lines of
 * the folds and notes that differ or whose lines the change touched (changedSpan); whole when
 * too many differ.
 */
const extrasRanges = StateField.define({
  create: () => EMPTY_RANGES,
  update(value, tr) {
    const before = tr.startState.field(extrasField);
    const next = tr.state.field(extrasField);
    const mapped = () => (tr.docChanged ? { deco: value.deco.map(tr.changes), gutters: value.gutters.map(tr.changes) } : value);
    if (next === before) return mapped();
    if (next === NONE) return EMPTY_RANGES;
    const span = before === NONE ? null : changedSpan(before, next, tr);
    if (!span) {
      const { deco, gutters } = rangesOf(tr.state.doc, next);
      return { deco: Decoration.set(deco, true), gutters: RangeSet.of(gutters, true) };
    }
    if (span.lo > span.hi) return mapped();
    const doc = tr.state.doc;
    const where = { lo: span.lo, hi: span.hi, from: doc.line(span.lo).from, to: doc.line(span.hi).to };
    const { deco, gutters } = rangesOf(doc, next, where);
    const part = (set, add) => set.update({ filterFrom: where.from, filterTo: where.to, filter: () => false, add, sort: true });
    const kept = mapped();
    return { deco: part(kept.deco, deco), gutters: part(kept.gutters, gutters) };
  },
  provide: (f) => [EditorView.decorations.from(f, (v) => v.deco), gutterLineClass.from(f, (v) => v.gutters)],
});

/** The most folds and notes that may differ for the ranges to be built again in part. */
const MAX_CHANGED = 64;

/**
 * The new text's lines [lo, hi] whose folds and notes differ from the last ones (lo > hi: none),
 * the last ones' lines mapped through the transaction's change; null when the lists differ in
 * length or more than MAX_CHANGED items differ.
 */
function changedSpan(before, next, tr) {
  if (before.folds.length !== next.folds.length || before.notes.length !== next.notes.length) return null;
  const span = { lo: Infinity, hi: -Infinity, changed: 0, moves: lineMoves(tr) };
  const sameFold = (a, b) => a.folded === b.folded && a.label === b.label;
  const sameNote = (a, b) => a.text === b.text && a.kind === b.kind;
  for (let i = 0; i < next.folds.length; i++) {
    if (!sameItem(span, tr, [before.folds[i].start, before.folds[i].end], [next.folds[i].start, next.folds[i].end], sameFold(before.folds[i], next.folds[i]))) return null;
  }
  for (let i = 0; i < next.notes.length; i++) {
    if (!sameItem(span, tr, [before.notes[i].line, before.notes[i].line], [next.notes[i].line, next.notes[i].line], sameNote(before.notes[i], next.notes[i]))) return null;
  }
  return span;
}

/**
 * Grows the span by an item (a fold's or a note's lines, before and now) that differs or whose
 * lines the change touched; false past MAX_CHANGED such items.
 */
function sameItem(span, tr, [a, b], [c, d], same) {
  const old = tr.startState.doc;
  const doc = tr.state.doc;
  const fits = (text, x, y) => x >= 1 && y <= text.lines && y >= x;
  const oldFits = fits(old, a, b);
  const newFits = fits(doc, c, d);
  if (!oldFits && !newFits) return true; // drawn neither before nor now
  let [at, end, touched] = [a, b, false];
  if (oldFits && tr.docChanged) {
    const shift = moved(span.moves, a, b);
    if (shift === null) {
      const from = old.line(a).from;
      const to = old.line(b).to;
      [at, end, touched] = [doc.lineAt(tr.changes.mapPos(from, -1)).number, doc.lineAt(tr.changes.mapPos(to, 1)).number, true];
    } else {
      [at, end] = [a + shift, b + shift];
    }
  }
  if (same && !touched && oldFits && newFits && at === c && end === d) return true;
  const lo = Math.min(oldFits ? at : Infinity, newFits ? c : Infinity);
  const hi = Math.max(oldFits ? end : -Infinity, newFits ? d : -Infinity);
  return grow(span, doc, lo, hi);
}

/**
 * The transaction's changes as lines of the old text: each changed range's first and last line
 * (a change touches the lines it starts and ends on, and an insertion the line it is made in)
 * and how far the lines after it have moved, all the changes up to it counted.
 * @returns {{first: number, last: number, shift: number}[]}
 */
export function lineMoves(tr) {
  const old = tr.startState.doc;
  const doc = tr.state.doc;
  const moves = [];
  let shift = 0;
  tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    const first = old.lineAt(fromA).number;
    const last = old.lineAt(toA).number;
    shift += doc.lineAt(toB).number - doc.lineAt(fromB).number - (last - first);
    moves.push({ first, last, shift });
  });
  return moves;
}

/**
 * How far the old text's lines a..b moved, or null when a change touches them (as
 * ChangeSet.touchesRange does from the start of line a to the end of line b: a change ending at
 * a's start or starting at b's end touches them).
 */
export function moved(moves, a, b) {
  // The first change that does not end before line a: the ones before it are all above.
  let lo = 0;
  let hi = moves.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (moves[mid].last < a) lo = mid + 1;
    else hi = mid;
  }
  if (lo < moves.length && moves[lo].first <= b) return null;
  return lo > 0 ? moves[lo - 1].shift : 0;
}

/** Grows the span by lines x..y (kept within the text); false past MAX_CHANGED items. */
function grow(span, doc, x, y) {
  span.lo = Math.min(span.lo, Math.max(1, x));
  span.hi = Math.max(span.hi, Math.min(doc.lines, Math.max(1, y)));
  return ++span.changed <= MAX_CHANGED;
}

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
      extrasRanges,
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
