// "Predict, then reveal": the result pane's lines without their marks, for the learner to mark,
// scored against the engine's marks. Pure functions with no DOM (tested under Node); the view is
// exerciseview.js.
//
// The lines are the result pane's (marks.js's layout): the result's lines and, where the engine
// places them, the lines of live the result no longer holds and the config's items the merge
// lost (drawn unstruck until the reveal, so that "deleted" and "dropped" are predictions too). A line is scored when a field starts on it: its right
// mark is the mark the result pane draws there, its reason the engine's `reason` for that field.
// Lines where no field starts (a map's opener, a block scalar's continuation, a separator) are
// shown and not scored.

import { MARKS, MARK_INFO, sentence } from "./marks.js";

/** The letter that sets each mark from the keyboard. */
export const MARK_KEYS = { a: "added", c: "changed", d: "deleted", o: "dropped", r: "retained", i: "ignored", x: "conflict" };

/** The results longer than this many lines are not offered as exercises (one row each). */
export const MAX_EXERCISE_LINES = 2000;

/**
 * One line of an exercise.
 * @typedef {{
 *   text: string,
 *   number: number,
 *   fromLive: boolean,
 *   struck: boolean,
 *   expected: string|null,
 *   path: string,
 *   reason: string,
 * }} ExerciseLine
 * number: the line's number in its text (the result's line, live's for a line taken from live,
 * the config's for a dropped item's), 0 for none; the exercise shows its own numbering instead
 * (lineLabel). fromLive: the line is not the result's (live's: a deleted field, or live's text
 * when the merge stopped on conflicts; or the config's: a dropped item). struck: the line is one
 * of a deleted field's or a dropped item's (or the separator above a deleted resource), struck
 * on the reveal. expected: the engine's mark when a field starts on the line (the line
 * is scored), else null.
 */

/**
 * The exercise of a result pane's layout.
 * @param {import("./marks.js").Layout} layout
 * @param {object[]} fields response.fields
 * @returns {ExerciseLine[]}
 */
export function exerciseLines(layout, fields) {
  return (layout?.lines ?? []).map((line) => {
    const field = line.first && line.field >= 0 ? fields[line.field] : null;
    const scored = Boolean(field) && Object.hasOwn(MARK_INFO, line.mark ?? "");
    return {
      text: line.text,
      number: { result: line.resultLine, dropped: line.updatedLine }[line.kind] ?? line.liveLine,
      fromLive: line.kind !== "result",
      struck: line.kind === "deleted" || line.kind === "dropped",
      expected: scored ? line.mark : null,
      path: scored ? String(field.path ?? "") : "",
      reason: scored ? sentence(field.reason) : "",
    };
  });
}

/**
 * The marks the learner chooses from: the marks the mode can produce (its descriptor's `marks`,
 * all of them when it names none), and any mark the lines need besides, in the legend's order.
 * @param {string[]|undefined} modeMarks
 * @param {ExerciseLine[]} lines
 * @returns {string[]}
 */
export function markChoices(modeMarks, lines) {
  const wanted = new Set(Array.isArray(modeMarks) && modeMarks.length ? modeMarks : MARKS);
  for (const line of lines) if (line.expected) wanted.add(line.expected);
  return MARKS.filter((m) => wanted.has(m));
}

/**
 * The mark a key sets, when it sets one of the choices.
 * @param {string} key KeyboardEvent.key
 * @param {string[]} choices
 * @returns {string|null}
 */
export function markForKey(key, choices) {
  const mark = Object.hasOwn(MARK_KEYS, String(key).toLowerCase()) ? MARK_KEYS[String(key).toLowerCase()] : null;
  return mark && choices.includes(mark) ? mark : null;
}

/** The key that sets a mark, or "". */
export function keyOfMark(mark) {
  return Object.keys(MARK_KEYS).find((k) => MARK_KEYS[k] === mark) ?? "";
}

/**
 * @typedef {{index: number, number: number, text: string, expected: string, given: string|null, path: string, reason: string}} Miss
 * @typedef {{right: number, total: number, misses: Miss[]}} Score
 */

/**
 * Scores the learner's marks: each scored line is right when its mark is the engine's; a scored
 * line left unmarked is missed. Marks on lines that are not scored count for nothing.
 * @param {ExerciseLine[]} lines
 * @param {Map<number, string>|Record<number, string>} given the learner's mark by line index
 * @returns {Score}
 */
export function scoreExercise(lines, given) {
  const markAt = given instanceof Map ? (i) => given.get(i) ?? null : (i) => given?.[i] ?? null;
  let right = 0;
  let total = 0;
  const misses = [];
  lines.forEach((line, index) => {
    if (!line.expected) return;
    total++;
    const mark = markAt(index);
    if (mark === line.expected) right++;
    else misses.push({ index, number: line.number, text: line.text, expected: line.expected, given: mark, path: line.path, reason: line.reason });
  });
  return { right, total, misses };
}

/**
 * The score as the live region says it.
 * @param {Score} score
 * @returns {string}
 */
export function scoreSentence({ right, total }) {
  if (total === 0) return "There is nothing to score: no field starts on any line.";
  return `${right} of ${total} ${total === 1 ? "line" : "lines"} right.`;
}

/**
 * Whether two exercises show the same lines (an answer to the same inputs: the learner's marks
 * stay).
 * @param {ExerciseLine[]} a
 * @param {ExerciseLine[]} b
 * @returns {boolean}
 */
export function sameExercise(a, b) {
  return a.length === b.length && a.every((l, i) => l.text === b[i].text && l.expected === b[i].expected && l.fromLive === b[i].fromLive);
}

/**
 * What a line of the exercise reads as, for its row's accessible name. It is named by its
 * place in the exercise (1-based), never by its line in the result or in live, which would tell
 * the lines taken from live apart before the reveal.
 * @param {ExerciseLine} line
 * @param {number} index the line's index in the exercise
 * @param {string|null} given
 * @returns {string}
 */
export function lineLabel(line, index, given) {
  const text = line.text.trim() || "(blank)";
  return `Line ${index + 1}: ${text}. Your mark: ${given ? MARK_INFO[given]?.label ?? given : "none"}.`;
}

// ---- the address's parameter ------------------------------------------------------------------

/** The fragment parameter that opens a link into the exercise. */
export const EXERCISE_PARAM = "exercise=1";

/**
 * Whether a location hash (or an embed's query string) asks for the exercise: `&exercise=1`
 * after the state's fragment (`#example=NAME&exercise=1`, `#s=1.…&exercise=1`), or
 * `exercise=1` among a query's parameters.
 * @param {string} text location.hash or location.search
 * @returns {boolean}
 */
export function asksForExercise(text) {
  const whole = String(text ?? "");
  const params = (whole.startsWith("#") || whole.startsWith("?") ? whole.slice(1) : whole).split("&");
  return params.some((p) => ["exercise=1", "exercise=true", "exercise=yes"].includes(p));
}

/**
 * A state's fragment with the exercise parameter added.
 * @param {string} fragment without "#"
 * @returns {string}
 */
export function exerciseFragment(fragment) {
  return `${fragment}&${EXERCISE_PARAM}`;
}
