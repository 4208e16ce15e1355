// Mode descriptors: what each merge mode calls its inputs, which options it takes, and how
// "Apply again" steps to the next round, as the engine describes them (enginemodes.js, generated
// from engine/modes). The page never branches on a mode's name; it reads these descriptors.
// Pure data and functions: no DOM.

import { ENGINE } from "./enginemodes.js";

/** The three inputs of every request, in the order the page shows them. */
export const INPUTS = ["original", "updated", "live"];

/**
 * The most characters an input may hold: the engine reads at most 4 MiB per input, so a link, a
 * state file or an embedder's message with a longer one is refused before it reaches the editors.
 */
export const MAX_INPUT_CHARS = 4 << 20;

/**
 * Every option the contract knows, with its type and kubectl's default, as the engine describes
 * them (contract.OptionSpecs): {type: "boolean"|"choice"|"string"|"text", default, choices?,
 * maxLength?, meaning}. `schema` and `schemaType` belong to every mode and live in the schema
 * panel.
 */
export const OPTION_SPECS = Object.fromEntries(ENGINE.options.map(({ key, ...spec }) => [key, spec]));

/** Options every mode takes (shown in the schema panel rather than the options bar). */
export const SCHEMA_OPTIONS = ["schema", "schemaType"];

/**
 * @typedef {{label: string, hint: string}} InputRole  what an input means in a mode
 * @typedef {{key: string, label: string, help: string, placeholder?: string, size?: number, sent?: boolean}} OptionControl  an option in the bar
 * @typedef {{
 *   name: string, short: string, title: string, summary: string, rules: "kubectl"|"kyaml", starter: string,
 *   inputs: {original: InputRole|null, updated: InputRole|null, live: InputRole|null},
 *   options: OptionControl[],
 *   again: {original?: "updated", live: "result"},
 *   againHelp: string,
 *   views: string[],
 *   fold: string[],
 *   marks: string[],
 *   validates: boolean, readOnly: boolean, commands: boolean, reproducible: boolean,
 * }} Mode
 * The engine's descriptor of a mode (engine/modes' modes.Mode, written by handler.MarshalModes
 * into enginemodes.js).
 * options: the options the mode reads, in the bar's order; a `sent` one says how the request
 * reaches the API server (validate, client) and stands apart in the bar.
 * starter: the example a switch to the mode opens in place of another mode's example (modechange.js).
 * views: the mode's own views in the output column, by id (modeviews.js: "ownership", "helm",
 * "outOfSync"), shown after the common ones while an answer of the mode is shown.
 * fold: blocks of the result pane folded by default, by the paths the engine's layout.folds
 * names them (".metadata.managedFields").
 * marks: the marks the mode's engine can give a field (marks.js's MARKS), offered in the
 * exercise.
 * reproducible: the engine writes a reproduce script for the mode's answers.
 */

/** @type {Mode[]} the engine's modes, in its order */
export const MODES = ENGINE.modes;

/** @type {Mode[]} a history's writers (kubectl scale, label, patch --type json, kpt...), in the engine's order */
export const WRITERS = ENGINE.writers;

/**
 * The modes the mode switch offers: the five, and in a history (a step's mode) the writers too.
 * @param {boolean} inHistory
 * @returns {Mode[]}
 */
export function switchModes(inHistory) {
  return inHistory ? [...MODES, ...WRITERS] : MODES;
}

/**
 * Returns the descriptor of the named mode or writer, or undefined.
 * @param {string} name
 * @returns {Mode|undefined}
 */
export function findMode(name) {
  return MODES.find((m) => m.name === name) ?? WRITERS.find((m) => m.name === name);
}

/**
 * Reports whether the named mode is a history's writer (offered for a step only).
 * @param {string} name
 * @returns {boolean}
 */
export function isWriter(name) {
  return WRITERS.some((m) => m.name === name);
}

/**
 * Returns every option at its default.
 * @returns {Record<string, boolean|string>}
 */
export function defaultOptions() {
  return Object.fromEntries(Object.entries(OPTION_SPECS).map(([k, s]) => [k, s.default]));
}

/**
 * Checks one option value against its spec; returns an error message or "".
 * @param {string} key
 * @param {unknown} value
 * @returns {string}
 */
export function checkOption(key, value) {
  const spec = Object.hasOwn(OPTION_SPECS, key) ? OPTION_SPECS[key] : null;
  if (!spec) return `unknown option "${String(key).slice(0, 40)}"`;
  switch (spec.type) {
    case "boolean":
      return typeof value === "boolean" ? "" : `option ${key} must be true or false`;
    case "choice":
      return spec.choices.includes(value) ? "" : `option ${key} must be one of ${spec.choices.join(", ")}`;
    case "string":
      if (typeof value !== "string") return `option ${key} must be a string`;
      return value.length <= spec.maxLength ? "" : `option ${key} is longer than ${spec.maxLength} characters`;
    default:
      return typeof value === "string" ? "" : `option ${key} must be a string`;
  }
}

/**
 * Returns only the options that differ from their defaults (what a share link carries).
 * @param {Record<string, unknown>} options
 * @returns {Record<string, unknown>}
 */
export function changedOptions(options) {
  const out = {};
  for (const [key, spec] of Object.entries(OPTION_SPECS)) {
    if (Object.hasOwn(options, key) && options[key] !== spec.default) out[key] = options[key];
  }
  return out;
}

/**
 * The page's state: a mode, every option, and the three inputs' text.
 * @typedef {{mode: string, options: Record<string, boolean|string>, original: string, updated: string, live: string}} State
 */

/**
 * Builds the contract request for a state: inputs the mode does not use are sent empty (their
 * text stays in the page), and only the mode's own options, the schema and a time (`now`, when
 * the state holds one: an example's, which also fixes the managedFields times kubectl apply's
 * bookkeeping writes, though apply offers no time option) are sent.
 * @param {State} state
 * @returns {object}
 */
export function buildRequest(state) {
  const mode = findMode(state.mode) ?? MODES[0];
  const options = {};
  for (const { key } of mode.options) options[key] = state.options[key] ?? OPTION_SPECS[key].default;
  for (const key of [...SCHEMA_OPTIONS, "now"]) {
    if (state.options[key]) options[key] = state.options[key];
  }
  const request = { mode: state.mode, original: "", updated: "", live: "", options };
  for (const input of INPUTS) {
    if (mode.inputs[input]) request[input] = state[input];
  }
  return request;
}

/**
 * The next round of a learner's loop ("Apply again"): per the mode's `again` rule, the result
 * becomes live (or the local copy, or the target) and the updated input becomes the original.
 * Returns a new state; the argument is not changed.
 * @param {State} state
 * @param {string} result the merged text of the current round
 * @returns {State}
 */
export function applyAgain(state, result) {
  const mode = findMode(state.mode) ?? MODES[0];
  const next = { ...state, options: { ...state.options } };
  for (const [input, from] of Object.entries(mode.again)) {
    next[input] = from === "result" ? result : state[from];
  }
  return next;
}

/**
 * Reads a contract request (an example's, or the prerendered one) as a page state. Options the
 * contract does not know and values of the wrong type are left out.
 * @param {any} request
 * @returns {State|null} null when the request names no known mode
 */
export function stateFromRequest(request) {
  if (!request || typeof request !== "object" || !findMode(request.mode)) return null;
  const options = defaultOptions();
  const given = request.options && typeof request.options === "object" ? request.options : {};
  for (const key of Object.keys(OPTION_SPECS)) {
    if (Object.hasOwn(given, key) && !checkOption(key, given[key])) options[key] = given[key];
  }
  const text = (v) => (typeof v === "string" ? v : "");
  return { mode: request.mode, options, original: text(request.original), updated: text(request.updated), live: text(request.live) };
}

/**
 * Whether two states hold the same mode, options and text.
 * @param {State} a
 * @param {State} b
 * @returns {boolean}
 */
export function sameState(a, b) {
  if (!a || !b || a.mode !== b.mode) return false;
  if (INPUTS.some((input) => a[input] !== b[input])) return false;
  return Object.keys(OPTION_SPECS).every((key) => a.options[key] === b.options[key]);
}
