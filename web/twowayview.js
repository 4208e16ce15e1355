// Helm 2's "Helm 2 | Helm 3" tab (the twoway mode): the two results side by side
// (response.result | extra.threeWay.result), differing rows marked, and the repair patches
// (extra.repairPatches) with the kubectl command that sends each. The out-of-sync panel is
// outofsyncview.js.

import { copyButton, h, replaceChildren } from "./dom.js";
import { prettyJSON } from "./patchview.js";
import { repairItems, sideBySide, warningItems } from "./twoway.js";

const ROW_MARKS = {
  same: { symbol: "", text: "" },
  changed: { symbol: "≠", text: "differs" },
  left: { symbol: "‹", text: "only in the two-way result" },
  right: { symbol: "›", text: "only in the three-way result" },
};

/**
 * Creates the "Helm 2 | Helm 3" tab's view.
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, focusRepairs: () => void, destroy: () => void}}
 */
export function createSideBySideView() {
  let threeText = "";
  const summary = h("p", { class: "mp-sbs-summary", role: "status", "aria-live": "polite" });
  const body = h("tbody");
  const repairs = h("div", { class: "mp-repairs" });
  const repairTitle = h("h3", { class: "mp-repairs-title", id: "mp-repairs-title", tabindex: "-1", text: "Repair patch" });
  const dom = h("div", { class: "mp-view mp-helm-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro" }, "Left: what Helm 2's two-way upgrade leaves. Right: what Helm 3's three-way merge (and kubectl apply) leaves. Rows that differ are marked ",
        h("span", { class: "mp-sbs-key mp-sbs-changed", text: "≠" }), "; ", h("span", { class: "mp-sbs-key", text: "⚠" }), " marks a field out of sync."),
      copyButton("Copy Helm 3 result", () => threeText, "the three-way result as YAML"),
    ),
    summary,
    sideBySideTable(body),
    h("section", { class: "mp-repairs-section", "aria-labelledby": "mp-repairs-title" }, repairTitle,
      h("p", { class: "mp-view-intro", text: "What brings live in line with the new render after a Helm 2 upgrade (werf's repair patch): the new render's values of the out-of-sync fields, sent with kubectl patch." }),
      repairs),
  );

  return {
    dom,
    update(response) {
      const two = response?.result ?? "";
      threeText = typeof response?.extra?.threeWay?.result === "string" ? response.extra.threeWay.result : "";
      const warned = new Set((response ? warningItems(response) : []).filter((w) => !w.missing).map((w) => w.line));
      const rows = response ? sideBySide(two, threeText) : [];
      summary.textContent = response ? rowsSummary(rows) : "";
      replaceChildren(body, ...rows.map((r) => sideBySideRow(r, warned)));
      drawRepairs(repairs, response);
    },
    /** Moves focus to the repair patches. */
    focusRepairs() {
      repairTitle.focus();
    },
    destroy: () => dom.remove(),
  };
}

/** The side-by-side table around its body, in a region that scrolls. */
function sideBySideTable(body) {
  const table = h("table", { class: "mp-sbs mp-code" },
    h("caption", { class: "mp-visually-hidden", text: "The two-way result (Helm 2) and the three-way result (Helm 3, kubectl apply), line by line" }),
    h("colgroup", {}, h("col", { class: "mp-sbs-col-mark" }), h("col", { class: "mp-sbs-col-num" }), h("col", { class: "mp-sbs-col-text" }), h("col", { class: "mp-sbs-col-num" }), h("col", { class: "mp-sbs-col-text" })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "mp-sbs-mark" }, h("span", { class: "mp-visually-hidden", text: "Difference" })),
      h("th", { scope: "col", colspan: "2", text: "Helm 2: two-way (the Result tab)" }),
      h("th", { scope: "col", colspan: "2", text: "Helm 3: three-way (and kubectl apply)" }),
    )),
    body,
  );
  return h("div", { class: "mp-sbs-wrap", tabindex: "0", role: "region", "aria-label": "Two-way and three-way results side by side" }, table);
}

/** The sentence over the table: how many lines differ. */
function rowsSummary(rows) {
  const differing = rows.filter((r) => r.kind !== "same").length;
  if (!rows.length) return "No result to compare.";
  return differing
    ? `${differing} ${differing === 1 ? "line differs" : "lines differ"} between the two upgrades.`
    : "Both upgrades leave the same object.";
}

/** One row of the table: its mark, then each side's line number and text. */
function sideBySideRow(r, warned) {
  const mark = ROW_MARKS[r.kind];
  const row = h("tr", { class: `mp-sbs-row mp-sbs-${r.kind}` },
    h("td", { class: "mp-sbs-mark" }, mark.symbol ? h("span", { "aria-hidden": "true", text: mark.symbol }) : null, mark.text ? h("span", { class: "mp-visually-hidden", text: mark.text }) : null),
    ...sideCells(r.left, r.left && warned.has(r.left.line)),
    ...sideCells(r.right, false),
  );
  if (r.left) row.dataset.twoWayLine = String(r.left.line);
  return row;
}

function sideCells(side, warned) {
  if (!side) return [h("td", { class: "mp-sbs-num" }), h("td", { class: "mp-sbs-text mp-sbs-gap" })];
  return [
    h("td", { class: "mp-sbs-num", text: String(side.line) }),
    h("td", { class: "mp-sbs-text" }, side.text, warned ? h("span", { class: "mp-sbs-warn" }, h("span", { "aria-hidden": "true", text: " ⚠" }), h("span", { class: "mp-visually-hidden", text: " (out of sync)" })) : null),
  ];
}

/** The repair patches, each with the kubectl command that sends it. */
function drawRepairs(repairs, response) {
  const items = response ? repairItems(response) : [];
  if (!items.length) {
    replaceChildren(repairs, h("p", { class: "mp-empty", text: response ? "No repair needed: nothing is left out of sync." : "" }));
    return;
  }
  replaceChildren(repairs, ...items.map((r) => h("section", { class: "mp-repair" },
    h("h4", { class: "mp-patch-head" }, h("code", { text: r.resource || "(resource)" }), " ", h("span", { class: "mp-patch-summary", text: r.type === "merge" ? "JSON merge patch" : "strategic merge patch" })),
    h("pre", { class: "mp-code", tabindex: "0", "aria-label": `Repair patch of ${r.resource || "the resource"}` }, h("code", { text: prettyJSON(r.patch) })),
    h("div", { class: "mp-repair-command" },
      h("pre", { class: "mp-code", tabindex: "0", "aria-label": "The kubectl command that sends it" }, h("code", { text: r.command })),
      h("div", { class: "mp-button-row" },
        copyButton("Copy command", () => r.command, `the kubectl patch command for ${r.resource}`),
        copyButton("Copy patch", () => r.patch, `the repair patch of ${r.resource} as JSON`),
      ),
    ),
  )));
}
