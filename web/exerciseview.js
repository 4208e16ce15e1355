// The exercise layout ("Predict, then reveal"): the result pane's lines without marks, a small
// picker per line, and Reveal, which scores the learner's marks against the engine's and shows,
// under each line missed, the right mark and the engine's reason. The lines are a grid (ARIA
// grid pattern): one row per line, the mark cell of the current line in the tab order (roving
// tabindex); ↑ ↓ (Home, End, Page Up, Page Down) move between the lines that are scored, the
// letters a c d o r i x set a mark, ← → step through the marks, Backspace clears, Esc leaves.
// The scoring is exercise.js's (pure).

import { h, hiddenText, replaceChildren } from "./dom.js";
import { MARK_INFO } from "./marks.js";
import { MAX_EXERCISE_LINES, exerciseLines, keyOfMark, lineLabel, markChoices, markForKey, sameExercise, scoreExercise, scoreSentence } from "./exercise.js";

/** How far Page Up and Page Down move, in scored lines. */
const PAGE = 10;

/**
 * Creates the exercise.
 * @param {{onEnter: () => void, onLeave: () => void, onScore: (score: import("./exercise.js").Score) => void}} config
 *   onEnter / onLeave: the reader pressed Exercise or left it; onScore: a reveal (or a change
 *   after it) scored the marks
 */
export function createExercise({ onEnter, onLeave, onScore }) {
  // lines: ExerciseLine[]; given: line index → mark; current: the line index whose mark cell is
  // in the tab order; rows: per line, {row, cell, picker buttons by mark, given chip, answer slot}.
  const x = { onScore, lines: [], choices: [], given: new Map(), revealed: false, current: -1, rows: [] };
  x.entry = h("button", { type: "button", class: "mp-button mp-small mp-exercise-entry", "data-action": "exercise", "aria-pressed": "false", title: "Predict each line's mark, then reveal the engine's", onclick: () => onEnter() }, "Exercise");
  x.help = h("p", { class: "mp-exercise-help", id: "mp-exercise-help" });
  x.score = h("p", { class: "mp-exercise-score", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  x.said = h("p", { class: "mp-visually-hidden", role: "status", "aria-live": "polite" });
  x.grid = h("div", { class: "mp-exercise-grid", role: "grid", "aria-label": "The result's lines: mark each", "aria-describedby": "mp-exercise-help" });
  x.empty = h("p", { class: "mp-empty mp-exercise-empty", hidden: true });
  x.reveal = h("button", { type: "button", class: "mp-button mp-exercise-reveal", "data-action": "reveal", onclick: () => doReveal(x) }, "Reveal");
  const restart = h("button", { type: "button", class: "mp-button mp-small", "data-action": "exercise-restart", onclick: () => startOver(x) }, "Start over");
  const leave = h("button", { type: "button", class: "mp-button mp-small", "data-action": "exercise-leave", "aria-keyshortcuts": "Escape", onclick: () => onLeave() }, "Leave exercise");
  x.dom = h("section", { class: "mp-exercise", "aria-labelledby": "mp-exercise-title", hidden: true },
    h("div", { class: "mp-exercise-head" },
      h("h2", { id: "mp-exercise-title", text: "Predict, then reveal" }),
      h("div", { class: "mp-exercise-actions" }, x.reveal, restart, leave)),
    x.help, x.score, x.said, x.empty, x.grid);
  x.dom.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onLeave();
    }
  });
  x.grid.addEventListener("keydown", (event) => onGridKey(x, event));
  return exerciseAPI(x);
}

function exerciseAPI(x) {
  return {
    dom: x.dom,
    /** The Exercise button, for the result's actions. */
    entry: x.entry,
    /**
     * Takes the answer shown (answers.js's last good answer) and its mode's marks. An answer to the
     * same lines keeps the learner's marks; another one starts the exercise again.
     * @param {{response: object, layout: import("./marks.js").Layout}|null} shown
     * @param {string[]|undefined} modeMarks
     */
    update: (shown, modeMarks) => update(x, shown, modeMarks),
    /** Shows the exercise (the page hides the rest of the output column). */
    enter() {
      x.dom.hidden = false;
      x.entry.setAttribute("aria-pressed", "true");
    },
    /** Hides it. */
    leave() {
      x.dom.hidden = true;
      x.entry.setAttribute("aria-pressed", "false");
    },
    /** Moves the focus to the line in the tab order (the first scored line at first). */
    focus() {
      if (x.current >= 0) x.rows[x.current].cell.focus();
      else x.reveal.focus();
    },
    /** The current score (for the embed's parent), whether revealed or not. */
    score: () => scoreExercise(x.lines, x.given),
    revealed: () => x.revealed,
    destroy: () => x.dom.remove(),
  };
}

// ---- building ---------------------------------------------------------------------------------

function build(x) {
  x.rows = x.lines.map((line, index) => buildRow(x, line, index));
  replaceChildren(x.grid, ...x.rows.map((r) => r.row));
  x.current = -1;
  setCurrent(x, firstScored(x));
}

function buildRow(x, line, index) {
  const text = h("span", { class: "mp-exercise-code", text: line.text || " " });
  const answer = h("div", { class: "mp-exercise-answer", hidden: true });
  const row = h("div", { class: "mp-exercise-row", role: "row", "data-line": String(index) },
    h("span", { class: "mp-exercise-number", role: "gridcell", text: String(index + 1) }),
    h("span", { class: "mp-exercise-text", role: "gridcell" }, text, answer));
  if (line.number) row.dataset.number = String(line.number);
  if (line.fromLive) row.dataset.live = "";
  if (!line.expected) {
    row.classList.add("mp-exercise-unscored");
    row.append(h("span", { class: "mp-exercise-mark", role: "gridcell" }));
    return { row, answer };
  }
  row.dataset.scored = "";
  const chip = h("span", { class: "mp-chip mp-exercise-given", "aria-hidden": "true", text: "?" });
  const buttons = new Map(x.choices.map((mark) => [mark, pickButton(x, mark, index)]));
  const cell = h("span", { class: "mp-exercise-mark", role: "gridcell", tabindex: "-1" },
    chip, h("span", { class: "mp-exercise-picker" }, ...buttons.values()));
  cell.addEventListener("focus", () => setCurrent(x, index));
  row.append(cell);
  const r = { row, cell, chip, buttons, answer };
  paintRow(x, r, index);
  return r;
}

function pickButton(x, mark, index) {
  const info = MARK_INFO[mark];
  const key = keyOfMark(mark);
  const button = h("button", { type: "button", class: `mp-exercise-pick mp-mark-${mark}`, tabindex: "-1", "data-mark": mark, title: `${info.label}${key ? ` (${key})` : ""}` },
    h("span", { "aria-hidden": "true", text: info.symbol }), hiddenText(info.label));
  button.addEventListener("mousedown", (e) => e.preventDefault()); // the focus stays on the line's cell
  button.addEventListener("click", () => {
    focusLine(x, index);
    setMark(x, index, x.given.get(index) === mark ? null : mark);
  });
  return button;
}

// ---- marks --------------------------------------------------------------------------------------

function setMark(x, index, mark) {
  if (mark) x.given.set(index, mark);
  else x.given.delete(index);
  paintRow(x, x.rows[index], index);
  x.said.textContent = mark ? `Marked ${MARK_INFO[mark].label}.` : "Mark cleared.";
  if (x.revealed) showScore(x);
}

function paintRow(x, r, index) {
  const mark = x.given.get(index) ?? null;
  const line = x.lines[index];
  r.chip.textContent = mark ? MARK_INFO[mark].symbol : "?";
  r.chip.className = `mp-chip mp-exercise-given${mark ? ` mp-mark-${mark}` : ""}`;
  for (const [m, b] of r.buttons) b.setAttribute("aria-pressed", String(m === mark));
  if (mark) r.row.dataset.given = mark;
  else delete r.row.dataset.given;
  let label = lineLabel(line, index, mark);
  if (x.revealed) label += mark === line.expected ? " Right." : ` The engine marks it ${MARK_INFO[line.expected].label}: ${line.reason}`;
  r.cell.setAttribute("aria-label", label);
}

// ---- reveal ---------------------------------------------------------------------------------------

function doReveal(x) {
  x.revealed = true;
  x.dom.dataset.revealed = "";
  showScore(x);
}

function showScore(x) {
  const result = scoreExercise(x.lines, x.given);
  const missed = new Set(result.misses.map((m) => m.index));
  x.rows.forEach((r, index) => {
    const line = x.lines[index];
    r.row.classList.toggle("mp-exercise-struck", line.struck);
    if (!line.expected) return;
    r.row.dataset.expected = line.expected;
    r.row.dataset.outcome = missed.has(index) ? "missed" : "right";
    showAnswer(r, line, missed.has(index));
    paintRow(x, r, index);
  });
  x.score.textContent = scoreSentence(result);
  x.onScore(result);
}

function showAnswer(r, line, missed) {
  r.answer.hidden = !missed;
  if (!missed) return replaceChildren(r.answer);
  const info = MARK_INFO[line.expected];
  replaceChildren(r.answer,
    h("span", { class: "mp-exercise-right" },
      h("span", { class: `mp-chip mp-mark-${line.expected}`, "aria-hidden": "true", text: info.symbol }),
      ` ${info.label}`),
    h("span", { class: "mp-exercise-reason", text: line.reason }));
}

function hideAnswers(x) {
  x.revealed = false;
  delete x.dom.dataset.revealed;
  x.score.textContent = "";
  x.rows.forEach((r, index) => {
    r.row.classList.remove("mp-exercise-struck");
    delete r.row.dataset.expected;
    delete r.row.dataset.outcome;
    r.answer.hidden = true;
    if (r.cell) paintRow(x, r, index);
  });
}

function startOver(x) {
  x.given = new Map();
  hideAnswers(x);
  x.rows.forEach((r, index) => { if (r.cell) paintRow(x, r, index); });
  x.said.textContent = "Every mark cleared.";
  focusLine(x, firstScored(x));
}

// ---- the keyboard -----------------------------------------------------------------------------------

function onGridKey(x, event) {
  if (x.current < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = nextIndex(x, event.key);
  if (target !== null) {
    event.preventDefault();
    focusLine(x, target);
    return;
  }
  const mark = markEdit(x, event.key);
  if (mark === undefined) return;
  event.preventDefault();
  setMark(x, x.current, mark);
}

/** The line a navigation key moves to, or null for other keys. */
function nextIndex(x, key) {
  const scored = scoredIndexes(x);
  const at = scored.indexOf(x.current);
  const to = (i) => scored[Math.max(0, Math.min(scored.length - 1, i))];
  switch (key) {
    case "ArrowDown": return to(at + 1);
    case "ArrowUp": return to(at - 1);
    case "PageDown": return to(at + PAGE);
    case "PageUp": return to(at - PAGE);
    case "Home": return to(0);
    case "End": return to(scored.length - 1);
    default: return null;
  }
}

/** The mark an editing key gives the current line (null: cleared), or undefined. */
function markEdit(x, key) {
  const choices = x.choices;
  if (key === "Backspace" || key === "Delete") return null;
  if (key === "ArrowRight" || key === "ArrowLeft") {
    const at = choices.indexOf(x.given.get(x.current) ?? "");
    const step = key === "ArrowRight" ? 1 : -1;
    return choices[at < 0 ? (step > 0 ? 0 : choices.length - 1) : (at + step + choices.length) % choices.length];
  }
  return markForKey(key, choices) ?? undefined;
}

function scoredIndexes(x) {
  const out = [];
  x.lines.forEach((l, i) => { if (l.expected) out.push(i); });
  return out;
}

function firstScored(x) {
  return x.lines.findIndex((l) => l.expected);
}

/** Puts a scored line's mark cell in the tab order (the grid's one tab stop). */
function setCurrent(x, index) {
  const rows = x.rows;
  if (index < 0 || !rows[index]?.cell || x.current === index) return;
  if (rows[x.current]?.cell) rows[x.current].cell.tabIndex = -1;
  x.current = index;
  rows[index].cell.tabIndex = 0;
}

/** Makes a scored line the current one and focuses its mark cell. */
function focusLine(x, index) {
  setCurrent(x, index);
  const rows = x.rows;
  if (index < 0 || !rows[index]?.cell || document.activeElement === rows[index].cell) return;
  rows[index].cell.focus({ preventScroll: true });
  scrollToRow(x.grid, rows[index].row);
}

/**
 * Scrolls a row into view: the grid first, the window only when the row is still out of it
 * (a phone's width, where the grid is part of a long page).
 */
function scrollToRow(grid, row) {
  const g = grid.getBoundingClientRect();
  const r = row.getBoundingClientRect();
  if (r.top < g.top) grid.scrollTop -= g.top - r.top;
  else if (r.bottom > g.bottom) grid.scrollTop += Math.min(r.bottom - g.bottom, r.top - g.top);
  const after = row.getBoundingClientRect();
  if (after.top < 0 || after.bottom > window.innerHeight) row.scrollIntoView({ block: "nearest" });
}

// ---- answers ----------------------------------------------------------------------------------------

function update(x, shown, modeMarks) {
  const next = shown ? exerciseLines(shown.layout, shown.response.fields ?? []) : [];
  const tooLong = next.length > MAX_EXERCISE_LINES;
  const usable = tooLong ? [] : next;
  const nextChoices = markChoices(modeMarks, usable);
  if (usable.length && sameExercise(x.lines, usable) && nextChoices.join() === x.choices.join()) return;
  const hadFocus = x.grid.contains(document.activeElement);
  x.lines = usable;
  x.choices = nextChoices;
  x.given = new Map();
  hideAnswers(x);
  build(x);
  x.help.textContent = helpText(x.choices);
  x.empty.hidden = x.lines.length > 0 && scoredIndexes(x).length > 0;
  x.empty.textContent = !shown ? "No result to predict yet: see the message in the status line."
    : tooLong ? `This result has ${next.length.toLocaleString("en")} lines; an exercise takes up to ${MAX_EXERCISE_LINES.toLocaleString("en")}.`
      : "Nothing to predict: no field starts on any line of this result.";
  x.reveal.disabled = !x.empty.hidden;
  if (hadFocus) focusLine(x, firstScored(x));
}

function helpText(marks) {
  const keys = marks.map((m) => `${keyOfMark(m) || "·"} ${MARK_INFO[m].label}`).join(", ");
  const lost = marks.includes("dropped") ? " Some may come from the config and be lost by the merge: mark those dropped." : "";
  return `Mark each line as the merge will, then press Reveal. Some lines may come from live and be gone from the result: mark those deleted.${lost} Lines without a picker hold no field of their own and are not scored. Pick a mark with the mouse, or move with ↑ and ↓ and press a letter (${keys}); ← and → step through the marks, Backspace clears, Esc leaves.`;
}
