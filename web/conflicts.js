// The conflicts panel: what stops the merge (response.conflicts), each with its path, owner, both
// values (live's and the config's: conflicts[].live and .config) and message, and a link to its
// line in live.

import { h, replaceChildren } from "./dom.js";
import { sentence } from "./marks.js";
import { managerName } from "./ownership.js";

const text = (v) => (typeof v === "string" ? v : "");

/**
 * Who applied the config of a resource, as server-side apply's extra.operations names it; ""
 * when the answer does not say (client-side apply).
 */
export function applierOf(response, resource) {
  const ops = Array.isArray(response?.extra?.operations) ? response.extra.operations : [];
  const op = ops.find((o) => o && typeof o === "object" && o.resource === resource);
  return op ? text(op.manager) : "";
}

/**
 * The values of a conflict as a small definition list; null when it has no config value, or
 * when both values read the same once cut short (a long annotation, say).
 */
function valuesList(c, applier) {
  const live = text(c.live), config = text(c.config);
  if (!config || live === config) return null;
  const row = (term, value) => h("div", { class: "mp-conflict-value" },
    h("dt", { text: `${term}:` }),
    h("dd", {}, value ? h("code", { text: value }) : h("span", { class: "mp-conflict-missing", text: "(not set)" })),
  );
  return h("dl", { class: "mp-conflict-values" },
    row(c.manager === "live" ? "live (changed since last-applied)" : `live, owned by ${managerName(c)}`, live),
    row(applier ? `config, applied by ${applier}` : "config", config),
  );
}

/**
 * Creates the conflicts panel (hidden while there are none).
 * @param {{onShow: (line: number) => void}} config called with a conflict's line in live
 * @returns {{dom: HTMLElement, update: (response: object) => void, destroy: () => void}}
 */
export function createConflicts({ onShow }) {
  const title = h("h2", { class: "mp-conflicts-title" });
  const list = h("ul", { class: "mp-conflicts-list" });
  const dom = h("section", { class: "mp-conflicts", "aria-labelledby": "mp-conflicts-title", hidden: true }, title, list);
  title.id = "mp-conflicts-title";
  let shown = null; // the conflicts drawn, as JSON ("" for none)
  return {
    dom,
    /** Shows the conflicts of a response (none: the panel hides). */
    update(response) {
      const items = (Array.isArray(response?.conflicts) ? response.conflicts : []).filter((c) => c && typeof c === "object");
      // An answer with the conflicts shown (none, mostly) leaves the panel as it is.
      const key = items.length ? JSON.stringify(items.map((c) => [c, applierOf(response, c.resource)])) : "";
      if (key === shown) return;
      shown = key;
      dom.hidden = items.length === 0;
      title.textContent = items.length === 1 ? "1 conflict stops this merge" : `${items.length} conflicts stop this merge`;
      replaceChildren(list, ...items.map((c) => h("li", { class: "mp-conflict" },
        h("p", { class: "mp-conflict-head" },
          h("span", { class: "mp-chip mp-mark-conflict", "aria-hidden": "true", text: "!" }), " ",
          h("code", { text: c.path || "(the whole resource)" }),
          c.manager ? h("span", { class: "mp-conflict-owner", text: c.manager === "live" ? " · live drift" : ` · owned by ${managerName(c)}` }) : null,
          c.line >= 1 ? h("button", { type: "button", class: "mp-link", onclick: () => onShow(c.line) }, `live line ${c.line}`) : null,
        ),
        valuesList(c, applierOf(response, c.resource)),
        h("p", { class: "mp-conflict-message", text: sentence(c.message) }),
        c.resource ? h("p", { class: "mp-conflict-resource", text: c.resource }) : null,
      )));
    },
    destroy: () => dom.remove(),
  };
}
