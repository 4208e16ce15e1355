// The "How live is managed" panel above the result: for each live object with recorded writers
// (management.js), a closed disclosure whose summary line names them, opening on each
// managedFields entry (with its line in live) and what it means, and the engine's notes for the
// next writer. Closed, it takes one line. An answer whose extra.management is the one drawn (the
// worker's deltas keep an unchanged value as it was: web/delta.js) leaves the panel as it is, its
// disclosures open or closed: a stream of 4,200 live objects drew 4,200 of them again at every key.
// A long list is drawn a chunk at a time as the panel is scrolled (lazylist.js): 4,200 disclosures
// drawn at once were 29,000 elements, built in the paste's longest task, and Chromium checked
// each one's visibility at every frame after it (they were `content-visibility: auto`).

import { h, replaceChildren } from "./dom.js";
import { appendLazily } from "./lazylist.js";
import { managedObjects } from "./management.js";

/**
 * Creates the panel (hidden while live records no writer).
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, destroy: () => void}}
 */
export function createManagementPanel() {
  const list = h("div", { class: "mp-managed-list" });
  const dom = h("section", { class: "mp-managed", "aria-label": "How live is managed", hidden: true }, list);
  // shown: the extra.management drawn, as JSON: an answer holding the same changes nothing;
  // shownValue: the value itself, which a delta leaves as it was (no JSON written for it then).
  let shown;
  let shownValue = null;
  let stopDrawing = () => {};
  return {
    dom,
    update(response) {
      const value = response ? response.extra?.management ?? "" : null;
      if (value === shownValue && shown !== undefined) return;
      shownValue = value;
      const management = JSON.stringify(value);
      if (management === shown) return;
      shown = management;
      const objects = response ? managedObjects(response) : [];
      if (dom.hidden !== (objects.length === 0)) dom.hidden = objects.length === 0;
      stopDrawing();
      replaceChildren(list);
      stopDrawing = appendLazily(list, objects, objectDisclosure, { root: dom });
    },
    destroy: () => {
      stopDrawing();
      dom.remove();
    },
  };
}

/** One object's disclosure. */
function objectDisclosure(o) {
  return h("details", { class: "mp-managed-object" },
    h("summary", { class: "mp-managed-summary" },
      h("span", { class: "mp-managed-label", text: "How live is managed: " }),
      h("code", { class: "mp-managed-resource", text: o.resource }),
      h("span", { class: "mp-managed-headline", text: ` — ${o.headline}` }),
    ),
    o.writers.length ? h("ul", { class: "mp-managed-writers", "aria-label": "managedFields entries" },
      ...o.writers.map((w) => h("li", {},
        h("code", { class: "mp-managed-name", text: w.name }),
        h("span", { class: "mp-managed-detail", text: ` (${w.detail}${w.line ? `, live line ${w.line}` : ""}): ` }),
        h("span", { text: w.says }),
      ))) : null,
    o.notes.length ? h("ul", { class: "mp-managed-notes", "aria-label": "What it means for the next writer" },
      ...o.notes.map((n) => h("li", { text: n }))) : null,
  );
}
