// Share links and state files: the page's whole state (mode, options, schema, the three inputs)
// in a URL fragment, `#s=<version>.<payload>`, or in a .mergeplay.json file. Pure functions with
// no DOM; they run in the browser and under Node (node --test web/).
//
// Version 1: payload = base64url, unpadded, of deflate-raw of the UTF-8 JSON
//   {"mode": "...", "original": "...", "updated": "...", "live": "...", "options": {...}}
// where options holds only the options that differ from their defaults; or a history
// (history.js's historyToValue): {"mode": "history", "live": "...", "steps": [...], "at": n}.
// Every version ever written keeps a decoder in DECODERS, and web/share-fixtures.json keeps
// links of each one.

import { HISTORY, historyFromValue, historyToValue } from "./history.js";
import { INPUTS, MAX_INPUT_CHARS, MODES, checkOption, changedOptions, defaultOptions, findMode } from "./modes.js";

/** The version new links are written in. */
export const SHARE_VERSION = 1;
/** Past this many characters some chat tools and mail clients cut a link. */
export const CHAT_SAFE_LENGTH = 2000;
/** The longest payload the decoder reads (characters of base64url). */
export const MAX_PAYLOAD_CHARS = 4_000_000;
/**
 * The largest decompressed state the decoder accepts (bytes of JSON), and the largest state
 * file: the three inputs and the schema at the engine's 4 MiB each, with room for the JSON's
 * escapes.
 */
export const MAX_STATE_BYTES = 24 * 1024 * 1024;
/**
 * States whose inputs and schema hold more characters than this are written into the address
 * bar and the autosave only once typing has paused for LARGE_STATE_WAIT_MS: writing one (JSON,
 * deflate, base64) holds the page's main thread for a quarter of a second or more per MiB, which
 * on every keystroke would delay the answers it waits for.
 */
export const LARGE_STATE_CHARS = 1 << 20;
/** The pause after which a large state is written (LARGE_STATE_CHARS). */
export const LARGE_STATE_WAIT_MS = 3000;

/**
 * The characters of a state's inputs and schema.
 * @param {State} state
 * @returns {number}
 */
export function stateChars(state) {
  return INPUTS.reduce((n, input) => n + String(state?.[input] ?? "").length, String(state?.options?.schema ?? "").length);
}

/**
 * How long to wait after a change before writing the state: base, or LARGE_STATE_WAIT_MS for a
 * large state.
 * @param {State} state
 * @param {number} base
 */
export function writeWait(state, base) {
  return stateChars(state) > LARGE_STATE_CHARS ? LARGE_STATE_WAIT_MS : base;
}

/** The file name suffix of state files. */
export const FILE_SUFFIX = ".mergeplay.json";

/**
 * @typedef {import("./modes.js").State} State
 * @typedef {{ok: true, state: State, history?: import("./history.js").History} | {ok: false, error: string}} Decoded
 *   history: the history a link holds, its chosen step in state
 * @typedef {{kind: "none"} | {kind: "share", version: number, payload: string} |
 *           {kind: "example", name: string} | {kind: "invalid", error: string}} HashRoute
 */

/**
 * Reads a location hash: `#s=<version>.<payload>` (a share link), `#example=<name>`, or anything
 * else (none). Parameters after the state, `&name=value` (`&exercise=1`: exercise.js), are left
 * to their readers: neither a payload nor an example's name holds "&". Never throws.
 * @param {string} hash location.hash, with or without its leading "#"
 * @returns {HashRoute}
 */
export function parseHash(hash) {
  const text = String(hash ?? "").replace(/^#/, "").split("&")[0];
  if (text.startsWith("s=")) {
    const m = /^s=(\d{1,6})\.([A-Za-z0-9_-]*)$/.exec(text);
    if (!m) return { kind: "invalid", error: "This share link is damaged: it should read #s=<version>.<letters, digits, - and _>." };
    return { kind: "share", version: Number(m[1]), payload: m[2] };
  }
  if (text.startsWith("example=")) {
    const name = decodeURIComponentSafe(text.slice("example=".length));
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name)) return { kind: "invalid", error: "This example link names no valid example." };
    return { kind: "example", name };
  }
  return { kind: "none" };
}

function decodeURIComponentSafe(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

/**
 * Encodes a state, or the history it is a step of, as a fragment, without the "#": `s=1.<payload>`.
 * @param {State} state
 * @param {import("./history.js").History|null} [history] the history the state is the chosen step of
 * @returns {Promise<string>}
 */
export async function encodeShare(state, history = null) {
  const json = history ? JSON.stringify(historyToValue(history)) : stateToJSON(state);
  return `s=${SHARE_VERSION}.${toBase64url(await deflateText(json))}`;
}

/**
 * The characters of a state's JSON encoded and deflated in one task: a larger state is written
 * a slice at a time, the page's thread given back between slices (a 2 MB input's state, encoded
 * whole, held it for a quarter of a second). Deflate's output does not depend on how its input
 * is cut, so a link is the same either way.
 */
export const ENCODE_SLICE_CHARS = 1 << 18;

/**
 * Decodes a share fragment (`s=1.…`, with or without "#"). Anything malformed yields
 * {ok: false, error} with a sentence for the reader; nothing is ever executed.
 * @param {string} fragment
 * @returns {Promise<Decoded>}
 */
export async function decodeShare(fragment) {
  const route = parseHash(fragment);
  if (route.kind === "invalid") return { ok: false, error: route.error };
  if (route.kind !== "share") return { ok: false, error: "This is not a share link (#s=…)." };
  return decodePayload(route.version, route.payload);
}

/** Decoders of every share version ever written, by version. */
const DECODERS = {
  1: decodeV1,
};

/**
 * Decodes the payload of a share link of the given version.
 * @param {number} version
 * @param {string} payload
 * @returns {Promise<Decoded>}
 */
export async function decodePayload(version, payload) {
  const decoder = Object.hasOwn(DECODERS, version) ? DECODERS[version] : null;
  if (!decoder) {
    return {
      ok: false,
      error: version > SHARE_VERSION
        ? `This link was made by a newer mergeplay (link version ${version}); this page reads versions up to ${SHARE_VERSION}. Reload the page to get the newest one.`
        : `This link's version (${version}) is unknown.`,
    };
  }
  if (payload.length > MAX_PAYLOAD_CHARS) return { ok: false, error: "This share link is too long to open." };
  try {
    return await decoder(payload);
  } catch (err) {
    if (err instanceof RangeError) return { ok: false, error: `This share link holds more than ${MAX_STATE_BYTES >> 20} MB of text: too much to open.` };
    return { ok: false, error: "This share link is damaged and cannot be read (it may have been cut short when it was copied)." };
  }
}

async function decodeV1(payload) {
  const bytes = await inflateRaw(fromBase64url(payload), MAX_STATE_BYTES);
  return readValue(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
}

/** Reads a state or a history (a link's or a file's JSON value). */
function readValue(value) {
  return value?.mode === HISTORY ? historyFromValue(value, stateFromJSON) : stateFromJSON(value);
}

/**
 * Writes a state as version 1's JSON: fixed key order, options that differ from their defaults.
 * @param {State} state
 * @returns {string}
 */
export function stateToJSON(state) {
  return JSON.stringify({
    mode: state.mode,
    original: state.original,
    updated: state.updated,
    live: state.live,
    options: changedOptions(state.options),
  });
}

/**
 * Validates a decoded state object (from a link, a file, the autosave or an embedder): a known
 * mode, string inputs, known options of the right types. Missing inputs read as empty and missing
 * options take their defaults.
 * @param {unknown} value
 * @returns {Decoded}
 */
export function stateFromJSON(value) {
  if (!isPlainObject(value)) return { ok: false, error: "The state is not a JSON object." };
  const known = ["mode", ...INPUTS, "options"];
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length) return { ok: false, error: `The state holds an unknown key "${unknown[0].slice(0, 40)}".` };
  if (typeof value.mode !== "string" || !findMode(value.mode)) {
    const names = MODES.map((m) => m.name).join(", ");
    return { ok: false, error: `The state's mode must be one of ${names}.` };
  }
  const state = { mode: value.mode, options: defaultOptions(), original: "", updated: "", live: "" };
  for (const input of INPUTS) {
    if (value[input] === undefined) continue;
    if (typeof value[input] !== "string") return { ok: false, error: `The state's ${input} input must be text.` };
    if (value[input].length > MAX_INPUT_CHARS) return { ok: false, error: `The state's ${input} input holds more than ${MAX_INPUT_CHARS >> 20} MiB: the playground reads at most that per input.` };
    state[input] = value[input];
  }
  if (value.options !== undefined) {
    if (!isPlainObject(value.options)) return { ok: false, error: "The state's options must be a JSON object." };
    for (const [key, option] of Object.entries(value.options)) {
      const problem = checkOption(key, option);
      if (problem) return { ok: false, error: `The state is invalid: ${problem}.` };
      state.options[key] = option;
    }
  }
  return { ok: true, state };
}

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Writes a state file (.mergeplay.json): the version 1 state (or the history it is a step of),
 * labelled.
 * @param {State} state
 * @param {import("./history.js").History|null} [history]
 * @returns {string}
 */
export function stateToFile(state, history = null) {
  const body = history ? historyToValue(history) : JSON.parse(stateToJSON(state));
  return JSON.stringify({ mergeplay: "state", version: SHARE_VERSION, state: body }, null, 2) + "\n";
}

/**
 * Reads a state file written by stateToFile (or a bare state object).
 * @param {string} text
 * @returns {Decoded}
 */
export function stateFromFile(text) {
  if (typeof text !== "string" || text.length > MAX_STATE_BYTES) return { ok: false, error: "This file is too large to be a mergeplay state." };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "This file is not JSON, so it is not a mergeplay state." };
  }
  if (isPlainObject(value) && value.mergeplay === "state") {
    if (value.version !== 1) return { ok: false, error: `This state file's version (${String(value.version).slice(0, 20)}) is unknown.` };
    return readValue(value.state);
  }
  return readValue(value);
}

/**
 * Says whether any input holds a Secret (a `kind: Secret` line, block or flow style, or JSON),
 * the state's or, for a history, any step's or the history's live.
 * @param {State} state
 * @param {import("./history.js").History|null} [history]
 * @returns {boolean}
 */
export function mentionsSecret(state, history = null) {
  const secret = /(^|[\s{,])["']?kind["']?\s*:\s*["']?Secret["']?\s*($|[,}#])/m;
  const states = history ? [...history.steps, { live: history.live }] : [state];
  return states.some((s) => INPUTS.some((input) => secret.test(s[input] ?? "")));
}

/**
 * The notices to show beside a share link: always that the link carries the YAML, more strongly
 * when an input holds a Secret, and when the link is longer than chat tools keep.
 * @param {string} url the whole link
 * @param {State} state
 * @param {import("./history.js").History|null} [history] the history the link carries
 * @returns {{level: "info"|"warning", text: string}[]}
 */
export function shareNotices(url, state, history = null) {
  const notices = [];
  if (mentionsSecret(state, history)) {
    notices.push({ level: "warning", text: "An input holds a kind: Secret. The link carries every input in full, so anyone who sees the link can read that Secret's data. Remove real secret values before sharing." });
  } else {
    notices.push({ level: "info", text: "The link carries your YAML in it (compressed, not encrypted): anyone who sees the link can read it." });
  }
  if (url.length > CHAT_SAFE_LENGTH) {
    notices.push({ level: "warning", text: `This link is ${url.length.toLocaleString("en-US")} characters long; some chat and mail tools cut links past about ${CHAT_SAFE_LENGTH.toLocaleString("en-US")}. Download the state as a file to share it safely.` });
  }
  return notices;
}

/**
 * Encodes bytes as unpadded base64url (Uint8Array.prototype.toBase64 where it exists, btoa
 * elsewhere, e.g. Node 20).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64url(bytes) {
  if (typeof bytes.toBase64 === "function") return bytes.toBase64({ alphabet: "base64url", omitPadding: true });
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Decodes unpadded base64url; throws on anything else.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new SyntaxError("not base64url");
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text, { alphabet: "base64url", lastChunkHandling: "loose" });
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Deflates text's UTF-8, ENCODE_SLICE_CHARS at a time, yielding to the page between slices. */
async function deflateText(text) {
  const stream = new CompressionStream("deflate-raw");
  const deflated = new Response(stream.readable).arrayBuffer();
  const writer = stream.writable.getWriter();
  const encoder = new TextEncoder();
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + ENCODE_SLICE_CHARS);
    // A slice never ends between the two halves of a surrogate pair.
    if (end < text.length && text.charCodeAt(end - 1) >= 0xd800 && text.charCodeAt(end - 1) <= 0xdbff) end--;
    await writer.write(encoder.encode(text.slice(at, end)));
    at = end;
    if (at < text.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await writer.close();
  return new Uint8Array(await deflated);
}

async function inflateRaw(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw new RangeError("state too large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
