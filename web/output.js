// The output column: the tabs (Result, Patch, Diff, Explain), the actions on the result (Apply
// again, Copy, Download), the status line, the conflicts panel and the legend. It shows an answer
// as a whole; what to do with it is main.js's business.

import { createConflicts } from "./conflicts.js";
import { createDiffView } from "./diffview.js";
import { copyText, download, h } from "./dom.js";
import { createExplain } from "./explain.js";
import { createLegend } from "./legend.js";
import { layoutResult, lineOfField } from "./marks.js";
import { createPatchView } from "./patchview.js";
import { createResult } from "./result.js";
import { createStatus } from "./status.js";
import { createTabs } from "./tabs.js";

/**
 * Creates the output column.
 * @param {{nonce: string, onRun: () => void, onAgain: () => void, onShowConflict: (line: number) => void}} config
 */
export function createOutput({ nonce, onRun, onAgain, onShowConflict }) {
  let shown = null; // {response, layout}
  const status = createStatus();
  const result = createResult({ nonce, onRun });
  const legend = createLegend();
  const conflicts = createConflicts({ onShow: onShowConflict });
  const patchView = createPatchView();
  const diffView = createDiffView();
  const explain = createExplain({ onJump: (index) => {
    tabs.select("result");
    const at = shown ? lineOfField(shown.layout, index) : -1;
    if (at >= 0) result.focusIndex(at);
  } });
  const resultPanel = h("div", {}, result.dom);
  const tabs = createTabs([
    { id: "result", label: "Result", panel: resultPanel },
    { id: "patch", label: "Patch", panel: patchView.dom },
    { id: "diff", label: "Diff", panel: diffView.dom },
    { id: "explain", label: "Explain", panel: explain.dom },
  ], { label: "Result views" });

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
    h("div", { class: "mp-output-head" }, tabs.dom, h("div", { class: "mp-output-actions" }, badge, again, copy, save)),
    status.dom,
    conflicts.dom,
    legend.dom,
    resultPanel, patchView.dom, diffView.dom, explain.dom,
  ];
  legend.update(null);

  return {
    /** The column's children, in order. */
    dom,
    status,
    /**
     * Shows a successful answer (no errors) for the live text the request carried; returns its
     * layout.
     * @param {object} response
     * @param {string} liveText
     * @returns {import("./marks.js").Layout}
     */
    showAnswer(response, liveText) {
      const layout = layoutResult(response, liveText);
      shown = { response, layout };
      result.show({ layout, fields: response.fields, emptyText: "The merge produced an empty result." });
      legend.update(layout.counts);
      patchView.update(response);
      diffView.update(response);
      explain.update(response);
      conflicts.update(response.conflicts);
      return layout;
    },
    /** Shows an empty result pane saying why (before any answer). */
    showNothing(text) {
      shown = null;
      result.show({ layout: layoutResult(null, ""), fields: [], emptyText: text });
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
