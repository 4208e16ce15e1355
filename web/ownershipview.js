// The Ownership tab (server-side apply): every line of the result with the managers that own
// what it holds (extra.owners), the managers with their managedFields entries, and what the
// operation did (extra.operations). The managedFields lines themselves are folded, as in the
// result pane. Every owner is written as text; colours only repeat it.

import { h, replaceChildren } from "./dom.js";
import { foldName, foldRanges } from "./fold.js";
import { managers, operationNotes, ownerRows, rowsOwnedBy } from "./ownership.js";

/** How many owner colours style.css defines (mp-owner-c0 …). */
const COLOURS = 6;

/**
 * Creates the Ownership view.
 * @returns {{dom: HTMLElement, update: (response: object|null, context: {mode?: import("./modes.js").Mode}) => void, destroy: () => void}}
 */
export function createOwnershipView() {
  const v = ownershipParts();
  v.filter.addEventListener("change", () => render(v));
  return {
    dom: v.dom,
    update(response, { mode } = {}) {
      const rows = response ? ownerRows(response) : [];
      const infos = response ? managers(response, rows) : [];
      v.shown = { rows, infos, folds: response?.result ? foldRanges(response, mode?.fold ?? []) : [] };
      const before = v.filter.value;
      replaceChildren(v.filter, h("option", { value: "", text: "everyone" }), ...infos.map((m) => h("option", { value: m.name, text: m.name })));
      v.filter.value = infos.some((m) => m.name === before) ? before : "";
      replaceChildren(v.legend, ...infos.map((m) => managerItem(m, infos)));
      const notes = response ? operationNotes(response) : [];
      replaceChildren(v.operations, ...notes.map((n) => h("p", { class: `mp-owner-operation mp-action-${n.action}` },
        notes.length > 1 ? h("code", { text: n.resource }) : null, notes.length > 1 ? " " : null,
        n.sentences.join(" "),
      )));
      v.empty.textContent = !response
        ? ""
        : response.result
          ? "The engine gave no owners for this result."
          : "No result: the operation stopped, so nothing changed hands. The managers above own live as it is.";
      render(v);
    },
    destroy: () => v.dom.remove(),
  };
}

/** The view's elements, and what it shows (shown: rows, managers, folds; unfolded: the fold open). */
function ownershipParts() {
  const v = { shown: { rows: [], infos: [], folds: [] }, unfolded: false };
  v.filter = h("select", { id: "mp-owner-filter", "aria-describedby": "mp-owner-filter-help" });
  v.legend = h("ul", { class: "mp-owner-legend", "aria-label": "Managers" });
  v.operations = h("div", { class: "mp-owner-operations" });
  v.count = h("p", { class: "mp-owner-count", role: "status", "aria-live": "polite" });
  v.body = h("tbody");
  const table = h("table", { class: "mp-owner-table mp-code" },
    h("caption", { class: "mp-visually-hidden", text: "Each line of the result and the managers that own it" }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "mp-owner-num", text: "Line" }),
      h("th", { scope: "col", class: "mp-owner-who", text: "Owned by" }),
      h("th", { scope: "col", text: "Result" }),
    )),
    v.body,
  );
  v.wrap = h("div", { class: "mp-owner-wrap", tabindex: "0", role: "region", "aria-label": "Ownership of each line of the result" }, table);
  v.empty = h("p", { class: "mp-empty", hidden: true });
  v.dom = h("div", { class: "mp-view mp-ownership-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro", text: "Who owns each line of the result after the operation, as metadata.managedFields records it." }),
      h("label", { class: "mp-field", for: "mp-owner-filter" }, "Show lines owned by ", v.filter,
        h("span", { class: "mp-visually-hidden", id: "mp-owner-filter-help", text: "Keeps only the lines the chosen manager owns." })),
    ),
    v.legend, v.operations, v.count, v.empty, v.wrap,
  );
  return v;
}

function colourOf(infos, name) {
  const info = infos.find((m) => m.name === name);
  return `mp-owner-c${(info ? info.index : 0) % COLOURS}`;
}

/** A manager in the legend: its name in its colour, its operation, API version, time and fields. */
function managerItem(m, infos) {
  return h("li", { class: "mp-owner-manager" },
    h("span", { class: `mp-owner ${colourOf(infos, m.name)}`, text: m.name }),
    h("span", { class: "mp-owner-meta", text: [
      m.operation && `${m.operation}${m.apiVersion ? ` ${m.apiVersion}` : ""}`,
      m.time,
      `${m.fields} ${m.fields === 1 ? "field" : "fields"}`,
    ].filter(Boolean).join(" · ") }),
  );
}

function ownerCell(row, infos) {
  if (row.kind === "owned") {
    return h("td", { class: "mp-owner-who" }, ...row.managers.map((name, i) => [
      i ? h("span", { class: "mp-visually-hidden", text: ", " }) : null,
      h("span", { class: `mp-owner ${colourOf(infos, name)}`, text: name }),
    ]));
  }
  if (row.kind === "unowned") return h("td", { class: "mp-owner-who" }, h("span", { class: "mp-owner-none", text: "no owner" }));
  if (row.kind === "parent") return h("td", { class: "mp-owner-who" }, h("span", { class: "mp-owner-parent", text: "field by field" }));
  return h("td", { class: "mp-owner-who" });
}

function rowOf(row, infos) {
  return h("tr", { class: `mp-owner-row mp-owner-kind-${row.kind}`, "data-line": String(row.line), title: row.paths.join("\n") || null },
    h("td", { class: "mp-owner-num", text: String(row.line) }),
    ownerCell(row, infos),
    h("td", { class: "mp-owner-text", text: row.text }),
  );
}

function foldRow(v, fold) {
  const button = h("button", { type: "button", class: "mp-link mp-owner-fold-toggle", "aria-expanded": String(v.unfolded) },
    v.unfolded ? `Fold ${foldName(fold.path)}, lines ${fold.start + 1}–${fold.end}` : `⋯ ${fold.hidden} lines of ${foldName(fold.path)} folded: show them`);
  button.addEventListener("click", () => {
    v.unfolded = !v.unfolded;
    render(v);
    v.dom.querySelector(".mp-owner-fold-toggle")?.focus();
  });
  return h("tr", { class: "mp-owner-fold" }, h("td", { class: "mp-owner-num" }), h("td", { colspan: "2" }, button));
}

/** The table drawn again: the rows the filter keeps, folds folded unless opened. */
function render(v) {
  const { rows, folds, infos } = v.shown;
  const manager = v.filter.value;
  if (!rows.length) {
    v.empty.hidden = false;
    v.wrap.hidden = true;
    v.count.textContent = "";
    return;
  }
  v.empty.hidden = true;
  v.wrap.hidden = false;
  const kept = rowsOwnedBy(rows, manager);
  v.count.textContent = manager ? `${manager} owns ${kept.length} of the result's ${rows.length} lines.` : "";
  const out = [];
  for (let i = 0; i < kept.length; i++) {
    const row = kept[i];
    out.push(rowOf(row, infos));
    const fold = manager ? null : folds.find((f) => f.start === row.line);
    if (!fold) continue;
    out.push(foldRow(v, fold));
    if (!v.unfolded) {
      while (i + 1 < kept.length && kept[i + 1].line <= fold.end) i++;
    }
  }
  replaceChildren(v.body, ...out);
}
