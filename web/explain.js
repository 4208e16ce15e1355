// The Explain tab: every marked field as a list grouped by resource, each with its mark, path
// and reason, and a link to its line in the result.

import { h, hiddenText, replaceChildren } from "./dom.js";
import { appendLazily } from "./lazylist.js";
import { CHANGE_MARKS, MARK_INFO, sentence } from "./marks.js";

/**
 * Groups fields by resource, in the order resources first appear.
 * @param {{resource: string}[]} fields
 * @returns {{resource: string, items: {index: number, field: object}[]}[]}
 */
export function groupFields(fields) {
  const groups = new Map();
  (Array.isArray(fields) ? fields : []).forEach((field, index) => {
    const key = typeof field?.resource === "string" ? field.resource : "";
    if (!groups.has(key)) groups.set(key, { resource: key, items: [] });
    groups.get(key).items.push({ index, field });
  });
  return [...groups.values()];
}

/**
 * Creates the Explain tab's view.
 * @param {{onJump: (fieldIndex: number) => void}} config called when a field's line link is used
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, destroy: () => void}}
 */
export function createExplain({ onJump }) {
  let fields = [];
  let stopDrawing = () => {};
  const onlyChanges = h("input", { type: "checkbox", id: "mp-explain-changes" });
  const body = h("div", { class: "mp-explain" });
  const dom = h("div", { class: "mp-view mp-explain-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro", text: "Every field the merge marked, and the rule that decided it." }),
      h("label", { class: "mp-check" }, onlyChanges, " changes only"),
    ),
    body,
  );
  onlyChanges.addEventListener("change", render);

  function render() {
    stopDrawing();
    const groups = groupFields(fields)
      .map((g) => ({ ...g, items: onlyChanges.checked ? g.items.filter((i) => CHANGE_MARKS.has(i.field.mark)) : g.items }))
      .filter((g) => g.items.length);
    if (!groups.length) {
      replaceChildren(body, h("p", { class: "mp-empty", text: fields.length ? "No field changes." : "No marked fields." }));
      return;
    }
    // A long stream lists thousands of fields: they are drawn as they come into view.
    const rows = groups.flatMap((g) => g.items.map((i) => ({ ...i, resource: g.resource })));
    replaceChildren(body);
    stopDrawing = appendLazily(body, rows, ({ index, field }) => item(index, field), {
      group: (row) => row.resource,
      open: (row) => {
        const list = h("ol", { class: "mp-explain-list" });
        body.append(h("section", { class: "mp-explain-group" }, h("h3", {}, h("code", { text: row.resource || "the resource" })), list));
        return list;
      },
    });
  }

  function item(index, field) {
    const info = MARK_INFO[field.mark] ?? { symbol: "?", label: String(field.mark) };
    const where = field.mark === "deleted" || field.mark === "conflict" ? `live line ${field.line}` : field.mark === "dropped" ? `config line ${field.line}` : `line ${field.line}`;
    const path = field.path || "(the whole resource)";
    return h("li", { class: `mp-explain-item mp-mark-${field.mark}` },
      h("div", { class: "mp-explain-row" },
        h("span", { class: `mp-chip mp-mark-${field.mark}`, "aria-hidden": "true", text: info.symbol }),
        h("span", { class: "mp-explain-mark", text: info.label }),
        h("code", { class: "mp-explain-path", text: path }),
        field.line >= 1 ? h("button", { type: "button", class: "mp-link mp-explain-jump", onclick: () => onJump(index) }, where, hiddenText(`: show ${path} in the result`)) : null,
      ),
      h("p", { class: "mp-explain-reason", text: sentence(field.reason) }),
    );
  }

  return {
    dom,
    update(response) {
      fields = Array.isArray(response?.fields) ? response.fields : [];
      render();
    },
    destroy: () => dom.remove(),
  };
}
