// The conflicts panel: what stops the merge (response.conflicts), each with its path, owner, both
// values (live's and the config's, when the message gives them) and message, and a link to its
// line in live.

import { conflictValues } from "./conflictvalues.js";
import { h, replaceChildren } from "./dom.js";
import { sentence } from "./marks.js";

/** The values of a conflict as a small definition list, or null when the message has none. */
function valuesList(c) {
  const v = conflictValues(c);
  if (!v) return null;
  const row = (term, value, missing) => h("div", { class: "mp-conflict-value" },
    h("dt", { text: `${term}:` }),
    h("dd", {}, missing ? h("span", { class: "mp-conflict-missing", text: "(not set)" }) : h("code", { text: value })),
  );
  return h("dl", { class: "mp-conflict-values" },
    row(v.owner === "live" ? "live (changed since last-applied)" : `live, owned by ${v.owner}`, v.live, v.liveMissing),
    row(v.applier ? `config, applied by ${v.applier}` : "config", v.config, false),
  );
}

/** The owner as the message names it ("x (update, scale)"), else the conflict's manager. */
function ownerName(c) {
  const v = conflictValues(c);
  return v && v.owner !== "live" && v.owner.startsWith(c.manager) ? v.owner : c.manager;
}

/**
 * Creates the conflicts panel (hidden while there are none).
 * @param {{onShow: (line: number) => void}} config called with a conflict's line in live
 * @returns {{dom: HTMLElement, update: (conflicts: object[]) => void, destroy: () => void}}
 */
export function createConflicts({ onShow }) {
  const title = h("h2", { class: "mp-conflicts-title" });
  const list = h("ul", { class: "mp-conflicts-list" });
  const dom = h("section", { class: "mp-conflicts", "aria-labelledby": "mp-conflicts-title", hidden: true }, title, list);
  title.id = "mp-conflicts-title";
  return {
    dom,
    update(conflicts) {
      const items = Array.isArray(conflicts) ? conflicts : [];
      dom.hidden = items.length === 0;
      title.textContent = items.length === 1 ? "1 conflict stops this merge" : `${items.length} conflicts stop this merge`;
      replaceChildren(list, ...items.map((c) => h("li", { class: "mp-conflict" },
        h("p", { class: "mp-conflict-head" },
          h("span", { class: "mp-chip mp-mark-conflict", "aria-hidden": "true", text: "!" }), " ",
          h("code", { text: c.path || "(the whole resource)" }),
          c.manager ? h("span", { class: "mp-conflict-owner", text: c.manager === "live" ? " · live drift" : ` · owned by ${ownerName(c)}` }) : null,
          c.line >= 1 ? h("button", { type: "button", class: "mp-link", onclick: () => onShow(c.line) }, `live line ${c.line}`) : null,
        ),
        valuesList(c),
        h("p", { class: "mp-conflict-message", text: sentence(c.message) }),
        c.resource ? h("p", { class: "mp-conflict-resource", text: c.resource }) : null,
      )));
    },
    destroy: () => dom.remove(),
  };
}
