// Embeds: the page inside a documentation iframe (`?embed=1`), its URL parameters, the iframe
// snippet the Embed dialog writes, and the postMessage API with the parent page. The parsing and
// validation functions are pure (tested under Node); createEmbedBridge touches `window`.
//
// Parent → iframe: {type: "mergeplay:set", mode?, original?, updated?, live?, options?}
//                  {type: "mergeplay:get"}
// Iframe → parent: {type: "mergeplay:result", response}   after each merge
//                  {type: "mergeplay:score", score}       the exercise's reveal (and changes after it)
//                  {type: "mergeplay:state", state, response}   the answer to mergeplay:get
//                  {type: "mergeplay:height", height}     whenever the page's height changes
//                  {type: "mergeplay:error", error}       a mergeplay:* message was refused

import { INPUTS, MAX_INPUT_CHARS, MODES, checkOption, findMode } from "./modes.js";

/** The panes an embed can show. */
export const EMBED_PANES = ["original", "updated", "live", "result"];
/** The longest input text a message may carry: the engine reads at most 4 MiB per input. */
export const MAX_MESSAGE_TEXT = MAX_INPUT_CHARS;
/**
 * The types the page sends. They are never answered: a page that is not embedded is its own
 * parent, so answering its own replies would send mergeplay:error to itself forever.
 */
const OUTGOING = ["mergeplay:result", "mergeplay:state", "mergeplay:height", "mergeplay:error", "mergeplay:score"];

/**
 * @typedef {{embed: boolean, panes: string[]|null, readonly: boolean, theme: "light"|"dark"|null, exercise: boolean}} EmbedParams
 */

/**
 * Reads the embed parameters of a query string: embed=1, panes=<comma-separated list of
 * original, updated, live, result>, readonly=1, theme=light|dark, exercise=1 (open into the
 * exercise, exerciseview.js). Unknown values are ignored.
 * @param {string} search location.search
 * @returns {EmbedParams}
 */
export function parseEmbedParams(search) {
  const params = new URLSearchParams(search);
  const on = (name) => ["1", "true", "yes"].includes(params.get(name) ?? "");
  const panes = (params.get("panes") ?? "").split(",").map((p) => p.trim()).filter((p) => EMBED_PANES.includes(p));
  const theme = params.get("theme");
  return {
    embed: on("embed"),
    panes: panes.length ? [...new Set(panes)] : null,
    readonly: on("readonly"),
    theme: theme === "light" || theme === "dark" ? theme : null,
    exercise: on("exercise"),
  };
}

/**
 * The panes an embed shows: the ones asked for, else the mode's inputs and the result.
 * @param {EmbedParams} params
 * @param {string} modeName
 * @returns {string[]}
 */
export function embedPanes(params, modeName) {
  if (params.panes) return params.panes;
  const mode = findMode(modeName) ?? MODES[0];
  return [...INPUTS.filter((i) => mode.inputs[i]), "result"];
}

/**
 * An input's role in a state's mode as the page shows it: null when the mode does not read the
 * input, or when the page is an embed that does not show its pane.
 * @param {EmbedParams} params
 * @param {{mode: string}} state
 * @param {string} input
 * @returns {string|null}
 */
export function inputRole(params, state, input) {
  const shown = params.embed ? embedPanes(params, state.mode) : null;
  return shown && !shown.includes(input) ? null : findMode(state.mode).inputs[input];
}

/**
 * Whether the page shows the result pane: always, but in an embed whose panes leave it out.
 * @param {EmbedParams} params
 * @param {string} modeName
 * @returns {boolean}
 */
export function showsResult(params, modeName) {
  return !params.embed || embedPanes(params, modeName).includes("result");
}

/**
 * The state an embedder's mergeplay:set asks for: the current one with the message's fields.
 * @param {object} state the current state
 * @param {{mode?: string, original?: string, updated?: string, live?: string, options?: object}} message validated
 * @returns {object} a new state; the current one is left as it was
 */
export function mergeMessage(state, message) {
  const next = { ...state, options: { ...state.options } };
  if (message.mode) next.mode = message.mode;
  for (const input of INPUTS) if (message[input] !== undefined) next[input] = message[input];
  if (message.options) Object.assign(next.options, message.options);
  return next;
}

/**
 * Validates a message from the parent page. Only mergeplay:set and mergeplay:get are accepted,
 * with known keys of the right types and sizes.
 * @param {unknown} data event.data
 * @returns {{ok: true, message: {type: "get"} | {type: "set", mode?: string, original?: string, updated?: string, live?: string, options?: object}}
 *          | {ok: false, error: string, ours: boolean}} ours: the message was meant for mergeplay
 */
export function validateMessage(data) {
  if (!data || typeof data !== "object" || Array.isArray(data) || typeof data.type !== "string") {
    return { ok: false, error: "not a mergeplay message", ours: false };
  }
  const ours = data.type.startsWith("mergeplay:") && !OUTGOING.includes(data.type);
  const refuse = (error) => ({ ok: false, error, ours });
  if (data.type === "mergeplay:get") {
    return Object.keys(data).length === 1 ? { ok: true, message: { type: "get" } } : refuse("mergeplay:get takes no fields");
  }
  if (data.type !== "mergeplay:set") return refuse(`unknown message type ${JSON.stringify(data.type.slice(0, 40))}`);
  const message = { type: "set" };
  for (const [key, value] of Object.entries(data)) {
    if (key === "type") continue;
    if (key === "mode") {
      if (typeof value !== "string" || !MODES.some((m) => m.name === value)) return refuse(`mode must be one of ${MODES.map((m) => m.name).join(", ")}`);
      message.mode = value;
    } else if (INPUTS.includes(key)) {
      if (typeof value !== "string") return refuse(`${key} must be a string`);
      if (value.length > MAX_MESSAGE_TEXT) return refuse(`${key} is longer than ${MAX_MESSAGE_TEXT} characters`);
      message[key] = value;
    } else if (key === "options") {
      if (!value || typeof value !== "object" || Array.isArray(value)) return refuse("options must be an object");
      const options = {};
      for (const [name, option] of Object.entries(value)) {
        const problem = checkOption(name, option);
        if (problem) return refuse(problem);
        options[name] = option;
      }
      message.options = options;
    } else {
      return refuse(`unknown field ${JSON.stringify(key.slice(0, 40))}`);
    }
  }
  return { ok: true, message };
}

/**
 * The address of an embed of the page at `base` (its address without query or fragment).
 * @param {{base: string, fragment: string, panes?: string[]|null, readonly?: boolean, theme?: string|null, exercise?: boolean}} config
 * @returns {string}
 */
export function embedURL({ base, fragment, panes = null, readonly = false, theme = null, exercise = false }) {
  const params = new URLSearchParams({ embed: "1" });
  if (panes?.length) params.set("panes", panes.filter((p) => EMBED_PANES.includes(p)).join(","));
  if (readonly) params.set("readonly", "1");
  if (exercise) params.set("exercise", "1");
  if (theme === "light" || theme === "dark") params.set("theme", theme);
  return `${base}?${params.toString().replace(/%2C/g, ",")}${fragment ? `#${fragment}` : ""}`;
}

/**
 * The HTML of an iframe showing `url`, every attribute escaped.
 * @param {{url: string, title: string, height: number}} config
 * @returns {string}
 */
export function embedSnippet({ url, title, height }) {
  const px = Math.max(120, Math.min(4000, Math.round(Number(height) || 480)));
  return `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" height="${px}" loading="lazy"></iframe>`;
}

/** The parent-side script that lets an embed set its own height (optional). */
export const HEIGHT_SCRIPT = `<script>
addEventListener("message", (e) => {
  if (e.data?.type !== "mergeplay:height") return;
  for (const f of document.querySelectorAll("iframe"))
    if (f.contentWindow === e.source) f.height = String(e.data.height);
});
</script>`;

/**
 * Escapes text for a double-quoted HTML attribute.
 * @param {string} text
 * @returns {string}
 */
export function escapeAttribute(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The height an embed asks its frame for: its body's, laid out as in a frame that already has the
 * height asked for (`data-embed-measure` on <html> gives each column the most room it may take,
 * style.css), not in the frame it has now. Each column's room follows the frame's height, so the
 * body's height alone would be whatever the frame's is, and the frame would settle at any height
 * (632 px with 6 result lines at 800 px wide). The attribute is gone before the page is drawn.
 * @param {Document} doc
 * @returns {number}
 */
function wantedHeight(doc) {
  const root = doc.documentElement;
  root.setAttribute("data-embed-measure", "");
  const height = Math.ceil(doc.body.getBoundingClientRect().height);
  root.removeAttribute("data-embed-measure");
  return height;
}

/**
 * Connects the page to its parent: validated messages in, results, state and height out.
 * Messages are accepted only from the parent window (or, on a page that is not embedded, from
 * the page itself, which lets tests drive it).
 * @param {{
 *   win: Window,
 *   onSet: (message: object) => void,
 *   getState: () => object,
 *   getResponse: () => object|null,
 *   reportHeight: boolean,
 * }} config
 */
export function createEmbedBridge({ win, onSet, getState, getResponse, reportHeight }) {
  const parent = win.parent;
  const embedded = parent !== win;
  const reply = (event, message) => {
    const origin = event.origin && event.origin !== "null" ? event.origin : "*";
    event.source?.postMessage(message, origin);
  };
  const onMessage = (event) => {
    if (event.source !== parent) return;
    const checked = validateMessage(event.data);
    if (!checked.ok) {
      if (checked.ours) reply(event, { type: "mergeplay:error", error: checked.error });
      return;
    }
    if (checked.message.type === "get") reply(event, { type: "mergeplay:state", state: getState(), response: getResponse() });
    else onSet(checked.message);
  };
  win.addEventListener("message", onMessage);

  let observer = null;
  let lastHeight = 0;
  if (embedded && reportHeight && typeof ResizeObserver === "function") {
    observer = new ResizeObserver(() => {
      const height = wantedHeight(win.document);
      if (height === lastHeight) return;
      lastHeight = height;
      parent.postMessage({ type: "mergeplay:height", height }, "*");
    });
    observer.observe(win.document.body);
  }

  return {
    /** Tells the parent about a new answer (embedded pages only). */
    postResult(response) {
      if (embedded) parent.postMessage({ type: "mergeplay:result", response }, "*");
    },
    /** Tells the parent the exercise's score (embedded pages only). */
    postScore(score) {
      if (embedded) parent.postMessage({ type: "mergeplay:score", score }, "*");
    },
    destroy() {
      win.removeEventListener("message", onMessage);
      observer?.disconnect();
    },
  };
}
