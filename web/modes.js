// Mode descriptors: what each merge mode calls its inputs, which options it takes, and how
// "Apply again" steps to the next round. The page never branches on a mode's name; it reads
// these descriptors. Pure data and functions: no DOM.

/** The three inputs of every request, in the order the page shows them. */
export const INPUTS = ["original", "updated", "live"];

/**
 * The most characters an input may hold: the engine reads at most 4 MiB per input, so a link, a
 * state file or an embedder's message with a longer one is refused before it reaches the editors.
 */
export const MAX_INPUT_CHARS = 4 << 20;

/**
 * Every option the contract knows, with its type and kubectl's default. `schema` and
 * `schemaType` belong to every mode and live in the schema panel.
 */
export const OPTION_SPECS = {
  overwrite: { type: "boolean", default: true },
  prune: { type: "boolean", default: false },
  manager: { type: "string", default: "kubectl", maxLength: 256 },
  force: { type: "boolean", default: false },
  operation: { type: "choice", default: "apply", choices: ["apply", "update"] },
  inferKeys: { type: "boolean", default: false },
  multiKeys: { type: "boolean", default: false },
  schema: { type: "text", default: "" },
  schemaType: { type: "string", default: "", maxLength: 256 },
  now: { type: "string", default: "", maxLength: 64 },
};

/** Options every mode takes (shown in the schema panel rather than the options bar). */
export const SCHEMA_OPTIONS = ["schema", "schemaType"];

/**
 * @typedef {{label: string, hint: string}} InputRole  what an input means in a mode
 * @typedef {{key: string, label: string, help: string, placeholder?: string, size?: number}} OptionControl  an option in the bar
 * @typedef {{
 *   name: string, short: string, title: string, summary: string, starter: string,
 *   inputs: {original: InputRole|null, updated: InputRole|null, live: InputRole|null},
 *   options: OptionControl[],
 *   again: {original?: "updated", live: "result"},
 *   againHelp: string,
 *   views: string[],
 *   fold: string[],
 *   marks: string[],
 * }} Mode
 * starter: the example a switch to the mode opens in place of another mode's example (modechange.js).
 * views: the mode's own views in the output column, by id (modeviews.js: "ownership", "helm",
 * "outOfSync"), shown after the common ones while an answer of the mode is shown.
 * fold: blocks of the result pane folded by default, by the paths the engine's layout.folds
 * names them (".metadata.managedFields").
 * marks: the marks the mode's engine can give a field (marks.js's MARKS), offered in the
 * exercise: only apply (overwrite off) and server-side apply mark conflicts (engine/modes: the
 * other modes never set contract.Conflicted).
 */

/** @type {Mode[]} */
export const MODES = [
  {
    name: "apply",
    short: "kubectl apply",
    title: "kubectl apply",
    summary: "Client-side kubectl apply (and Helm 3): a three-way strategic merge patch from last-applied, the config and live.",
    starter: "apply-containers",
    inputs: {
      original: { label: "last-applied", hint: "leave empty to read live's annotation" },
      updated: { label: "config", hint: "the file you apply" },
      live: { label: "live object", hint: "the object in the cluster" },
    },
    options: [
      { key: "overwrite", label: "overwrite", help: "--overwrite: replace values live changed since last-applied (off: report them as conflicts)" },
      { key: "prune", label: "prune", help: "--prune: delete resources last-applied had and the config dropped" },
      { key: "multiKeys", label: "multi-field keys", help: "merge lists on several key fields, as server-side apply keys them (the \"multi-fields merge key\" proposal)" },
    ],
    again: { original: "updated", live: "result" },
    againHelp: "The result becomes live and the config becomes last-applied, as after a real apply.",
    views: [],
    fold: [".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration"],
    marks: ["added", "changed", "deleted", "dropped", "retained", "ignored", "conflict"],
  },
  {
    name: "merge3",
    short: "kustomize",
    title: "kustomize merge3",
    summary: "kpt / kustomize package update: rebase the local copy onto the new upstream (kyaml merge3).",
    starter: "merge3-drift-kept",
    inputs: {
      original: { label: "upstream before", hint: "the package as it was fetched" },
      updated: { label: "upstream now", hint: "the package as it is upstream today" },
      live: { label: "local copy", hint: "your copy, with your edits" },
    },
    options: [
      { key: "inferKeys", label: "infer keys", help: "guess the merge key of lists no schema describes (name, mountPath, containerPort…)" },
    ],
    again: { original: "updated", live: "result" },
    againHelp: "The result becomes the local copy and upstream now becomes upstream before.",
    views: [],
    fold: [],
    marks: ["added", "changed", "deleted", "dropped", "retained", "ignored"],
  },
  {
    name: "ssa",
    short: "server-side apply",
    title: "server-side apply",
    summary: "Server-side apply: field managers own fields; a change to a field another manager owns is a conflict unless forced.",
    starter: "ssa-autoscaler-conflict",
    inputs: {
      original: null,
      updated: { label: "applied config", hint: "what the manager applies (or updates)" },
      live: { label: "live object", hint: "with metadata.managedFields" },
    },
    options: [
      { key: "manager", label: "manager", help: "--field-manager: who applies" },
      { key: "operation", label: "operation", help: "apply (server-side apply) or update (a PUT or PATCH)" },
      { key: "force", label: "force", help: "--force-conflicts: take over fields other managers own" },
      { key: "now", label: "time", help: "the time written into managedFields, RFC 3339 (empty: now)", placeholder: "now", size: 20 },
    ],
    again: { live: "result" },
    againHelp: "The result, with its new managedFields, becomes live.",
    views: ["ownership"],
    fold: [".metadata.managedFields"],
    marks: ["added", "changed", "deleted", "retained", "ignored", "conflict"],
  },
  {
    name: "patch",
    short: "kubectl patch",
    title: "kubectl patch",
    summary: "kubectl patch --type strategic: a strategic merge patch, with its directives, applied to a target.",
    starter: "patch-merge-by-key",
    inputs: {
      original: null,
      updated: { label: "patch", hint: "a strategic merge patch, directives allowed" },
      live: { label: "target", hint: "the object patched" },
    },
    options: [
      { key: "multiKeys", label: "multi-field keys", help: "merge lists on several key fields (the \"multi-fields merge key\" proposal)" },
    ],
    again: { live: "result" },
    againHelp: "The patched object becomes the target.",
    views: [],
    fold: [],
    marks: ["added", "changed", "deleted", "dropped", "retained", "ignored"],
  },
  {
    name: "twoway",
    short: "Helm 2",
    title: "Helm 2 two-way",
    summary: "Helm 2 (and werf before its migration): a two-way patch from the previous render to the new one, applied to live.",
    starter: "twoway-kubectl-edit",
    inputs: {
      original: { label: "previous render", hint: "the release as last rendered" },
      updated: { label: "new render", hint: "the release as rendered now" },
      live: { label: "live object", hint: "the object in the cluster" },
    },
    options: [],
    again: { original: "updated", live: "result" },
    againHelp: "The result becomes live and the new render becomes the previous one.",
    views: ["outOfSync", "helm"],
    fold: [],
    marks: ["added", "changed", "deleted", "dropped", "retained", "ignored"],
  },
];

/**
 * Returns the descriptor of the named mode, or undefined.
 * @param {string} name
 * @returns {Mode|undefined}
 */
export function findMode(name) {
  return MODES.find((m) => m.name === name);
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
 * text stays in the page), and only the mode's own options and the schema are sent.
 * @param {State} state
 * @returns {object}
 */
export function buildRequest(state) {
  const mode = findMode(state.mode) ?? MODES[0];
  const options = {};
  for (const { key } of mode.options) options[key] = state.options[key] ?? OPTION_SPECS[key].default;
  for (const key of SCHEMA_OPTIONS) {
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
