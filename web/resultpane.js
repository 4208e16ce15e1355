// The result pane: the merged YAML with every line's mark, its reason on hover and, for the
// keyboard, in a live panel under it. It starts as a preview (resultpreview.js) and builds its
// CodeMirror view (result.js, in the second bundle, views.js) when told to (`build`: the page
// does once it has shown its first answer) or when the reader goes to it (focus, press, wheel, a
// jump to a mark); what the reader did in the preview meanwhile (the caret, n / p, arrows) is
// done in the view when it comes (preview.js's standIn).

import { h, replaceChildren } from "./dom.js";
import { standIn } from "./preview.js";
import { createResultPreview, layoutText } from "./resultpreview.js";

const EMPTY_LAYOUT = { lines: [], counts: {}, hasResult: false };

const LABEL = "Result: the merged YAML, each line marked. Arrows read line by line; n and p jump between changes.";

/**
 * Creates the result pane.
 * @param {{nonce: string, onRun: () => void, onToggleFold: (start: number) => void}} config
 *   onToggleFold: the reader folds or unfolds the block whose key is on display line `start`
 */
export function createResult({ nonce, onRun, onToggleFold }) {
  const host = h("div", { class: "mp-editor mp-result-editor", id: "result" });
  const panel = h("div", { class: "mp-reason", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  // shown: what the pane shows, kept for the view when it is built; view: null until built.
  /** @type {import("./result.js").Pane & {views: object|null, building: Promise|null, preview: object|null, stand: object}} */
  const r = {
    nonce, onRun, onToggleFold, panel, label: LABEL, dom: h("div", { class: "mp-result" }, host, panel),
    shown: { layout: EMPTY_LAYOUT, fields: [], emptyText: "The result appears here.", extras: { folds: [], notes: [] } },
    view: null, views: null, building: null, preview: createResultPreview({ label: LABEL }),
    pending: false, // a layout shown (show) not yet drawn
  };
  r.preview.draw(r.shown);
  r.stand = standIn(host, r.preview.dom, {
    build: () => buildView(r), lineAt: (event) => pressAt(r, event),
    passes: (event) => event.key === "?", // the view takes no text: ? opens the shortcuts (shortcuts.js)
  });
  return {
    dom: r.dom,
    /** Builds the view (once); resolves when it is built (null when the second bundle failed). */
    build: () => buildView(r),
    /**
     * Shows a layout (marks.js) with the response's fields; `emptyText` is what an empty pane
     * says; `change` what changed from the layout before, when it was kept (layoutkeep.js: the
     * view then compares and decorates those lines only). The folds and notes of the text shown
     * before are dropped until setExtras.
     * @param {{layout: import("./marks.js").Layout, fields: object[], emptyText?: string, change?: object|null}} next
     */
    show({ layout, fields, emptyText = "The result appears here.", change = null }) {
      r.shown = { layout, fields, emptyText, extras: { folds: [], notes: [] }, change };
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
      else if (r.view) r.views.setExtras(r, next);
      else r.preview.draw(r.shown);
    },
    /** Moves the cursor to a display line (0-based) and focuses the pane: at once, or when the view comes. */
    focusIndex(index) {
      if (r.view) r.views.focusIndex(r, index);
      else if (index >= 0) r.stand.pointTo({ line: index + 1, column: 0, center: true });
    },
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
  if (r.view) r.views.showInView(r, r.view);
  else r.preview.draw(r.shown);
}

/**
 * Builds the CodeMirror view in the preview's place (once), showing what the preview shows;
 * resolves to the view, or to null when the second bundle could not be loaded.
 */
function buildView(r) {
  r.building ??= import("./views.js").then((views) => r.view ?? createView(r, views), (err) => {
    console.error(err);
    r.building = null;
    return null;
  });
  return r.building;
}

function createView(r, views) {
  r.views = views;
  const view = views.createResultView(r);
  r.stand.replaceWith(view, views.takeOver);
  r.preview = null;
  return view;
}

/**
 * A press on the preview: a fold's marker opens or closes its fold (the preview draws it),
 * anywhere else on a line the caret goes there when the view comes (standIn's lineAt).
 */
function pressAt(r, event) {
  const at = r.preview?.textLineAt(event) ?? null;
  if (at && event.target instanceof Element && event.target.closest(".mp-fold-marker")) {
    event.preventDefault();
    r.onToggleFold(at.line);
    return null;
  }
  return at;
}

/** The panel's hint, written only when the panel does not show it already. */
function showHint(panel, text) {
  const shown = panel.firstElementChild;
  if (panel.childElementCount === 1 && shown.classList.contains("mp-reason-hint") && shown.textContent === text) return;
  replaceChildren(panel, h("p", { class: "mp-reason-hint", text }));
}
