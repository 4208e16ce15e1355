// Showing the engine's answers across the page: errors and conflicts in their editors, the result,
// marks and views in the output column, what happened in the status line, and <html data-stale>,
// <html data-ready> and <html data-prerendered>. It keeps the last good answer: an answer with
// errors never replaces it, it greys it. The sentences are pure functions (tested under Node).

import { INPUTS, findMode } from "./modes.js";
import { mergedSentence } from "./progress.js";

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
  const status = output.status;
  let lastGood = null; // {response, layout, request}
  // Whether the documents were replaced (an example, a link) since lastGood was shown: an answer
  // with errors then drops lastGood instead of greying it, since it answered other documents.
  let replaced = false;
  let stale = false;
  let everAnswered = false;
  let engineReady = false;

  function setStale(on) {
    stale = on;
    root.toggleAttribute("data-stale", on && lastGood !== null);
    output.setActions({ current: Boolean(lastGood) && !on });
  }

  function answered() {
    if (everAnswered) return;
    everAnswered = true;
    delete root.dataset.prerendered;
    output.setPrerendered(false);
    root.dataset.ready = "";
  }

  /**
   * Shows an answer. Returns whether it was a good one (no errors).
   * @param {object} response
   * @param {object} request the request it answers
   * @param {{prerendered?: boolean, elapsed?: number, waited?: number|null}} [how] elapsed: the
   *   engine's time; waited: the reader's, from the edit answered to now (null: no edit)
   */
  function show(response, request, { prerendered = false, elapsed = 0, waited = null } = {}) {
    const errors = Array.isArray(response?.errors) ? response.errors : [];
    const liveConflicts = Array.isArray(response?.conflicts) ? response.conflicts : [];
    for (const input of INPUTS) editors[input].setProblems(errors.filter((e) => e.input === input), input === "live" ? liveConflicts : []);
    schema.setProblems(errors.filter((e) => e.input === "schema"));
    if (!prerendered) {
      answered();
      onAnswer(response, request);
    }
    if (errors.length) {
      if (replaced && !prerendered) lastGood = null;
      setStale(true);
      status.set("error", problemSummary(errors, { mode: request.mode, hasLast: Boolean(lastGood) }));
      if (!lastGood) output.showNothing("No result yet: see the message above.");
      return false;
    }
    const layout = output.showAnswer(response, request.live, findMode(request.mode), request.updated);
    lastGood = { response, layout, request };
    replaced = false;
    setStale(false);
    if (liveConflicts.length && !layout.hasResult) status.set("warning", conflictSummary(liveConflicts.length));
    else if (prerendered) status.set("working", "Showing the answer computed when the page was built; the merge engine is loading…");
    else status.set("ok", mergedSentence(elapsed, waited));
    return true;
  }

  /** Says why a request got no answer (a time-out, a crash); the last result stays, greyed. */
  function fail(err) {
    setStale(true);
    status.set("error", err?.message ?? String(err));
    if (!lastGood) output.showNothing(err?.message ?? String(err));
  }

  /**
   * Shows what the engine is doing while it has not answered: loading (the result pane says so
   * when it has nothing else to show), slow to load, restarting, or unavailable for good.
   * @param {import("./engine.js").EngineStatus} s
   */
  function engineStatus(s) {
    if (s.state === "ready") {
      engineReady = true;
      return;
    }
    if (s.state === "unavailable") {
      setStale(true);
      status.set("error", s.message);
      if (!lastGood) output.showNothing(s.message);
      return;
    }
    if (s.state === "restarting") {
      status.set("working", s.message);
      return;
    }
    if (everAnswered || engineReady) return;
    const text = s.state === "slow" ? s.message : lastGood ? "" : s.message;
    if (!text) return;
    status.set(s.state === "slow" ? "warning" : "working", lastGood ? `${text} The answer shown was computed when the page was built.` : text);
    if (!lastGood) output.showNothing(text);
  }

  return {
    show,
    fail,
    engineStatus,
    setStale,
    /** Says the documents were replaced as a whole: the result shown answers other documents. */
    documentsReplaced: () => { replaced = true; },
    /** Whether the result shown answers an older state. */
    isStale: () => stale,
    /** Whether the engine has answered once (before, the status line says it is loading). */
    hasAnswered: () => everAnswered,
    /** The last answer without errors: {response, layout, request}, or null. */
    lastGood: () => lastGood,
  };
}
