// The history's timeline, above the result: one row per step (its command lines, what the real
// tool refused, what it deleted, the managers owning fields after it), the chosen step shown in
// the editors and the result. A listbox for the keyboard: ↑ ↓ Home End move, Enter or Space chooses, Alt+↑ and
// Alt+↓ move the step, Delete removes it, Insert or + adds one after it; the buttons above it do
// the same. Every text goes in as text, never as HTML.

import { h } from "./dom.js";

/**
 * @typedef {{lines: string[], refused: string, deleted: string, owners: string[]}} StepSummary  history.js's stepSummary
 */

/**
 * What a key does in the steps' list (pure): move the cursor, choose, reorder, remove or add.
 * @param {{key: string, altKey?: boolean, ctrlKey?: boolean, metaKey?: boolean}} event
 * @param {number} cursor the step under the cursor
 * @param {number} count the steps
 * @returns {{op: "cursor"|"choose"|"move"|"remove"|"add", to?: number, delta?: number}|null}
 */
export function stepKey(event, cursor, count) {
  if (event.ctrlKey || event.metaKey) return null;
  const { key } = event;
  if (event.altKey) {
    if (key === "ArrowUp") return { op: "move", delta: -1 };
    if (key === "ArrowDown") return { op: "move", delta: 1 };
    return null;
  }
  switch (key) {
    case "ArrowUp": return { op: "cursor", to: Math.max(0, cursor - 1) };
    case "ArrowDown": return { op: "cursor", to: Math.min(count - 1, cursor + 1) };
    case "Home": return { op: "cursor", to: 0 };
    case "End": return { op: "cursor", to: count - 1 };
    case "Enter": case " ": return { op: "choose" };
    case "Delete": return count > 1 ? { op: "remove" } : null;
    case "Insert": case "+": return { op: "add" };
    default: return null;
  }
}

/**
 * Creates the timeline.
 * @param {{
 *   onChoose: (i: number) => void, onAdd: (after: number) => void,
 *   onRemove: (i: number) => void, onMove: (i: number, delta: number) => void,
 * }} handlers
 * @returns {{dom: HTMLElement, update: (rows: {summary: StepSummary|null, mode: string}[], at: number) => void, focus: () => void}}
 */
export function createTimeline({ onChoose, onAdd, onRemove, onMove }) {
  let [count, at, cursor] = [0, 0, 0];
  const drawn = []; // each row's step as drawn, as JSON: an answer redraws the rows it changes
  const list = h("ol", { class: "mp-steps", role: "listbox", "aria-label": "Steps: Enter shows one, Alt+arrows move it, Delete removes it, Insert adds one", tabindex: "0" });
  const countText = h("span", { class: "mp-timeline-count", role: "status" });
  const button = (action, label, run, title) => h("button", { type: "button", class: "mp-button mp-small", "data-action": action, title, onclick: run }, label);
  const remove = button("step-remove", "Remove", () => onRemove(cursor), "Remove the step (Delete in the list)");
  const earlier = button("step-earlier", "Earlier", () => onMove(cursor, -1), "Move the step one place earlier (Alt+↑ in the list)");
  const later = button("step-later", "Later", () => onMove(cursor, 1), "Move the step one place later (Alt+↓ in the list)");
  const dom = h("section", { class: "mp-timeline", "aria-label": "History", hidden: true },
    h("div", { class: "mp-timeline-head" },
      h("h2", { class: "mp-timeline-title", text: "History" }), countText,
      h("div", { class: "mp-timeline-actions" }, button("step-add", "Add step", () => onAdd(cursor), "Add a step after this one (Insert or + in the list)"), earlier, later, remove)),
    list,
    h("p", { class: "mp-timeline-note", text: "Each row: the step's command, run on the object as the steps before left it. Reproduce on a cluster replays the step shown, from the object before it." }));

  list.addEventListener("keydown", (event) => {
    const action = stepKey(event, cursor, count);
    if (!action) return;
    event.preventDefault();
    if (action.op === "cursor") setCursor(action.to);
    else if (action.op === "choose") onChoose(cursor);
    else if (action.op === "move") onMove(cursor, action.delta);
    else if (action.op === "remove") onRemove(cursor);
    else onAdd(cursor);
  });
  list.addEventListener("click", (event) => {
    const row = event.target instanceof Element ? event.target.closest("[data-step]") : null;
    if (row) onChoose(Number(row.dataset.step));
  });

  function setCursor(i) {
    cursor = i;
    list.setAttribute("aria-activedescendant", `mp-step-${i}`);
    for (const row of list.children) row.classList.toggle("mp-step-cursor", Number(row.dataset.step) === i);
    list.children[i]?.scrollIntoView?.({ block: "nearest" });
    remove.disabled = count <= 1;
    earlier.disabled = i === 0;
    later.disabled = i >= count - 1;
  }

  return {
    dom,
    /** Draws the steps (null summary: not answered yet) with step `chosen` shown; the cursor on it, unless the same steps are redrawn. */
    update(rows, chosen) {
      // The cursor stays where the keys left it while the same steps are redrawn (an answer).
      const keep = chosen === at && rows.length === count;
      count = rows.length;
      at = chosen;
      if (dom.hidden !== (count === 0)) dom.hidden = count === 0;
      const changed = redrawRows(list, drawn, rows.map((row, i) => ({ row, i, chosen: i === at })));
      const said = `${count} step${count === 1 ? "" : "s"}; step ${at + 1} shown`;
      if (countText.textContent !== said) countText.textContent = said;
      if (changed || !keep) setCursor(keep ? cursor : at);
    },
    /** Puts the focus on the steps' list. */
    focus: () => list.focus(),
  };
}

/**
 * Draws the steps' rows in the list, replacing only those whose step differs from the one drawn
 * (drawn: each row's step as JSON, updated); whether any row changed.
 */
function redrawRows(list, drawn, steps) {
  let changed = false;
  steps.forEach((step, i) => {
    const json = JSON.stringify(step);
    if (drawn[i] === json && list.children[i]) return;
    const row = stepRow(step.row, step.i, step.chosen);
    if (list.children[i]) list.children[i].replaceWith(row);
    else list.append(row);
    drawn[i] = json;
    changed = true;
  });
  while (list.children.length > steps.length) {
    list.lastElementChild.remove();
    changed = true;
  }
  drawn.length = steps.length;
  return changed;
}

/** One step's row: its number, command lines, refusal, what it deleted and owners. */
function stepRow({ summary, mode }, i, chosen) {
  const refused = summary?.refused ?? "";
  return h("li", { class: "mp-step", role: "option", id: `mp-step-${i}`, "data-step": String(i), "aria-selected": String(chosen), "data-refused": refused ? "" : null },
    h("span", { class: "mp-step-number", text: `${i + 1}` }),
    h("span", { class: "mp-step-body" },
      ...(summary ? summary.lines : [mode]).map((line) => h("code", { class: "mp-step-line", text: line })),
      refused ? h("span", { class: "mp-step-refused", text: refused }) : null,
      summary?.deleted ? h("span", { class: "mp-step-deleted", text: summary.deleted }) : null,
      summary?.owners.length ? h("span", { class: "mp-step-owners", text: `owners after it: ${summary.owners.join(", ")}` }) : null,
      summary ? null : h("span", { class: "mp-step-pending", text: "not answered yet" })));
}
