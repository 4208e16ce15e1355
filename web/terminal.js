// "At the terminal": the command view (commandview.js) in a disclosure (disclosure.js) under the
// result. Folded, it is one line, the answer's first command beside its heading, so that a short
// window keeps its height for the result; it starts open only in a window tall enough for both
// (TALL), and then as the reader last left it.

import { createDisclosure } from "./disclosure.js";
import { h, setText } from "./dom.js";

/** A window at least this tall opens the terminal block until the reader folds it. */
export const TALL = "(min-height: 1000px)";

/**
 * The line the folded block shows: the response's first command, "" when it has none (pure).
 * @param {object|null} response
 * @returns {string}
 */
export function firstCommand(response) {
  const first = Array.isArray(response?.commands) ? response.commands.find((c) => typeof c?.line === "string" && c.line) : null;
  return first ? `$ ${first.line}` : "";
}

/**
 * Creates the terminal block around the command view.
 * @param {{body: HTMLElement, storage: Storage|null, tall: boolean}} config tall: whether the
 *   window is tall (TALL), for how the block starts when the reader never chose
 * @returns {{dom: HTMLElement, update: (response: object) => void}}
 */
export function createTerminal({ body, storage, tall }) {
  const peek = h("code", { class: "mp-terminal-peek", "aria-hidden": "true" });
  const disclosure = createDisclosure({ title: "At the terminal", body, storage, key: "mergeplay:terminal", className: "mp-terminal", open: tall, aside: [peek] });
  return {
    dom: disclosure.dom,
    /** Shows an answer's first command in the folded line (an answer with none keeps the last). */
    update(response) {
      const line = firstCommand(response);
      if (line) setText(peek, line);
    },
  };
}
