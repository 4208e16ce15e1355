// The Diff tab: extra.diff, the line diff from live to the result, as a unified diff with long
// unchanged runs folded (a button opens them).

import { copyButton, h, replaceChildren } from "./dom.js";
import { lacks } from "./engine.js";
import { appendLazily } from "./lazylist.js";

/**
 * @typedef {{kind: "equal"|"insert"|"delete", text: string, live: number, result: number}} DiffLine
 * @typedef {DiffLine | {kind: "fold", lines: DiffLine[]}} DiffRow
 */

/**
 * Turns diff hunks into numbered rows, folding unchanged runs longer than 2 × context + 1 lines
 * (at the start and end, only the side away from the changes is folded).
 * @param {{op: string, lines: string[]}[]} diff
 * @param {number} [context]
 * @returns {DiffRow[]}
 */
export function diffRows(diff, context = 3) {
  const hunks = (Array.isArray(diff) ? diff : []).filter((d) => d && Array.isArray(d.lines) && ["equal", "insert", "delete"].includes(d.op));
  const rows = [];
  let live = 1;
  let result = 1;
  hunks.forEach((hunk, i) => {
    const lines = hunk.lines.map((text) => {
      const line = { kind: hunk.op, text: String(text), live: hunk.op === "insert" ? 0 : live, result: hunk.op === "delete" ? 0 : result };
      if (hunk.op !== "insert") live++;
      if (hunk.op !== "delete") result++;
      return line;
    });
    if (hunk.op !== "equal") {
      rows.push(...lines);
      return;
    }
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = i === hunks.length - 1 ? 0 : context;
    if (lines.length <= keepBefore + keepAfter + 1) {
      rows.push(...lines);
      return;
    }
    rows.push(...lines.slice(0, keepBefore));
    rows.push({ kind: "fold", lines: lines.slice(keepBefore, lines.length - keepAfter) });
    rows.push(...lines.slice(lines.length - keepAfter));
  });
  return rows;
}

/**
 * The diff as unified-diff text (" ", "-", "+" prefixes), for copying.
 * @param {{op: string, lines: string[]}[]} diff
 * @returns {string}
 */
export function diffText(diff) {
  const sign = { equal: " ", delete: "-", insert: "+" };
  return (Array.isArray(diff) ? diff : []).flatMap((d) => (d?.lines ?? []).map((l) => `${sign[d.op] ?? "?"}${l}`)).join("\n");
}

const SIGNS = { equal: " ", insert: "+", delete: "−" };

function lineRow(line) {
  return h("div", { class: `mp-diff-row mp-diff-${line.kind}` },
    h("span", { class: "mp-diff-num", "aria-hidden": "true", text: line.live || "" }),
    h("span", { class: "mp-diff-num", "aria-hidden": "true", text: line.result || "" }),
    h("span", { class: "mp-diff-sign", text: SIGNS[line.kind] }),
    h("span", { class: "mp-diff-text", text: line.text }),
  );
}

/**
 * Creates the Diff tab's view. An answer that left the diff out (a long stream's: engine.js's
 * partsToSkip) gets it through complete, which resolves to the answer with its diff, or to null
 * when a newer answer is on its way (that one is drawn instead).
 * @param {{complete?: (response: object, part: string) => Promise<object|null>}} [config]
 * @returns {{dom: HTMLElement, update: (response: object|null) => void, destroy: () => void}}
 */
export function createDiffView({ complete = async () => null } = {}) {
  let current = null; // the answer drawn or awaiting its diff
  let diff = [];
  let stopDrawing = () => {};
  const body = h("div", { class: "mp-diff mp-code", role: "group", tabindex: "0", "aria-label": "Line diff from live to the result" });
  const dom = h("div", { class: "mp-view mp-diff-view" },
    h("div", { class: "mp-view-head" },
      h("p", { class: "mp-view-intro" }, "Live → result, line by line: ", h("span", { class: "mp-diff-key mp-diff-delete", text: "− removed from live" }), " ", h("span", { class: "mp-diff-key mp-diff-insert", text: "+ new in the result" })),
      copyButton("Copy diff", () => diffText(diff), "the diff as text"),
    ),
    body,
  );
  return {
    dom,
    update(response) {
      stopDrawing();
      current = response;
      if (lacks(response, "diff")) {
        diff = [];
        replaceChildren(body, h("p", { class: "mp-empty", role: "status", text: "Working out the diff…" }));
        complete(response, "diff").then(
          (full) => { if (full && current === response && !lacks(full, "diff")) draw(full); },
          (err) => { if (current === response) replaceChildren(body, h("p", { class: "mp-empty", role: "alert", text: `The diff could not be worked out: ${err?.message ?? err}` })); },
        );
        return;
      }
      draw(response);
    },
    destroy: () => dom.remove(),
  };

  /** Draws an answer's diff (rows drawn as they come into view). */
  function draw(response) {
    stopDrawing();
    diff = Array.isArray(response?.extra?.diff) ? response.extra.diff : [];
    const rows = diffRows(diff);
    if (!rows.length) {
      replaceChildren(body, h("p", { class: "mp-empty", text: response ? "No diff: there is no result to compare with live." : "" }));
      return;
    }
    if (!diff.some((d) => d.op !== "equal")) rows.unshift({ kind: "note" });
    replaceChildren(body);
    // A long stream's diff holds thousands of rows: they are drawn as they come into view.
    stopDrawing = appendLazily(body, rows, (row) => {
      if (row.kind === "note") return h("p", { class: "mp-empty", text: "The result is identical to live." });
      if (row.kind !== "fold") return lineRow(row);
      const button = h("button", { type: "button", class: "mp-diff-fold mp-link", text: `⋯ ${row.lines.length} unchanged lines` });
      button.addEventListener("click", () => button.replaceWith(...row.lines.map(lineRow)));
      return button;
    });
  }
}
