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
  let current = cloneState(state);
  let name = example?.name ?? exampleName;
  let ex = example;
  let exampleState = name ? cloneState(state) : null;
  const listeners = new Set();

  function changed(change) {
    // The example is dropped for good once the state is no longer its own (issue 16).
    if (exampleState && !stillExample(exampleState, current)) {
      name = "";
      ex = null;
      exampleState = null;
    }
    for (const l of listeners) l(change);
  }

  return {
    get: () => cloneState(current),
    example: () => ex,
    exampleName: () => name,
    /** Whether the state comes from an example and was changed since. */
    edited: () => Boolean(exampleState) && !sameState(current, exampleState),
    /** Whether the state is an example exactly as it opened. */
    unedited: () => Boolean(name && exampleState) && sameState(current, exampleState),
    setInput(input, text) {
      if (!INPUTS.includes(input) || current[input] === text) return;
      current[input] = text;
      changed("edit");
    },
    setOption(key, value) {
      if (current.options[key] === value) return;
      current.options[key] = value;
      changed("option");
    },
    setMode(mode) {
      if (current.mode === mode) return;
      current.mode = mode;
      changed("mode");
    },
    /** Forgets the example the state came from (a switch of mode the example does not invite). */
    dropExample() {
      if (!name) return;
      name = "";
      ex = null;
      exampleState = null;
      for (const l of listeners) l("example");
    },
    load(next, nextExample, { keepExample = false } = {}) {
      current = cloneState(next);
      if (!keepExample) {
        ex = nextExample;
        name = nextExample?.name ?? "";
        exampleState = nextExample ? cloneState(current) : null;
      }
      changed("load");
    },
    /** The details of the example the state opened as (examples.json arrives after the state). */
    setExample(next) {
      if (next && next.name === name) ex = next;
      for (const l of listeners) l("example");
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
