// Helm 2's out-of-sync panel (the twoway mode), above the result: extra.warnings, each linking to
// its line of the two-way result.

import { h, hiddenText, replaceChildren } from "./dom.js";
import { sentence } from "./marks.js";
import { warningItems } from "./twoway.js";

/**
 * Creates the out-of-sync panel (hidden while there is nothing out of sync).
 * @param {{showResultLine: (line: number) => void, selectTab: (id: string) => void}} config
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, destroy: () => void}}
 */
export function createOutOfSyncPanel({ showResultLine, selectTab }) {
  const title = h("h2", { class: "mp-outofsync-title", id: "mp-outofsync-title" });
  const list = h("ul", { class: "mp-outofsync-list" });
  const repair = h("button", { type: "button", class: "mp-link mp-outofsync-repair", onclick: () => selectTab("helm") }, "See both results side by side, and the repair patch");
  const dom = h("section", { class: "mp-outofsync", "aria-labelledby": "mp-outofsync-title", hidden: true }, title, list, repair);
  let shown = null; // the warnings drawn, as JSON ("" for none)
  return {
    dom,
    update(response) {
      const items = response ? warningItems(response) : [];
      // An answer with the warnings shown (none, mostly) leaves the panel as it is.
      const key = items.length ? JSON.stringify(items) : "";
      if (key === shown) return;
      shown = key;
      dom.hidden = items.length === 0;
      title.textContent = items.length === 1
        ? "1 field left out of sync by the Helm 2 upgrade"
        : `${items.length} fields left out of sync by the Helm 2 upgrade`;
      replaceChildren(list, ...items.map((w) => h("li", { class: "mp-outofsync-item" },
        h("p", { class: "mp-outofsync-head" },
          h("span", { class: "mp-chip mp-warning-chip", "aria-hidden": "true", text: "⚠" }), " ",
          h("code", { text: w.path || "(the whole resource)" }),
          w.resource ? h("span", { class: "mp-outofsync-resource", text: ` in ${w.resource}` }) : null,
          w.line ? h("button", {
            type: "button", class: "mp-link mp-outofsync-line",
            onclick: () => showResultLine(w.line),
          }, w.missing ? `line ${w.line}, the resource` : `line ${w.line}`,
          hiddenText(`: show ${w.path || "the resource"} in the two-way result${w.missing ? "; the field is missing, so the line is the resource's" : ""}`)) : null,
        ),
        h("dl", { class: "mp-outofsync-values" },
          h("div", {}, h("dt", { text: "Helm 2 leaves:" }), h("dd", {}, w.twoWay ? h("code", { text: w.twoWay }) : h("span", { class: "mp-conflict-missing", text: "(missing)" }))),
          h("div", {}, h("dt", { text: "Helm 3 sets:" }), h("dd", {}, w.threeWay ? h("code", { text: w.threeWay }) : h("span", { class: "mp-conflict-missing", text: "(removed)" }))),
        ),
        h("p", { class: "mp-outofsync-message", text: sentence(w.message) }),
      )));
    },
    destroy: () => dom.remove(),
  };
}

