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
  let shown = { rows: [], infos: [], folds: [] };
  let unfolded = false;
  const filter = h("select", { id: "mp-owner-filter", "aria-describedby": "mp-owner-filter-help" });
  const legend = h("ul", { class: "mp-owner-legend", "aria-label": "Managers" });
  const operations = h("div", { class: "mp-owner-operations" });
  const count = h("p", { class: "mp-owner-count", role: "status", "aria-live": "polite" });
  const body = h("tbody");
  const table = h("table", { class: "mp-owner-table mp-code" },
    h("caption", { class: "mp-visually-hidden", text: "Each line of the result and the managers that own it" }),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "mp-owner-num", text: "Line" }),
      h("th", { scope: "col", class: "mp-owner-who", text: "Owned by" }),
      h("th", { scope: "col", text: "Result" }),
    )),
    body,
  );
  const wrap = h("div", { class: "mp-owner-wrap", tabindex: "0", role: "region", "aria-label": "Ownership of each line of the result" }, table);
  const empty = h("p", { class: "mp-empty", hidden: true });
  const dom = h("div", { class: "mp-view mp-ownership-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro", text: "Who owns each line of the result after the operation, as metadata.managedFields records it." }),
      h("label", { class: "mp-field", for: "mp-owner-filter" }, "Show lines owned by ", filter,
        h("span", { class: "mp-visually-hidden", id: "mp-owner-filter-help", text: "Keeps only the lines the chosen manager owns." })),
    ),
    legend,
    operations,
    count,
    empty,
    wrap,
  );
  filter.addEventListener("change", render);

  const colourOf = (name) => {
    const info = shown.infos.find((m) => m.name === name);
    return `mp-owner-c${(info ? info.index : 0) % COLOURS}`;
  };

  function ownerCell(row) {
    if (row.kind === "owned") {
      return h("td", { class: "mp-owner-who" }, ...row.managers.map((name, i) => [
        i ? h("span", { class: "mp-visually-hidden", text: ", " }) : null,
        h("span", { class: `mp-owner ${colourOf(name)}`, text: name }),
      ]));
    }
    if (row.kind === "unowned") return h("td", { class: "mp-owner-who" }, h("span", { class: "mp-owner-none", text: "no owner" }));
    if (row.kind === "parent") return h("td", { class: "mp-owner-who" }, h("span", { class: "mp-owner-parent", text: "field by field" }));
    return h("td", { class: "mp-owner-who" });
  }

  function rowOf(row) {
    return h("tr", { class: `mp-owner-row mp-owner-kind-${row.kind}`, "data-line": String(row.line), title: row.paths.join("\n") || null },
      h("td", { class: "mp-owner-num", text: String(row.line) }),
      ownerCell(row),
      h("td", { class: "mp-owner-text", text: row.text }),
    );
  }

  function foldRow(fold) {
    const button = h("button", { type: "button", class: "mp-link mp-owner-fold-toggle", "aria-expanded": String(unfolded) },
      unfolded ? `Fold ${foldName(fold.path)}, lines ${fold.start + 1}–${fold.end}` : `⋯ ${fold.hidden} lines of ${foldName(fold.path)} folded: show them`);
    button.addEventListener("click", () => {
      unfolded = !unfolded;
      render();
      dom.querySelector(".mp-owner-fold-toggle")?.focus();
    });
    return h("tr", { class: "mp-owner-fold" }, h("td", { class: "mp-owner-num" }), h("td", { colspan: "2" }, button));
  }

  function render() {
    const { rows, folds } = shown;
    const manager = filter.value;
    if (!rows.length) {
      empty.hidden = false;
      wrap.hidden = true;
      count.textContent = "";
      return;
    }
    empty.hidden = true;
    wrap.hidden = false;
    const kept = rowsOwnedBy(rows, manager);
    count.textContent = manager ? `${manager} owns ${kept.length} of the result's ${rows.length} lines.` : "";
    const out = [];
    for (let i = 0; i < kept.length; i++) {
      const row = kept[i];
      out.push(rowOf(row));
      const fold = manager ? null : folds.find((f) => f.start === row.line);
      if (!fold) continue;
      out.push(foldRow(fold));
      if (!unfolded) {
        while (i + 1 < kept.length && kept[i + 1].line <= fold.end) i++;
      }
    }
    replaceChildren(body, ...out);
  }

  return {
    dom,
    update(response, { mode } = {}) {
      const rows = response ? ownerRows(response) : [];
      const infos = response ? managers(response, rows) : [];
      shown = { rows, infos, folds: response?.result ? foldRanges(response, mode?.fold ?? []) : [] };
      const before = filter.value;
      replaceChildren(filter, h("option", { value: "", text: "everyone" }), ...infos.map((m) => h("option", { value: m.name, text: m.name })));
      filter.value = infos.some((m) => m.name === before) ? before : "";
      replaceChildren(legend, ...infos.map((m) => h("li", { class: "mp-owner-manager" },
        h("span", { class: `mp-owner ${colourOf(m.name)}`, text: m.name }),
        h("span", { class: "mp-owner-meta", text: [
          m.operation && `${m.operation}${m.apiVersion ? ` ${m.apiVersion}` : ""}`,
          m.time,
          `${m.fields} ${m.fields === 1 ? "field" : "fields"}`,
        ].filter(Boolean).join(" · ") }),
      )));
      const notes = response ? operationNotes(response) : [];
      replaceChildren(operations, ...notes.map((n) => h("p", { class: `mp-owner-operation mp-action-${n.action}` },
        notes.length > 1 ? h("code", { text: n.resource }) : null, notes.length > 1 ? " " : null,
        n.sentences.join(" "),
      )));
      empty.textContent = !response
        ? ""
        : response.result
          ? "The engine gave no owners for this result."
          : "No result: the operation stopped, so nothing changed hands. The managers above own live as it is.";
      render();
    },
    destroy: () => dom.remove(),
  };
}
