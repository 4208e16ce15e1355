// The page's one mutable state: the mode, options and three inputs the reader works on, and the
// example they came from while the state is still that example's. Components never hold it;
// main.js reads it from here and the store tells its listeners what changed. The rules (when a
// state stops being an example's, what the address bar holds) are pure functions, tested under
// Node.

import { INPUTS, sameState } from "./modes.js";

/**
 * @typedef {import("./modes.js").State} State
 * @typedef {import("./gallery.js").Example} Example
 * @typedef {"edit"|"mode"|"option"|"load"} Change  what changed: an input's text, the mode, an
 *   option, or the whole state (an example, a link, a file, Apply again, an embedder)
 */

/** Copies a state (options included), so that no caller shares the store's object. */
export function cloneState(s) {
  return { mode: s.mode, options: { ...s.options }, original: s.original, updated: s.updated, live: s.live };
}

/**
 * The lines of a text that say something (not blank, not a document separator or a comment).
 * @param {string} text
 * @returns {Set<string>}
 */
function telling(text) {
  const out = new Set();
  for (const line of String(text ?? "").split(/\r?\n/)) {
    const t = line.trim();
    if (t && t !== "---" && t !== "..." && !t.startsWith("#")) out.add(line.trimEnd());
  }
  return out;
}

/**
 * Whether an input still holds an example's input: at least half of the example's telling lines
 * are still in it. An input the example leaves empty holds nothing of it.
 * @param {string} exampleText
 * @param {string} text
 * @returns {boolean}
 */
export function keepsInput(exampleText, text) {
  const wanted = telling(exampleText);
  if (!wanted.size) return false;
  const have = telling(text);
  let kept = 0;
  for (const line of wanted) if (have.has(line)) kept++;
  return kept * 2 >= wanted.size;
}

/**
 * Whether a state is still the example's: it is, unless the mode was switched away from the
 * example's and every input the example fills was replaced (keepsInput is false for all).
 * @param {State} exampleState the example as it opened
 * @param {State} state
 * @returns {boolean}
 */
export function stillExample(exampleState, state) {
  if (!exampleState) return false;
  if (state.mode === exampleState.mode) return true;
  return INPUTS.some((input) => keepsInput(exampleState[input], state[input]));
}

/**
 * Creates the store.
 * @param {{state: State, example?: Example|null, exampleName?: string}} initial the opening
 *   state; exampleName names the example it is (its details may come later: setExample)
 * @returns {{
 *   get: () => State,
 *   example: () => Example|null,
 *   exampleName: () => string,
 *   edited: () => boolean,
 *   unedited: () => boolean,
 *   setInput: (input: string, text: string) => void,
 *   setOption: (key: string, value: boolean|string) => void,
 *   setMode: (mode: string) => void,
 *   dropExample: () => void,
 *   load: (next: State, example: Example|null, options?: {keepExample?: boolean}) => void,
 *   setExample: (example: Example|null) => void,
 *   subscribe: (listener: (change: Change) => void) => () => void,
 * }}
 */
export function createStore({ state, example = null, exampleName = "" }) {
  const name = example?.name ?? exampleName;
  // s.current: the state; s.origin: the example it came from ({name, ex, state} as it opened).
  const s = { current: cloneState(state), origin: { name, ex: example, state: name ? cloneState(state) : null } };
  const listeners = new Set();
  const tell = (change) => { for (const l of listeners) l(change); };

  function changed(change) {
    // The example is dropped for good once the state is no longer its own (issue 16).
    if (s.origin.state && !stillExample(s.origin.state, s.current)) s.origin = NO_ORIGIN;
    tell(change);
  }

  return {
    ...storeReaders(s),
    ...storeWriters(s, changed, tell),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The origin of a state that comes from no example. */
const NO_ORIGIN = Object.freeze({ name: "", ex: null, state: null });

/** What the store answers, read from its fields (see createStore). */
function storeReaders(s) {
  return {
    get: () => cloneState(s.current),
    example: () => s.origin.ex,
    exampleName: () => s.origin.name,
    /** Whether the state comes from an example and was changed since. */
    edited: () => Boolean(s.origin.state) && !sameState(s.current, s.origin.state),
    /** Whether the state is an example exactly as it opened. */
    unedited: () => Boolean(s.origin.name && s.origin.state) && sameState(s.current, s.origin.state),
  };
}

/** How the store changes: each writer tells the listeners what changed (see createStore). */
function storeWriters(s, changed, tell) {
  return {
    setInput(input, text) {
      if (!INPUTS.includes(input) || s.current[input] === text) return;
      s.current[input] = text;
      changed("edit");
    },
    setOption(key, value) {
      if (s.current.options[key] === value) return;
      s.current.options[key] = value;
      changed("option");
    },
    setMode(mode) {
      if (s.current.mode === mode) return;
      s.current.mode = mode;
      changed("mode");
    },
    /** Forgets the example the state came from (a switch of mode the example does not invite). */
    dropExample() {
      if (!s.origin.name) return;
      s.origin = NO_ORIGIN;
      tell("example");
    },
    load(next, nextExample, { keepExample = false } = {}) {
      s.current = cloneState(next);
      if (!keepExample) s.origin = { name: nextExample?.name ?? "", ex: nextExample, state: nextExample ? cloneState(s.current) : null };
      changed("load");
    },
    /** The details of the example the state opened as (examples.json arrives after the state). */
    setExample(next) {
      if (next && next.name === s.origin.name) s.origin = { ...s.origin, ex: next };
      tell("example");
    },
  };
}
