// The output column: the tabs (Result, Patch, Diff, Explain, and the answered mode's own views),
// the actions on the result (Apply again, Copy, Download), the status line, the conflicts panel,
// the mode's panels and the legend. It shows an answer as a whole; what to do with it is main.js's
// business. A mode's own views (its descriptor's `views`, built from modeviews.js) and the blocks
// it folds in the result pane (`fold`) follow the mode of the answer shown: the column never
// branches on a mode's name.

import { annotationSizeNotes } from "./annotationsize.js";
import { refusedNotes } from "./refusednotes.js";
import { createConflicts } from "./conflicts.js";
import { createDiffView } from "./diffview.js";
import { copyText, download, h, replaceChildren } from "./dom.js";
import { createExplain } from "./explain.js";
import { createLegend } from "./legend.js";
import { keepLayout } from "./layoutkeep.js";
import { displayIndexOf, layoutResult, lineOfField, nextOfMark } from "./marks.js";
import { MODE_VIEWS } from "./modeviews.js";
import { createPatchView } from "./patchview.js";
import { createResult } from "./resultpane.js";
import { createResultFolds } from "./resultfolds.js";
import { createStatus } from "./status.js";
import { createTabs } from "./tabs.js";

/**
 * Creates the output column.
 * @param {{nonce: string, onRun: () => void, onAgain: () => void, onShowConflict: (line: number) => void, actions?: HTMLElement[], complete?: (response: object, part: string) => Promise<object|null>}} config
 *   actions: more buttons among the result's actions (the exercise's entry); complete: gets a
 *   part an answer left out, for the Diff and Patch tabs (engine.js's complete)
 */
export function createOutput({ nonce, onRun, onAgain, onShowConflict, actions = [], complete }) {
  // shown: {response, layout} of the answer shown; mode: its mode's descriptor; undrawn: the
  // tabs drawn when shown (drawnWhenShown, and the mode's own tabs) that do not show it yet.
  const o = { shown: null, mode: null, tabs: null, tabIds: "", undrawn: new Set(), status: createStatus() };
  o.result = createResult({ nonce, onRun, onToggleFold: (start) => o.folds.toggle(start) });
  o.folds = createResultFolds({ result: o.result, notes: () => paneNotes(o) });
  o.legend = createLegend({ onJump: (mark) => jumpToMark(o, mark) });
  o.conflicts = createConflicts({ onShow: onShowConflict });
  o.explain = createExplain({ onJump: (index) => {
    o.tabs.select("result");
    const at = o.shown ? lineOfField(o.shown.layout, index) : -1;
    if (at >= 0) focusDisplay(o, at);
  } });
  // The Patch, Diff and Explain tabs (and a mode's own tabs) are drawn when they are shown: on a
  // long stream each holds thousands of elements, and an edit should pay only for the tab in view.
  o.drawnWhenShown = new Map([["patch", createPatchView({ complete })], ["diff", createDiffView({ complete })], ["explain", o.explain]]);
  o.resultPanel = h("div", {}, o.folds.dom, o.result.dom);
  o.baseTabs = [
    { id: "result", label: "Result", panel: o.resultPanel },
    ...["patch", "diff", "explain"].map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1), panel: o.drawnWhenShown.get(id).dom })),
  ];
  o.modeViews = createModeViews(o);
  o.tabsSlot = h("div", { class: "mp-tabs-slot" });
  buildTabs(o);
  const buttons = resultActions(o, onAgain);
  o.legend.update(null);
  return outputAPI(o, columnOf(o, [...actions, buttons.again, buttons.copy, buttons.save]), buttons);
}

/** The column's children, in order: tabs and actions, status, conflicts, panels, legend, tabs' panels. */
function columnOf(o, actions) {
  return [
    h("div", { class: "mp-output-head" }, o.tabsSlot, h("div", { class: "mp-output-actions" }, o.badge, ...actions)),
    o.status.dom,
    o.conflicts.dom,
    ...o.modeViews.filter((v) => v.kind.place === "panel").map((v) => v.view.dom),
    o.legend.dom,
    ...o.baseTabs.map((t) => t.panel),
    ...o.modeViews.filter((v) => v.kind.place === "tab").map((v) => v.view.dom),
  ];
}

/** The modes' own views (modeviews.js), every one built once, hidden until its mode answers. */
function createModeViews(o) {
  const context = {
    showResultLine: (line) => showResultLine(o, line),
    selectTab: (id) => {
      o.tabs.select(id);
      draw(o, id);
      document.getElementById(`mp-tab-${id}`)?.focus();
    },
  };
  const views = Object.entries(MODE_VIEWS).map(([id, kind]) => ({ id, kind, view: kind.create(context) }));
  for (const v of views) v.view.dom.hidden = true;
  return views;
}

const activeViews = (o) => o.modeViews.filter((v) => o.mode?.views?.includes(v.id));

/** Draws a tab drawn when shown (a mode's own tab too), if the answer shown is not drawn in it yet. */
function draw(o, id) {
  if (!o.shown || !o.undrawn.has(id)) return;
  o.undrawn.delete(id);
  const own = o.modeViews.find((v) => v.id === id);
  if (own) own.view.update(o.shown.response, { mode: o.mode });
  else o.drawnWhenShown.get(id).update(o.shown.response);
}

/** The tabs: the four of every mode and the answered mode's own; built again when those change. */
function buildTabs(o) {
  const own = activeViews(o).filter((v) => v.kind.place === "tab");
  const ids = own.map((v) => v.id).join(" ");
  if (o.tabs && ids === o.tabIds) return;
  const selected = o.tabs?.selected() ?? "result";
  o.tabIds = ids;
  o.tabs = createTabs([...o.baseTabs, ...own.map((v) => ({ id: v.id, label: v.kind.label, panel: v.view.dom }))], { label: "Result views", onSelect: (id) => draw(o, id) });
  for (const v of o.modeViews) if (v.kind.place === "tab" && !own.includes(v)) v.view.dom.hidden = true;
  if (own.some((v) => v.id === selected) || o.baseTabs.some((t) => t.id === selected)) o.tabs.select(selected);
  replaceChildren(o.tabsSlot, o.tabs.dom);
}

/** The result's actions (Apply again, Copy, Download) and the prerendered badge (o.badge). */
function resultActions(o, onAgain) {
  const again = h("button", { type: "button", class: "mp-button mp-again", disabled: true, onclick: onAgain }, "↻ Apply again");
  const copy = h("button", { type: "button", class: "mp-button mp-small", disabled: true }, "Copy");
  copy.addEventListener("click", async () => {
    const ok = await copyText(o.shown?.response.result ?? "");
    copy.textContent = ok ? "Copied" : "Copy failed";
    setTimeout(() => { copy.textContent = "Copy"; }, 1500);
  });
  const save = h("button", { type: "button", class: "mp-button mp-small", disabled: true, onclick: () => download("result.yaml", o.shown?.response.result ?? "", "application/yaml") }, "Download");
  o.badge = h("span", { class: "mp-badge", hidden: true, title: "Computed when the page was built; the engine in your browser takes over as soon as it has loaded." }, "prerendered");
  return { again, copy, save };
}

/** The notes at the end of result lines: the active views', the annotations' size and the refused objects', by display line. */
function paneNotes(o) {
  const layout = o.shown?.layout;
  if (!layout || !o.shown.response) return [];
  const viewNotes = activeViews(o).flatMap((v) => v.view.notes?.(o.shown.response) ?? []);
  const notes = [];
  for (const note of [...viewNotes, ...annotationSizeNotes(o.shown.response), ...refusedNotes(o.shown.response)]) {
    const at = layout.hasResult ? displayIndexOf(layout, note.line) + 1 : 0;
    if (at) notes.push({ line: at, text: note.text, kind: note.kind });
  }
  return notes;
}

/** Focuses a display line of the result, opening the fold that hides it. */
function focusDisplay(o, index) {
  o.folds.reveal(index);
  o.result.focusIndex(index);
}

/** Shows the Result tab with the next line carrying a mark (after the cursor, wrapping) focused. */
function jumpToMark(o, mark) {
  if (!o.shown) return;
  o.tabs.select("result");
  const at = nextOfMark(o.shown.layout, o.result.cursorIndex(), mark);
  if (at >= 0) focusDisplay(o, at);
}

/** Shows the Result tab with a line of the result (1-based) focused. */
function showResultLine(o, line) {
  o.tabs.select("result");
  const at = o.shown?.layout.hasResult ? displayIndexOf(o.shown.layout, line) : -1;
  if (at >= 0) focusDisplay(o, at);
}

/** A successful answer shown, with the views of the mode that answered (see showAnswer below). */
function showAnswer(o, response, liveText, answeredMode, updatedText) {
  // The layout is kept from the last answer's where they agree (an edit of a long stream).
  o.kept = keepLayout(o.kept, response, liveText, updatedText);
  const { layout, change } = o.kept;
  if (answeredMode !== o.mode) o.folds.forget();
  o.mode = answeredMode ?? null;
  o.shown = { response, layout };
  o.result.show({ layout, fields: response.fields, emptyText: "The merge produced an empty result.", change });
  o.folds.set(response, layout, o.mode?.fold ?? []);
  o.legend.update(layout.counts);
  o.undrawn = new Set(o.drawnWhenShown.keys());
  o.conflicts.update(response);
  buildTabs(o);
  draw(o, o.tabs.selected());
  const active = activeViews(o);
  for (const v of o.modeViews) {
    const on = active.includes(v);
    // A mode's own tab, like Patch, Diff and Explain, is drawn when it is shown.
    if (on && v.kind.place === "tab" && o.tabs.selected() !== v.id) o.undrawn.add(v.id);
    else if (on || !v.blank) v.view.update(on ? response : null, { mode: o.mode });
    // blank: drawn empty (another mode answered), which the next answer of such a mode keeps.
    v.blank = !on;
    if (v.kind.place === "panel" && !on && !v.view.dom.hidden) v.view.dom.hidden = true;
  }
  o.folds.apply();
  return layout;
}

function outputAPI(o, dom, { again, copy, save }) {
  return {
    /** The column's children, in order. */
    dom,
    status: o.status,
    /**
     * Shows a successful answer (no errors) for the live text the request carried, with the
     * views of the mode that answered; returns its layout.
     * @param {object} response
     * @param {string} liveText
     * @param {import("./modes.js").Mode} [answeredMode] the descriptor of the request's mode
     * @param {string} [updatedText] the config the request carried (dropped items are drawn from it)
     * @returns {import("./marks.js").Layout}
     */
    showAnswer: (response, liveText, answeredMode, updatedText) => showAnswer(o, response, liveText, answeredMode, updatedText),
    /** The id of the tab shown ("result", "patch", "diff", "explain", a mode's own). */
    selectedTab: () => o.tabs.selected(),
    /** Builds the result's CodeMirror view (it starts as a preview: result.js). */
    buildResult: () => o.result.build(),
    /** Shows an empty result pane saying why (before any answer). */
    showNothing(text) {
      o.shown = null;
      o.kept = null;
      o.folds.set(null);
      o.result.show({ layout: layoutResult(null, ""), fields: [], emptyText: text });
      o.folds.apply();
    },
    /** Enables the actions on the result: Apply again only while the result is current. */
    setActions({ current }) {
      const text = o.shown?.response.result ?? "";
      again.disabled = !current || !text;
      copy.disabled = save.disabled = !text;
    },
    /** Says what Apply again does in this mode. */
    setAgainHelp(text) {
      again.title = text;
    },
    setPrerendered(on) {
      o.badge.hidden = !on;
    },
  };
}
