// The output column: the tabs (Result, Patch, Diff, Explain, and the answered mode's own views),
// the actions on the result (Apply again, Copy, Download), the status line, the conflicts panel,
// the mode's panels and the legend. It shows an answer as a whole; what to do with it is main.js's
// business. A mode's own views (its descriptor's `views`, built from modeviews.js) and the blocks
// it folds in the result pane (`fold`) follow the mode of the answer shown: the column never
// branches on a mode's name.

import { annotationSizeNotes } from "./annotationsize.js";
import { createConflicts } from "./conflicts.js";
import { createDiffView } from "./diffview.js";
import { copyText, download, h, replaceChildren } from "./dom.js";
import { createExplain } from "./explain.js";
import { foldName, foldRanges, foldSummary } from "./fold.js";
import { createLegend } from "./legend.js";
import { layoutResult, lineOfField, nextOfMark } from "./marks.js";
import { MODE_VIEWS } from "./modeviews.js";
import { createPatchView } from "./patchview.js";
import { createResult } from "./result.js";
import { createStatus } from "./status.js";
import { createTabs } from "./tabs.js";

/**
 * Creates the output column.
 * @param {{nonce: string, onRun: () => void, onAgain: () => void, onShowConflict: (line: number) => void, actions?: HTMLElement[], complete?: (response: object, part: string) => Promise<object|null>}} config
 *   actions: more buttons among the result's actions (the exercise's entry); complete: gets a
 *   part an answer left out, for the Diff and Patch tabs (engine.js's complete)
 */
export function createOutput({ nonce, onRun, onAgain, onShowConflict, actions = [], complete }) {
  let shown = null; // {response, layout}
  const status = createStatus();
  const result = createResult({ nonce, onRun, onToggleFold: (start) => toggleFold(start) });
  const legend = createLegend({ onJump: (mark) => jumpToMark(mark) });
  const conflicts = createConflicts({ onShow: onShowConflict });
  const patchView = createPatchView({ complete });
  const diffView = createDiffView({ complete });
  const explain = createExplain({ onJump: (index) => {
    tabs.select("result");
    const at = shown ? lineOfField(shown.layout, index) : -1;
    if (at >= 0) focusDisplay(at);
  } });

  // ---- folds of the result pane ---------------------------------------------------------------
  let folds = []; // foldRanges of the text shown, each with its key
  let openFolds = new Set(); // keys of the folds the reader opened; kept across answers of a mode
  const foldText = h("span", { class: "mp-fold-text" });
  const foldButton = h("button", { type: "button", class: "mp-button mp-small mp-fold-toggle", "aria-controls": "result", title: "Enter on a folded line of the result opens or closes it too" });
  const foldBar = h("div", { class: "mp-fold-bar", hidden: true }, foldText, foldButton);
  foldButton.addEventListener("click", () => {
    const anyClosed = folds.some((f) => !openFolds.has(f.key));
    for (const f of folds) (anyClosed ? openFolds.add(f.key) : openFolds.delete(f.key));
    applyExtras();
  });
  /** Opens or closes the fold whose key is on display line `start` (the reader did, in the pane). */
  function toggleFold(start) {
    const f = folds.find((x) => x.start === start);
    if (!f) return;
    if (openFolds.has(f.key)) openFolds.delete(f.key);
    else openFolds.add(f.key);
    applyExtras();
  }

  const resultPanel = h("div", {}, foldBar, result.dom);
  // The Patch, Diff and Explain tabs are drawn when they are shown: on a long stream each holds
  // thousands of elements, and an edit should pay only for the tab in view.
  const drawnWhenShown = new Map([["patch", patchView], ["diff", diffView], ["explain", explain]]);
  let undrawn = new Set();
  function draw(id) {
    if (!shown || !undrawn.has(id)) return;
    undrawn.delete(id);
    drawnWhenShown.get(id).update(shown.response);
  }

  const baseTabs = [
    { id: "result", label: "Result", panel: resultPanel },
    { id: "patch", label: "Patch", panel: patchView.dom },
    { id: "diff", label: "Diff", panel: diffView.dom },
    { id: "explain", label: "Explain", panel: explain.dom },
  ];

  // ---- the modes' own views -------------------------------------------------------------------
  let mode = null; // the descriptor of the answer shown
  const context = {
    showResultLine: (line) => showResultLine(line),
    selectTab: (id) => {
      tabs.select(id);
      draw(id);
      document.getElementById(`mp-tab-${id}`)?.focus();
    },
  };
  const modeViews = Object.entries(MODE_VIEWS).map(([id, kind]) => ({ id, kind, view: kind.create(context) }));
  for (const v of modeViews) v.view.dom.hidden = true;
  const activeViews = () => modeViews.filter((v) => mode?.views?.includes(v.id));
  const tabsSlot = h("div", { class: "mp-tabs-slot" });
  let tabs = null;
  let tabIds = "";
  function buildTabs() {
    const own = activeViews().filter((v) => v.kind.place === "tab");
    const ids = own.map((v) => v.id).join(" ");
    if (tabs && ids === tabIds) return;
    const selected = tabs?.selected() ?? "result";
    tabIds = ids;
    tabs = createTabs([...baseTabs, ...own.map((v) => ({ id: v.id, label: v.kind.label, panel: v.view.dom }))], { label: "Result views", onSelect: draw });
    for (const v of modeViews) if (v.kind.place === "tab" && !own.includes(v)) v.view.dom.hidden = true;
    if (own.some((v) => v.id === selected) || baseTabs.some((t) => t.id === selected)) tabs.select(selected);
    replaceChildren(tabsSlot, tabs.dom);
  }
  buildTabs();

  const again = h("button", { type: "button", class: "mp-button mp-again", disabled: true, onclick: onAgain }, "↻ Apply again");
  const copy = h("button", { type: "button", class: "mp-button mp-small", disabled: true }, "Copy");
  copy.addEventListener("click", async () => {
    const ok = await copyText(shown?.response.result ?? "");
    copy.textContent = ok ? "Copied" : "Copy failed";
    setTimeout(() => { copy.textContent = "Copy"; }, 1500);
  });
  const save = h("button", { type: "button", class: "mp-button mp-small", disabled: true, onclick: () => download("result.yaml", shown?.response.result ?? "", "application/yaml") }, "Download");
  const badge = h("span", { class: "mp-badge", hidden: true, title: "Computed when the page was built; the engine in your browser takes over as soon as it has loaded." }, "prerendered");

  const dom = [
    h("div", { class: "mp-output-head" }, tabsSlot, h("div", { class: "mp-output-actions" }, badge, ...actions, again, copy, save)),
    status.dom,
    conflicts.dom,
    ...modeViews.filter((v) => v.kind.place === "panel").map((v) => v.view.dom),
    legend.dom,
    resultPanel, patchView.dom, diffView.dom, explain.dom,
    ...modeViews.filter((v) => v.kind.place === "tab").map((v) => v.view.dom),
  ];
  legend.update(null);

  /** Sets the folds (as the reader left them) and the views' notes on the result pane. */
  function applyExtras() {
    const layout = shown?.layout;
    const notes = [];
    if (layout && shown.response) {
      const displayLine = new Map();
      layout.lines.forEach((l, i) => { if (l.kind === "result") displayLine.set(l.resultLine, i + 1); });
      const viewNotes = activeViews().flatMap((v) => v.view.notes?.(shown.response) ?? []);
      for (const note of [...viewNotes, ...annotationSizeNotes(shown.response)]) {
        const at = displayLine.get(note.line);
        if (at) notes.push({ line: at, text: note.text, kind: note.kind });
      }
    }
    const paneFolds = folds.map((f) => ({ ...f, folded: !openFolds.has(f.key), label: openFolds.has(f.key) ? "▾ fold" : `⋯ ${f.hidden} ${f.hidden === 1 ? "line" : "lines"} folded` }));
    result.setExtras({ folds: paneFolds, notes });
    const anyClosed = paneFolds.some((f) => f.folded);
    foldBar.hidden = folds.length === 0;
    foldText.textContent = foldSummary(folds, anyClosed);
    foldButton.textContent = anyClosed ? `Show ${foldNames()}` : `Fold ${foldNames()}`;
  }

  function foldNames() {
    return [...new Set(folds.map((f) => foldName(f.path)))].join(", ");
  }

  /** Focuses a display line of the result, opening the fold that hides it. */
  function focusDisplay(index) {
    const hiding = folds.find((f) => index + 1 > f.start && index + 1 <= f.end && !openFolds.has(f.key));
    if (hiding) {
      openFolds.add(hiding.key);
      applyExtras();
    }
    result.focusIndex(index);
  }

  /** Shows the Result tab with the next line carrying a mark (after the cursor, wrapping) focused. */
  function jumpToMark(mark) {
    if (!shown) return;
    tabs.select("result");
    const at = nextOfMark(shown.layout, result.cursorIndex(), mark);
    if (at >= 0) focusDisplay(at);
  }

  /** Shows the Result tab with a line of the result (1-based) focused. */
  function showResultLine(line) {
    tabs.select("result");
    const at = shown ? shown.layout.lines.findIndex((l) => l.kind === "result" && l.resultLine === line) : -1;
    if (at >= 0) focusDisplay(at);
  }

  /**
   * The folds of the pane: the response's foldable blocks the mode folds, from lines of the text
   * shown to display lines (struck deleted lines come in between), each with a key that stays
   * the same across answers while the text keeps its blocks.
   */
  function paneFolds(response, layout, paths) {
    const display = new Map();
    layout.lines.forEach((l, i) => {
      const n = l.kind === "result" ? l.resultLine : l.kind === "live" ? l.liveLine : 0;
      if (n) display.set(n, i + 1);
    });
    const seen = new Map();
    return foldRanges(response, paths).flatMap((f) => {
      const start = display.get(f.start);
      const end = display.get(f.end);
      if (!start || !end) return [];
      const n = seen.get(f.path) ?? 0;
      seen.set(f.path, n + 1);
      return [{ ...f, start, end, hidden: end - start, key: `${f.path}#${n}` }];
    });
  }

  return {
    /** The column's children, in order. */
    dom,
    status,
    /**
     * Shows a successful answer (no errors) for the live text the request carried, with the
     * views of the mode that answered; returns its layout.
     * @param {object} response
     * @param {string} liveText
     * @param {import("./modes.js").Mode} [answeredMode] the descriptor of the request's mode
     * @param {string} [updatedText] the config the request carried (dropped items are drawn from it)
     * @returns {import("./marks.js").Layout}
     */
    showAnswer(response, liveText, answeredMode, updatedText) {
      const layout = layoutResult(response, liveText, updatedText);
      if (answeredMode !== mode) openFolds = new Set();
      mode = answeredMode ?? null;
      shown = { response, layout };
      result.show({ layout, fields: response.fields, emptyText: "The merge produced an empty result." });
      folds = paneFolds(response, layout, mode?.fold ?? []);
      legend.update(layout.counts);
      undrawn = new Set(drawnWhenShown.keys());
      conflicts.update(response);
      buildTabs();
      draw(tabs.selected());
      for (const v of modeViews) {
        const on = activeViews().includes(v);
        v.view.update(on ? response : null, { mode });
        if (v.kind.place === "panel" && !on) v.view.dom.hidden = true;
      }
      applyExtras();
      return layout;
    },
    /** The id of the tab shown ("result", "patch", "diff", "explain", a mode's own). */
    selectedTab: () => tabs.selected(),
    /** Builds the result's CodeMirror view (it starts as a preview: result.js). */
    buildResult: () => { result.build(); },
    /** Shows an empty result pane saying why (before any answer). */
    showNothing(text) {
      shown = null;
      folds = [];
      result.show({ layout: layoutResult(null, ""), fields: [], emptyText: text });
      applyExtras();
    },
    /** Enables the actions on the result: Apply again only while the result is current. */
    setActions({ current }) {
      const text = shown?.response.result ?? "";
      again.disabled = !current || !text;
      copy.disabled = save.disabled = !text;
    },
    /** Says what Apply again does in this mode. */
    setAgainHelp(text) {
      again.title = text;
    },
    setPrerendered(on) {
      badge.hidden = !on;
    },
  };
}
