// Showing the engine's answers across the page: errors and conflicts in their editors, the result,
// marks and views in the output column, what happened in the status line, and <html data-stale>,
// <html data-greyed>, <html data-ready> and <html data-prerendered>. It keeps the last good
// answer: an answer with errors never replaces it, it greys it. The sentences are pure functions
// (tested under Node).

import { withoutParts } from "./engine.js";
import { markLoad } from "./loadmarks.js";
import { INPUTS, findMode } from "./modes.js";
import { mergedSentence } from "./progress.js";
import { refusedErrors, refusedSummary } from "./refusednotes.js";

/**
 * What an input is called in a mode: "config (updated)", or the input's name.
 * @param {string} modeName
 * @param {string} input
 * @returns {string}
 */
export function roleName(modeName, input) {
  const role = findMode(modeName)?.inputs[input];
  return role ? `${role.label}, the ${input} input` : input;
}

/**
 * The status line's sentence for an answer with errors.
 * @param {{input: string, line?: number, column?: number, message: string}[]} errors
 * @param {{mode: string, hasLast: boolean}} context the request's mode; whether a last good
 *   result stays shown
 * @returns {string}
 */
export function problemSummary(errors, { mode, hasLast }) {
  const e = errors[0];
  const where = INPUTS.includes(e.input) || e.input === "schema"
    ? `${roleName(mode, e.input)}${e.line ? `, line ${e.line}${e.column ? `, column ${e.column}` : ""}` : ""}: `
    : "";
  const more = errors.length > 1 ? ` ${errors.length - 1} more ${errors.length === 2 ? "problem is" : "problems are"} listed under the editors.` : "";
  const message = String(e.message ?? "").replace(/[.\s]+$/, "");
  return `${where}${message}.${more}${hasLast ? " Showing the last good result." : ""}`;
}

/**
 * The status line's sentence for a merge that stops on conflicts.
 * @param {number} n
 * @returns {string}
 */
export function conflictSummary(n) {
  return n === 1
    ? "The merge stops on a conflict: live stays as it is. It is marked below and in the live editor."
    : `The merge stops on ${n} conflicts: live stays as it is. They are marked below and in the live editor.`;
}

/**
 * Creates the answers' presenter.
 * @param {{
 *   root: HTMLElement,
 *   editors: Record<string, {setProblems: (errors: object[], conflicts: object[]) => void}>,
 *   schema: {setProblems: (errors: object[]) => void},
 *   output: ReturnType<typeof import("./output.js").createOutput>,
 *   onAnswer?: (response: object, request: object) => void,
 * }} config onAnswer: every answer the engine gave (not the prerendered one), with the request
 *   it answers
 */
export function createAnswers({ root, editors, schema, output, onAnswer = () => {} }) {
  // lastGood: {response, layout, request}. replaced: whether the documents were replaced (an
  // example, a link) since lastGood was shown: an answer with errors then drops lastGood instead
  // of greying it, since it answered other documents. prerenderedShown: the last answer shown
  // is the prerendered one.
  const s = { root, editors, schema, output, status: output.status, onAnswer, lastGood: null, replaced: false, stale: false, greyTimer: 0, prerenderedShown: false, everAnswered: false, engineReady: false };
  return {
    /**
     * Shows an answer. Returns whether it was a good one (no errors).
     * @param {object} response
     * @param {object} request the request it answers
     * @param {{prerendered?: boolean, elapsed?: number, waited?: number|null, change?: string}} [how] elapsed: the
     *   engine's time; waited: the reader's, from the edit answered to now (null: no edit);
     *   change: what the reader changed (progress.js: "edit", "option", "mode", "load")
     */
    show: (response, request, how = {}) => showAnswer(s, response, request, how),
    /** Says why a request got no answer (a time-out, a crash); the last result stays, greyed. */
    fail: (err) => failed(s, err),
    engineStatus: (status) => engineStatus(s, status),
    setStale: (on) => setStale(s, on),
    /** Says the documents were replaced as a whole: the result shown answers other documents. */
    documentsReplaced: () => { s.replaced = true; },
    /** Whether the result shown answers an older state. */
    isStale: () => s.stale,
    /** Whether the engine has answered once (before, the status line says it is loading). */
    hasAnswered: () => s.everAnswered,
    /** The last answer without errors: {response, layout, request}, or null. */
    lastGood: () => s.lastGood,
  };
}

/**
 * How long a result stays stale before it is greyed (<html data-greyed>): an answer that comes
 * within it replaces the result without the page changing its look. Greying through an
 * attribute of its own, set only then, keeps <html data-stale> out of the style sheet, so that
 * a keystroke's frame and its answer's recompute no styles for it.
 */
export const GREY_AFTER_MS = 350;

function setStale(s, on) {
  s.stale = on;
  const shown = on && s.lastGood !== null;
  s.root.toggleAttribute("data-stale", shown);
  if (!shown) {
    clearTimeout(s.greyTimer);
    s.greyTimer = 0;
    s.root.removeAttribute("data-greyed");
  } else if (!s.greyTimer && !s.root.hasAttribute("data-greyed")) {
    s.greyTimer = setTimeout(() => {
      s.greyTimer = 0;
      s.root.toggleAttribute("data-greyed", s.root.hasAttribute("data-stale"));
    }, GREY_AFTER_MS);
  }
  s.output.setActions({ current: Boolean(s.lastGood) && !on });
}

function answered(s) {
  if (s.everAnswered) return;
  s.everAnswered = true;
  delete s.root.dataset.prerendered;
  s.output.setPrerendered(false);
  s.root.dataset.ready = "";
  markLoad("ready");
}

/** An answer shown (see createAnswers' show). */
function showAnswer(s, response, request, { prerendered = false, elapsed = 0, waited = null, change = "edit" }) {
  const errors = Array.isArray(response?.errors) ? response.errors : [];
  const liveConflicts = Array.isArray(response?.conflicts) ? response.conflicts : [];
  const problems = [...errors, ...refusedErrors(response)];
  for (const input of INPUTS) s.editors[input].setProblems(problems.filter((e) => e.input === input), input === "live" ? liveConflicts : []);
  s.schema.setProblems(errors.filter((e) => e.input === "schema"));
  if (!prerendered) {
    answered(s);
    s.onAnswer(response, request);
  }
  if (errors.length) {
    if (s.replaced && !prerendered) s.lastGood = null;
    setStale(s, true);
    s.status.set("error", problemSummary(errors, { mode: request.mode, hasLast: Boolean(s.lastGood) }));
    if (!s.lastGood) s.output.showNothing("No result yet: see the message above.");
    return false;
  }
  if (!prerendered && s.prerenderedShown && s.lastGood && sameJSON(comparable(response), comparable(s.lastGood.response)) && sameJSON(request, s.lastGood.request)) {
    // The engine's first answer is the one computed when the page was built, already drawn:
    // the page keeps it as drawn (the first answer's moment, data-ready, is the page's start).
    markLoad("kept");
  } else {
    const layout = s.output.showAnswer(response, request.live, findMode(request.mode), request.updated);
    s.lastGood = { response, layout, request };
  }
  s.prerenderedShown = prerendered;
  s.replaced = false;
  setStale(s, false);
  if (liveConflicts.length && !s.lastGood.layout.hasResult) s.status.set("warning", conflictSummary(liveConflicts.length));
  else if (refusedSummary(response) && !prerendered) s.status.set("warning", refusedSummary(response));
  else if (prerendered) s.status.set("working", "Showing the answer computed when the page was built; the merge engine is loading…");
  else s.status.set("ok", mergedSentence(elapsed, waited, change));
  return true;
}

/**
 * An answer as two answers to one request compare: without its number (extra.answer: which of
 * the worker's answers it is, for the deltas written against it) and without the parts a
 * request may leave out (engine.js, withoutParts). The answer computed when the page was built
 * has every part and no number; the engine's first answer leaves out what the tab shown does
 * not need.
 * @param {object} response
 */
function comparable(response) {
  const out = withoutParts(response);
  if (!out?.extra || !("answer" in out.extra)) return out;
  const { answer: _answer, ...extra } = out.extra;
  return { ...out, extra };
}

/**
 * Whether two values read from JSON hold the same (objects compared key by key, in any order).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameJSON(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameJSON(a[k], b[k]));
}

function failed(s, err) {
  setStale(s, true);
  s.status.set("error", err?.message ?? String(err));
  if (!s.lastGood) s.output.showNothing(err?.message ?? String(err));
}

/**
 * Shows what the engine is doing while it has not answered: loading (the result pane says so
 * when it has nothing else to show), slow to load, restarting, or unavailable for good.
 * @param {object} s the presenter's fields
 * @param {import("./engine.js").EngineStatus} st
 */
function engineStatus(s, st) {
  if (st.state === "ready") {
    s.engineReady = true;
    return;
  }
  if (st.state === "unavailable") {
    setStale(s, true);
    s.status.set("error", st.message);
    if (!s.lastGood) s.output.showNothing(st.message);
    return;
  }
  if (st.state === "restarting") {
    s.status.set("working", st.message);
    return;
  }
  if (s.everAnswered || s.engineReady) return;
  const text = st.state === "slow" ? st.message : s.lastGood ? "" : st.message;
  if (!text) return;
  s.status.set(st.state === "slow" ? "warning" : "working", s.lastGood ? `${text} The answer shown was computed when the page was built.` : text);
  if (!s.lastGood) s.output.showNothing(text);
}
