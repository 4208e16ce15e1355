// The examples gallery: examples.json loaded once and grouped by mode in a dialog, the histories
// (examples of several steps, opened in the history view) last.
// parseExamples, groupExamples and firstSentence are pure.

import { h, replaceChildren } from "./dom.js";
import { HISTORY } from "./history.js";
import { MODES } from "./modes.js";

/**
 * @typedef {{name: string, title: string, mode: string, explanation: string, request: object}} Example
 */

/**
 * Keeps the well-formed examples of examples.json (an array of {name, title, mode, explanation,
 * request}); anything else is dropped.
 * @param {unknown} data
 * @returns {Example[]}
 */
export function parseExamples(data) {
  const list = Array.isArray(data) ? data : [];
  return list.filter((e) => e && typeof e === "object"
    && typeof e.name === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(e.name)
    && typeof e.title === "string" && typeof e.mode === "string"
    && e.request && typeof e.request === "object")
    .map((e) => ({ name: e.name, title: e.title, mode: e.mode, explanation: typeof e.explanation === "string" ? e.explanation : "", request: e.request }));
}

/**
 * Returns a function that loads examples.json once (later calls share the first answer); a
 * failure reads as no examples.
 * @param {string} url
 * @param {(url: string) => Promise<{ok: boolean, json: () => Promise<unknown>}>} fetchFn
 * @returns {() => Promise<Example[]>}
 */
export function examplesLoader(url, fetchFn) {
  let loaded = null;
  return () => (loaded ??= Promise.resolve()
    .then(() => fetchFn(url))
    .then((r) => (r.ok ? r.json() : []))
    .then(parseExamples)
    .catch(() => []));
}

/**
 * Groups examples by mode, in the modes' order, the histories last; examples of unknown modes are
 * left out.
 * @param {Example[]} examples
 * @returns {{mode: import("./modes.js").Mode, examples: Example[]}[]}
 */
export function groupExamples(examples) {
  return [...MODES, HISTORIES].map((mode) => ({ mode, examples: examples.filter((e) => e.mode === mode.name) })).filter((g) => g.examples.length);
}

/** The gallery's group of histories (history.js), after the modes': each opens in the history view. */
const HISTORIES = { name: HISTORY, title: "Histories: one object through several writers" };

/**
 * The first sentence of an explanation, for the gallery's list.
 * @param {string} text
 * @returns {string}
 */
export function firstSentence(text) {
  const flat = String(text ?? "").replace(/\s+/g, " ").trim();
  const m = /^.*?[.!?](\s|$)/.exec(flat);
  return (m ? m[0] : flat).trim();
}

/**
 * Creates the gallery dialog.
 * @param {{onOpen: (example: Example) => void}} config
 * @returns {{dom: HTMLDialogElement, setExamples: (examples: Example[]) => void, open: () => void, destroy: () => void}}
 */
export function createGallery({ onOpen }) {
  const body = h("div", { class: "mp-gallery-body" }, h("p", { class: "mp-empty", text: "Loading the examples…" }));
  const dom = h("dialog", { class: "mp-dialog mp-gallery", "aria-labelledby": "mp-gallery-title" },
    h("header", { class: "mp-dialog-head" },
      h("h2", { id: "mp-gallery-title", text: "Examples" }),
      h("button", { type: "button", class: "mp-button mp-small", onclick: () => dom.close() }, "Close"),
    ),
    h("p", { class: "mp-dialog-intro", text: "Each example is a small case where Kubernetes surprises people. Opening one replaces the editors' text (your own text is still in undo history)." }),
    body,
  );
  return {
    dom,
    setExamples(examples) {
      const groups = groupExamples(examples);
      if (!groups.length) {
        replaceChildren(body, h("p", { class: "mp-empty", text: "No examples could be loaded." }));
        return;
      }
      replaceChildren(body, ...groups.map(({ mode, examples: list }) => h("section", { class: "mp-gallery-group" },
        h("h3", {}, mode.title, " ", h("span", { class: "mp-mode-name", text: `(${mode.name})` })),
        h("ul", { class: "mp-gallery-list" }, ...list.map((ex) => h("li", {},
          h("button", { type: "button", class: "mp-gallery-item", onclick: () => { dom.close(); onOpen(ex); } },
            h("span", { class: "mp-gallery-title", text: ex.title }),
            h("span", { class: "mp-gallery-summary", text: firstSentence(ex.explanation) }),
          ),
        ))),
      )));
    },
    open: () => dom.showModal(),
    destroy: () => dom.remove(),
  };
}
