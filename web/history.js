// A history (docs/histories.md): an initial object and an ordered list of steps, each a writer
// acting on the object as the steps before left it. Pure data and functions, no DOM: the page's
// history as steps of page states, the contract's history request, the step the page shows,
// the objects between the steps (as the engine's answer says), and a history in a share link.
// The page never parses YAML: the object before a step is the result of a step the engine
// answered, or the history's initial live.

import { MODES, buildRequest, changedOptions, findMode, stateFromRequest } from "./modes.js";

/** The contract's mode of a history request. */
export const HISTORY = "history";
/** The most steps the engine answers in one history (engine/history's MaxSteps). */
export const MAX_STEPS = 64;

/**
 * @typedef {import("./modes.js").State} State
 * @typedef {{live: string, steps: State[], at: number}} History
 * live: the object before the first step; steps: each a page state (its `live` unused: the
 * object before it is derived); at: the step the page shows and edits.
 */

/**
 * A step as a page state: the state's mode, options and inputs, with no live of its own.
 * @param {State} state
 * @returns {State}
 */
function stepOf(state) {
  return { mode: state.mode, options: { ...state.options }, original: state.original, updated: state.updated, live: "" };
}

/**
 * The history a single state starts: the state as its only step, on the state's live.
 * @param {State} state
 * @returns {History}
 */
export function startHistory(state) {
  return { live: state.live, steps: [stepOf(state)], at: 0 };
}

/**
 * The history with its chosen step replaced by the editors' state; the editors' live is the
 * history's live while the first step is chosen (later steps' live is derived, read-only).
 * @param {History} history
 * @param {State} state
 * @returns {History}
 */
export function withChosen(history, state) {
  const steps = history.steps.slice();
  steps[history.at] = stepOf(state);
  return { live: history.at === 0 ? state.live : history.live, steps, at: history.at };
}

/**
 * Adds a step after step `after` (0-based): the same writer with the same config and options,
 * and no original of its own (for kubectl apply, live's annotation), as running the command
 * again would. The new step is chosen. A history at MAX_STEPS is returned unchanged.
 * @param {History} history
 * @param {number} after
 * @returns {History}
 */
export function addStep(history, after) {
  if (history.steps.length >= MAX_STEPS) return history;
  const from = history.steps[after];
  const step = { ...stepOf(from), original: "" };
  const steps = [...history.steps.slice(0, after + 1), step, ...history.steps.slice(after + 1)];
  return { ...history, steps, at: after + 1 };
}

/**
 * Removes step i. The chosen step stays chosen; when it is the one removed, the step after it
 * (or the new last) is. The first step's removal keeps the history's live: the next step now
 * starts from it.
 * @param {History} history
 * @param {number} i
 * @returns {History}
 */
export function removeStep(history, i) {
  if (history.steps.length <= 1 || i < 0 || i >= history.steps.length) return history;
  const steps = history.steps.filter((_, j) => j !== i);
  const at = i < history.at ? history.at - 1 : Math.min(history.at, steps.length - 1);
  return { ...history, steps, at };
}

/**
 * Moves step i by delta places (−1 earlier, +1 later); it stays chosen. Out of range: unchanged.
 * @param {History} history
 * @param {number} i
 * @param {number} delta
 * @returns {History}
 */
export function moveStep(history, i, delta) {
  const j = i + delta;
  if (j < 0 || j >= history.steps.length || i < 0 || i >= history.steps.length) return history;
  const steps = history.steps.slice();
  [steps[i], steps[j]] = [steps[j], steps[i]];
  return { ...history, steps, at: j };
}

/**
 * The contract's history request: the history's live and each step as its mode's request
 * without live (buildRequest: the inputs and options the mode reads).
 * @param {History} history
 * @returns {{mode: string, live: string, steps: object[], options: object}}
 */
export function historyRequest(history) {
  const steps = history.steps.map((s) => {
    const { live: _live, ...step } = buildRequest(s);
    return step;
  });
  return { mode: HISTORY, live: history.live, steps, options: {} };
}

/**
 * Whether the real tool carried a step out, as the engine's history does: no error and no
 * conflict (a refused step leaves the object as it was).
 * @param {object} response a step's response
 * @returns {boolean}
 */
export function carriedOut(response) {
  return !list(response?.errors).length && !list(response?.conflicts).length;
}

/**
 * The object before each step, as the engine's answer says (engine/history's After): the
 * history's live, then after each step its result when the tool carried it out (empty when it
 * deleted the object), else the object as it was, or what the tool wrote before it was refused
 * (`extra.afterRefusal`). One more entry than steps: the object after all.
 * @param {string} live
 * @param {object[]} steps the answer's `steps`
 * @returns {string[]}
 */
export function objectsBetween(live, steps) {
  const out = [live];
  for (const s of steps) out.push(objectAfter(s, out[out.length - 1]));
  return out;
}

/**
 * The object a step leaves, live being the object before it.
 * @param {object} response the step's response
 * @param {string} live
 * @returns {string}
 */
function objectAfter(response, live) {
  if (carriedOut(response)) return typeof response?.result === "string" ? response.result : live;
  const left = response?.extra?.afterRefusal?.result;
  return typeof left === "string" ? left : live;
}

/**
 * What the page shows for a history's answer: step `at`'s own response, with the single-mode
 * request it answers (the step with live set to the object before it). A history refused whole
 * (no steps in the answer) is shown on the chosen step's request with the history's live.
 * @param {{mode: string, live: string, steps: object[]}} request the history request asked
 * @param {object} response the engine's answer to it
 * @param {number} at
 * @returns {{request: object, response: object, befores: string[]}}
 */
export function chosenAnswer(request, response, at) {
  const answered = list(response?.steps);
  const befores = objectsBetween(request.live, answered);
  const step = request.steps[Math.min(at, request.steps.length - 1)];
  const one = { ...step, live: answered.length ? befores[at] : request.live };
  return { request: one, response: answered[at] ?? response, befores };
}

/**
 * A step's line in the timeline: its command lines (the response's commands), what the real
 * tool refused (its errors, or its conflicts), what it deleted, and the managers owning fields
 * after it.
 * @param {object|null} response the step's response (null before the first answer)
 * @param {State} step the step as the page holds it (its mode names it while unanswered)
 * @param {(response: object) => string[]} managerNames the managers a response shows
 * @returns {{lines: string[], refused: string, deleted: string, owners: string[]}}
 */
export function stepSummary(response, step, managerNames) {
  const lines = list(response?.commands).map((c) => (typeof c?.line === "string" ? c.line : "")).filter(Boolean);
  if (!lines.length) lines.push(findMode(step.mode)?.short ?? step.mode);
  if (!response) return { lines, refused: "", deleted: "", owners: [] };
  return { lines, refused: refusal(response), deleted: deletion(response), owners: managerNames(response) };
}

/**
 * What a step carried out deleted, in a sentence ("deleted: ConfigMap shop-legacy; no object
 * is left"): the objects marked deleted whole; "" when none.
 * @param {object} response
 * @returns {string}
 */
export function deletion(response) {
  if (!carriedOut(response)) return "";
  const gone = list(response?.fields).filter((f) => f?.mark === "deleted" && f?.path === "" && typeof f?.resource === "string")
    .map((f) => kindAndName(f.resource));
  if (!gone.length) return "";
  return `deleted: ${gone.join(", ")}${response?.result === "" ? "; no object is left" : ""}`;
}

/**
 * A resource's "Kind name" from its identity (apiVersion/Kind[/namespace]/name: a kind begins
 * with a capital, a group or version does not).
 * @param {string} resource
 * @returns {string}
 */
function kindAndName(resource) {
  const parts = resource.split("/");
  return `${parts.find((p) => /^[A-Z]/.test(p)) ?? ""} ${parts[parts.length - 1]}`.trim();
}

/**
 * Why the real tool refused a step, in a sentence; "" when it carried it out. A step whose tool
 * went on past the objects the API server refused (extra.refused) says which, and that the others
 * went through.
 * @param {object} response
 * @returns {string}
 */
export function refusal(response) {
  const partly = list(response?.extra?.refused).filter((r) => typeof r?.resource === "string");
  if (partly.length && !list(response?.errors).length) {
    return `partly refused: the API server refused ${partly.map((r) => kindAndName(r.resource)).join(", ")}; the other objects went through`;
  }
  const left = response?.extra?.afterRefusal?.reason;
  const after = typeof left === "string" && left ? `; the object is unchanged but for this: ${left}` : "; the object is unchanged";
  const errors = list(response?.errors);
  if (errors.length) {
    const command = list(response?.commands).find((c) => typeof c?.error === "string" && c.error);
    const first = command?.error || String(errors[0]?.message ?? "");
    return `refused: ${first}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}${after}`;
  }
  const conflicts = list(response?.conflicts);
  if (!conflicts.length) return "";
  const owners = [...new Set(conflicts.map((c) => String(c?.manager ?? "")).filter(Boolean))];
  const n = conflicts.length;
  return `refused: ${n} conflict${n === 1 ? "" : "s"}${owners.length ? ` with ${owners.join(", ")}` : ""}${after}`;
}

/**
 * A history as share link JSON: the contract's history request's shape (live, steps, each with
 * the options that differ from their defaults) and the chosen step, in a fixed key order.
 * @param {History} history
 * @returns {object}
 */
export function historyToValue(history) {
  return {
    mode: HISTORY,
    live: history.live,
    steps: history.steps.map((s) => ({ mode: s.mode, original: s.original, updated: s.updated, options: changedOptions(s.options) })),
    at: history.at,
  };
}

/**
 * Reads a history from share link JSON (historyToValue's), each step checked as a state is
 * (stateFromJSON, share.js's, passed in). Returns the history and the chosen step's state, its
 * live the history's for the first step and empty for a later one (derived once answered).
 * @param {unknown} value
 * @param {(value: unknown) => ({ok: true, state: State}|{ok: false, error: string})} readState
 * @returns {{ok: true, state: State, history: History}|{ok: false, error: string}}
 */
export function historyFromValue(value, readState) {
  const known = ["mode", "live", "steps", "at"];
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length) return { ok: false, error: `The history holds an unknown key "${unknown[0].slice(0, 40)}".` };
  const live = readState({ mode: MODES[0].name, live: value.live ?? "" });
  if (!live.ok) return { ok: false, error: live.error.replace("state's", "history's") };
  if (!Array.isArray(value.steps) || value.steps.length < 1 || value.steps.length > MAX_STEPS) {
    return { ok: false, error: `The history's steps must be a list of 1 to ${MAX_STEPS} steps.` };
  }
  const steps = [];
  for (const [i, s] of value.steps.entries()) {
    const read = s && typeof s === "object" && !Array.isArray(s) && s.live === undefined ? readState(s) : { ok: false, error: "it must be a state without live." };
    if (!read.ok) return { ok: false, error: `The history's step ${i + 1} is invalid: ${read.error}` };
    steps.push(read.state);
  }
  const at = value.at ?? 0;
  if (!Number.isInteger(at) || at < 0 || at >= steps.length) return { ok: false, error: "The history's chosen step (at) is not one of its steps." };
  const history = { live: live.state.live, steps, at };
  return { ok: true, state: { ...steps[at], options: { ...steps[at].options }, live: at === 0 ? history.live : "" }, history };
}

/** The history's options the engine gives each step that leaves them empty (engine/history). */
const SHARED_OPTIONS = ["now", "schema", "schemaType"];

/**
 * The history an example's request holds (mode "history": its live and steps, each a single-mode
 * request without live; the history's now and schema given to every step that leaves them empty), shown
 * at its last step as a link's history is; null when the request is no history or a step does not
 * read (an unknown mode).
 * @param {object} request
 * @returns {{state: State, history: History}|null}
 */
export function historyFromExample(request) {
  if (request?.mode !== HISTORY || !Array.isArray(request.steps) || !request.steps.length) return null;
  const given = request.options && typeof request.options === "object" ? request.options : {};
  const withShared = (own) => {
    const options = { ...own };
    for (const k of SHARED_OPTIONS) if (!options[k] && typeof given[k] === "string") options[k] = given[k];
    return options;
  };
  const steps = request.steps.map((s) => ({ mode: s?.mode, original: s?.original ?? "", updated: s?.updated ?? "", options: withShared(s?.options) }));
  const read = historyFromValue({ mode: HISTORY, live: typeof request.live === "string" ? request.live : "", steps, at: steps.length - 1 }, (s) => {
    const state = stateFromRequest(s);
    return state ? { ok: true, state } : { ok: false, error: "its mode is not one the page knows." };
  });
  return read.ok ? { state: read.state, history: read.history } : null;
}

function list(value) {
  return Array.isArray(value) ? value : [];
}

/**
 * The objects before the steps of a history after a change of its steps, as far as the last
 * answer still says them: the objects before the steps up to the first step that changed place
 * or content (compared by identity), the rest unknown (cut off).
 * @param {State[]} oldSteps the steps the last answer answered
 * @param {State[]} newSteps
 * @param {string[]} befores objectsBetween of the last answer
 * @returns {string[]}
 */
export function keptBefores(oldSteps, newSteps, befores) {
  let same = 0;
  while (same < oldSteps.length && same < newSteps.length && oldSteps[same] === newSteps[same]) same++;
  return befores.slice(0, same + 1);
}
